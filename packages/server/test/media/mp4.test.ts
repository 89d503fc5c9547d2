import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, runFfmpeg } from '../../src/media/ffmpeg-process.js';
import { Mp4Error, readMp4 } from '../../src/media/mp4.js';
import { annexBToSamples, samplesToAnnexB } from '../../src/media/mp4-h264.js';
import { writeMp4 } from '../../src/media/mp4-write.js';
import { silentTrack } from '../../src/media/silence.js';
import { ffmpeg, frameHashes, X264, x264Pictures } from './h264-fixtures.js';

const CAVLC = `${X264}:cabac=0`;
const PICTURES = 60;

describe('MP4 written without ffmpeg (mp4.ts, mp4-write.ts, mp4-h264.ts)', () => {
  let directory: string;
  let stream: Buffer;
  let raw: string;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'reelbench-mp4-'));
    stream = await x264Pictures(CAVLC, PICTURES, 24);
    raw = path.join(directory, 'clip.h264');
    await writeFile(raw, stream);
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes coded pictures and silence into an MP4 that decodes to the same pictures and reads back', async () => {
    const video = annexBToSamples(stream, { width: 320, height: 240 }, 512);
    expect(video.samples).toHaveLength(PICTURES);
    expect(video.samples.map((sample) => sample.sync)).toEqual([
      true,
      ...new Array(PICTURES - 1).fill(false),
    ]);
    const audio = await silentTrack(ffmpeg, PICTURES / 24);
    const file = path.join(directory, 'clip.mp4');
    await writeMp4(file, [{ kind: 'video', timescale: 12288, width: 320, height: 240, ...video }, audio]);

    expect(await frameHashes(file)).toEqual(await frameHashes(raw, ['-f', 'h264']));
    const probe = await probeMedia(ffmpeg.path, file);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, width: 320, height: 240 });
    expect(Math.abs(probe.durationSeconds - PICTURES / 24)).toBeLessThanOrEqual(0.03);

    const back = await readMp4(file);
    expect(back.video).toMatchObject({ kind: 'video', timescale: 12288, width: 320, height: 240 });
    expect(back.video?.samples.map((sample) => [sample.size, sample.duration, sample.sync])).toEqual(
      video.samples.map((sample) => [sample.size, sample.duration, sample.sync]),
    );
    expect(Buffer.compare(Buffer.from(back.video?.sampleEntry ?? []), Buffer.from(video.sampleEntry))).toBe(
      0,
    );
    expect(back.audio?.kind).toBe('audio');
    // ffmpeg's AAC starts with a frame of encoder priming, skipped by the edit list: kept when written again.
    expect(audio.startTime).toBe(1024);
    expect(back.audio?.startTime).toBe(1024);
    // The tracks are interleaved in chunks of about a second: audio lies between the video's samples.
    const offset = (sample: { source: object } | undefined) =>
      sample && 'offset' in sample.source ? (sample.source.offset as number) : Number.NaN;
    expect(offset(back.audio?.samples[0])).toBeLessThan(offset(back.video?.samples.at(-1)));

    // The samples turned back into a byte stream decode to the same pictures again.
    const bytes = await readFile(file);
    const again = samplesToAnnexB(
      video.sampleEntry,
      (back.video?.samples ?? []).map((sample) => {
        const at = offset(sample);
        return bytes.subarray(at, at + sample.size);
      }),
    );
    const againFile = path.join(directory, 'again.h264');
    await writeFile(againFile, again);
    expect(await frameHashes(againFile, ['-f', 'h264'])).toEqual(await frameHashes(raw, ['-f', 'h264']));
  });

  it('reads the sample tables of a file ffmpeg wrote', async () => {
    const file = path.join(directory, 'ffmpeg.mp4');
    const run = await runFfmpeg(
      ffmpeg.path,
      ['-v', 'error', '-framerate', '24', '-f', 'h264', '-i', raw, '-c', 'copy', '-y', file],
      30_000,
    );
    expect(run.code).toBe(0);
    const { video, audio } = await readMp4(file);
    expect(audio).toBeUndefined();
    expect(video?.samples).toHaveLength(PICTURES);
    expect(video?.samples[0]?.sync).toBe(true);
    const copy = path.join(directory, 'copy.mp4');
    await writeMp4(copy, [video as NonNullable<typeof video>]);
    expect(await frameHashes(copy)).toEqual(await frameHashes(file));
  });

  it('refuses what it does not read with an Mp4Error, not a crash', async () => {
    const junk = path.join(directory, 'junk.mp4');
    await writeFile(junk, Buffer.from('not an mp4 at all, just some text'));
    await expect(readMp4(junk)).rejects.toBeInstanceOf(Mp4Error);
    expect(() => annexBToSamples(Uint8Array.of(0, 0, 1, 0x65, 0x88), { width: 16, height: 16 }, 1)).toThrow(
      Mp4Error,
    );
    expect(() => samplesToAnnexB(Uint8Array.of(1, 2, 3), [])).toThrow(Mp4Error);
  });
});
