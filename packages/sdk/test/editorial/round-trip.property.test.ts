import { describe, expect, it } from 'vitest';
import { type Cut, type CutEvent, cutSchema } from '../../src/contract/editorial.js';
import { importEdl } from '../../src/editorial/edl.import.js';
import { writeEdl } from '../../src/editorial/edl.writer.js';
import { importOtio } from '../../src/editorial/otio.reader.js';
import { writeOtio } from '../../src/editorial/otio.writer.js';
import { randomCut, seededRandom } from './cut-fixtures.js';
import { checkEdl } from './edl-checker.js';

/**
 * What an editor does to a cut: reorders the clips, trims them (new source in and length), adds or
 * removes dissolves, deletes some. The edited cut, exported and imported into the original, must
 * come back exactly: the import keeps ids, media and markers and takes order and timing.
 */
function edit(cut: Cut, seed: number): { edited: Cut; deleted: CutEvent[] } {
  const random = seededRandom(seed * 7 + 1);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const order = cut.events.map((event) => ({ event, key: random() }));
  order.sort((a, b) => a.key - b.key);
  const kept = order.filter((_, index) => index === 0 || random() > 0.15).map(({ event }) => event);
  const deleted = cut.events.filter((event) => !kept.includes(event));
  const events = kept.map((event, index): CutEvent => {
    const duration = random() < 0.5 ? event.duration : int(1, 300);
    const sourceIn = random() < 0.7 ? event.sourceIn : int(0, 500);
    const dissolve = index > 0 && random() < 0.4;
    return {
      ...event,
      sourceIn,
      sourceOut: sourceIn + duration,
      duration,
      transition: dissolve ? { type: 'dissolve', frames: int(1, Math.min(duration, 60)) } : { type: 'cut' },
      markers: event.markers.map((marker) =>
        marker.frame < duration ? marker : { ...marker, frame: duration - 1 },
      ),
    };
  });
  return { edited: cutSchema.parse({ ...cut, events }), deleted };
}

describe('round trips over random edits (seeded)', () => {
  it('EDL: an edited export imported into the original gives the edited cut', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const original = randomCut(seed);
      const { edited, deleted } = edit(original, seed);
      const text = writeEdl(edited, { includeSoundtrack: seed % 3 === 0 });
      expect(checkEdl(text, edited.frameRate).errors).toEqual([]);
      const result = importEdl(original, text);
      expect(result.unmatched).toEqual([]);
      expect(result.removed).toEqual(deleted);
      expect(result.cut).toEqual(edited);
    }
  });

  it('OTIO: an edited export imported into the original gives the edited cut', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const original = randomCut(seed);
      const { edited, deleted } = edit(original, seed);
      const result = importOtio(original, writeOtio(edited));
      expect(result.unmatched).toEqual([]);
      expect(result.removed).toEqual(deleted);
      expect(result.cut).toEqual(edited);
    }
  });

  it('swapping any two events of an export reorders exactly those two shots', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const cut = randomCut(seed, { events: 2 + (seed % 10) });
      const random = seededRandom(seed);
      const i = Math.floor(random() * cut.events.length);
      const j = (i + 1 + Math.floor(random() * (cut.events.length - 1))) % cut.events.length;
      // The editor's swap: the two clips change places, each keeping how it is entered.
      const events = [...cut.events];
      const [a, b] = [events[i], events[j]] as [CutEvent, CutEvent];
      const enter = (event: CutEvent, transition: CutEvent['transition']): CutEvent => ({
        ...event,
        transition:
          transition.type === 'dissolve'
            ? { type: 'dissolve', frames: Math.min(transition.frames, event.duration) }
            : transition,
      });
      events[i] = enter(b, a.transition);
      events[j] = enter(a, b.transition);
      const swapped = cutSchema.parse({ ...cut, events });
      for (const result of [importEdl(cut, writeEdl(swapped)), importOtio(cut, writeOtio(swapped))]) {
        expect(result.cut.events.map((event) => event.shotId)).toEqual(
          swapped.events.map((event) => event.shotId),
        );
        expect(result.cut).toEqual(swapped);
      }
    }
  });
});
