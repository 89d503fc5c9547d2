import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FfmpegLocation, resolveFfmpeg } from '../../src/generation/local/ffmpeg-path.js';
import { runFfmpeg } from '../../src/generation/local/ffmpeg-process.js';
import { holdLastPicture, repeatPictures, splitAnnexB } from '../../src/generation/local/h264-repeat.js';

const ffmpeg: FfmpegLocation = resolveFfmpeg({
  ffmpegPath: process.env.FFMPEG_PATH,
  searchPath: process.env.PATH,
});
const X264 =
  'bframes=0:ref=1:me=dia:subme=1:partitions=none:trellis=0:aq-mode=0:mbtree=0:rc-lookahead=0:scenecut=0:weightp=0';

/** Ten moving test pictures coded by x264 as raw H.264 (Annex B). */
async function pictures(params: string): Promise<Buffer> {
  const run = await runFfmpeg(
    ffmpeg.path,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=320x240:r=12',
      '-frames:v',
      '10',
      '-c:v',
      'libx264',
      '-preset',
      'superfast',
      '-qp',
      '23',
      '-x264-params',
      params,
      '-pix_fmt',
      'yuv420p',
      '-f',
      'h264',
      '-',
    ],
    30_000,
  );
  expect(run.code).toBe(0);
  return run.stdout;
}

/** One MD5 a decoded frame, in order. */
async function frameHashes(stream: Uint8Array): Promise<string[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'reelbench-h264-'));
  try {
    const file = path.join(directory, 'clip.h264');
    await writeFile(file, stream);
    const run = await runFfmpeg(
      ffmpeg.path,
      ['-v', 'error', '-f', 'h264', '-i', file, '-f', 'framemd5', '-'],
      30_000,
    );
    expect(run.code).toBe(0);
    return run.stdout
      .toString('utf8')
      .split('\n')
      .filter((line) => /^0,/.test(line))
      .map((line) => line.split(',').at(-1)?.trim() ?? '');
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe('repeatPictures (H.264 skipped pictures)', () => {
  it('shows every coded picture twice, the last one as asked, decoding to the same pictures', async () => {
    const stream = await pictures(`${X264}:cabac=0`);
    const original = await frameHashes(stream);
    expect(original).toHaveLength(10);
    expect(new Set(original).size).toBe(10);

    const twice = repeatPictures(stream, 2) as Uint8Array;
    expect(await frameHashes(twice)).toEqual(original.flatMap((hash) => [hash, hash]));
    const lastOnce = repeatPictures(stream, 2, 1) as Uint8Array;
    expect(await frameHashes(lastOnce)).toEqual(original.flatMap((hash) => [hash, hash]).slice(0, 19));

    const units = splitAnnexB(twice);
    const slices = units.filter((unit) => unit.type === 1 || unit.type === 5);
    expect(slices).toHaveLength(20);
    // The repeats are non-reference pictures of a few bytes each.
    const repeats = slices.filter((unit) => unit.refIdc === 0);
    expect(repeats).toHaveLength(10);
    for (const unit of repeats) expect(unit.bytes.length).toBeLessThan(16);
    expect(await frameHashes(repeatPictures(stream, 1) as Uint8Array)).toEqual(original);
  });

  it('declines streams it cannot extend (CABAC, more than one repeat) so the caller codes every frame', async () => {
    expect(repeatPictures(await pictures(X264), 2)).toBeNull();
    expect(repeatPictures(await pictures(`${X264}:cabac=0`), 3)).toBeNull();
    expect(repeatPictures(new Uint8Array([0, 0, 1, 0x65, 0x88]), 2)).toBeNull();
  });

  it('holds the last picture for more frames as reference skipped pictures, after a coded picture or a repeat', async () => {
    const stream = await pictures(`${X264}:cabac=0`);
    const original = await frameHashes(stream);
    const last = original.at(-1) as string;

    const held = holdLastPicture(stream, 3) as Uint8Array;
    expect(await frameHashes(held)).toEqual([...original, last, last, last]);
    const added = splitAnnexB(held).slice(-3);
    for (const unit of added) {
      expect(unit.type).toBe(1);
      expect(unit.refIdc).not.toBe(0);
      expect(unit.bytes.length).toBeLessThan(16);
    }

    // On twos the stream ends with a non-reference repeat; the held frames come after it.
    const twice = repeatPictures(stream, 2) as Uint8Array;
    const twiceHashes = await frameHashes(twice);
    expect(await frameHashes(holdLastPicture(twice, 1) as Uint8Array)).toEqual([...twiceHashes, last]);
    expect(await frameHashes(holdLastPicture(twice, 2) as Uint8Array)).toEqual([...twiceHashes, last, last]);

    expect(Buffer.from(holdLastPicture(stream, 0) as Uint8Array).equals(stream)).toBe(true);
    expect(holdLastPicture(await pictures(X264), 1)).toBeNull();
    expect(() => holdLastPicture(stream, -1)).toThrow(RangeError);
  });
});
