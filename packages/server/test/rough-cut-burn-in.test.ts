import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Cut, JobAcceptedReply } from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  burnInFont,
  burnInText,
  filterOptionValue,
  literalTextOptions,
} from '../src/cuts/rough-cut.burn-in.js';
import { type RoughCutEvent, renderRoughCut } from '../src/cuts/rough-cut.render.js';
import { type FfmpegLocation, resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { ffmpegCapabilities, runFfmpeg } from '../src/media/ffmpeg-process.js';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { burnInReference, grayFrame, nameBandDifference } from './support/burn-in-frames.js';
import { newProject, waitForEvent } from './support/factories.js';
import { newShot, useTestServer } from './support/harness.js';
import { ask } from './support/socket-expect.js';
import { useStderrCapture } from './support/stderr-capture.js';

/** Every character drawtext, its option parser or the filter graph would otherwise act on. */
const HOSTILE_NAME = "It's %{pts} %{eif:n:d} \\ back: slash; [x], done";
const SIZE = { width: 640, height: 360 };

/** The processes on this machine whose command line mentions `text` (here: a test's scratch folder). */
async function programsIn(text: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(text)) found.push(cmdline.replaceAll('\0', ' '));
  }
  return found;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
}

describe('the rough cut burn-in draws any shot name as it is', () => {
  let ffmpeg: FfmpegLocation;
  let font: string;
  let directory: string;
  let drawtext = false;

  beforeAll(async () => {
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    font = burnInFont() ?? '';
    drawtext = font !== '' && (await ffmpegCapabilities(ffmpeg.path)).filters.has('drawtext');
    directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-burn-in-'));
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const blackEvent = (name: string, frames = 12): RoughCutEvent => ({
    name,
    frames,
    sourceIn: 0,
    transition: { type: 'cut' },
    video: null,
    image: null,
  });

  const render = (output: string, events: RoughCutEvent[], signal = new AbortController().signal) =>
    renderRoughCut({
      ffmpeg,
      frameRate: 24,
      ...SIZE,
      events,
      soundtrack: null,
      burnIn: true,
      workDir: directory,
      output: path.join(directory, output),
      signal,
      onProgress: async () => undefined,
    });

  it('escapes a filter option value so ffmpeg reads it back literally (checked against a file)', async () => {
    expect(filterOptionValue("a'b:c\\d[e],f;g")).toBe("a\\\\\\'b\\\\:c\\\\\\\\d\\[e\\]\\,f\\;g");
    if (!drawtext) return;
    // The same text through text= (escaped) and through textfile= draws the same pixels.
    const file = path.join(directory, 'escaped.txt');
    await writeFile(file, HOSTILE_NAME);
    const draw = async (options: string, output: string) => {
      const target = path.join(directory, output);
      const run = await runFfmpeg(
        ffmpeg.path,
        [
          ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'lavfi'],
          ...['-i', `color=c=black:s=${SIZE.width}x${SIZE.height}`],
          ...[
            '-vf',
            `drawtext=fontfile=${filterOptionValue(font)}:${options}:fontsize=20:fontcolor=white:x=24:y=h-th-24`,
          ],
          ...['-frames:v', '1', target],
        ],
        60_000,
      );
      expect(run.code, run.stderr).toBe(0);
      return grayFrame(ffmpeg.path, target, SIZE);
    };
    const escaped = await draw(`text=${filterOptionValue(HOSTILE_NAME)}:expansion=none`, 'escaped.png');
    const fromFile = await draw(literalTextOptions(file), 'from-file.png');
    expect(escaped.pixels.equals(fromFile.pixels)).toBe(true);
    expect(nameBandDifference(escaped, fromFile).ink).toBeGreaterThan(200);
  });

  it("draws a name with %{…}, ', \\, : and ; literally (the frame matches the text drawn from a file)", async () => {
    if (!drawtext) return;
    const outcome = await render('hostile.mp4', [blackEvent(HOSTILE_NAME)]);
    expect(outcome.burnIn).toBe('drawn');
    const frame = await grayFrame(ffmpeg.path, path.join(directory, 'hostile.mp4'), SIZE, 6);
    const literal = nameBandDifference(frame, await burnInReference(ffmpeg.path, font, HOSTILE_NAME, SIZE));
    expect(literal.ink).toBeGreaterThan(300);
    expect(literal.disagreeing).toBeLessThan(literal.ink * 0.05);
    // What expansion would have drawn (the frame time for %{pts}, the frame number for %{eif:n:d})
    // and what the old one-level escaping drew differ visibly: the comparison tells them apart.
    for (const other of [
      "It's 0.250000 6 \\ back: slash; [x], done",
      "It's %{pts} %{eif:n:d} back: slash; [x], done",
    ]) {
      const differs = nameBandDifference(frame, await burnInReference(ffmpeg.path, font, other, SIZE));
      expect(differs.disagreeing).toBeGreaterThan(literal.disagreeing * 4 + 40);
    }
  });

  it('keeps a name to one line without control characters', () => {
    expect(burnInText(' Night\nexterior\t\u0007 2 ')).toBe('Night exterior 2');
  });

  it('a failed render says what ffmpeg could not do, in words, with no path or ffmpeg output', async () => {
    const broken = path.join(directory, 'not-a-picture.png');
    await writeFile(broken, 'this is not an image');
    const failure = render('failed.mp4', [{ ...blackEvent("Mara's key"), image: broken }]);
    await expect(failure).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message:
        "Rough cut rendering failed: ffmpeg could not encode event 1 (Mara's key) (the shot's image is not a readable image)",
    });
    const error = await failure.then(
      () => undefined,
      (reason: unknown) => reason as { message: string; context: { stderr?: string } },
    );
    expect(error?.message).not.toContain(directory);
    // ffmpeg's own words are kept for the log.
    expect(error?.context.stderr).toContain('Invalid data found');
  });

  it('a cancelled render stops its ffmpeg and leaves no file', async () => {
    const controller = new AbortController();
    // Ten minutes of picture: minutes of encoding, unless it is stopped.
    const rendering = render('cancelled.mp4', [blackEvent('Long', 24 * 600)], controller.signal);
    await until(async () => (await programsIn(directory)).length > 0);
    controller.abort(new Error('cancelled by the test'));
    await expect(rendering).rejects.toThrow('cancelled by the test');
    expect(await programsIn(directory)).toEqual([]);
    await expect(stat(path.join(directory, 'cancelled.mp4'))).rejects.toThrow();
  });
});

