import { describe, expect, it } from 'vitest';
import { EDITORIAL_FRAME_RATES } from '../../src/contract/editorial.js';
import {
  frameRateRational,
  framesToRationalSeconds,
  framesToSeconds,
  nearestEditorialFrameRate,
  secondsToFrames,
} from '../../src/editorial/frame-rate.js';
import {
  framesToTimecode,
  recordStartFrame,
  recordTimecode,
  timecodeToFrames,
} from '../../src/editorial/timecode.js';

describe('frame rates', () => {
  it('keeps 23.976 and 29.97 as exact fractions', () => {
    expect(frameRateRational(23.976)).toEqual({ num: 24_000, den: 1_001 });
    expect(frameRateRational(29.97)).toEqual({ num: 30_000, den: 1_001 });
    expect(framesToRationalSeconds(1, 23.976)).toEqual({ num: 1_001, den: 24_000 });
    expect(framesToRationalSeconds(24, 24)).toEqual({ num: 1, den: 1 });
    expect(framesToRationalSeconds(30, 29.97)).toEqual({ num: 1_001, den: 1_000 });
    expect(framesToRationalSeconds(0, 25)).toEqual({ num: 0, den: 1 });
  });

  it('converts seconds and frames both ways at every rate', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      for (const frames of [0, 1, 23, 24, 1799, 1800, 17_982, 107_892]) {
        expect(secondsToFrames(framesToSeconds(frames, rate), rate)).toBe(frames);
      }
    }
    expect(secondsToFrames(5, 24)).toBe(120);
    expect(secondsToFrames(5, 23.976)).toBe(120);
    expect(framesToSeconds(24, 23.976)).toBeCloseTo(1.001, 10);
  });

  it('reads the rates other tools write', () => {
    expect(nearestEditorialFrameRate(24_000 / 1_001)).toBe(23.976);
    expect(nearestEditorialFrameRate(23.98)).toBe(23.976);
    expect(nearestEditorialFrameRate(29.97002997)).toBe(29.97);
    expect(nearestEditorialFrameRate(25)).toBe(25);
    expect(nearestEditorialFrameRate(50)).toBeUndefined();
  });
});

describe('non-drop-frame timecode', () => {
  it('formats and parses at every rate', () => {
    expect(framesToTimecode(0, 24)).toBe('00:00:00:00');
    expect(framesToTimecode(23, 24)).toBe('00:00:00:23');
    expect(framesToTimecode(24, 24)).toBe('00:00:01:00');
    expect(framesToTimecode(86_400, 24)).toBe('01:00:00:00');
    expect(framesToTimecode(86_400, 23.976)).toBe('01:00:00:00');
    expect(framesToTimecode(90_000, 25)).toBe('01:00:00:00');
    expect(framesToTimecode(108_000, 30)).toBe('01:00:00:00');
    expect(framesToTimecode(108_000, 29.97)).toBe('01:00:00:00');
    expect(timecodeToFrames('00:01:00:00', 25)).toBe(1_500);
    expect(timecodeToFrames('10:00:00:00', 24)).toBe(864_000);
  });

  it('round-trips every frame of the first two minutes and spot checks later', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      for (let frame = 0; frame < 4_000; frame++) {
        expect(timecodeToFrames(framesToTimecode(frame, rate), rate)).toBe(frame);
      }
    }
  });

  it('rejects what is not a timecode', () => {
    expect(() => timecodeToFrames('00:00:00:24', 24)).toThrow(RangeError);
    expect(() => timecodeToFrames('00:60:00:00', 24)).toThrow(RangeError);
    expect(() => timecodeToFrames('1:2:3', 24)).toThrow(RangeError);
    expect(() => timecodeToFrames('00:00:00;00', 24)).toThrow(/29.97/);
    expect(() => framesToTimecode(-1, 24)).toThrow(RangeError);
    expect(() => framesToTimecode(1.5, 24)).toThrow(RangeError);
  });
});

describe('29.97 drop-frame timecode', () => {
  const df = { dropFrame: true };

  it('skips frame numbers 00 and 01 at each minute except every tenth', () => {
    expect(framesToTimecode(1_799, 29.97, df)).toBe('00:00:59;29');
    expect(framesToTimecode(1_800, 29.97, df)).toBe('00:01:00;02');
    expect(framesToTimecode(3_597, 29.97, df)).toBe('00:01:59;29');
    expect(framesToTimecode(3_598, 29.97, df)).toBe('00:02:00;02');
    expect(framesToTimecode(17_981, 29.97, df)).toBe('00:09:59;29');
    expect(framesToTimecode(17_982, 29.97, df)).toBe('00:10:00;00');
    expect(framesToTimecode(17_983, 29.97, df)).toBe('00:10:00;01');
    expect(framesToTimecode(17_984, 29.97, df)).toBe('00:10:00;02');
    expect(framesToTimecode(19_782, 29.97, df)).toBe('00:11:00;02');
    expect(framesToTimecode(107_892, 29.97, df)).toBe('01:00:00;00');
    expect(timecodeToFrames('00:00:59;29', 29.97)).toBe(1_799);
    expect(timecodeToFrames('00:01:00;02', 29.97)).toBe(1_800);
    expect(timecodeToFrames('00:10:00;00', 29.97)).toBe(17_982);
    expect(timecodeToFrames('01:00:00;00', 29.97)).toBe(107_892);
  });

  it('counts consecutive frames across every minute boundary of the first hour and a half', () => {
    const wrong: string[] = [];
    let previous = framesToTimecode(0, 29.97, df);
    for (let frame = 1; frame < 162_000; frame++) {
      const tc = framesToTimecode(frame, 29.97, df);
      if (timecodeToFrames(tc, 29.97) !== frame) wrong.push(`${frame} → ${tc}`);
      const minuteStart = tc.endsWith(':00;02') && !/:[0-5]0:00;02$/.test(tc);
      if (minuteStart && !previous.endsWith(':59;29')) wrong.push(`${previous} → ${tc}`);
      previous = tc;
    }
    expect(wrong).toEqual([]);
  });

  it('refuses the skipped numbers and drop frame at other rates', () => {
    expect(() => timecodeToFrames('00:01:00;00', 29.97)).toThrow(/skips/);
    expect(() => timecodeToFrames('00:01:00;01', 29.97)).toThrow(/skips/);
    expect(timecodeToFrames('00:10:00;01', 29.97)).toBe(17_983);
    expect(() => framesToTimecode(10, 25, df)).toThrow(/29.97/);
  });

  it('starts the record at 01:00:00:00 in both counts', () => {
    expect(recordStartFrame(29.97, df)).toBe(107_892);
    expect(recordStartFrame(29.97)).toBe(108_000);
    expect(recordStartFrame(23.976)).toBe(86_400);
    expect(recordTimecode(0, 29.97, df)).toBe('01:00:00;00');
    expect(recordTimecode(1_800, 29.97, df)).toBe('01:01:00;02');
    expect(recordTimecode(1_799, 29.97, df)).toBe('01:00:59;29');
    expect(recordTimecode(0, 25)).toBe('01:00:00:00');
  });
});
