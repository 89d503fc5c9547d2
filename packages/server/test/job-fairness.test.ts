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
});
