import type { ErrorBody, JobAcceptedReply, Project, Shot } from '@reelbench/sdk/contract';
import { SERVER_MESSAGES } from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, newProject, request } from './support/factories.js';
import { expectHttpError, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

/** Small limits, each set through the environment as an operator would (docs/configuration). */
const LIMITS = {
  HTTP_BODY_LIMIT_BYTES: '65536',
  SOCKET_MESSAGE_LIMIT_BYTES: '65536',
  UPLOAD_IMAGE_LIMIT_BYTES: '4096',
  MAX_IMAGE_PIXELS: '10000',
  GENERATIONS_PER_MINUTE: '3',
  MAX_ACTIVE_JOBS_PER_USER: '2',
};

describe.each(testDatabases())('configured limits on %s', (database) => {
  const harness = useTestServer({ database, users: ['alice', 'bob', 'carol'], env: LIMITS });
  const { server, alice, bob, carol } = harness;
  let project: Project;

  beforeAll(async () => {
    project = await newProject(server, alice, { name: 'Limits' });
  });

  it('answers 413 PAYLOAD_TOO_LARGE_ERROR for a JSON body over HTTP_BODY_LIMIT_BYTES', async () => {
    const response = await harness.call(alice, 'POST', '/api/projects', {
      name: 'Big',
      description: 'x'.repeat(70_000),
    });
    expectHttpError(response, 413, { code: 'PAYLOAD_TOO_LARGE_ERROR', error: SERVER_MESSAGES.bodyTooLarge });
  });

  it('answers PAYLOAD_TOO_LARGE_ERROR for a socket message over SOCKET_MESSAGE_LIMIT_BYTES, and lives on', async () => {
    const socket = await harness.connect(alice);
    const answer = await request(socket, 'project:create', { name: 'Big', description: 'x'.repeat(70_000) });
    expectSocketError(answer, 'PAYLOAD_TOO_LARGE_ERROR', SERVER_MESSAGES.messageTooLarge);
    const legacy = await new Promise<ErrorBody>((resolve) => {
      socket.once('project:error', resolve);
      socket.emit('project:create', { name: 'Big', description: 'x'.repeat(70_000) });
    });
    expect(legacy).toMatchObject({ code: 'PAYLOAD_TOO_LARGE_ERROR', error: SERVER_MESSAGES.messageTooLarge });
    const small = await ask<Project>(socket, 'project:create', { name: 'Small' });
    expect(small.name).toBe('Small');
  });

  it('answers 413 for an image upload over UPLOAD_IMAGE_LIMIT_BYTES', async () => {
    const form = new FormData();
    form.append('projectId', project.id);
    const png = new Uint8Array(5_000);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    form.append('image', new Blob([png], { type: 'image/png' }), 'big.png');
    const response = await fetch(`${server.url}/api/files/upload-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}` },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as ErrorBody).code).toBe('PAYLOAD_TOO_LARGE_ERROR');
  });

  it('refuses an inline image over MAX_IMAGE_PIXELS, naming the field', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 200, height: 60, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const response = await harness.call(alice, 'PATCH', `/api/projects/${project.id}`, {
      thumbnail: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(expectHttpError(response, 400).error).toBe('thumbnail: Image is too large (over 10000 pixels)');
  });

  /** Polls the job row until it has ended (the active-jobs limit must not be what answers next). */
  const finished = async (jobId: string) => {
    for (let attempt = 0; attempt < 600; attempt += 1) {
      const [row] = await server.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [jobId]);
      if (row && !['queued', 'running'].includes(row.status)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not end`);
  };

  it('limits generation jobs per user per minute (429 RATE_LIMIT_ERROR), other users unaffected', async () => {
    const own = await newProject(server, bob, { name: 'Rate' });
    const socket = await harness.connect(bob);
    const shot = await ask<Shot>(socket, 'shot:create', { projectId: own.id, name: 'One' });
    const batch = { projectId: own.id, shotIds: [shot.id] };
    for (let i = 0; i < 3; i += 1) {
      const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', batch);
      await finished(accepted.job.id);
    }
    const limited = await request(socket, 'shot:generate-batch', batch);
    const error = expectSocketError(limited, 'RATE_LIMIT_ERROR', SERVER_MESSAGES.tooManyGenerations);
    expect(error.statusCode).toBe(429);
    const other = await newProject(server, carol, { name: 'Other' });
    const carolSocket = await harness.connect(carol);
    const carolShot = await ask<Shot>(carolSocket, 'shot:create', { projectId: other.id, name: 'C' });
    await ask(carolSocket, 'shot:generate-batch', { projectId: other.id, shotIds: [carolShot.id] });
  });

  it('limits the jobs one user has waiting or running (429 RATE_LIMIT_ERROR over HTTP routes too)', async () => {
    const own = await newProject(server, alice, { name: 'Busy' });
    for (let i = 0; i < 2; i += 1) {
      await server.query(
        `INSERT INTO jobs (project_id, user_id, type, status) VALUES ($1, $2, 'shot:generate-batch', 'running')`,
        [own.id, alice.user.id],
      );
    }
    const socket = await harness.connect(alice);
    const shot = await ask<Shot>(socket, 'shot:create', { projectId: own.id, name: 'Busy' });
    const limited = await request(socket, 'shot:generate-batch', { projectId: own.id, shotIds: [shot.id] });
    expectSocketError(limited, 'RATE_LIMIT_ERROR', SERVER_MESSAGES.tooManyRunningJobs);
    const me = await api(server, 'GET', '/api/auth/me', { token: alice.token });
    expect(me.status).toBe(200);
  });
});
