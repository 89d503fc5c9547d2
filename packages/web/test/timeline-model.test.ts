import { describe, expect, it } from 'vitest';
import { buildBoard } from '../src/shots/model.js';
import {
  clampDuration,
  clipBox,
  commentMarkers,
  dropIndex,
  FPS,
  formatClipDuration,
  formatTimecode,
  layoutClips,
  nextShotStart,
  orderAfterDrop,
  previousShotStart,
  pxPerSecond,
  rulerScale,
  rulerTicks,
  shotIndexAt,
  spokenDuration,
  stepFrame,
  visibleRange,
} from '../src/timeline/timeline-model.js';
import { id, makeShot } from './shots-fixtures.js';

describe('timecode at 24 fps', () => {
  it('formats HH:MM:SS:FF, frames 0..23', () => {
    expect(FPS).toBe(24);
    expect(formatTimecode(0)).toBe('00:00:00:00');
    expect(formatTimecode(1 / 24)).toBe('00:00:00:01');
    expect(formatTimecode(23 / 24)).toBe('00:00:00:23');
    expect(formatTimecode(1)).toBe('00:00:01:00');
    expect(formatTimecode(61.5)).toBe('00:01:01:12');
    expect(formatTimecode(3600 + 2 * 60 + 3 + 4 / 24)).toBe('01:02:03:04');
    expect(formatTimecode(-3)).toBe('00:00:00:00');
    expect(formatTimecode(Number.NaN)).toBe('00:00:00:00');
  });

  it('rounds to the nearest frame, so float sums do not lose a frame', () => {
    let t = 0;
    for (let i = 0; i < 48; i += 1) t += 1 / 24;
    expect(formatTimecode(t)).toBe('00:00:02:00');
    expect(formatTimecode(0.999)).toBe('00:00:01:00');
  });

  it('formats clip durations as seconds and frames, said so (not m:ss), and speaks them', () => {
    expect(formatClipDuration(5)).toBe('5s');
    expect(formatClipDuration(5 - 1 / 24)).toBe('4s 23f');
    expect(formatClipDuration(3 + 7 / 24)).toBe('3s 07f');
    expect(formatClipDuration(72 + 12 / 25, 25)).toBe('72s 12f');
    expect(spokenDuration(2 + 1 / 24)).toBe('2 seconds 1 frame');
    expect(spokenDuration(1)).toBe('1 second');
  });
});

describe('clip layout', () => {
  const shots = [
    makeShot({ id: id(1), duration: 5 }),
    makeShot({ id: id(2), duration: 2.5 }),
    makeShot({ id: id(3), duration: 4 }),
  ];
  const board = buildBoard(shots);

  it('places clips back to back: x from start, width from duration, times px per second', () => {
    const layout = layoutClips(board.shots);
    expect(layout.starts).toEqual([0, 5, 7.5]);
    expect(layout.total).toBe(11.5);
    const pps = pxPerSecond(4);
    expect(pps).toBe(40);
    expect(clipBox(layout.starts[1] ?? 0, layout.durations[1] ?? 0, pps)).toEqual({
      x: 200,
      width: 100,
      start: 5,
      duration: 2.5,
    });
    // Zooming in doubles both.
    expect(clipBox(5, 2.5, pxPerSecond(5))).toMatchObject({ x: 400, width: 200 });
  });

  it('ripples a trim being dragged into the following clips', () => {
    const layout = layoutClips(board.shots, new Map([[id(1), 3]]));
    expect(layout.starts).toEqual([0, 3, 5.5]);
    expect(layout.total).toBe(9.5);
  });

  it('finds the clip under a time and the clips in view', () => {
    const { starts, durations } = layoutClips(board.shots);
    expect(shotIndexAt(starts, 0)).toBe(0);
    expect(shotIndexAt(starts, 4.99)).toBe(0);
    expect(shotIndexAt(starts, 5)).toBe(1);
    expect(shotIndexAt(starts, 100)).toBe(2);
    expect(visibleRange(starts, durations, 6, 7)).toEqual([1, 1]);
    expect(visibleRange(starts, durations, 4, 8)).toEqual([0, 2]);
  });

  it('keeps only the clips in view for 2,000 shots', () => {
    const many = buildBoard(
      Array.from({ length: 2000 }, (_, i) => makeShot({ id: id(10_000 + i), duration: 5 })),
    );
    const { starts, durations } = layoutClips(many.shots);
    const [first, last] = visibleRange(starts, durations, 5000, 5060);
    expect(first).toBe(999);
    expect(last).toBe(1012);
  });
});

