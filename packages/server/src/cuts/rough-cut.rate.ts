/** The cut's frame rate as ffmpeg spells it, and frames as exact seconds. */

/** ffmpeg's spelling of a rate: the NTSC rates exactly (24000/1001, 30000/1001). */
export function rateString(frameRate: number): string {
  if (Math.abs(frameRate - 23.976) < 0.001) return '24000/1001';
  if (Math.abs(frameRate - 29.97) < 0.001) return '30000/1001';
  return String(frameRate);
}

/** Exact seconds of `frames` at the rate (NTSC rates are n*1000/1001). */
export function framesToSecondsExact(frames: number, frameRate: number): number {
  const [numerator, denominator = '1'] = rateString(frameRate).split('/');
  return (frames * Number(denominator)) / Number(numerator);
}
