import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './support/shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const results = path.resolve(here, '../test-results');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const chromium = process.env.REELBENCH_CHROMIUM ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser suite: Debian's Chromium against the real built server (started once by
 * support/global-setup.ts), one worker, specs in file order (99-offline, which stops and restarts the
 * server, last).
 */
export default defineConfig({
  testDir: path.join(here, 'specs'),
  testMatch: '**/*.spec.ts',
  globalSetup: path.join(here, 'support/global-setup.ts'),
  outputDir: path.join(results, 'artifacts'),
  fullyParallel: false,
  workers: 1,
  retries: ci ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: ci,
  reporter: [['list'], ['json', { outputFile: path.join(results, 'results.json') }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Colour transitions would let axe measure contrast half-way through a theme switch.
    contextOptions: { reducedMotion: 'reduce' },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [...CHROMIUM_ARGS],
    },
  },
});
