import { test as base, expect } from '@playwright/test';
import { ServerProcess } from './server.js';

/** Stops and restarts the real server on the same port and data dir, for the offline test. */
export interface ServerControl {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

interface WorkerFixtures {
  server: ServerProcess;
  serverControl: ServerControl;
}

/**
 * The server the global setup started (support/global-setup.ts); every test's baseURL points at it,
 * and serverControl stops and restarts it.
 */
export const test = base.extend<{ serverAlive: undefined }, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature
    async ({}, use) => {
      await use(ServerProcess.attach());
    },
    { scope: 'worker' },
  ],
  serverControl: [
    async ({ server }, use) => {
      await use({
        url: server.url,
        stop: () => server.stop(),
        start: () => server.start(),
      });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  // A test that stopped the server and failed before restarting it leaves the next test a live one.
  serverAlive: [
    async ({ server }, use) => {
      if (!server.running) await server.start();
      await use(undefined);
      if (!server.running) await server.start();
    },
    { auto: true, timeout: 120_000 },
  ],
});

export { expect };
