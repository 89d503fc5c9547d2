import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as PasswordTask from '../src/auth/password-strength.task.js';
import type * as StoryboardTask from '../src/cuts/storyboard-pdf.task.js';
import type * as OffThreadModule from '../src/workers/off-thread.js';
import { ensureServerBuilt, REPO_ROOT } from './support/built-server.js';

/**
 * The worker-thread pool as the built server runs it (dist: the threads load the compiled tasks;
 * from the TypeScript sources the tasks run inline, see off-thread.ts).
 */
describe('the off-thread pool (built)', () => {
  let built: typeof OffThreadModule;
  let STORYBOARD_PDF: typeof StoryboardTask.STORYBOARD_PDF;
  let PASSWORD_WEAKNESS: typeof PasswordTask.PASSWORD_WEAKNESS;
  const pools: OffThreadModule.OffThread[] = [];

  beforeAll(async () => {
    ensureServerBuilt();
    built = (await import(
      pathToFileURL(path.join(REPO_ROOT, 'packages/server/dist/workers/off-thread.js')).href
    )) as typeof OffThreadModule;
    const dist = (file: string) => pathToFileURL(path.join(REPO_ROOT, 'packages/server/dist', file)).href;
    ({ STORYBOARD_PDF } = (await import(dist('cuts/storyboard-pdf.task.js'))) as typeof StoryboardTask);
    ({ PASSWORD_WEAKNESS } = (await import(dist('auth/password-strength.task.js'))) as typeof PasswordTask);
  });

  afterAll(async () => {
    for (const pool of pools) await pool.stop();
  });

  const pool = (...args: ConstructorParameters<typeof OffThreadModule.OffThread>) => {
    const created = new built.OffThread(...args);
    pools.push(created);
    return created;
  };

  it('runs the storyboard PDF and the password estimate in worker threads', async () => {
    const threads = pool(2);
    const [pdf, weak, strong] = await Promise.all([
      threads.run(STORYBOARD_PDF, {
        title: 'Night — Café',
        subtitle: 'cut v1',
        frameRate: 24,
        layout: 'pages',
        shots: [],
      }),
      threads.run(PASSWORD_WEAKNESS, { password: 'password', userInputs: [], minScore: 3 }),
      threads.run(PASSWORD_WEAKNESS, { password: 'a long enough passphrase', userInputs: [], minScore: 3 }),
    ]);
    expect(Buffer.from(pdf).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(weak).toMatch(/^Too easy to guess: it is one of the ten most used passwords/);
    expect(strong).toBeNull();
  });

  it('fails a task past its time limit with SERVER_ERROR and ends its thread', async () => {
    const threads = pool(1, 1);
    await expect(
      threads.run(PASSWORD_WEAKNESS, { password: 'x'.repeat(64), userInputs: [], minScore: 3 }),
    ).rejects.toMatchObject({ code: 'SERVER_ERROR', context: { reason: 'it ran past 1 ms' } });
    const patient = pool(1);
    expect(
      await patient.run(PASSWORD_WEAKNESS, { password: 'password', userInputs: [], minScore: 0 }),
    ).toBeNull();
  });
});
