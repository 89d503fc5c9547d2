import {
  type ErrorBody,
  livenessSchema,
  MESSAGES,
  readinessSchema,
  type Shot,
  type ShotGenerationReply,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle } from '../src/system/lifecycle.js';
import { api, connectSocket, newProject, newUser, request, type TestUser } from './support/factories.js';
import { expectSocketReply } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('health, readiness and request ids', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite' });
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers liveness and readiness without authentication, /api/health as before', async () => {
    const live = await api(server, 'GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(livenessSchema.parse(live.body)).toEqual({ status: 'ok' });
    const ready = await api(server, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(readinessSchema.parse(ready.body)).toMatchObject({
      status: 'ready',
      role: 'all',
      database: 'pglite',
    });
    expect((await api(server, 'GET', '/api/health')).body).toMatchObject({
      status: 'ok',
      database: 'pglite',
    });
  });

  it('echoes a plain X-Request-Id and replaces anything else with a fresh id', async () => {
    const kept = await api(server, 'GET', '/api/health', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const fresh = await api(server, 'GET', '/api/projects', {
      headers: { 'x-request-id': 'a b\u00e9'.repeat(60) },
    });
    expect(fresh.status).toBe(401);
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const none = await api(server, 'GET', '/api/health');
    expect(none.headers.get('x-request-id')).toMatch(UUID);
    expect(none.headers.get('x-request-id')).not.toBe(fresh.headers.get('x-request-id'));
  });
});

describe('a stopping server (SIGTERM)', () => {
  let server: TestServer;
  let alice: TestUser;
  let closed: Promise<void> | undefined;

  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite', env: { SHUTDOWN_GRACE_MS: '60000' } });
    alice = await newUser(server);
  });

  afterAll(async () => {
    await (closed ?? server.close());
  });

  it('answers the action in flight, says server:closing, closes sockets and takes no new work', async () => {
    const project = await newProject(server, alice, { name: 'Last take' });
    const socket: Socket = await connectSocket(server, alice.token);
    const shot = expectSocketReply<Shot>(
      await request(socket, 'shot:create', { projectId: project.id, description: 'A lighthouse at dusk' }),
    );
    await request(socket, 'project:subscribe', { projectId: project.id });
    const order: string[] = [];
    socket.on('server:closing', (hint: { reconnectInMs: number }) => {
      expect(hint.reconnectInMs).toBeGreaterThan(0);
      order.push('server:closing');
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // A single-target generation answers when its job is done: it is in flight while the job runs.
    const started = new Promise<void>((resolve) =>
      socket.on('job:progress', (event: { status: string }) => {
        if (event.status === 'running') resolve();
      }),
    );
    const generated = request<{ data: ShotGenerationReply }>(socket, 'shot:generate', {
      projectId: project.id,
      shotId: shot.id,
    }).then((answer) => {
      order.push(answer.event);
      return answer;
    });
    await started;

    server.app.get(Lifecycle).drain();
    const refused = await api<ErrorBody>(server, 'GET', `/api/projects/${project.id}`, {
      token: alice.token,
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      code: 'SERVER_ERROR',
      error: MESSAGES.serverError,
      statusCode: 503,
    });
    const ready = await api<ErrorBody>(server, 'GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.details).toEqual([{ path: 'status', message: 'Stopping' }]);
    expect((await api(server, 'GET', '/api/health/live')).status).toBe(200);
    await expect(connectSocket(server, alice.token)).rejects.toThrow();

    const answer = await generated;
    expect(answer.event).toBe('shot:response');
    expect(answer.body.data.shot.generation_status).toBe('completed');
    // Closed as a transport, so any socket.io client reconnects by itself (to another node).
    expect(await disconnected).toBe('transport close');
    expect(order).toEqual(['server:closing', 'shot:response']);
    closed = server.close();
    await closed;
  }, 120_000);
});
