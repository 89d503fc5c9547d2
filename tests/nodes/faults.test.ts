import type { SocketClient } from '@reelbench/sdk';
import type { Shot } from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, eventually, type Node, newProject, TcpProxy, useCluster } from '../support/cluster.js';

function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** `url` with its host and port replaced by the proxy's. */
function through(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

/**
 * Postgres and Redis going away under a running node. Restarting the machine's Postgres or Redis
 * is not safe on a shared machine, so node A reaches both through loopback TCP proxies that the
 * test cuts (every open connection dropped, new ones refused) and restores. Node B is connected
 * directly. Needs DATABASE_URL and REDIS_URL (.ci/run sets both).
 */
describe('Postgres and Redis faults under a running node', () => {
  const cluster = useCluster('faults', { database: true });
  let postgres: TcpProxy;
  let redis: TcpProxy;
  let nodeA: Node;
  let nodeB: Node;

  beforeAll(async () => {
    const { database, dataDir } = cluster;
    const redisUrl = process.env.REDIS_URL ?? '';
    postgres = await new TcpProxy(() => [portOf(database.url) || 5432]).listen();
    redis = await new TcpProxy(() => [portOf(redisUrl) || 6379]).listen();
    const shared = { REELBENCH_DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '1000' };
    nodeA = await cluster.start({
      name: 'node-a',
      env: { ...shared, DATABASE_URL: through(database.url, postgres), REDIS_URL: through(redisUrl, redis) },
    });
    nodeB = await cluster.start({
      name: 'node-b',
      env: { ...shared, DATABASE_URL: database.url, REDIS_URL: redisUrl },
    });
    await cluster.signUp(nodeB.url);
  });

  afterAll(async () => {
    await Promise.all([postgres?.close(), redis?.close()]);
  });

  function connect(node: Node): Promise<SocketClient> {
    return cluster.connect(node.url);
  }

  async function projectWithShot(socket: SocketClient) {
    const project = await newProject(nodeB.url, cluster.user);
    await socket.request('project', 'subscribe', { projectId: project.id });
    const shot = await socket.request('shot', 'create', { projectId: project.id, name: 'Harbour' });
    return { project, shot: shot as Shot };
  }

  it('keeps every acknowledged edit through a cut to Postgres, and is not ready while it lasts', async () => {
    const onA = await connect(nodeA);
    const { project, shot } = await projectWithShot(onA);
    let acked = '';
    let failures = 0;
    let writes = 0;
    let stop = false;
    // The client's retry: a failed save is sent again with the next value, as the save manager does.
    const writer = (async () => {
      for (let n = 0; !stop; n += 1) {
        const value = `edit ${n}`;
        try {
          await onA.request('shot', 'update', { shotId: shot.id, updates: { description: value } });
          acked = value;
          writes += 1;
        } catch {
          failures += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    })();
    await eventually(() => writes >= 5, 'five edits before the cut');
    postgres.cut();
    await eventually(
      async () => (await api(nodeA.url, 'GET', '/api/health/ready')).status === 503,
      'node A not ready while its database is cut',
    );
    await eventually(() => failures >= 2, 'edits failing while the database is cut');
    expect((await api(nodeA.url, 'GET', '/api/health/live')).status).toBe(200);
    postgres.restore();
    await eventually(
      async () => (await api(nodeA.url, 'GET', '/api/health/ready')).status === 200,
      'node A ready again',
    );
    const resumedAt = writes;
    await eventually(() => writes >= resumedAt + 5, 'five edits after the database is back');
    stop = true;
    await writer;

    const { shots } = await onA.request('shot', 'getAll', { projectId: project.id });
    expect(shots.find((stored) => stored.id === shot.id)?.description).toBe(acked);
    expect(nodeA.child.exitCode).toBeNull();
  });

  it('keeps a node working while Redis is away; events cross nodes again once it is back', async () => {
    const onA = await connect(nodeA);
    const onB = await connect(nodeB);
    const { project, shot } = await projectWithShot(onA);
    await onB.request('project', 'subscribe', { projectId: project.id });
    const seenOnB: string[] = [];
    onB.on('shot:updated', ({ shot: updated }) => {
      if (updated.id === shot.id && updated.name) seenOnB.push(updated.name);
    });
    await onA.request('shot', 'update', { shotId: shot.id, updates: { name: 'before' } });
    await eventually(() => seenOnB.includes('before'), 'B hears A before the cut');

    redis.cut();
    // Node A answers without Redis (its own clients still get their events).
    const local = new Promise<void>((resolve) =>
      onA.on('shot:updated', ({ shot: updated }) => updated.name === 'during' && resolve()),
    );
    const during = (await onA.request('shot', 'update', {
      shotId: shot.id,
      updates: { name: 'during' },
    })) as Shot;
    expect(during.name).toBe('during');
    await local;

    redis.restore();
    // Once the adapter has reconnected, a change through A reaches B again.
    let n = 0;
    await eventually(async () => {
      n += 1;
      await onA.request('shot', 'update', { shotId: shot.id, updates: { name: `after ${n}` } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      return seenOnB.some((name) => name.startsWith('after'));
    }, 'B hears A after Redis is back');
    // The cut was real: node A's Redis clients reported it (as warnings, not a crash).
    expect(nodeA.logs().some((line) => line.context === 'Redis' && line.level === 'warn')).toBe(true);
    expect(nodeA.child.exitCode).toBeNull();
    expect((await api(nodeA.url, 'GET', '/api/health/ready')).status).toBe(200);
  });
});