describe('a rough cut job that fails', () => {
  const harness = useTestServer({ database: 'pglite', users: ['alice'], env: { LOG_LEVEL: 'warn' } });
  const logged = useStderrCapture();

  it('carries a human reason for the page, and its log line says more, with the job id', async () => {
    const { server, alice } = harness;
    const project = await newProject(server, alice, { name: 'Broken frame' });
    const key = `projects/${project.id}/images/broken.png`;
    await server.app.get<symbol, Storage>(STORAGE).put(key, Buffer.from('not an image at all'), 'image/png');
    await newShot(server, project.id, { name: "Mara's key", duration: 1, position: 0, s3_image_key: key });
    const socket = await harness.connect(alice);
    await ask(socket, 'project:subscribe', { projectId: project.id });
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Assembly' });
    const accepted = await ask<JobAcceptedReply>(socket, 'cut:render-rough-cut', {
      projectId: project.id,
      cutId: cut.id,
      burnIn: true,
    });
    const failed = await waitForEvent<{ jobId: string; error: string; code?: string }>(
      socket,
      'job:error',
      (event) => event.jobId === accepted.job.id,
    );
    expect(failed).toMatchObject({
      code: 'SERVER_ERROR',
      error:
        "Rough cut rendering failed: ffmpeg could not encode event 1 (Mara's key) (the shot's image is not a readable image)",
    });
    const line = logged
      .flatMap((chunk) => chunk.split('\n'))
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as { level: string; jobId?: string; msg: string })
      .find((entry) => entry.jobId === accepted.job.id && entry.level === 'warn');
    expect(line?.msg).toContain(failed.error);
    expect(line?.msg).toMatch(/it said: .*Invalid data found/);
  });
});
