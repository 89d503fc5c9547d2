import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../ui/cx.js';
import '../styles/waveform.css';
import { useElementWidth } from '../ui/grid-columns.js';

export interface WaveformSpan {
  /** Track seconds at the canvas's left and right edges (may run past either end of the track). */
  from: number;
  to: number;
}

/**
 * Draws `peaks` (one per equal slice of a `durationSeconds` track, 0..1) as a mirrored bar per
 * device pixel column between track seconds `from` and `to`. A column takes the loudest peak of the
 * slices it covers, so nothing is lost when zoomed out. Returns how many columns drew a bar.
 */
export function drawWaveform(
  context: CanvasRenderingContext2D,
  peaks: readonly number[],
  durationSeconds: number,
  span: WaveformSpan,
  size: { width: number; height: number },
  color: string,
): number {
  const { width, height } = size;
  context.clearRect(0, 0, width, height);
  if (peaks.length === 0 || durationSeconds <= 0 || span.to <= span.from || width <= 0) return 0;
  context.fillStyle = color;
  const secondsPerColumn = (span.to - span.from) / width;
  const slicesPerSecond = peaks.length / durationSeconds;
  const middle = height / 2;
  let drawn = 0;
  for (let column = 0; column < width; column += 1) {
    const start = span.from + column * secondsPerColumn;
    const end = start + secondsPerColumn;
    if (end <= 0 || start >= durationSeconds) continue;
    const first = Math.max(0, Math.floor(start * slicesPerSecond));
    const last = Math.min(peaks.length - 1, Math.max(first, Math.ceil(end * slicesPerSecond) - 1));
    let peak = 0;
    for (let index = first; index <= last; index += 1) peak = Math.max(peak, peaks[index] ?? 0);
    // A hairline where the track is silent, so its extent stays visible.
    const half = Math.max(0.5, peak * middle * 0.94);
    context.fillRect(column, middle - half, 1, half * 2);
    if (peak > 0) drawn += 1;
  }
  return drawn;
}

/**
 * A soundtrack's waveform on a canvas sized to its box in device pixels (crisp at any zoom), in the
 * theme's waveform colour (the box's CSS `color`), from track second `from` to `to` (by default the
 * whole soundtrack).
 */
export function Waveform({
  peaks,
  durationSeconds,
  from = 0,
  to = durationSeconds,
  className,
  style,
}: {
  peaks: readonly number[];
  durationSeconds: number;
  /** Track seconds at the left and right edges. */
  from?: number;
  to?: number;
  className?: string;
  style?: CSSProperties;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(boxRef);
  const [drawn, setDrawn] = useState(0);
  const draw = useRef<() => void>(() => undefined);
  draw.current = () => {
    const canvas = canvasRef.current;
    const box = boxRef.current;
    if (!canvas || !box || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    const pixels = { width: Math.round(width * ratio), height: Math.round(box.clientHeight * ratio) };
    if (canvas.width !== pixels.width) canvas.width = pixels.width;
    if (canvas.height !== pixels.height) canvas.height = pixels.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    const color = getComputedStyle(box).color;
    setDrawn(drawWaveform(context, peaks, durationSeconds, { from, to }, pixels, color));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again whenever what it draws changes
  useLayoutEffect(() => draw.current(), [peaks, durationSeconds, from, to, width]);
  // A theme switch redraws at once in the new colours (the root's class and data-theme change).
  useEffect(() => {
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => draw.current());
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['class', 'data-theme'],
    });
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={boxRef}
      className={cx('waveform', className)}
      style={style}
      data-drawn={drawn}
      aria-hidden="true"
    >
      <canvas ref={canvasRef} className="waveform__canvas" />
    </div>
  );
}
