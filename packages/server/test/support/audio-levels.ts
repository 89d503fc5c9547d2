import { expect } from 'vitest';
import type { FfmpegLocation } from '../../src/media/ffmpeg-path.js';
import { runFfmpeg } from '../../src/media/ffmpeg-process.js';

/**
 * Loudness of a span of a media file's audio as ffmpeg's volumedetect measures it (dBFS; −91 is
 * digital silence), optionally through a filter first (a band-pass to hear only the music's tone).
 */
export async function spanVolume(
  ffmpeg: FfmpegLocation,
  file: string,
  from: number,
  seconds: number,
  filter?: string,
): Promise<{ mean: number; max: number }> {
  const run = await runFfmpeg(
    ffmpeg.path,
    [
      '-hide_banner',
      '-nostdin',
      '-ss',
      from.toFixed(3),
      '-t',
      seconds.toFixed(3),
      '-i',
      file,
      '-vn',
      '-af',
      `${filter ? `${filter},` : ''}volumedetect`,
      '-f',
      'null',
      '-',
    ],
    60_000,
  );
  expect(run.code, run.stderr).toBe(0);
  const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(run.stderr)?.[1];
  const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(run.stderr)?.[1];
  const value = (text: string | undefined) => (text === undefined || text === '-inf' ? -91 : Number(text));
  expect(mean, run.stderr).toBeDefined();
  return { mean: value(mean), max: value(max) };
}

/** A tone made with ffmpeg's lavfi sine source (1/8 of full scale), written to `file`. */
export async function writeTone(
  ffmpeg: FfmpegLocation,
  file: string,
  frequency: number,
  seconds: number,
  extra: string[] = [],
): Promise<void> {
  const run = await runFfmpeg(
    ffmpeg.path,
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:duration=${seconds}`,
      ...extra,
      file,
    ],
    30_000,
  );
  expect(run.code, run.stderr).toBe(0);
}
