import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ReelbenchError } from '@reelbench/sdk/contract';
import { expect } from 'vitest';
import type { RemoteLogger, Sleep } from '../../../src/generation/remote/remote-session.js';
import type { FfmpegLocation } from '../../../src/media/ffmpeg-path.js';
import { runFfmpeg } from '../../../src/media/ffmpeg-process.js';

/** Waits are recorded as asked but last at most a few milliseconds, so tests never idle. */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  const sleep: Sleep = async (ms, signal) => {
    waits.push(ms);
    await delay(Math.min(ms, 5), undefined, signal ? { signal } : undefined);
  };
  return { sleep, waits };
}

export function recordingLogger(): RemoteLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (message) => lines.push(message) };
}

/** The rejection of a promise that must fail. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (reason: unknown) => reason,
  );
}

export async function failure(promise: Promise<unknown>): Promise<ReelbenchError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ReelbenchError);
  return error as ReelbenchError;
}

/** The key appears nowhere a client or a log could see it: message, context, JSON body, cause. */
export function expectNoSecret(error: unknown, secret: string): void {
  const reelbench = error as ReelbenchError;
  expect(String(reelbench.message)).not.toContain(secret);
  expect(JSON.stringify(reelbench.context ?? {})).not.toContain(secret);
  if (reelbench instanceof ReelbenchError) expect(JSON.stringify(reelbench.toJSON())).not.toContain(secret);
  const cause = (reelbench as { cause?: unknown }).cause;
  if (cause instanceof Error) expect(cause.message).not.toContain(secret);
}

/** A real 1 s 320x180 H.264 clip at 24 fps from ffmpeg's test source. */
export async function makeTestClip(ffmpeg: FfmpegLocation): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `reelbench-fake-clip-${process.pid}-${Date.now()}.mp4`);
  const run = await runFfmpeg(
    ffmpeg.path,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=24',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      file,
    ],
    60_000,
  );
  if (run.code !== 0) throw new Error(`ffmpeg could not make the test clip:\n${run.stderr}`);
  try {
    return await readFile(file);
  } finally {
    await rm(file, { force: true });
  }
}
