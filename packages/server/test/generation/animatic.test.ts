import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedClip } from '../../src/generation/generation.types.js';
import { probeDuration, renderClip } from '../../src/generation/local/animatic.js';
import { renderFrame } from '../../src/generation/local/frame-renderer.js';
import { createLocalProvider } from '../../src/generation/local/local.provider.js';
import { ANIMATIC_FPS } from '../../src/media/animatic-encoder.js';
import { type FfmpegLocation, resolveFfmpeg } from '../../src/media/ffmpeg-path.js';
import { probeMedia, runFfmpeg } from '../../src/media/ffmpeg-process.js';
import { frameInput, placement } from './generation.fixtures.js';

const ONE_FRAME = 1 / ANIMATIC_FPS;
const THUMB = { width: 160, height: 90 };

describe('renderClip (real ffmpeg)', () => {
  let ffmpeg: FfmpegLocation;
  let directory: string;
  let still: Buffer;

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-animatic-test-'));
    const frame = await renderFrame(
      frameInput({
        placements: [
          placement({ name: 'Tom', x: 0.3 }),
          placement({ name: 'Crate', type: 'prop', x: 0.7, y: 0.7 }),
          placement({ name: 'Sigil', type: 'custom', x: 0.8, y: 0.25, scale: 0.4 }),
        ],
      }),
    );
    still = frame.png;
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  /** Frames of a clip decoded small to RGB, one buffer a frame: all of them, or those `select` picks. */
  async function decodeSmall(clip: RenderedClip, select?: string): Promise<Buffer[]> {
    const scale = `scale=${THUMB.width}:${THUMB.height}`;
    const { stdout } = await runFfmpeg(
      ffmpeg.path,
      [
        '-v',
        'error',
        '-i',
        clip.path,
        '-vf',
        select ? `${select},${scale}` : scale,
        // One picked frame: without the limit the output rate would repeat it to fill the clip.
        ...(select ? ['-frames:v', '1'] : []),
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-',
      ],
      60_000,
    );
    const size = THUMB.width * THUMB.height * 3;
    return Array.from({ length: stdout.length / size }, (_, index) =>
      stdout.subarray(index * size, (index + 1) * size),
    );
  }

  /** Frame `index` of a clip, decoded small to RGB. */
  async function frameAt(clip: RenderedClip, index: number): Promise<Buffer> {
    const frames = await decodeSmall(clip, `select='eq(n,${index})'`);
    expect(frames).toHaveLength(1);
    return frames[0] as Buffer;
  }

  /** How different the first and last frames are: mean absolute difference per channel. */
  async function firstToLast(clip: RenderedClip): Promise<number> {
    const [first, last] = await Promise.all([frameAt(clip, 0), frameAt(clip, clip.frames - 1)]);
    let total = 0;
    for (let index = 0; index < first.length; index += 1) {
      total += Math.abs((first[index] ?? 0) - (last[index] ?? 0));
    }
    return total / first.length;
  }

  it('renders 2.0 s with a push-in: H.264 video and AAC audio, the duration within one frame', async () => {
    const clip = await renderClip(
      { image: still, durationSeconds: 2, framing: 'medium', aspect: '16:9' },
      { ffmpeg, tempDir: directory },
    );
    expect(clip).toMatchObject({
      frames: 48,
      durationSeconds: 2,
      fps: 24,
      cameraMove: 'push-in',
      hasAudio: true,
    });
    expect(Math.abs((await probeDuration(clip.path, ffmpeg)) - 2)).toBeLessThanOrEqual(ONE_FRAME);
    const probe = await probeMedia(ffmpeg.path, clip.path);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, width: 1280, height: 720, fps: 24 });
    expect(await firstToLast(clip)).toBeGreaterThan(4);
  });

  it('renders 5.0 s of a static insert: first and last frames match', async () => {
    const clip = await renderClip(
      { image: still, durationSeconds: 5, framing: 'insert', aspect: '16:9' },
      { ffmpeg, tempDir: directory },
    );
    expect(clip).toMatchObject({ frames: 120, durationSeconds: 5, cameraMove: 'static' });
    expect(Math.abs((await probeDuration(clip.path, ffmpeg)) - 5)).toBeLessThanOrEqual(ONE_FRAME);
    expect((await probeMedia(ffmpeg.path, clip.path)).hasAudio).toBe(true);
    expect(await firstToLast(clip)).toBeLessThan(1);
  });

  it('pans across wide shots, at the portrait size for 9:16', async () => {
    const stripes = Array.from(
      { length: 12 },
      (_, index) => `<rect x="${index * 60}" width="30" height="1280" fill="#fff"/>`,
    );
    const striped = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280">${stripes.join('')}</svg>`,
      ),
    )
      .flatten({ background: '#203040' })
      .png()
      .toBuffer();
    const clip = await renderClip(
      { image: striped, durationSeconds: 1, framing: 'wide', aspect: '9:16' },
      { ffmpeg, tempDir: directory },
    );
    expect(clip).toMatchObject({ frames: 24, cameraMove: 'pan', width: 720, height: 1280 });
    expect(await probeMedia(ffmpeg.path, clip.path)).toMatchObject({ width: 720, height: 1280 });
    expect(await firstToLast(clip)).toBeGreaterThan(4);
  });

  const meanDifference = (a: Buffer, b: Buffer) => {
    let total = 0;
    for (let index = 0; index < a.length; index += 1) total += Math.abs((a[index] ?? 0) - (b[index] ?? 0));
    return total / a.length;
  };

  it('writes each drawn picture once and its repeat as a skipped picture: the same frames as coding every frame', async () => {
    for (const framing of ['close', 'insert'] as const) {
      const request = { image: still, durationSeconds: 1.5, framing, aspect: '16:9' as const };
      const repeated = await renderClip(request, { ffmpeg, tempDir: directory });
      const everyFrame = await renderClip(request, { ffmpeg, tempDir: directory, everyFrame: true });
      expect(repeated.meta.repeats).toBe('repeated');
      expect(everyFrame.meta.repeats).toBe('every-frame');
      const [fast, slow] = await Promise.all([decodeSmall(repeated), decodeSmall(everyFrame)]);
      expect(fast).toHaveLength(36);
      expect(slow).toHaveLength(36);
      for (let index = 0; index < 36; index += 1) {
        // Drawn on twos: frames 2k and 2k+1 are one picture, shown exactly again.
        if (index % 2 === 1) expect((fast[index] as Buffer).equals(fast[index - 1] as Buffer)).toBe(true);
        // Two lossy codings of the same pictures: the same to the eye (a level or two in 255).
        expect(meanDifference(fast[index] as Buffer, slow[index] as Buffer)).toBeLessThan(2.5);
      }
      if (framing === 'close')
        expect(meanDifference(fast[0] as Buffer, fast[35] as Buffer)).toBeGreaterThan(4);
    }
  });

  it('rounds the duration to whole frames', async () => {
    const clip = await renderClip(
      { image: still, durationSeconds: 0.52, framing: null, aspect: '1:1' },
      { ffmpeg, tempDir: directory },
    );
    expect([clip.frames, clip.durationSeconds]).toEqual([12, 0.5]);
  });

  it('fails with the stderr tail in the context, not the message, and leaves no files behind', async () => {
    const before = await readdir(directory);
    const failure = renderClip(
      { image: still, durationSeconds: 3, framing: 'close', aspect: '16:9' },
      { ffmpeg, tempDir: directory, timeoutMs: 1 },
    );
    await expect(failure).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: 'Video rendering timed out',
      context: expect.objectContaining({ stderr: expect.any(String), timeoutMs: 1 }),
    });
    expect(await readdir(directory)).toEqual(before);
  });

  it('answers bad input and a missing ffmpeg with catalogue errors', async () => {
    await expect(
      renderClip(
        { image: still, durationSeconds: 0, framing: null, aspect: '16:9' },
        { ffmpeg, tempDir: directory },
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^durationSeconds: /),
    });
    await expect(
      renderClip(
        { image: Buffer.from('not a png'), durationSeconds: 1, framing: null, aspect: '16:9' },
        { ffmpeg, tempDir: directory },
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'The shot image is not a readable image' });
    const provider = createLocalProvider({ ffmpegPath: path.join(directory, 'no-ffmpeg-here') });
    await expect(
      provider.video.renderClip({ image: still, durationSeconds: 1, framing: null, aspect: '16:9' }),
    ).rejects.toMatchObject({ code: 'NOT_AVAILABLE_ERROR', statusCode: 501 });
  });
});
