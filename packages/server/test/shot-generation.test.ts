import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type Asset,
  type CoverageVariant,
  type Job,
  type JobAcceptedReply,
  type JobListReply,
  type Project,
  type ProjectListEntry,
  SERVER_EVENT_SCHEMAS,
  type ServerEventName,
  type Shot,
  type ShotGenerationReply,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRegistry } from '../src/generation/provider.js';
import { resolveFfmpeg } from '../src/media/ffmpeg-path.js';
import { probeMedia } from '../src/media/ffmpeg-process.js';
import { variantStorageKeys } from '../src/media/variants.js';
import { testDatabases } from './support/databases.js';
import { api, connectSocket, newProject, newUser, request, type TestUser } from './support/factories.js';
import { download, UNKNOWN_ID, until } from './support/harness.js';
import { ask, expectSocketError, expectSocketReply } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const FRAME_SECONDS = 1 / 24;
/** Short shots keep the animatics quick to encode; their durations differ so a mix-up would show. */
const DURATIONS = [1, 1.5, 2, 1.25, 1.75, 1, 2.5, 1.5, 1.125, 2];

interface Received {
  event: ServerEventName;
  payload: Record<string, unknown>;
}

/** Every server event a socket hears, checked against the contract's schema as it arrives. */
function recordEvents(socket: Socket): Received[] {
  const received: Received[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => {
    if (!(event in SERVER_EVENT_SCHEMAS)) return;
    const name = event as ServerEventName;
    const parsed = SERVER_EVENT_SCHEMAS[name].safeParse(payload);
    if (!parsed.success) throw new Error(`${event} does not match the contract: ${parsed.error.message}`);
    received.push({ event: name, payload });
  });
  return received;
}

const jobEnd = (events: Received[], jobId: string) =>
  events.find((e) => (e.event === 'job:complete' || e.event === 'job:error') && e.payload.jobId === jobId);

