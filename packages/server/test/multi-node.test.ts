import type { Project } from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, connectSocket, newProject, newUser, request, waitForEvent } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Two server processes share one Postgres database; socket.io rooms span them through Redis. */
const canRun = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.skipIf(!canRun)(
  'two nodes on one Postgres with REDIS_URL (skipped without DATABASE_URL and REDIS_URL)',
  () => {
    let nodeA: TestServer;
    let nodeB: TestServer;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      const env = {
        REDIS_URL: process.env.REDIS_URL ?? '',
        SIGNING_SECRET: 'a shared secret of at least 32 chars',
      };
      nodeA = await startTestServer({ database: 'postgres', env });
      nodeB = await startTestServer({ database: 'postgres', env, reuse: nodeA });
    });

    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.close();
    });

    afterAll(async () => {
      await nodeB?.close({ keepData: true });
      await nodeA?.close();
    });

    it('delivers an event caused on node A to a socket connected to node B', async () => {
      const user = await newUser(nodeA);
      const project = await newProject(nodeA, user);
      const socket = await connectSocket(nodeB, user.token);
      sockets.push(socket);
      await request(socket, 'project:subscribe', { projectId: project.id });

      const updated = waitForEvent<{ project: Project }>(socket, 'project:updated');
      await api(nodeA, 'PATCH', `/api/projects/${project.id}`, {
        token: user.token,
        body: { name: 'From A' },
      });
      expect((await updated).project.name).toBe('From A');
    });

    it('disconnects the sockets of a token logged out on another node', async () => {
      const user = await newUser(nodeA);
      const socket = await connectSocket(nodeB, user.token);
      sockets.push(socket);
      const disconnected = waitForEvent(socket, 'disconnect');
      await api(nodeA, 'POST', '/api/auth/logout', { token: user.token });
      await expect(disconnected).resolves.toBe('io server disconnect');
    });
  },
);
