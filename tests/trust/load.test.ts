import type { SocketClient } from '@reelbench/sdk';
import type { Shot } from '@reelbench/sdk/contract';
import { type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, type Node, newProject, rawSocket, useCluster } from '../support/cluster.js';

const CLIENTS = 200;
const SHOTS = 4;
const UPDATES_PER_SHOT = 10;

/**
 * 200 socket clients subscribed to one project while its shots are updated, against the built
 * server in a process of its own (PGlite): every client hears every update of every shot, in the
 * order the writes were acknowledged, and the server stays ready. No timing is asserted (the
 * figures are the benchmark's, docs/benchmarks.md).
 */
describe(`${CLIENTS} clients subscribed to one project while its shots are updated`, () => {
  const cluster = useCluster('load');
  let node: Node;
  const sockets: Socket[] = [];
  let writer: SocketClient;

  beforeAll(async () => {
    node = await cluster.start({
      name: 'load',
      env: { REELBENCH_DATA_DIR: cluster.dataDir, LOG_LEVEL: 'warn' },
    });
    await cluster.signUp(node.url);
    writer = await cluster.connect(node.url);
  });

  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('delivers every update to every client, in order', async () => {
    const project = await newProject(node.url, cluster.user);
    const shots: Shot[] = [];
    for (let i = 0; i < SHOTS; i += 1)
      shots.push(
        (await writer.request('shot', 'create', { projectId: project.id, name: `Shot ${i + 1}` })) as Shot,
      );

    const heard = Array.from({ length: CLIENTS }, () => new Map<string, string[]>());
    for (let i = 0; i < CLIENTS; i += 1) {
      const socket = await rawSocket(node.url, cluster.user.token);
      sockets.push(socket);
      const log = heard[i] as Map<string, string[]>;
      socket.on('shot:updated', ({ shot }: { shot: Shot }) => {
        log.set(shot.id, [...(log.get(shot.id) ?? []), String(shot.description)]);
      });
    }
    // Subscribed through the envelope pattern, all at once.
    await Promise.all(
      sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            const requestId = `sub-${socket.id}`;
            socket.on(
              'project:response',
              (body: { requestId: string }) => body.requestId === requestId && resolve(),
            );
            socket.on('project:error', (body: { requestId: string; error: string }) => {
              if (body.requestId === requestId) reject(new Error(body.error));
            });
            socket.emit('project:subscribe', { requestId, payload: { projectId: project.id } });
          }),
      ),
    );

    // Each shot updated in turn by the writer, the shots' writes interleaved.
    const expected = new Map(shots.map((shot) => [shot.id, [] as string[]]));
    await Promise.all(
      shots.map(async (shot) => {
        for (let n = 0; n < UPDATES_PER_SHOT; n += 1) {
          const description = `take ${n}`;
          await writer.request('shot', 'update', { shotId: shot.id, updates: { description } });
          expected.get(shot.id)?.push(description);
        }
      }),
    );
    const total = SHOTS * UPDATES_PER_SHOT;
    const count = (log: Map<string, string[]>) =>
      [...log.values()].reduce((sum, list) => sum + list.length, 0);
    await eventually(
      () => heard.every((log) => count(log) >= total),
      `${total} updates heard by each client`,
      60_000,
    );
    for (const log of heard) {
      for (const shot of shots) expect(log.get(shot.id)).toEqual(expected.get(shot.id));
    }
    expect((await api(node.url, 'GET', '/api/health/ready')).status).toBe(200);
  });
});
