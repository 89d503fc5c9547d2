// The built server started in-process for a benchmark: a scratch data folder, PGlite (or Postgres when
// asked and DATABASE_URL is set), a fresh user, and everything removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, loadConfig } from '@reelbench/server';
import { registerBenchUser } from './bench-http.mjs';

/**
 * Runs `measure(server, token)` against a server started for it and returns what it returns.
 * `database` is 'pglite' or 'postgres'; `env` adds settings (limits, concurrency) to the defaults;
 * `progress`, when given, is written before the run's progress dots and a line break after them.
 */
export async function withBenchServer({ database = 'pglite', env = {}, password, progress } = {}, measure) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reelbench-bench-'));
  const settings = { PORT: '0', HOST: '127.0.0.1', REELBENCH_DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env };
  if (database === 'postgres') settings.DATABASE_URL = process.env.DATABASE_URL;
  const server = await createApp(loadConfig(settings));
  try {
    const token = await registerBenchUser(server.url, password);
    if (progress) process.stdout.write(`${progress} `);
    const result = await measure(server, token);
    if (progress) process.stdout.write('\n');
    return result;
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
