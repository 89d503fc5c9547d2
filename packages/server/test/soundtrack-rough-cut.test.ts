import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type Cut,
  HTTP_ROUTES,
  type JobAcceptedReply,
  type Project,
  type ReviewLink,
  type ReviewView,
  type RoughCut,
  type Shot,
  SOUNDTRACK_PEAKS,
  type Soundtrack,
  type UploadResult,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateFcpxml } from '../../sdk/test/editorial/fcpxml-dtd.js';
import { type FfmpegLocation, resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { probeMedia, runFfmpeg } from '../src/media/ffmpeg-process.js';
import { testDatabases } from './support/databases.js';
import { api, connectSocket, newProject, newUser, request, type TestUser } from './support/factories.js';
import { UNKNOWN_ID, until } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';
import { unzip } from './support/unzip.js';

/** Short shots keep the renders quick; their lengths differ so a mix-up would show. */
const DURATIONS = [1, 1.5, 0.75];

describe.each(testDatabases())('soundtrack and rough cut on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let socket: Socket;
  let bobSocket: Socket;
  let ffmpeg: FfmpegLocation;
  let work: string;
  let project: Project;
  let wav: Buffer;

  /** A tone made with ffmpeg's lavfi sine source, in the container the extension names. */
  async function tone(name: string, seconds: number, extra: string[] = []): Promise<Buffer> {
    const file = path.join(work, name);
    const run = await runFfmpeg(
      ffmpeg.path,
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, ...extra, file],
      30_000,
    );
    expect(run.code).toBe(0);
    return readFile(file);
  }

  async function upload(user: TestUser, projectId: string, bytes: Buffer, name: string) {
    const form = new FormData();
    form.append('projectId', projectId);
    form.append('audio', new Blob([bytes], { type: 'application/octet-stream' }), name);
    const response = await fetch(`${server.url}${HTTP_ROUTES.files.uploadAudio.path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    return { status: response.status, body: (await response.json()) as UploadResult };
  }

  async function jobEnd(jobId: string) {
    return until(
      `job ${jobId}`,
      async () => {
        const { jobs } = await ask<{ jobs: { id: string; status: string; error: string | null }[] }>(
          socket,
          'jobs:list',
          { projectId: project.id },
        );
        const job = jobs.find((entry) => entry.id === jobId);
        return job && ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      120_000,
    );
  }

  beforeAll(async () => {
    server = await startTestServer({ database, env: { JOB_CONCURRENCY: '2' } });
    ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    work = await mkdtemp(path.join(os.tmpdir(), 'reelbench-soundtrack-test-'));
    alice = await newUser(server);
    bob = await newUser(server);
    socket = await connectSocket(server, alice.token);
    bobSocket = await connectSocket(server, bob.token);
    project = await newProject(server, alice, { name: 'Night Shift' });
    wav = await tone('tone.wav', 2);
  });

  afterAll(async () => {
    socket?.close();
    bobSocket?.close();
    await server?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('sets an uploaded track as the soundtrack: its duration and waveform peaks from ffmpeg', async () => {
    expect(await ask(socket, 'audio:get', { projectId: project.id })).toBeNull();
    const uploaded = await upload(alice, project.id, wav, 'tone.wav');
    expect(uploaded.status).toBe(201);
    const soundtrack = await ask<Soundtrack>(socket, 'audio:set', {
      projectId: project.id,
      key: uploaded.body.key,
      offsetSeconds: 0.5,
    });
    expect(soundtrack).toMatchObject({
      projectId: project.id,
      key: uploaded.body.key,
      name: 'tone.wav',
      mimetype: 'audio/wav',
      offsetSeconds: 0.5,
    });
    expect(Math.abs(soundtrack.durationSeconds - 2)).toBeLessThan(0.01);
    expect(soundtrack.peaks).toHaveLength(SOUNDTRACK_PEAKS);
    // A full-scale sine: every slice of it peaks high (lavfi's sine is at 1/8 amplitude).
    expect(Math.min(...soundtrack.peaks)).toBeGreaterThan(0.1);
    expect(Math.max(...soundtrack.peaks)).toBeLessThanOrEqual(1);
    const http = await api<Soundtrack>(server, 'GET', `/api/audio/${project.id}`, { token: alice.token });
    expect(http.status).toBe(200);
    expect(http.body.peaks).toEqual(soundtrack.peaks);
    const stored = await ask<Project>(socket, 'project:getOne', { projectId: project.id });
    expect(stored.audio_s3_key).toBe(uploaded.body.key);
  });

  it('decodes a silent head as low peaks, and replaces the track (the old file is deleted)', async () => {
    // One second of silence, then the tone: the first half of the waveform is flat.
    const quietThenLoud = await tone('later.m4a', 1, [
      '-af',
      'adelay=1000|1000,apad',
      '-t',
      '2',
      '-c:a',
      'aac',
    ]);
    const before = await ask<Soundtrack>(socket, 'audio:get', { projectId: project.id });
    const uploaded = await upload(alice, project.id, quietThenLoud, 'later.m4a');
    expect(uploaded.status).toBe(201);
    const replaced = await ask<Soundtrack>(socket, 'audio:set', {
      projectId: project.id,
      key: uploaded.body.key,
    });
    expect(replaced.mimetype).toBe('audio/mp4');
    expect(replaced.offsetSeconds).toBe(0.5);
    const half = Math.floor(replaced.peaks.length / 2);
    expect(Math.max(...replaced.peaks.slice(0, Math.floor(half * 0.9)))).toBeLessThan(0.02);
    expect(Math.max(...replaced.peaks.slice(half + 20))).toBeGreaterThan(0.1);
    const oldFile = await api(server, 'GET', `/api/files/download/${encodeURIComponent(before.key)}`, {
      token: alice.token,
    });
    expect(oldFile.status).toBe(404);
    const moved = await ask<Soundtrack>(socket, 'audio:set-offset', {
      projectId: project.id,
      offsetSeconds: -0.25,
    });
    expect(moved.offsetSeconds).toBe(-0.25);
  });

  it('refuses files that are not this project’s audio, and other users', async () => {
    const other = await newProject(server, alice, { name: 'Other' });
    const elsewhere = await upload(alice, other.id, wav, 'other.wav');
    expectSocketError(
      await request(socket, 'audio:set', { projectId: project.id, key: elsewhere.body.key }),
      'VALIDATION_ERROR',
      'key: not an audio file uploaded to this project',
    );
    expectSocketError(
      await request(bobSocket, 'audio:remove', { projectId: project.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    const set = await api(server, 'PUT', `/api/audio/${project.id}`, {
      token: alice.token,
      body: { key: `projects/${project.id}/audio/nothing.mp3` },
    });
    expect(set.status).toBe(400);
    expect(set.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const bobs = await api(server, 'GET', `/api/audio/${project.id}`, { token: bob.token });
    expect(bobs.status).toBe(404);
    const offset = await api(server, 'PATCH', `/api/audio/${other.id}`, {
      token: alice.token,
      body: { offsetSeconds: 1 },
    });
    expect(offset.status).toBe(404);
    expect(offset.body).toMatchObject({ code: 'NOT_FOUND_ERROR', error: 'Soundtrack not found' });
    const far = await api(server, 'PATCH', `/api/audio/${project.id}`, {
      token: alice.token,
      body: { offsetSeconds: 999_999 },
    });
    expect(far.status).toBe(400);
  });

  it('renders the rough cut of a cut: every event, the soundtrack under it, the duration within a frame per event', async () => {
    const shots: Shot[] = [];
    for (const [index, duration] of DURATIONS.entries()) {
      shots.push(
        await ask<Shot>(socket, 'shot:create', {
          projectId: project.id,
          name: `Shot ${index + 1}`,
          duration,
          description: `Shot number ${index + 1}`,
        }),
      );
    }
    const [first, second, third] = shots as [Shot, Shot, Shot];
    // Two shots get videos, the third only its image: it is shown for its duration.
    const videos = await ask<JobAcceptedReply>(socket, 'shot:generate-video-batch', {
      projectId: project.id,
      shotIds: [first.id, second.id],
    });
    expect((await jobEnd(videos.job.id)).status).toBe('completed');
    const images = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      shotIds: [third.id],
    });
    expect((await jobEnd(images.job.id)).status).toBe('completed');

    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: 'Assembly' });
    expect(cut.events.map((event) => event.duration)).toEqual([24, 36, 18]);
    expect(cut.soundtrack).toMatchObject({ offsetFrames: -6, durationFrames: 48 });
    expect(await ask(socket, 'cut:get-rough-cut', { projectId: project.id, cutId: cut.id })).toBeNull();

    const accepted = await ask<JobAcceptedReply>(socket, 'cut:render-rough-cut', {
      projectId: project.id,
      cutId: cut.id,
      burnIn: true,
    });
    expect(accepted.job.type).toBe('cut:render-rough-cut');
    const end = await jobEnd(accepted.job.id);
    expect(end.status).toBe('completed');

    const rough = await ask<RoughCut>(socket, 'cut:get-rough-cut', { projectId: project.id, cutId: cut.id });
    expect(rough).toMatchObject({
      jobId: accepted.job.id,
      cutId: cut.id,
      frames: 78,
      frameRate: 24,
      hasAudio: true,
      hasSoundtrack: true,
      dissolves: 'none',
    });
    // drawtext is in the bundled ffmpeg; without a font the result says so rather than failing.
    if (rough.burnIn === 'unavailable') expect(rough.notes.join(' ')).toMatch(/drawtext|font/);
    else expect(rough.burnIn).toBe('drawn');
    expect(await ask(socket, 'cut:get-rough-cut', { projectId: project.id })).toMatchObject({
      jobId: accepted.job.id,
    });
    // A review link of the project plays it.
    const link = await api<ReviewLink>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    const view = await api<ReviewView>(server, 'GET', `/api/review/${link.body.token}`);
    expect(view.body.roughCut).toEqual({ url: expect.any(String), duration: rough.durationSeconds });

    const response = await fetch(new URL(rough.url, server.url));
    expect(response.status).toBe(200);
    const file = path.join(work, 'rough-cut.mp4');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const probe = await probeMedia(ffmpeg.path, file);
    expect(probe).toMatchObject({ hasVideo: true, hasAudio: true, width: 1280, height: 720 });
    const seconds = DURATIONS.reduce((sum, value) => sum + value, 0);
    expect(Math.abs(probe.durationSeconds - seconds)).toBeLessThanOrEqual(DURATIONS.length / 24 + 0.01);

    // The soundtrack is heard where it was placed: the tone starts a second into the track and the
    // track 0.25 s before the picture, so it plays from 0.75 s to 1.75 s of the rough cut.
    const loudest = async (from: number, seconds: number) => {
      const pcm = await runFfmpeg(
        ffmpeg.path,
        [
          '-v',
          'error',
          '-ss',
          String(from),
          '-t',
          String(seconds),
          '-i',
          file,
          '-vn',
          '-ac',
          '1',
          '-ar',
          '8000',
          '-f',
          's16le',
          '-',
        ],
        30_000,
      );
      expect(pcm.stdout.length).toBeGreaterThan(0);
      let peak = 0;
      for (let index = 0; index + 1 < pcm.stdout.length; index += 2) {
        peak = Math.max(peak, Math.abs(pcm.stdout.readInt16LE(index)));
      }
      return peak;
    };
    expect(await loudest(0.9, 0.6)).toBeGreaterThan(1000);
    expect(await loudest(0, 0.6)).toBeLessThan(100);
    expect(await loudest(2, 1)).toBeLessThan(100);
  }, 300_000);

  it('hands the cut off as one zip whose EDL, OTIO and FCPXML point at media inside it', async () => {
    // The shots rendered by the test above: two with videos, one with only its image.
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, name: "Mara's assembly" });
    const response = await fetch(`${server.url}/api/projects/${project.id}/cuts/${cut.id}/package`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/filename=".*-package\.zip"/);
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const names = [...entries.keys()].sort();
    const media = names.filter((name) => name.startsWith('media/'));
    expect(media.filter((name) => name.endsWith('.mp4'))).toHaveLength(2);
    expect(media.filter((name) => name.endsWith('.png'))).toHaveLength(1);
    expect(media.filter((name) => name.startsWith('media/soundtrack-'))).toHaveLength(1);
    for (const name of media) expect(entries.get(name)?.length ?? 0).toBeGreaterThan(100);
    const text = (suffix: string) => {
      const name = names.find((entry) => entry.endsWith(suffix));
      if (!name) throw new Error(`no ${suffix} in ${names.join(', ')}`);
      return entries.get(name)?.toString('utf8') ?? '';
    };
    expect(text('README.txt')).toContain('3 events at 24 fps');

    // Every media reference is relative and names a file of the zip.
    const otio = JSON.parse(text('.otio')) as unknown;
    const targets: string[] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (typeof record.target_url === 'string') targets.push(record.target_url);
        Object.values(record).forEach(walk);
      }
    };
    walk(otio);
    expect(targets).toHaveLength(4);
    for (const target of targets) expect(names).toContain(target);
    const fcpxml = text('.fcpxml');
    const sources = [...fcpxml.matchAll(/ src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources).toHaveLength(4);
    for (const src of sources) expect(names).toContain(src);
    validateFcpxml(fcpxml, 'package');
    const edl = text('.edl');
    expect(edl.match(/^\d{3} {2}[0-9A-F]{8} V /gm)).toHaveLength(3);
    for (const [index, name] of media.filter((entry) => !entry.includes('soundtrack')).entries())
      expect(name).toMatch(new RegExp(`^media/000${index + 1}-`));

    // Another user's request is not found, and nothing is streamed.
    const stranger = await fetch(`${server.url}/api/projects/${project.id}/cuts/${cut.id}/package`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(stranger.status).toBe(404);
  });

  it('answers a rough cut request for an unknown cut or another user’s project with catalogue errors', async () => {
    expectSocketError(
      await request(socket, 'cut:render-rough-cut', { projectId: project.id, cutId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Cut not found',
    );
    expectSocketError(
      await request(bobSocket, 'cut:get-rough-cut', { projectId: project.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    const render = await api(server, 'POST', `/api/projects/${project.id}/cuts/${UNKNOWN_ID}/rough-cut`, {
      token: alice.token,
      body: {},
    });
    expect(render.status).toBe(404);
    const bobs = await api(server, 'GET', `/api/projects/${project.id}/rough-cut`, { token: bob.token });
    expect(bobs.status).toBe(404);
    const latest = await api<RoughCut>(server, 'GET', `/api/projects/${project.id}/rough-cut`, {
      token: alice.token,
    });
    expect(latest.status).toBe(200);
    expect(latest.body.cutName).toBe('Assembly');
  });

  it('puts the soundtrack under a cut with its own offset, takes it off, and removes it', async () => {
    const cut = await ask<Cut>(socket, 'cut:create', { projectId: project.id, frameRate: 25 });
    const moved = await ask<Cut>(socket, 'audio:set-cut', {
      projectId: project.id,
      cutId: cut.id,
      offsetSeconds: 2,
    });
    expect(moved.soundtrack?.offsetFrames).toBe(50);
    // The AAC track is 2 s give or take its encoder's priming: about 50 frames at 25 fps.
    expect(Math.abs((moved.soundtrack?.durationFrames ?? 0) - 50)).toBeLessThanOrEqual(2);
    const off = await ask<Cut>(socket, 'audio:set-cut', {
      projectId: project.id,
      cutId: cut.id,
      remove: true,
    });
    expect(off.soundtrack).toBeUndefined();
    expect(await ask(socket, 'audio:remove', { projectId: project.id })).toEqual({
      projectId: project.id,
      removed: true,
    });
    expect(await ask(socket, 'audio:get', { projectId: project.id })).toBeNull();
    expect(await ask(socket, 'audio:remove', { projectId: project.id })).toEqual({
      projectId: project.id,
      removed: false,
    });
    const stored = await ask<Project>(socket, 'project:getOne', { projectId: project.id });
    expect(stored.audio_s3_key).toBeNull();
  });
});
