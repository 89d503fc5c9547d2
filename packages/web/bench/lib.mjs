// What the web benchmark needs around the browser: the real built server as a child process, a few
// HTTP calls to it, statistics, and "the network has been quiet for a while" for a Playwright page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../e2e/support/shared.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_ROOT = path.resolve(here, '..');
export const REPO_ROOT = path.resolve(WEB_ROOT, '../..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'packages/server/dist/main.js');
/**
 * The web build the server serves: packages/web/dist/bench (`npm run build:bench`: the production
 * build with the shot views' render counter compiled in), or the build WEB_DIST names.
 */
export const WEB_DIST = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.join(WEB_ROOT, 'dist/bench');
export const WEB_INDEX = path.join(WEB_DIST, 'index.html');
const START_TIMEOUT_MS = 90_000;

/**
 * Starts `node packages/server/dist/main.js` on a free port with a fresh data dir and the embedded
 * defaults (no DATABASE_URL: PGlite), serving WEB_DIST, and waits for its "Reelbench listening on" line.
 * Returns { url, stop() }; stop() ends it and removes the data dir.
 */
export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reelbench-web-bench-'));
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'CORS_ORIGINS', 'WEB_DIST'])
    delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    REELBENCH_DATA_DIR: dataDir,
    WEB_DIST,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const keep = (chunk) => {
    log.push(chunk.toString());
    if (log.length > 100) log.splice(0, log.length - 100);
  };
  child.stderr.on('data', keep);
  await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      done();
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${log.join('')}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      keep(chunk);
      seen += chunk.toString();
      if (seen.includes('Reelbench listening on')) {
        done();
        resolve();
      }
    };
    const onExit = (code, signal) => {
      done();
      reject(
        new Error(`the server exited during start-up (code ${code}, signal ${signal}):\n${log.join('')}`),
      );
    };
    const done = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.stdout.on('data', keep);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** One JSON request; throws with the status and the start of the body when it is not 2xx. */
export async function call(baseUrl, method, route, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The value at percentile p (nearest rank) of the values. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** socket.io's long-polling requests stay open by design: they do not keep the network "busy". */
const isSocketTransport = (url) => new URL(url).pathname.startsWith('/socket.io/');

/**
 * Follows a page's requests so a caller can wait until none (other than the socket's transport)
 * has been in flight for `quietMs`. Call before navigating.
 */
export function trackNetwork(page) {
  const inFlight = new Set();
  let lastChange = Date.now();
  const begin = (request) => {
    if (isSocketTransport(request.url())) return;
    inFlight.add(request);
    lastChange = Date.now();
  };
  const end = (request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
        if (Date.now() > deadline) {
          const open = [...inFlight].map((request) => request.url()).join(', ');
          throw new Error(`the network did not go quiet within ${timeoutMs} ms (open: ${open || 'none'})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