describe.each(testDatabases())('shot generation over the socket on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let socket: Socket;
  let events: Received[];
  const sockets: Socket[] = [];

  async function start(env: Record<string, string> = {}) {
    server = await startTestServer({
      database,
      env: { JOB_CONCURRENCY: '2', JOB_STALE_SECONDS: '2', ...env },
    });
  }

  async function connect(user: TestUser) {
    const connected = await connectSocket(server, user.token);
    sockets.push(connected);
    return connected;
  }

  beforeAll(async () => {
    await start();
    alice = await newUser(server);
    bob = await newUser(server);
  });

  afterEach(() => {
    for (const open of sockets.splice(0)) open.close();
  });

  afterAll(async () => {
    await server?.close();
  });

  /** A project with a character, a location and a prop, and ten shots placing them, at 9:16. */
  async function storyboard(count = 10): Promise<{ project: Project; shots: Shot[]; assets: Asset[] }> {
    socket = await connect(alice);
    events = recordEvents(socket);
    const project = await newProject(server, alice, { name: 'Night Shift' });
    await ask(socket, 'project:subscribe', { projectId: project.id });
    const assets = [
      await ask<Asset>(socket, 'unified-asset:create', {
        projectId: project.id,
        type: 'character',
        name: 'Mara',
      }),
      await ask<Asset>(socket, 'unified-asset:create', {
        projectId: project.id,
        type: 'location',
        name: 'Diner',
      }),
      await ask<Asset>(socket, 'unified-asset:create', {
        projectId: project.id,
        type: 'prop',
        name: 'Neon sign',
      }),
    ];
    const [mara, diner, sign] = assets as [Asset, Asset, Asset];
    const shots: Shot[] = [];
    for (let i = 0; i < count; i += 1) {
      shots.push(
        await ask<Shot>(socket, 'shot:create', {
          projectId: project.id,
          name: `Shot ${i + 1}`,
          action: `Mara looks at the sign (${i + 1})`,
          duration: DURATIONS[i % DURATIONS.length],
          framing: i % 2 === 0 ? 'wide' : 'close',
          composition_settings: { aspect: '9:16' },
          assets: [
            { assetId: diner.id, position: { x: 0.5, y: 0.5 } },
            { assetId: mara.id, position: { x: 0.3 + (i % 3) * 0.2, y: 0.6 }, scale: 1 },
            { assetId: sign.id, position: { x: 0.7, y: 0.3 }, scale: 0.5 },
          ],
        }),
      );
    }
    return { project, shots, assets };
  }

  /** A storyboard's video batch, one shot at a time, once `finished` of its shots are done. */
  async function videoBatchUnderWay(finished: number): Promise<{ project: Project; jobId: string }> {
    const { project, shots } = await storyboard();
    const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-video-batch', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
      concurrency: 1,
    });
    const jobId = accepted.job.id;
    await until(`${finished} finished shots`, () => {
      const done = events.filter((e) => e.event === 'shot:batch-progress' && e.payload.jobId === jobId);
      return done.length >= finished ? true : undefined;
    });
    return { project, jobId };
  }

  /** shot:generate as alice for one shot (with any extra fields): the job and the updated shot. */
  const generateShot = (projectId: string, shotId: string, fields: Record<string, unknown> = {}) =>
    ask<ShotGenerationReply>(socket, 'shot:generate', { projectId, shotId, ...fields });

  async function shotsOf(projectId: string): Promise<Shot[]> {
    const page = await ask<{ shots: Shot[] }>(socket, 'shot:getAll', { projectId });
    return page.shots;
  }

  it('generate-batch renders every shot at its aspect ratio, reporting progress in order with the jobId', async () => {
    const { project, shots } = await storyboard();
    const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
    });
    expect(accepted.job).toMatchObject({
      projectId: project.id,
      type: 'shot:generate-batch',
      status: 'queued',
    });
    expect(accepted.job.shotIds).toEqual(shots.map((shot) => shot.id));
    const jobId = accepted.job.id;
    const end = await until('the batch to end', () => jobEnd(events, jobId));
    expect(end.event).toBe('job:complete');

    const batch = events.filter((e) => e.event === 'shot:batch-progress' && e.payload.jobId === jobId);
    expect(batch.map((e) => e.payload.completed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(batch.every((e) => e.payload.total === 10 && e.payload.failed === 0)).toBe(true);
    const progress = events
      .filter((e) => e.event === 'job:progress' && e.payload.jobId === jobId)
      .map((e) => e.payload.progress as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const perShot = events.filter((e) => e.event === 'shot:generation-progress' && e.payload.jobId === jobId);
    for (const shot of shots) {
      const statuses = perShot.filter((e) => e.payload.shotId === shot.id).map((e) => e.payload.status);
      expect(statuses).toEqual(['processing', 'completed']);
    }

    const rendered = await shotsOf(project.id);
    for (const shot of rendered) {
      expect(shot.generation_status).toBe('completed');
      expect(shot.image_url).toBeTruthy();
      const image = await sharp(await download(server, shot.image_url as string)).metadata();
      expect({ format: image.format, width: image.width, height: image.height }).toEqual({
        format: 'png',
        width: 720,
        height: 1280,
      });
    }
    const result = (end.payload as { result?: unknown }).result as { shotId: string; status: string }[];
    expect(result.map((r) => [r.shotId, r.status])).toEqual(shots.map((shot) => [shot.id, 'completed']));

    // The stored image has its WebP variants beside it.
    const key = rendered[0]?.s3_image_key as string;
    for (const variant of Object.values(variantStorageKeys(key))) {
      const webp = await sharp(await readFile(path.join(server.dataDir, 'files', variant))).metadata();
      expect(webp.format).toBe('webp');
    }
    expect(key).toMatch(new RegExp(`^projects/${project.id}/shots/${rendered[0]?.id}/.+\\.png$`));
  });

  it('generate-video-batch makes MP4s whose probed duration matches each shot within one frame', async () => {
    const { project, shots } = await storyboard();
    const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-video-batch', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
    });
    const end = await until('the video batch to end', () => jobEnd(events, accepted.job.id), 240_000);
    expect(end.event).toBe('job:complete');
    const ffmpeg = resolveFfmpeg({ ffmpegPath: process.env.FFMPEG_PATH, searchPath: process.env.PATH });
    const videos = await shotsOf(project.id);
    for (const shot of videos) {
      expect(shot.video_generation_status).toBe('completed');
      const file = path.join(os.tmpdir(), `reelbench-probe-${shot.id}.mp4`);
      await writeFile(file, await download(server, shot.video_url as string));
      const probe = await probeMedia(ffmpeg.path, file);
      expect(probe.hasVideo).toBe(true);
      expect({ width: probe.width, height: probe.height }).toEqual({ width: 720, height: 1280 });
      expect(Math.abs(probe.durationSeconds - shot.duration)).toBeLessThanOrEqual(FRAME_SECONDS + 1e-6);
    }
    const videoProgress = events.filter(
      (e) => e.event === 'shot:video-progress' && e.payload.jobId === accepted.job.id,
    );
    expect(videoProgress.filter((e) => e.payload.status === 'completed')).toHaveLength(10);
  }, 300_000);

  it('cancelling a batch half-way stops it, sends nothing more for it and keeps the finished shots', async () => {
    const { project, jobId } = await videoBatchUnderWay(3);
    const cancelled = await ask<Job>(socket, 'jobs:cancel', { jobId });
    expect(cancelled.status).toBe('cancelled');
    const error = await until('job:error', () =>
      events.find((e) => e.event === 'job:error' && e.payload.jobId === jobId),
    );
    expect(error.payload).toMatchObject({ status: 'cancelled', error: 'Job cancelled' });
    const afterCancel = events.indexOf(error);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const later = events
      .slice(afterCancel + 1)
      .filter((e) => e.payload.jobId === jobId && e.event !== 'shot:updated');
    expect(later).toEqual([]);

    const after = await shotsOf(project.id);
    const finished = after.filter((shot) => shot.video_url !== null);
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(finished.length).toBeLessThan(10);
    for (const shot of finished) expect(shot.video_generation_status).toBe('completed');
    for (const shot of after.filter((s) => s.video_url === null))
      expect(shot.video_generation_status).toBe('pending');

    // A finished job cannot be cancelled again.
    expectSocketError(
      await request(socket, 'jobs:cancel', { jobId }),
      'CONFLICT_ERROR',
      'Failed to cancel job',
    );
    const listed = await ask<JobListReply>(socket, 'jobs:list', { projectId: project.id });
    expect(listed.jobs.find((job) => job.id === jobId)?.status).toBe('cancelled');
  }, 120_000);

  it('a restart during a batch ends with every shot generated (resumed), none stuck processing', async () => {
    const { project, jobId } = await videoBatchUnderWay(2);
    for (const open of sockets.splice(0)) open.close();
    await server.close({ keepData: true });
    server = await startTestServer({
      database,
      reuse: server,
      env: { JOB_CONCURRENCY: '2', JOB_STALE_SECONDS: '2' },
    });
    socket = await connect(alice);
    const job = await until(
      'the resumed job to finish',
      async () => {
        const { jobs } = await ask<JobListReply>(socket, 'jobs:list', { projectId: project.id });
        const found = jobs.find((candidate) => candidate.id === jobId);
        return found && ['completed', 'failed', 'cancelled'].includes(found.status) ? found : undefined;
      },
      240_000,
    );
    expect(job.status).toBe('completed');
    const after = await shotsOf(project.id);
    for (const shot of after) {
      expect(shot.video_generation_status).not.toBe('processing');
      expect(shot.video_generation_status).not.toBe('queued');
      expect(shot.video_url).toBeTruthy();
    }
  }, 300_000);

  it('single-shot actions answer with the job and the updated shot; quality reports each attempt', async () => {
    const { project, shots } = await storyboard(2);
    const [first, second] = shots as [Shot, Shot];
    const generated = await generateShot(project.id, first.id);
    expect(generated.shot.image_url).toBeTruthy();
    expect(generated.shot.generation_status).toBe('completed');
    const square = await generateShot(project.id, second.id, { aspect: '1:1' });
    const squareImage = await sharp(await download(server, square.shot.image_url as string)).metadata();
    expect([squareImage.width, squareImage.height]).toEqual([1024, 1024]);

    const edited = await ask<ShotGenerationReply>(socket, 'shot:edit', {
      projectId: project.id,
      shotId: first.id,
      instruction: 'brighter',
    });
    expect(edited.shot.s3_image_key).not.toBe(generated.shot.s3_image_key);

    const quality = await ask<{ attempts: number; score: number; passed: boolean; shot: Shot }>(
      socket,
      'shot:generate-with-quality',
      { projectId: project.id, shotId: second.id, minScore: 10, maxRetries: 2 },
    );
    // It stops at the first attempt that reaches the score, or after the retries.
    expect(quality.passed).toBe(quality.score >= 10);
    expect(quality.attempts).toBe(quality.passed ? quality.attempts : 3);
    expect(quality.attempts).toBeLessThanOrEqual(3);
    const notes = (quality.shot.assessment_notes ?? '').split('\n');
    expect(notes).toHaveLength(quality.attempts);
    expect(notes[0]).toMatch(/^Attempt 1: \d+(\.\d)? \(/);
    const attemptsHeard = events.filter(
      (e) => e.event === 'shot:generation-progress' && String(e.payload.message ?? '').startsWith('Attempt'),
    );
    expect(attemptsHeard).toHaveLength(quality.attempts);

    const video = await ask<ShotGenerationReply>(socket, 'shot:generate-video', {
      projectId: project.id,
      shotId: first.id,
    });
    expect(video.shot.video_url).toBeTruthy();
  }, 120_000);

  it('a coverage variant keeps its image key: its URL is signed on every answer, and promoting it keeps the key', async () => {
    const { project, shots } = await storyboard(1);
    const shot = shots[0] as Shot;
    const [variant] = await ask<CoverageVariant[]>(socket, 'shot:create-coverage', {
      shotId: shot.id,
      framingTypes: ['close'],
    });
    const accepted = await ask<{ jobId: string }>(socket, 'shot:generate-coverage', {
      shotId: shot.id,
      variantIds: [variant?.id],
    });
    expect((await until('the coverage job', () => jobEnd(events, accepted.jobId))).event).toBe(
      'job:complete',
    );
    const listed = async () =>
      (await ask<CoverageVariant[]>(socket, 'shot:get-coverage', { shotId: shot.id })).find(
        (entry) => entry.id === variant?.id,
      ) as CoverageVariant;
    const rendered = await listed();
    expect(rendered.s3_image_key).toMatch(new RegExp(`^projects/${project.id}/shots/${shot.id}/coverage/`));
    const bytes = await download(server, rendered.image_url as string);
    expect(bytes.length).toBeGreaterThan(1000);

    // A URL stored long ago has expired; the answer is signed from the key, not read back.
    await server.query(
      `UPDATE shot_variants SET image_url = 'https://expired.example/old.png' WHERE id = $1`,
      [variant?.id],
    );
    const later = await listed();
    expect(later.image_url).not.toContain('expired.example');
    expect(await download(server, later.image_url as string)).toEqual(bytes);

    // P on the storyboard: the shot takes the variant's key, so its frame is signed afresh too.
    const promoted = await ask<Shot>(socket, 'shot:update', {
      shotId: shot.id,
      updates: {
        image_url: later.image_url,
        s3_image_key: later.s3_image_key,
        generation_status: 'completed',
      },
    });
    expect(promoted.s3_image_key).toBe(later.s3_image_key);
    await server.query(`UPDATE shots SET image_url = 'https://expired.example/old.png' WHERE id = $1`, [
      shot.id,
    ]);
    const again = await ask<Shot>(socket, 'shot:getOne', { shotId: shot.id });
    expect(await download(server, again.image_url as string)).toEqual(bytes);
  }, 60_000);

  it("the project list's card is the first framed shot's image in timeline order, signed", async () => {
    const { project, shots } = await storyboard(3);
    const listed = async () =>
      (await api<ProjectListEntry[]>(server, 'GET', '/api/projects', { token: alice.token })).body.find(
        (entry) => entry.id === project.id,
      );
    expect((await listed())?.poster ?? null).toBeNull();
    // The second shot framed first: it is the poster until the first shot has a frame.
    const second = await generateShot(project.id, (shots[1] as Shot).id);
    const poster = (await listed())?.poster;
    expect(poster).toEqual(expect.any(String));
    expect(await download(server, poster as string)).toEqual(
      await download(server, second.shot.image_url as string),
    );
    const first = await generateShot(project.id, (shots[0] as Shot).id);
    expect(await download(server, (await listed())?.poster as string)).toEqual(
      await download(server, first.shot.image_url as string),
    );
  }, 60_000);

  it('staleOnly renders only shots whose inputs changed since their image was made', async () => {
    const { project, shots } = await storyboard(3);
    const all = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
    });
    await until('the batch', () => jobEnd(events, all.job.id));
    const none = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      staleOnly: true,
    });
    expect(none.job.shotIds).toEqual([]);
    await ask(socket, 'shot:update', { shotId: shots[1]?.id, updates: { action: 'Mara turns away' } });
    const stale = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      staleOnly: true,
    });
    expect(stale.job.shotIds).toEqual([shots[1]?.id]);
    await until('the stale batch', () => jobEnd(events, stale.job.id));
    const videos = await ask<JobAcceptedReply>(socket, 'shot:generate-video-batch', {
      projectId: project.id,
      staleOnly: true,
    });
    expect(videos.job.shotIds).toEqual(shots.map((shot) => shot.id));
  }, 120_000);

  it('all: true queues every shot in timeline order, past the 1000 ids an explicit list may hold', async () => {
    socket = await connect(alice);
    events = recordEvents(socket);
    const project = await newProject(server, alice, { name: 'Feature length' });
    await ask(socket, 'project:subscribe', { projectId: project.id });
    const saved = await api(server, 'POST', `/api/projects/${project.id}/save`, {
      token: alice.token,
      body: {
        saveId: crypto.randomUUID(),
        shots: Array.from({ length: 1005 }, (_, i) => ({ name: `Shot ${i + 1}`, duration: 1 })),
      },
    });
    expect(saved.status).toBe(200);
    const listed = await ask<{ shots: Shot[] }>(socket, 'shot:getAll', {
      projectId: project.id,
      limit: 2000,
    });
    expect(listed.shots).toHaveLength(1005);
    const tooMany = await request(socket, 'shot:generate-batch', {
      projectId: project.id,
      shotIds: listed.shots.map((shot) => shot.id),
    });
    expectSocketError(tooMany, 'VALIDATION_ERROR');
    const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      all: true,
    });
    expect(accepted.job.shotIds).toEqual(listed.shots.map((shot) => shot.id));
    await ask<Job>(socket, 'jobs:cancel', { jobId: accepted.job.id });
    const ended = await until('the cancelled batch', async () => {
      const { jobs } = await ask<JobListReply>(socket, 'jobs:list', { projectId: project.id });
      const job = jobs.find((candidate) => candidate.id === accepted.job.id);
      return job?.status === 'cancelled' ? job : undefined;
    });
    expect(ended.status).toBe('cancelled');
    const after = await ask<{ shots: Shot[] }>(socket, 'shot:getAll', { projectId: project.id, limit: 2000 });
    expect(after.shots.filter((shot) => shot.generation_status === 'processing')).toEqual([]);
  }, 120_000);

  it('a failing provider fails the shot with a catalogue error: single answers it, a batch fails its job', async () => {
    server.app.get(ProviderRegistry).register('broken', {
      shotImage: {
        renderShot: async () => {
          throw new Error('model exploded at /secret/path');
        },
      },
    });
    const { project, shots } = await storyboard(2);
    const [first, second] = shots as [Shot, Shot];
    const single = expectSocketError(
      await request(socket, 'shot:generate', { projectId: project.id, shotId: first.id, provider: 'broken' }),
      'SERVER_ERROR',
      'Image generation failed',
    );
    expect(JSON.stringify(single)).not.toContain('secret');
    const batch = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      shotIds: [first.id, second.id],
      provider: 'broken',
    });
    const end = await until('the failed batch', () => jobEnd(events, batch.job.id));
    expect(end.event).toBe('job:error');
    expect(end.payload).toMatchObject({ status: 'failed', error: 'Image generation failed' });
    for (const shot of await shotsOf(project.id)) {
      expect(shot.generation_status).toBe('failed');
      expect(shot.image_url).toBeNull();
    }
    const failed = events.filter(
      (e) =>
        e.event === 'shot:generation-progress' &&
        e.payload.jobId === batch.job.id &&
        e.payload.status === 'failed',
    );
    expect(failed).toHaveLength(2);
  });

  it('reads give a freshly signed URL for a generated image, and never sign a key of another project', async () => {
    const { project, shots } = await storyboard(2);
    const [first, second] = shots as [Shot, Shot];
    const generated = await generateShot(project.id, first.id);
    const key = generated.shot.s3_image_key as string;
    // A stale URL stored on the shot is replaced by a signed one for its own key.
    await server.query(`UPDATE shots SET image_url = 'https://expired.example/x.png' WHERE id = $1`, [
      first.id,
    ]);
    const read = await ask<Shot>(socket, 'shot:getOne', { shotId: first.id });
    expect(read.image_url).toMatch(/^\/api\/files\/raw\//);
    expect((await fetch(new URL(read.image_url as string, server.url))).status).toBe(200);
    // Another project's key is refused when a client sends it (trust-holes.test.ts); on a row that
    // has one anyway it stays unsigned: the stored URL comes back as it is.
    const other = await newProject(server, bob);
    const foreignKey = key.replace(project.id, other.id);
    expectSocketError(
      await request(socket, 'shot:update', { shotId: second.id, updates: { s3_image_key: foreignKey } }),
      'VALIDATION_ERROR',
    );
    await server.query(
      `UPDATE shots SET s3_image_key = $2, image_url = 'https://cdn.example/mine.png' WHERE id = $1`,
      [second.id, foreignKey],
    );
    const foreign = await ask<Shot>(socket, 'shot:getOne', { shotId: second.id });
    expect(foreign.image_url).toBe('https://cdn.example/mine.png');
  });

  it("jobs are the owner's: another user can neither list, cancel nor generate them", async () => {
    const { project, shots } = await storyboard(1);
    const shotId = shots[0]?.id as string;
    const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
      projectId: project.id,
      shotIds: [shotId],
    });
    const bobSocket = await connect(bob);
    expectSocketError(await request(bobSocket, 'jobs:cancel', { jobId: accepted.job.id }), 'NOT_FOUND_ERROR');
    expectSocketError(await request(bobSocket, 'jobs:list', { projectId: project.id }), 'NOT_FOUND_ERROR');
    const bobs = expectSocketReply<JobListReply>(await request(bobSocket, 'jobs:list', {}));
    expect(bobs.jobs).toEqual([]);
    expectSocketError(
      await request(bobSocket, 'shot:generate', { projectId: project.id, shotId }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(socket, 'shot:generate-batch', { projectId: project.id, shotIds: [UNKNOWN_ID] }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(socket, 'shot:generate', { projectId: project.id, shotId, provider: 'nope' }),
      'VALIDATION_ERROR',
      "Unknown generation provider 'nope'",
    );
    const http = await api<Job[]>(server, 'GET', '/api/script/jobs', { token: alice.token });
    expect(http.status).toBe(200);
    expect(http.body.some((job) => job.id === accepted.job.id)).toBe(true);
    const bobHttp = await api(server, 'DELETE', `/api/script/jobs/${accepted.job.id}`, { token: bob.token });
    expect(bobHttp.status).toBe(404);
  }, 60_000);
});
