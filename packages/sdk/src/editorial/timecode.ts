import type { EditorialFrameRate } from '../contract/editorial.js';
import { supportsDropFrame, timecodeBase } from './frame-rate.js';

/**
 * SMPTE timecode for the supported rates. Non-drop frame counts timecodeBase(rate) frames per
 * timecode second (24 at 23.976). 29.97 drop frame skips frame numbers 00 and 01 at the start of
 * every minute except minutes 00, 10, 20, 30, 40 and 50, and is written with ';' before the frames.
 */

export interface TimecodeOptions {
  /** Drop-frame numbering; only at 29.97. */
  dropFrame?: boolean;
}

/** Record timecode of the first frame of a cut. */
export const RECORD_START_TIMECODE = '01:00:00:00';

const FRAMES_PER_DF_MINUTE = 30 * 60 - 2;
const FRAMES_PER_DF_TEN_MINUTES = FRAMES_PER_DF_MINUTE * 10 + 2;
const DAY_HOURS = 24;

function assertDropFrameRate(rate: EditorialFrameRate, dropFrame: boolean): void {
  if (dropFrame && !supportsDropFrame(rate)) {
    throw new RangeError(`Drop-frame timecode exists only at 29.97 fps, not at ${rate}`);
  }
}

function pad2(value: number): string {
  return value.toString().padStart(2, '0');
}

/** A frame count from 00:00:00:00 as timecode; wraps at 24 hours like a timecode clock. */
export function framesToTimecode(
  frames: number,
  rate: EditorialFrameRate,
  options: TimecodeOptions = {},
): string {
  if (!Number.isInteger(frames) || frames < 0) throw new RangeError(`Not a frame count: ${frames}`);
  const dropFrame = options.dropFrame ?? false;
  assertDropFrameRate(rate, dropFrame);
  const base = timecodeBase(rate);
  let count = frames;
  if (dropFrame) {
    const tens = Math.floor(count / FRAMES_PER_DF_TEN_MINUTES);
    const rest = count % FRAMES_PER_DF_TEN_MINUTES;
    const skipped = 18 * tens + (rest < 2 ? 0 : 2 * Math.floor((rest - 2) / FRAMES_PER_DF_MINUTE));
    count += skipped;
  }
  const ff = count % base;
  const totalSeconds = Math.floor(count / base);
  const ss = totalSeconds % 60;
  const mm = Math.floor(totalSeconds / 60) % 60;
  const hh = Math.floor(totalSeconds / 3600) % DAY_HOURS;
  return `${pad2(hh)}:${pad2(mm)}:${pad2(ss)}${dropFrame ? ';' : ':'}${pad2(ff)}`;
}

const TIMECODE_PATTERN = /^(\d{2}):(\d{2}):(\d{2})([:;.,])(\d{2})$/;

/**
 * A timecode as a frame count from 00:00:00:00. A ';' (or '.' / ',') before the frames means drop
 * frame; a frame number that drop frame skips, or a field out of range, is an error.
 */
export function timecodeToFrames(
  timecode: string,
  rate: EditorialFrameRate,
  options: TimecodeOptions = {},
): number {
  const match = TIMECODE_PATTERN.exec(timecode.trim());
  if (!match) throw new RangeError(`Not a timecode: '${timecode}'`);
  const [hh, mm, ss, separator, ff] = [
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
    match[4],
    Number(match[5]),
  ];
  const dropFrame = options.dropFrame ?? separator !== ':';
  assertDropFrameRate(rate, dropFrame);
  const base = timecodeBase(rate);
  if (mm > 59 || ss > 59 || ff >= base || hh >= DAY_HOURS) {
    throw new RangeError(`Timecode out of range at ${rate} fps: '${timecode}'`);
  }
  const nominal = ((hh * 60 + mm) * 60 + ss) * base + ff;
  if (!dropFrame) return nominal;
  if (ss === 0 && ff < 2 && mm % 10 !== 0) {
    throw new RangeError(`Drop-frame timecode skips '${timecode}'`);
  }
  const minutes = hh * 60 + mm;
  return nominal - 2 * (minutes - Math.floor(minutes / 10));
}

/** The frame count of 01:00:00:00 at a rate (107892 at 29.97 drop frame, 86400 at 23.976). */
export function recordStartFrame(rate: EditorialFrameRate, options: TimecodeOptions = {}): number {
  return timecodeToFrames(RECORD_START_TIMECODE, rate, { dropFrame: options.dropFrame ?? false });
}

/** Record timecode of a frame counted from the start of the cut. */
export function recordTimecode(
  frame: number,
  rate: EditorialFrameRate,
  options: TimecodeOptions = {},
): string {
  return framesToTimecode(recordStartFrame(rate, options) + frame, rate, options);
}
