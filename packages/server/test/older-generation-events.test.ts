import {
  type CompositionGrid,
  type Job,
  type JobAcceptedReply,
  type JobListReply,
  legacyErrorPayloadSchema,
  type Project,
  type Shot,
  type ShotGenerationReply,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, connectSocket, legacyRequest, newProject } from './support/factories.js';
import { UNKNOWN_ID, useTestServer } from './support/harness.js';

async function finished(socket: Socket, jobId: string): Promise<Job> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await legacyRequest<JobListReply>(socket, 'jobs:list', {});
    const job = body.jobs.find((candidate) => candidate.id === jobId);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The older named events (video:*, composition:*, jobs:list, job:cancel) run the same services as the actions. */
describe.each(testDatabases())('older generation and job events on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  let project: Project;
  let shots: Shot[];
  let aliceSocket: Socket;
  let bobSocket: Socket;

  beforeAll(async () => {
    project = await newProject(server, alice, { name: 'Night Shift' });
    shots = [];
    for (const name of ['Mara at the window', 'The street below']) {
      const created = await api<Shot>(server, 'POST', `/api/projects/${project.id}/shots`, {
        token: alice.token,
        body: { name, duration: 1 },
      });
      expect(created.status).toBe(201);
      shots.push(created.body);
    }
    aliceSocket = await connectSocket(server, alice.token);
    bobSocket = await connectSocket(server, bob.token);
  });

  afterAll(async () => {
    aliceSocket?.disconnect();
    bobSocket?.disconnect();
  });

  /** One shot's image or video through its older named event, as Alice. */
  const generateOne = (event: 'composition:create' | 'video:generate', shot: Shot) =>
    legacyRequest<ShotGenerationReply>(aliceSocket, event, { projectId: project.id, shotId: shot.id });

  it('composition:create renders the shot and answers composition:created with it', async () => {
    const shot = shots[0] as Shot;
    const answer = await generateOne('composition:create', shot);
    expect(answer.event).toBe('composition:created');
    expect(answer.body.shot.id).toBe(shot.id);
    expect(answer.body.shot.image_url).toBeTruthy();
  });

  it('composition:create-batch and video:generate-batch answer with the queued job; jobs:list lists it', async () => {
    const ids = shots.map((shot) => shot.id);
    const images = await legacyRequest<JobAcceptedReply>(aliceSocket, 'composition:create-batch', {
      projectId: project.id,
      shotIds: ids,
    });
    expect(images.event).toBe('composition:batch-created');
    expect(images.body.job.type).toBe('composition:create-batch');
    expect((await finished(aliceSocket, images.body.job.id)).status).toBe('completed');

    const videos = await legacyRequest<JobAcceptedReply>(aliceSocket, 'video:generate-batch', {
      projectId: project.id,
      shotIds: ids,
    });
    expect(videos.event).toBe('video:batch-generated');
    expect((await finished(aliceSocket, videos.body.job.id)).status).toBe('completed');
    const listed = await legacyRequest<JobListReply>(aliceSocket, 'jobs:list', { projectId: project.id });
    expect(listed.event).toBe('jobs:listed');
    expect(listed.body.jobs.map((job) => job.id)).toEqual(
      expect.arrayContaining([images.body.job.id, videos.body.job.id]),
    );
  }, 120_000);

  it('video:generate answers video:generated with the shot and its video', async () => {
    const shot = shots[1] as Shot;
    const answer = await generateOne('video:generate', shot);
    expect(answer.event).toBe('video:generated');
    expect(answer.body.shot.video_url).toBeTruthy();
  }, 60_000);

  it('composition:create-grid makes one contact sheet of the shots that have images', async () => {
    const answer = await legacyRequest<CompositionGrid>(aliceSocket, 'composition:create-grid', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
      columns: 2,
    });
    expect(answer.event).toBe('composition:grid-created');
    expect(answer.body).toMatchObject({ shotIds: shots.map((shot) => shot.id), columns: 2 });
    const image = await fetch(new URL(answer.body.url, server.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/png');
  });

  it('job:cancel answers job:cancelled, and a finished job cannot be cancelled', async () => {
    const queued = await legacyRequest<JobAcceptedReply>(aliceSocket, 'video:generate-batch', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
      concurrency: 1,
    });
    const cancelled = await legacyRequest<Job>(aliceSocket, 'job:cancel', { jobId: queued.body.job.id });
    expect(cancelled.event).toBe('job:cancelled');
    expect(cancelled.body.status).toBe('cancelled');
    const again = await legacyRequest(aliceSocket, 'job:cancel', { jobId: queued.body.job.id });
    expect(legacyErrorPayloadSchema.parse(again.body)).toMatchObject({
      code: 'CONFLICT_ERROR',
      error: 'Failed to cancel job',
    });
    const unknown = await legacyRequest(aliceSocket, 'job:cancel', { jobId: UNKNOWN_ID });
    expect(legacyErrorPayloadSchema.parse(unknown.body)).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      error: 'Job not found',
    });
  });

  it('another user learns nothing: every older event answers not found and nothing is queued', async () => {
    const events: [string, Record<string, unknown>][] = [
      ['video:generate', { projectId: project.id, shotId: shots[0]?.id }],
      ['video:generate-batch', { projectId: project.id, shotIds: [shots[0]?.id] }],
      ['composition:create', { projectId: project.id, shotId: shots[0]?.id }],
      ['composition:create-batch', { projectId: project.id, shotIds: [shots[0]?.id] }],
      ['composition:create-grid', { projectId: project.id, shotIds: [shots[0]?.id] }],
      ['jobs:list', { projectId: project.id }],
    ];
    const before = (await legacyRequest<JobListReply>(aliceSocket, 'jobs:list', {})).body.jobs.length;
    for (const [event, payload] of events) {
      const other = legacyErrorPayloadSchema.parse((await legacyRequest(bobSocket, event, payload)).body);
      expect(other.code, event).toBe('NOT_FOUND_ERROR');
      expect(JSON.stringify(other), event).not.toContain('Mara');
    }
    const after = (await legacyRequest<JobListReply>(aliceSocket, 'jobs:list', {})).body.jobs.length;
    expect(after).toBe(before);
    const malformed = await legacyRequest(aliceSocket, 'job:cancel', { jobId: 'not-a-uuid' });
    expect(legacyErrorPayloadSchema.parse(malformed.body).code).toBe('VALIDATION_ERROR');
  });
});
