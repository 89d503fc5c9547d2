import { describe, expect, it } from 'vitest';
import { type CutEvent, cutSchema } from '../../src/contract/editorial.js';
import { compareCuts } from '../../src/editorial/cut.compare.js';
import { retimeCut } from '../../src/editorial/cut.model.js';
import { randomCut, sampleCut, uuidFor } from './cut-fixtures.js';

function withEvents(events: CutEvent[]) {
  return cutSchema.parse({ ...sampleCut(), events });
}

describe('compareCuts', () => {
  it('finds nothing between a cut and itself', () => {
    const comparison = compareCuts(sampleCut(), sampleCut());
    expect(comparison.changed).toBe(false);
    expect(comparison.events.map((event) => event.status)).toEqual(['kept', 'kept', 'kept']);
  });

  it('marks only the shot that moved, and what changed length', () => {
    const [a, b, c] = sampleCut().events as [CutEvent, CutEvent, CutEvent];
    const later = withEvents([
      { ...b, transition: { type: 'cut' } },
      c,
      { ...a, transition: { type: 'cut' }, duration: 100, sourceOut: 100, markers: [] },
    ]);
    const comparison = compareCuts(sampleCut(), later);
    expect(comparison.events.map((event) => [event.shotId, event.moved, event.durationDelta])).toEqual([
      [uuidFor(2), false, 0],
      [uuidFor(3), false, 0],
      [uuidFor(1), true, -20],
    ]);
    expect(comparison.events[0]?.retimed).toBe(true);
    expect(comparison.durationDelta).toBe(-20);
    expect(comparison.changed).toBe(true);
  });

  it("compares versions made at different frame rates in the older one's frames", () => {
    const at24 = sampleCut(24);
    // The same cut made at 25 fps: 5 s is 120 frames at 24 and 125 at 25.
    const at25 = cutSchema.parse({ ...retimeCut(at24, 25), version: 3 });
    expect(at25.events[0]?.duration).toBe(125);
    const same = compareCuts(at24, at25);
    expect(same.events.map((event) => [event.status, event.moved, event.durationDelta])).toEqual([
      ['kept', false, 0],
      ['kept', false, 0],
      ['kept', false, 0],
    ]);
    expect(same.durationDelta).toBe(0);
    expect(same.events[1]?.before?.duration).toBe(same.events[1]?.after?.duration);

    const [a, b, c] = at25.events as [CutEvent, CutEvent, CutEvent];
    const longer = cutSchema.parse({
      ...at25,
      events: [{ ...a, duration: a.duration + 25, sourceOut: a.sourceOut + 25 }, b, c],
    });
    const oneSecond = compareCuts(at24, longer);
    expect(oneSecond.events[0]?.durationDelta).toBe(24);
    expect(oneSecond.durationDelta).toBe(24);
    expect(oneSecond.changed).toBe(true);
  });

  it('lists added and removed shots where they are and were', () => {
    const [a, b, c] = sampleCut().events as [CutEvent, CutEvent, CutEvent];
    const added = { ...c, shotId: uuidFor(50), clipName: 'New' };
    const comparison = compareCuts(sampleCut(), withEvents([a, added, c]));
    expect(comparison.events.map((event) => [event.clipName, event.status])).toEqual([
      ['Harbour at dusk', 'kept'],
      ['Deckhand <close>', 'removed'],
      ['New', 'added'],
      ['Ferry leaves', 'kept'],
    ]);
    expect(comparison.events.every((event) => !event.moved)).toBe(true);
    expect(comparison.durationDelta).toBe(96 - b.duration);
  });

  it('accounts for every event of both cuts on random pairs', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const before = randomCut(seed);
      const after = randomCut(seed + 1000, { frameRate: before.frameRate });
      const mixed = cutSchema.parse({
        ...after,
        events: [...after.events.slice(0, 3), ...before.events.slice(1).reverse()].map((event, index) =>
          index === 0 ? { ...event, transition: { type: 'cut' } } : event,
        ),
      });
      const comparison = compareCuts(before, mixed);
      const kept = comparison.events.filter((event) => event.status !== 'removed');
      const gone = comparison.events.filter((event) => event.status !== 'added');
      expect(kept.map((event) => event.after?.index)).toEqual(mixed.events.map((_, index) => index));
      expect(gone.map((event) => event.before?.index).sort((x = 0, y = 0) => x - y)).toEqual(
        before.events.map((_, index) => index),
      );
    }
  });
});
