import type { JobAcceptedReply, JobListReply, Project, Shot } from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider } from '../src/generation/local/local.provider.js';
import { ProviderRegistry } from '../src/generation/provider.js';
import { testDatabases } from './support/databases.js';
import { newProject } from './support/factories.js';
import { until, useTestServer } from './support/harness.js';
import { ask } from './support/socket-expect.js';

const HELD_PROVIDER = 'held-test';

/**
 * One job slot, two users: a user's long line of jobs must not hold the server while another user's
 * single image waits behind all of it (each user's next job goes before anyone's later ones).
 */
describe.each(testDatabases())('job queue fairness on %s', (database) => {
  const harness = useTestServer({ database, users: ['alice', 'bob'], env: { JOB_CONCURRENCY: '1' } });
  const { server, alice, bob } = harness;

  /** Shot names in the order the provider was asked to draw them; each draw waits for `release`. */
  const drawn: string[] = [];
  const waiting: (() => void)[] = [];

  beforeAll(() => {
    const local = createLocalProvider();
    server.app.get(ProviderRegistry).register(HELD_PROVIDER, {
      ...local,
      shotImage: {
        renderShot: async (request) => {
          drawn.push(request.shot.name);
          await new Promise<void>((resolve) => waiting.push(resolve));
          return local.shotImage.renderShot(request);
        },
      },
    });
  });

  /** Lets the draw in progress finish, then waits until the next one has begun. */
  async function releaseAndWaitForNext(count: number): Promise<void> {
    await until('a draw to be waiting', () => (waiting.length > 0 ? true : undefined));
    waiting.shift()?.();
    await until(`draw ${count + 1}`, () => (drawn.length > count ? true : undefined));
  }

  async function queueShots(socket: Socket, project: Project, names: string[]): Promise<JobAcceptedReply[]> {
    const accepted: JobAcceptedReply[] = [];
    for (const name of names) {
      const shot = await ask<Shot>(socket, 'shot:create', {
        projectId: project.id,
        name,
        action: `${name}.`,
      });
      accepted.push(
        await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
          projectId: project.id,
          shotIds: [shot.id],
          provider: HELD_PROVIDER,
        }),
      );
    }
    return accepted;
  }

  it("a second user's job runs next, not after the first user's whole line", async () => {
    const aliceSocket = await harness.connect(alice);
    const bobSocket = await harness.connect(bob);
    const harbour = await newProject(server, alice, { name: 'Harbour' });
    const orchard = await newProject(server, bob, { name: 'Orchard' });

    const alices = await queueShots(
      aliceSocket,
      harbour,
      [1, 2, 3, 4, 5].map((n) => `Alice ${n}`),
    );
    // Alice's first job holds the only slot; the other four wait in her line.
    await until('Alice 1 to be drawn', () => (drawn.length === 1 ? true : undefined));
    const bobs = await queueShots(bobSocket, orchard, ['Bob 1', 'Bob 2']);

    for (let count = 1; count < 7; count += 1) await releaseAndWaitForNext(count);
    waiting.shift()?.();

    // Bob's first job goes before Alice's second: he is first in his line, she is second in hers.
    // Then each takes a turn while both have work; Alice's long line finishes alone.
    expect(drawn).toEqual(['Alice 1', 'Bob 1', 'Alice 2', 'Bob 2', 'Alice 3', 'Alice 4', 'Alice 5']);

    for (const [socket, project, jobs] of [
      [aliceSocket, harbour, alices],
      [bobSocket, orchard, bobs],
    ] as const) {
      const ids = new Set(jobs.map((reply) => reply.job.id));
      const finished = await until('every job to complete', async () => {
        const { jobs: listed } = await ask<JobListReply>(socket, 'jobs:list', { projectId: project.id });
        const mine = listed.filter((job) => ids.has(job.id));
        return mine.every((job) => job.status === 'completed') ? mine : undefined;
      });
      expect(finished).toHaveLength(ids.size);
    }
  }, 120_000);

  it("a batch gives its slot to another user's job between shots, and goes on where it stopped", async () => {
    drawn.length = 0;
    const aliceSocket = await harness.connect(alice);
    const bobSocket = await harness.connect(bob);
    const pier = await newProject(server, alice, { name: 'Pier' });
    const field = await newProject(server, bob, { name: 'Field' });
    const shotIds: string[] = [];
    for (const name of ['Pier 1', 'Pier 2', 'Pier 3', 'Pier 4']) {
      const shot = await ask<Shot>(aliceSocket, 'shot:create', {
        projectId: pier.id,
        name,
        action: `${name}.`,
      });
      shotIds.push(shot.id);
    }
    const batch = await ask<JobAcceptedReply>(aliceSocket, 'shot:generate-batch', {
      projectId: pier.id,
      shotIds,
      provider: HELD_PROVIDER,
      concurrency: 1,
    });
    await until('Pier 1 to be drawn', () => (drawn.length === 1 ? true : undefined));
    const [single] = await queueShots(bobSocket, field, ['Field 1']);

    for (let count = 1; count < 5; count += 1) await releaseAndWaitForNext(count);
    waiting.shift()?.();

    // One batch, one slot: Bob's image is drawn after the shot Alice's batch was drawing, not after all four.
    expect(drawn).toEqual(['Pier 1', 'Field 1', 'Pier 2', 'Pier 3', 'Pier 4']);
    const finished = await until('the batch to complete', async () => {
      const { jobs } = await ask<JobListReply>(aliceSocket, 'jobs:list', { projectId: pier.id });
      const job = jobs.find((listed) => listed.id === batch.job.id);
      return job?.status === 'completed' ? job : undefined;
    });
    // Every shot once, in the batch's order, none redone after the hand-over.
    expect(
      (finished.result as { shotId: string; status: string }[]).map((entry) => [entry.shotId, entry.status]),
    ).toEqual(shotIds.map((id) => [id, 'completed']));
    const bobs = await until('Bob’s image to complete', async () => {
      const { jobs } = await ask<JobListReply>(bobSocket, 'jobs:list', { projectId: field.id });
      return jobs.find((listed) => listed.id === single?.job.id && listed.status === 'completed');
    });
    expect(bobs).toBeDefined();
  }, 120_000);
});
