import type { SocketClient } from '@reelbench/sdk';
import type { JobAcceptedReply, Shot } from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  eventually,
  type Node,
  newProject,
  sdkSocket,
  TcpProxy,
  useCluster,
} from '../support/cluster.js';

/**
 * Two API nodes and workers on one Postgres, rooms spanning them through Redis, every node a real
 * `node dist/main.js --role …` process. Needs DATABASE_URL and REDIS_URL (.ci/run sets both).
 */
describe('two API nodes and a worker on Postgres and Redis', () => {
  const cluster = useCluster('nodes', { database: true });
  let env: Record<string, string>;
  let apiA: Node;
  let apiB: Node;
  let worker: Node;

  beforeAll(async () => {
    env = {
      DATABASE_URL: cluster.database.url,
      REDIS_URL: process.env.REDIS_URL ?? '',
      // One storage for every node, as an S3 bucket would be.
      REELBENCH_DATA_DIR: cluster.dataDir,
      JOB_CONCURRENCY: '1',
      JOB_POLL_INTERVAL_MS: '100',
      JOB_STALE_SECONDS: '2',
      SHUTDOWN_GRACE_MS: '5000',
    };
    // The first node migrates the new database; the others start on the migrated one.
    apiA = await cluster.start({ name: 'api-a', role: 'api', env });
    [apiB, worker] = await Promise.all([
      cluster.start({ name: 'api-b', role: 'api', env }),
      cluster.start({ name: 'worker-1', role: 'worker', env }),
    ]);
    await cluster.signUp(apiA.url);
  });

  async function storyboard(socket: SocketClient, count: number) {
    const project = await newProject(apiA.url, cluster.user);
    await socket.request('project', 'subscribe', { projectId: project.id });
    const shots: Shot[] = [];
    for (let i = 0; i < count; i += 1) {
      shots.push(
        (await socket.request('shot', 'create', {
          projectId: project.id,
          name: `Shot ${i + 1}`,
          description: `The harbour at dawn, shot ${i + 1}`,
        })) as Shot,
      );
    }
    return { project, shots };
  }

  /** A storyboard of `count` shots whose images are queued as one batch through `socket`. */
  async function queuedBatch(socket: SocketClient, count: number) {
    const { project, shots } = await storyboard(socket, count);
    const accepted = (await socket.request('shot', 'generate-batch', {
      projectId: project.id,
      shotIds: shots.map((shot) => shot.id),
    })) as JobAcceptedReply;
    return { project, jobId: accepted.job.id };
  }

  it('shows a client on node A the change made through node B', async () => {
    const onA = await cluster.connect(apiA.url);
    const onB = await cluster.connect(apiB.url);
    const { project, shots } = await storyboard(onB, 1);
    await onA.request('project', 'subscribe', { projectId: project.id });
    const shot = shots[0] as Shot;
    const seen = new Promise<Shot>((resolve) =>
      onA.on('shot:updated', ({ shot: updated }) => {
        if (updated.id === shot.id && updated.name === 'Through B') resolve(updated as Shot);
      }),
    );
    await onB.request('shot', 'update', { shotId: shot.id, updates: { name: 'Through B' } });
    expect((await seen).name).toBe('Through B');
  });

  it('works jobs only on the worker, whose events reach the API nodes; the worker serves only health', async () => {
    const onB = await cluster.connect(apiB.url);
    const { project, jobId } = await queuedBatch(onB, 2);
    await new Promise<void>((resolve, reject) => {
      onB.on('job:complete', (event) => event.jobId === jobId && resolve());
      onB.on('job:error', (event) => event.jobId === jobId && reject(new Error(event.error)));
    });
    const started = (node: Node) =>
      node.logs().filter((line) => line.jobId === jobId && /^started/.test(line.msg));
    expect(started(worker)).toHaveLength(1);
    expect([...started(apiA), ...started(apiB)]).toEqual([]);

    expect((await api(worker.url, 'GET', '/api/health/ready')).body).toMatchObject({
      status: 'ready',
      role: 'worker',
    });
    expect(
      (await api(worker.url, 'GET', `/api/projects/${project.id}`, { token: cluster.user.token })).status,
    ).toBe(404);
    await expect(sdkSocket(worker.url, cluster.user.token)).rejects.toThrow();
    expect((await api(apiA.url, 'GET', '/api/health/ready')).body).toMatchObject({ role: 'api' });
  });

  /**
   * Queues a batch of 8 shots through API node A and resolves once one of `workers` runs it with a
   * shot or more done: that worker (`runner`), the other (`survivor`), and the job's end.
   */
  async function batchUnderWay(workers: [Node, Node]) {
    const onA = await cluster.connect(apiA.url);
    const { project, jobId } = await queuedBatch(onA, 8);
    const finished = new Promise<string>((resolve) => {
      onA.on('job:complete', (event) => event.jobId === jobId && resolve('completed'));
      onA.on('job:error', (event) => event.jobId === jobId && resolve(event.error));
    });
    const runner = await new Promise<Node>((resolve) =>
      onA.on('job:progress', (event) => {
        if (event.jobId !== jobId || event.status !== 'running' || event.progress <= 0) return;
        const owner = workers.find((node) => node.logs().some((line) => line.jobId === jobId));
        if (owner) resolve(owner);
      }),
    );
    const survivor = (runner === workers[0] ? workers[1] : workers[0]) as Node;
    const resumedBySurvivor = () =>
      survivor.logs().some((line) => line.jobId === jobId && /^started .*\(attempt 2\)$/.test(line.msg));
    return { onA, project, jobId, finished, runner, survivor, resumedBySurvivor };
  }

  it('hands the jobs of a worker killed mid-batch to a second worker', async () => {
    const second = await cluster.start({ name: 'worker-2', role: 'worker', env });
    const batch = await batchUnderWay([worker, second]);
    expect((await batch.runner.stop('SIGKILL')).signal).toBe('SIGKILL');

    expect(await batch.finished).toBe('completed');
    expect(batch.resumedBySurvivor()).toBe(true);
    const { shots: after } = await batch.onA.request('shot', 'getAll', { projectId: batch.project.id });
    expect(after.map((shot) => shot.generation_status)).toEqual(after.map(() => 'completed'));
    worker = batch.survivor;
  });

  it('releases the running job of a worker stopped with SIGTERM to another worker at once', async () => {
    // No grace: the job is stopped at its current step and handed over without waiting for the
    // stale timeout (a job that finishes within SHUTDOWN_GRACE_MS is simply finished). Both workers
    // are started without one, so whichever takes the job cannot finish it in a grace instead; the
    // earlier worker (with the default grace) is stopped first, idle.
    expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const graceless = { ...env, SHUTDOWN_GRACE_MS: '0' };
    const third = await cluster.start({ name: 'worker-3', role: 'worker', env: graceless });
    const fourth = await cluster.start({ name: 'worker-4', role: 'worker', env: graceless });
    const batch = await batchUnderWay([third, fourth]);
    expect(await batch.runner.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    const released = batch.runner
      .logs()
      .some((line) => line.jobId === batch.jobId && line.msg === 'released to another worker');
    expect(released).toBe(true);
    expect(await batch.finished).toBe('completed');
    expect(batch.resumedBySurvivor()).toBe(true);
    worker = batch.survivor;
  });

  it('moves the clients of a killed API node to the other one, losing no acknowledged write', async () => {
    const balancer = await new TcpProxy(() => [apiA.port, apiB.port]).listen();
    try {
      const owner = await cluster.connect(apiB.url);
      const { project, shots } = await storyboard(owner, 6);
      const clients = await Promise.all(shots.map(() => cluster.connect(balancer.url)));
      const acked = shots.map(() => '');
      const failures = shots.map(() => 0);
      let stop = false;
      let afterKill = shots.map(() => 0);
      const writers = clients.map(async (client, i) => {
        const shot = shots[i] as Shot;
        for (let n = 0; !stop; n += 1) {
          const value = `client ${i} write ${n}`;
          try {
            await client.request('shot', 'update', { shotId: shot.id, updates: { description: value } });
            acked[i] = value;
            afterKill[i] = (afterKill[i] ?? 0) + 1;
          } catch {
            failures[i] = (failures[i] ?? 0) + 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      });
      await eventually(() => acked.every((value) => value !== ''), 'every client wrote once');
      expect((await apiA.stop('SIGKILL')).signal).toBe('SIGKILL');
      afterKill = shots.map(() => 0);
      // Every client, the half that was on A included, goes on writing through B.
      await eventually(
        () => afterKill.every((count) => count >= 5),
        'every client wrote 5 times after the kill',
      );
      stop = true;
      await Promise.all(writers);
      expect(clients.every((client) => client.connected)).toBe(true);
      expect(failures.some((count) => count > 0)).toBe(true);

      const { shots: stored } = await owner.request('shot', 'getAll', { projectId: project.id });
      const byId = new Map(stored.map((shot) => [shot.id, shot.description]));
      expect(shots.map((shot) => byId.get(shot.id))).toEqual(acked);
    } finally {
      await balancer.close();
    }
  });
});
