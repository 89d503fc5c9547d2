import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Project } from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../src/database/data-source.js';
import { BUILT_MAIN, ensureServerBuilt, freePort } from './support/built-server.js';
import { watchChild } from './support/child-output.js';
import { databaseUrl, testDatabases } from './support/databases.js';
import { api, newProject, newUser } from './support/factories.js';
import { createTestDatabase, dropTestDatabase } from './support/test-server.js';

const LISTENING = /^Reelbench listening on (http:\/\/127\.0\.0\.1:\d+) \(database: (pglite|postgres)\)$/;
/** A fresh PGlite data dir initialises in ~8 s on the dev machine; leave room for a slow CI. */
const START_TIMEOUT_MS = 90_000;
/** Two or three server starts per test. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

interface Running {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment of the test run minus what would point the child at other services. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _db, REDIS_URL: _redis, LOG_LEVEL: _level, ...rest } = process.env;
  return { ...rest, ...env };
}

function startBuilt(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [BUILT_MAIN], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { stdout, stderr, exited } = watchChild(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start-up line within ${START_TIMEOUT_MS} ms; stderr: ${stderr()}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = LISTENING.exec(stdout().split('\n')[0] ?? '');
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ child, url: match[1], stdout, stderr, exited });
    };
    child.stdout?.on('data', onData);
    exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening; stderr: ${stderr()}`));
    });
  });
}

beforeAll(ensureServerBuilt, 300_000);

describe.each(testDatabases())('the built server (node dist/main.js) on %s', (database: DatabaseKind) => {
  let dataDir: string;
  let databaseName: string | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-process-'));
    databaseName = database === 'postgres' ? await createTestDatabase() : undefined;
    env = {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      REELBENCH_DATA_DIR: dataDir,
      ...(databaseName ? { DATABASE_URL: databaseUrl(databaseName) } : {}),
    };
  });

  afterAll(async () => {
    if (databaseName) await dropTestDatabase(databaseName);
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'prints exactly one line at start-up, and a project survives kill -9',
    async () => {
      const first = await startBuilt(env);
      let project: Project;
      let token: string;
      try {
        expect(first.stdout()).toBe(`Reelbench listening on ${first.url} (database: ${database})\n`);
        expect(first.stderr()).toBe('');
        const user = await newUser(first);
        token = user.token;
        project = await newProject(first, user, { name: 'Killed but kept' });
      } finally {
        first.child.kill('SIGKILL');
      }
      expect((await first.exited).signal).toBe('SIGKILL');

      const second = await startBuilt(env);
      try {
        const fetched = await api<Project>(second, 'GET', `/api/projects/${project.id}`, { token });
        expect(fetched).toMatchObject({ status: 200, body: project });
      } finally {
        second.child.kill('SIGTERM');
      }
      expect(await second.exited).toEqual({ code: 0, signal: null });
      expect(second.stderr()).toBe('');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'closes cleanly on SIGINT and keeps what was written',
    async () => {
      const running = await startBuilt(env);
      const user = await newUser(running);
      const project = await newProject(running, user, { name: 'Saved before SIGINT' });
      running.child.kill('SIGINT');
      expect(await running.exited).toEqual({ code: 0, signal: null });

      const again = await startBuilt(env);
      try {
        const fetched = await api<Project>(again, 'GET', `/api/projects/${project.id}`, {
          token: user.token,
        });
        expect(fetched.body).toEqual(project);
      } finally {
        again.child.kill('SIGTERM');
        await again.exited;
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('start-up with a bad environment', () => {
  it('exits 1 naming every bad variable, without a stack trace', async () => {
    const child = spawn(process.execPath, [BUILT_MAIN], {
      env: childEnv({ PORT: 'eighty', TOKEN_TTL_DAYS: '0', STORAGE_DRIVER: 's3' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { stderr, exited } = watchChild(child);
    expect((await exited).code).toBe(1);
    const lines = stderr().trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.map((line) => line.trim().split(':')[0]).slice(1)).toEqual([
      'PORT',
      'S3_ACCESS_KEY_ID',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_SECRET_ACCESS_KEY',
      'TOKEN_TTL_DAYS',
    ]);
    expect(stderr()).not.toMatch(/\n\s+at /);
  });
});