describe('playhead stepping', () => {
  const starts = [0, 5, 7.5];
  const total = 11.5;

  it('steps one frame, on the frame grid, inside the timeline', () => {
    expect(stepFrame(0, 1, total)).toBeCloseTo(1 / 24);
    expect(stepFrame(1, -1, total)).toBeCloseTo(23 / 24);
    expect(stepFrame(0, -1, total)).toBe(0);
    expect(stepFrame(total, 1, total)).toBe(total);
    // From between frames, to the next frame of the grid.
    expect(formatTimecode(stepFrame(1.01, 1, total))).toBe('00:00:01:01');
  });

  it('jumps to the next and previous shot start', () => {
    expect(nextShotStart(starts, 0, total)).toBe(5);
    expect(nextShotStart(starts, 5, total)).toBe(7.5);
    expect(nextShotStart(starts, 9, total)).toBe(total);
    expect(previousShotStart(starts, 6)).toBe(5);
    expect(previousShotStart(starts, 5)).toBe(0);
    expect(previousShotStart(starts, 0)).toBe(0);
  });

  it('clamps trimmed durations to whole frames, at least one', () => {
    expect(clampDuration(0)).toBeCloseTo(1 / 24);
    expect(clampDuration(2.01)).toBe(2);
    expect(clampDuration(5 + 1 / 24)).toBeCloseTo(5 + 1 / 24);
  });
});

describe('ruler', () => {
  it('adapts labelled ticks to the zoom and labels them in timecode', () => {
    expect(rulerScale(40).major).toBe(5);
    expect(rulerScale(320).major).toBe(0.5);
    expect(rulerScale(2).major).toBe(60);
    const ticks = rulerTicks(rulerScale(40), 0, 10);
    expect(ticks.filter((tick) => tick.major).map((tick) => formatTimecode(tick.time))).toEqual([
      '00:00:00:00',
      '00:00:05:00',
      '00:00:10:00',
    ]);
    expect(ticks.length).toBeGreaterThan(3);
  });
});

describe('drop', () => {
  it('drops before the clip whose middle is after the pointer', () => {
    const starts = [0, 5, 7.5];
    const durations = [5, 2.5, 4];
    expect(dropIndex(starts, durations, 1)).toBe(0);
    expect(dropIndex(starts, durations, 3)).toBe(1);
    expect(dropIndex(starts, durations, 11)).toBe(3);
  });

  it('moves the dragged clips to the drop position', () => {
    expect(orderAfterDrop(['a', 'b', 'c', 'd'], ['a'], 3)).toEqual(['b', 'c', 'a', 'd']);
    expect(orderAfterDrop(['a', 'b', 'c', 'd'], ['d'], 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(orderAfterDrop(['a', 'b', 'c', 'd'], ['b', 'c'], 4)).toEqual(['a', 'd', 'b', 'c']);
  });
});

describe('commentMarkers', () => {
  const comment = (
    id: string,
    timeMs: number,
    shotId: string | null,
    shotOffsetMs = 0,
    body = 'Hold longer',
  ) => ({
    id,
    authorName: 'Ana',
    body,
    timeMs,
    shotId,
    shotOffsetMs,
  });
  const index = new Map([
    ['a', { index: 0 }],
    ['b', { index: 1 }],
  ]);

  it('puts a comment on its shot at the same offset, so it follows the shot when the cut changes', () => {
    // Made when b ran from 3 s; b now starts at 2 s (a was trimmed).
    const layout = { starts: [0, 2], durations: [2, 4] };
    const [marker] = commentMarkers([comment('c1', 4500, 'b', 1500)], index, layout);
    expect(marker?.time).toBeCloseTo(3.5);
    expect(marker?.label).toBe('Ana at 00:00:03:12: Hold longer');
  });

  it('keeps an offset past a shortened shot on its last frame, and falls back to the time made', () => {
    const layout = { starts: [0, 2], durations: [2, 1] };
    const markers = commentMarkers(
      [comment('late', 9000, 'b', 2500), comment('gone', 1000, 'deleted'), comment('none', 500, null)],
      index,
      layout,
    );
    expect(markers.map((marker) => marker.id)).toEqual(['none', 'gone', 'late']);
    expect(markers[2]?.time).toBeCloseTo(3 - 1 / 24);
    expect(markers[1]?.time).toBe(1);
  });

  it('shortens a long comment for the tooltip', () => {
    const [marker] = commentMarkers([comment('c', 0, null, 0, 'x'.repeat(200))], index, {
      starts: [],
      durations: [],
    });
    expect(marker?.label.length).toBeLessThan(110);
    expect(marker?.label.endsWith('…')).toBe(true);
  });
});
