import { describe, expect, it } from 'vitest';
import { drawWaveform } from '../src/audio/waveform.js';

/** A 2D context that records the bars drawn (fillRect) and the colour they were drawn in. */
function recorder() {
  const bars: { x: number; y: number; h: number }[] = [];
  let cleared = 0;
  const context = {
    fillStyle: '',
    clearRect: () => {
      cleared += 1;
    },
    fillRect: (x: number, y: number, _w: number, h: number) => bars.push({ x, y, h }),
  };
  return { context: context as unknown as CanvasRenderingContext2D, bars, cleared: () => cleared };
}

describe('drawWaveform', () => {
  const size = { width: 10, height: 100 };

  it('draws one mirrored bar per column, as tall as the loudest peak it covers, in the given colour', () => {
    const { context, bars } = recorder();
    // 20 peaks over 10 s: each column (1 s) covers two; the second of each pair is louder.
    const peaks = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 0.1 : (index + 1) / 20));
    const drawn = drawWaveform(context, peaks, 10, { from: 0, to: 10 }, size, 'rgb(1, 2, 3)');
    expect(drawn).toBe(10);
    expect(context.fillStyle).toBe('rgb(1, 2, 3)');
    expect(bars.map((bar) => bar.x)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const [column, bar] of bars.entries()) {
      const half = ((column * 2 + 2) / 20) * 50 * 0.94;
      expect(bar.h).toBeCloseTo(half * 2, 5);
      expect(bar.y + bar.h / 2).toBeCloseTo(50, 5);
    }
  });

  it('shows only the part of the track in the span: before its start and after its end stay empty', () => {
    const { context, bars } = recorder();
    const peaks = Array.from({ length: 10 }, () => 0.5);
    // The track (10 s) starts 3 s into the view and the view is 10 s wide: columns 3..9 are the track.
    const drawn = drawWaveform(context, peaks, 10, { from: -3, to: 7 }, size, '#fff');
    expect(drawn).toBe(7);
    expect(bars.map((bar) => bar.x)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('draws a hairline where the track is silent and counts it as not drawn; nothing without peaks', () => {
    const silent = recorder();
    expect(drawWaveform(silent.context, [0, 0, 0, 0], 4, { from: 0, to: 4 }, size, '#fff')).toBe(0);
    expect(silent.bars).toHaveLength(10);
    expect(silent.bars.every((bar) => bar.h === 1)).toBe(true);
    const empty = recorder();
    expect(drawWaveform(empty.context, [], 4, { from: 0, to: 4 }, size, '#fff')).toBe(0);
    expect(empty.bars).toHaveLength(0);
    expect(empty.cleared()).toBe(1);
  });
});
