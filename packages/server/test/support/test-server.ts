import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { inject } from 'vitest';
import { createApp } from '../../src/app.js';
import type { DatabaseKind } from '../../src/database/data-source.js';
import { loadConfig } from '../../src/load-config.js';
import { databaseUrl } from './databases.js';

export interface TestServer {
  database: DatabaseKind;
  url: string;
  app: NestExpressApplication;
  /** REELBENCH_DATA_DIR of this server (the PGlite data lives in its pgdata/). */
  dataDir: string;
  /** The Postgres database of this server (postgres only). */
  databaseName: string | undefined;
  /** SQL through the server's own connection (PGlite takes only one). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Stops the server; with keepData the data dir and database stay for a restart. */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  database: DatabaseKind;
  /** Start on the data of a server closed with keepData (a restart). */
  reuse?: Pick<TestServer, 'dataDir' | 'databaseName'>;
  /** Extra environment for loadConfig, e.g. REDIS_URL or WEB_DIST. */
  env?: Record<string, string>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase(): Promise<string> {
  const name = `reelbench_t_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return name;
}

export async function dropTestDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Boots createApp on 127.0.0.1:0 with a fresh database (or the data of `reuse`). */
export async function startTestServer(options: StartOptions): Promise<TestServer> {
  const { database, reuse } = options;
  const dataDir = reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'reelbench-test-')));
  const databaseName =
    database === 'postgres' ? (reuse?.databaseName ?? (await createTestDatabase())) : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    REELBENCH_DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    // A test server closes at once: running jobs are released, sockets closed (as before SIGTERM grace).
    SHUTDOWN_GRACE_MS: '0',
    ...(databaseName ? { DATABASE_URL: databaseUrl(databaseName) } : {}),
    ...options.env,
  });
  const server = await createApp(
    config,
    database === 'pglite' ? { pgliteSeedFile: inject('pgliteSeedFile') } : {},
  );
  const dataSource = server.app.get(DataSource);
  return {
    database,
    url: server.url,
    app: server.app,
    dataDir,
    databaseName,
    query: (sql, params) => dataSource.query(sql, params),
    close: async ({ keepData = false } = {}) => {
      await server.close();
      if (keepData) return;
      if (databaseName) await dropTestDatabase(databaseName);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
