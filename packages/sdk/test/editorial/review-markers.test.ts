import { describe, expect, it } from 'vitest';
import { EDITORIAL_LIMITS } from '../../src/contract/editorial.js';
import { withReviewMarkers } from '../../src/editorial/review-markers.js';
import { sampleCut, uuidFor } from './cut-fixtures.js';

const comment = (fields: Partial<Parameters<typeof withReviewMarkers>[1][number]>) => ({
  authorName: 'Ines',
  body: 'Warmer',
  timeMs: 0,
  shotId: null,
  shotOffsetMs: 0,
  ...fields,
});

describe('withReviewMarkers', () => {
  it("puts a comment on its shot's event at the same distance into it, wherever that event now is", () => {
    const cut = sampleCut(24);
    // Made when shot 2 was elsewhere in the cut: it follows the shot, 0.5 s (12 frames) in.
    const marked = withReviewMarkers(cut, [
      comment({ shotId: uuidFor(2), shotOffsetMs: 500, timeMs: 99_000 }),
    ]);
    const event = marked.events.find((each) => each.shotId === uuidFor(2));
    expect(event?.markers.at(-1)).toEqual({ frame: 12, text: 'Warmer', author: 'Ines' });
    // The other events and the input cut are unchanged.
    expect(marked.events.filter((each) => each.shotId !== uuidFor(2))).toEqual(
      cut.events.filter((each) => each.shotId !== uuidFor(2)),
    );
    expect(cut.events.find((each) => each.shotId === uuidFor(2))?.markers).toHaveLength(1);
  });

  it('clamps to the last frame of a shot that got shorter, and places shotless comments by time', () => {
    const cut = sampleCut(24);
    const first = cut.events[0];
    if (first === undefined) throw new Error('sample cut has no events');
    const marked = withReviewMarkers(cut, [
      comment({ shotId: uuidFor(1), shotOffsetMs: 3_600_000 }),
      comment({ body: 'At two seconds', timeMs: 2_000 }),
      comment({ body: 'Gone shot', shotId: uuidFor(999), timeMs: 1_000 }),
    ]);
    const markers = marked.events[0]?.markers ?? [];
    expect(markers.map((marker) => [marker.text, marker.frame])).toEqual([
      ['Too dark — lift the shadows', 30],
      ['Warmer', first.duration - 1],
      ['At two seconds', 48],
      ['Gone shot', 24],
    ]);
  });

  it('adds nothing to an event already holding the most markers an event may have', () => {
    const cut = sampleCut(24);
    const full = {
      ...cut,
      events: cut.events.map((event, index) =>
        index === 0
          ? {
              ...event,
              markers: Array.from({ length: EDITORIAL_LIMITS.markersPerEvent }, (_, at) => ({
                frame: at % event.duration,
                text: `m${at}`,
              })),
            }
          : event,
      ),
    };
    const marked = withReviewMarkers(full, [comment({ shotId: uuidFor(1) }), comment({ timeMs: 10 })]);
    expect(marked.events[0]?.markers).toHaveLength(EDITORIAL_LIMITS.markersPerEvent);
  });
});
