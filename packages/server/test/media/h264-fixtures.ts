/** Test streams coded by x264, and decoded frames compared by their MD5s (ffmpeg's framemd5). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type FfmpegLocation, resolveFfmpeg } from '../../src/media/ffmpeg-path.js';
import { runFfmpeg } from '../../src/media/ffmpeg-process.js';

export const ffmpeg: FfmpegLocation = resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  searchPath: process.env.PATH,
});

/** The animatic's x264 settings without the entropy coder (CAVLC is `${X264}:cabac=0`). */
export const X264 =
  'bframes=0:ref=1:me=dia:subme=1:partitions=none:trellis=0:aq-mode=0:mbtree=0:rc-lookahead=0:scenecut=0:weightp=0';

/** `frames` moving test pictures (320x240) coded by x264 as raw H.264 (Annex B). */
export async function x264Pictures(params: string, frames: number, rate = 12): Promise<Buffer> {
  const run = await runFfmpeg(
    ffmpeg.path,
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=320x240:r=${rate}`, '-frames:v', String(frames)],
      ...['-c:v', 'libx264', '-preset', 'superfast', '-qp', '23', '-x264-params', params],
      ...['-pix_fmt', 'yuv420p', '-f', 'h264', '-'],
    ],
    30_000,
  );
  expect(run.code).toBe(0);
  return run.stdout;
}

/** Each decoded video frame of a file, in order: its timestamp and MD5 (`input` goes before -i). */
export async function frameRows(
  file: string,
  input: string[] = [],
): Promise<{ pts: number; hash: string }[]> {
  const run = await runFfmpeg(
    ffmpeg.path,
    ['-v', 'error', ...input, '-i', file, '-map', '0:v', '-f', 'framemd5', '-'],
    30_000,
  );
  expect(run.code).toBe(0);
  return run.stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line.startsWith('0,'))
    .map((line) => line.split(','))
    .map((row) => ({ pts: Number(row[2]), hash: row.at(-1)?.trim() ?? '' }));
}

/** One MD5 a decoded video frame of a file, in order (`['-f', 'h264']` as `input` for a raw stream). */
export async function frameHashes(file: string, input: string[] = []): Promise<string[]> {
  return (await frameRows(file, input)).map((row) => row.hash);
}

/** frameHashes() of a raw H.264 stream held in memory. */
export async function streamHashes(stream: Uint8Array): Promise<string[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'reelbench-h264-'));
  try {
    const file = path.join(directory, 'clip.h264');
    await writeFile(file, stream);
    return await frameHashes(file, ['-f', 'h264']);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
