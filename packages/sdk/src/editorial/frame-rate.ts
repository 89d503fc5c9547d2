import { EDITORIAL_FRAME_RATES, type EditorialFrameRate } from '../contract/editorial.js';

/** A frame rate as an exact fraction of frames per second: 23.976 is 24000/1001. */
export interface Rational {
  num: number;
  den: number;
}

const RATES: Record<EditorialFrameRate, Rational> = {
  23.976: { num: 24_000, den: 1_001 },
  24: { num: 24, den: 1 },
  25: { num: 25, den: 1 },
  29.97: { num: 30_000, den: 1_001 },
  30: { num: 30, den: 1 },
};

export function isEditorialFrameRate(value: unknown): value is EditorialFrameRate {
  return typeof value === 'number' && (EDITORIAL_FRAME_RATES as readonly number[]).includes(value);
}

/** Frames per second as an exact fraction. */
export function frameRateRational(rate: EditorialFrameRate): Rational {
  return RATES[rate];
}

/** Frames per second as a number: 24000/1001 for 23.976, not the rounded label. */
export function frameRateValue(rate: EditorialFrameRate): number {
  const { num, den } = RATES[rate];
  return num / den;
}

/** Frames counted per timecode second: 24 at 23.976, 30 at 29.97. */
export function timecodeBase(rate: EditorialFrameRate): number {
  return Math.round(frameRateValue(rate));
}

/** Only 29.97 has a drop-frame timecode among the supported rates. */
export function supportsDropFrame(rate: EditorialFrameRate): boolean {
  return rate === 29.97;
}

/**
 * The supported rate a number written by another tool means: 23.976, 23.98 and 24000/1001 all
 * read as 23.976. Undefined when it is none of them.
 */
export function nearestEditorialFrameRate(value: number): EditorialFrameRate | undefined {
  for (const rate of EDITORIAL_FRAME_RATES) {
    if (Math.abs(frameRateValue(rate) - value) < 0.01 || Math.abs(rate - value) < 0.01) return rate;
  }
  return undefined;
}

/** The nearest whole frame to a time in seconds. */
export function secondsToFrames(seconds: number, rate: EditorialFrameRate): number {
  const { num, den } = RATES[rate];
  return Math.round((seconds * num) / den);
}

export function framesToSeconds(frames: number, rate: EditorialFrameRate): number {
  const { num, den } = RATES[rate];
  return (frames * den) / num;
}

function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

/** A number of frames as exact seconds, reduced: 1 frame at 23.976 is 1001/24000. */
export function framesToRationalSeconds(frames: number, rate: EditorialFrameRate): Rational {
  const { num, den } = RATES[rate];
  const top = frames * den;
  const divisor = gcd(top, num) || 1;
  return { num: top / divisor, den: num / divisor };
}
