#!/usr/bin/env node
// The browser suite's entry point (npm run test:browser -w @reelbench/web): finds Debian's Chromium,
// checks the web and the server are built, runs Playwright with e2e/playwright.config.ts and ends
// with one plain line "N passed, N failed" (read from the JSON reporter) and Playwright's exit code.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const web = path.resolve(here, '..');
const root = path.resolve(web, '../..');
const ci = process.env.CI === 'true' || process.env.CI === '1';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
const chromium = candidates.find(executable);
if (!chromium) {
  if (ci) {
    console.error(
      `browser tests failed: no Chromium found at ${candidates.join(' or ')} (CI must install Debian's chromium: apt-get install -y chromium)`,
    );
    process.exit(1);
  }
  console.log("browser tests skipped: no Chromium found (install Debian's chromium)");
  process.exit(0);
}

const needed = [
  [path.join(web, 'dist/app/index.html'), 'the web app is not built: run `npm run build -w @reelbench/web`'],
  [path.join(root, 'packages/server/dist/main.js'), 'the server is not built: run `npx tsc -b` at the root'],
];
for (const [file, message] of needed) {
  if (!existsSync(file)) {
    console.error(`browser tests failed: ${message} (${path.relative(root, file)} is missing)`);
    process.exit(1);
  }
}

/** The local Playwright CLI: node_modules/.bin/playwright, here or in a parent (npm hoists it). */
function playwrightBin() {
  for (let dir = web; ; dir = path.dirname(dir)) {
    const bin = path.join(dir, 'node_modules/.bin/playwright');
    if (existsSync(bin)) return bin;
    if (path.dirname(dir) === dir) return null;
  }
}
const bin = playwrightBin();
if (!bin) {
  console.error('browser tests failed: @playwright/test is not installed (npm ci)');
  process.exit(1);
}

const results = path.join(web, 'test-results');
const report = path.join(results, 'results.json');
rmSync(report, { force: true });

const config = path.join(here, 'playwright.config.ts');
const child = spawn(bin, ['test', '-c', config, ...process.argv.slice(2)], {
  cwd: web,
  stdio: 'inherit',
  env: { ...process.env, REELBENCH_CHROMIUM: chromium },
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

/** "N passed, N failed" from the JSON report; flaky tests passed on retry and count as passed. */
function summary(code) {
  try {
    const { stats, errors } = JSON.parse(readFileSync(report, 'utf8'));
    const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    // A run that failed outside the tests (the global setup, a spec that does not load) counts one failure.
    const outside = code !== 0 && !(stats.unexpected > 0) ? 1 : 0;
    const failed = (stats.unexpected ?? 0) + outside;
    const extras = [];
    if (outside)
      extras.push(
        `failed outside the tests${errors?.length ? `: ${String(errors[0].message).split('\n')[0]}` : ''}`,
      );
    if (stats.flaky) extras.push(`${stats.flaky} flaky`);
    if (stats.skipped) extras.push(`${stats.skipped} skipped`);
    const seconds = Math.round((stats.duration ?? 0) / 1000);
    return { line: `${passed} passed, ${failed} failed`, note: [...extras, `${seconds} s`].join(', ') };
  } catch {
    return null;
  }
}

child.on('exit', (code, signal) => {
  const result = summary(code ?? 1);
  if (result) {
    console.log(
      `browser tests: ${result.note}; screenshots in ${path.relative(root, path.join(results, 'screens'))}`,
    );
    console.log(result.line);
  } else {
    console.log('browser tests: no JSON report was written');
    console.log(`0 passed, ${code === 0 ? 0 : 1} failed`);
  }
  process.exit(code ?? (signal ? 1 : 0));
});
