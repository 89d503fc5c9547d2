import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRoughCut } from '../src/cuts/rough-cut.render.js';
import type { RenderedClip } from '../src/generation/generation.types.js';
import { renderClip } from '../src/generation/local/animatic.js';
import { renderFrame } from '../src/generation/local/frame-renderer.js';
import { type FfmpegLocation, resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { probeMedia, runFfmpeg } from '../src/media/ffmpeg-process.js';
import { frameInput } from './generation/generation.fixtures.js';
import { frameHashes, frameRows } from './media/h264-fixtures.js';

describe('renderRoughCut: animatics are joined as they are', () => {
  let ffmpeg: FfmpegLocation;
  let directory: string;
  let still: Buffer;
  const clips: RenderedClip[] = [];

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-rough-cut-render-'));
    still = (await renderFrame(frameInput({}))).png;
    for (const [durationSeconds, framing] of [
      [1.5, 'close'],
      [1, 'wide'],
    ] as const)
      clips.push(
        await renderClip(
          { image: still, durationSeconds, framing, aspect: '16:9' },
          { ffmpeg, tempDir: directory },
        ),
      );
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const event = (clip: RenderedClip, name: string, frames = clip.frames) => ({
    name,
    frames,
    sourceIn: 0,
    transition: { type: 'cut' as const },
    video: {
      path: clip.path,
      encoder: String(clip.meta.encoder),
      fps: clip.fps,
      width: clip.width,
      height: clip.height,
      frames: clip.frames,
    },
    image: null,
  });

  /** What the job was told, in order, by the latest render. */
  let progress: [number, string][] = [];

  /** The rough cut of `events` at 1280x720, 24 fps, without soundtrack or burn-in, into `name`. */
  const render = (name: string, events: Parameters<typeof renderRoughCut>[0]['events']) => {
    progress = [];
    return renderRoughCut({
      ffmpeg,
      frameRate: 24,
      width: 1280,
      height: 720,
      events,
      soundtrack: null,
      burnIn: false,
      workDir: directory,
      output: path.join(directory, name),
      signal: new AbortController().signal,
      onProgress: async (fraction, message) => {
        progress.push([fraction, message]);
      },
    });
  };

  it('stream-copies animatics (a shorter event is cut at its out point) and encodes an image-only event', async () => {
    const [first, second] = clips as [RenderedClip, RenderedClip];
    const output = path.join(directory, 'cut.mp4');
    const imageFile = path.join(directory, 'still.png');
    await (await import('node:fs/promises')).writeFile(imageFile, still);
    const outcome = await render('cut.mp4', [
      event(first, 'One'),
      event(second, 'Two', 12),
      { name: 'Three', frames: 24, sourceIn: 0, transition: { type: 'cut' }, video: null, image: imageFile },
    ]);
    expect(outcome).toMatchObject({
      copiedEvents: 2,
      encodedEvents: 1,
      frames: 36 + 12 + 24,
      hasAudio: true,
    });
    // The job's line reads as the work goes: each event, the join, then what was made.
    expect(progress).toEqual([
      [expect.closeTo(0.8 / 3), '1/3 events'],
      [expect.closeTo(1.6 / 3), '2/3 events'],
      [expect.closeTo(0.8), '3/3 events'],
      [0.85, 'joining the events'],
      [1, '3 events joined'],
    ]);
    const probe = await probeMedia(ffmpeg.path, output);
    expect(Math.abs(probe.durationSeconds - 72 / 24)).toBeLessThanOrEqual(3 / 24);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, width: 1280, height: 720 });
    // Every picture one frame after the last, across the joins: no gap, nothing cut off at the end.
    const { stdout } = await runFfmpeg(
      ffmpeg.path,
      ['-v', 'error', '-i', output, '-map', '0:v', '-c', 'copy', '-f', 'framemd5', '-'],
      30_000,
    );
    const pts = stdout
      .toString('utf8')
      .split('\n')
      .filter((line) => line.startsWith('0,'))
      .map((line) => Number(line.split(',')[2]));
    expect(pts).toHaveLength(72);
    const steps = new Set(pts.slice(1).map((value, index) => value - (pts[index] as number)));
    expect(steps.size).toBe(1);
  });

  it('holds the last picture of an animatic shorter than its event instead of encoding the event again', async () => {
    const [first, second] = clips as [RenderedClip, RenderedClip];
    const output = path.join(directory, 'held.mp4');
    // One frame longer (the cut's rounding), then two frames longer.
    const outcome = await render('held.mp4', [
      event(first, 'One', first.frames + 1),
      event(second, 'Two', second.frames + 2),
    ]);
    const frames = first.frames + 1 + second.frames + 2;
    expect(outcome).toMatchObject({ copiedEvents: 2, encodedEvents: 0, frames });
    const rows = await frameRows(output);
    expect(rows).toHaveLength(frames);
    const steps = new Set(rows.slice(1).map((row, index) => row.pts - (rows[index]?.pts as number)));
    expect(steps.size).toBe(1);
    // Each clip's own pictures in order, the last one of each held for the frames it lacked.
    const one = await frameHashes(first.path);
    const two = await frameHashes(second.path);
    expect(rows.map((row) => row.hash)).toEqual([...one, one.at(-1), ...two, two.at(-1), two.at(-1)]);
  });
});
