import { test as base, expect, type Page } from '@playwright/test';
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
/**
 * What a failed test leaves in the console, where CI's log keeps it (the trace and the screenshot
 * stay on the machine that ran it): the page's address, its toasts and status line, and what the
 * server logged (warnings and errors) while the test ran.
 */
async function reportFailure(page: Page, serverLog: string): Promise<void> {
  const read = async (selector: string) =>
    (
      await page
        .locator(selector)
        .allInnerTexts()
        .catch(() => [])
    ).map((text) => text.replace(/\s+/g, ' '));
  const lines = [
    `page: ${page.url()}`,
    ...(await read('li.toast')).map((text) => `toast: ${text}`),
    ...(await read('.status-line')).map((text) => `status line: ${text}`),
    ...serverLog
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(-30)
      .map((line) => `server: ${line.slice(0, 600)}`),
  ];
  console.log(`--- on failure ---\n${lines.join('\n')}\n---`);
}

export const test = base.extend<{ serverAlive: undefined; failureReport: undefined }, WorkerFixtures>({
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
  failureReport: [
    async ({ page, server }, use, testInfo) => {
      const mark = server.logMark();
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) await reportFailure(page, server.logSince(mark));
    },
    { auto: true },
  ],
});

export { expect };
