import 'reflect-metadata';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { TestProject } from 'vitest/node';
import { dataSourceOptions } from '../../src/database/data-source.js';
import { EmbeddedPostgres } from '../../src/database/embedded-postgres.js';
import { ENTITIES } from '../../src/entities.js';
import { databaseUrl } from './databases.js';

/** Runs the real migrations (as the server does at start-up) and disconnects. */
async function migrate(options: ReturnType<typeof dataSourceOptions>): Promise<void> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  await dataSource.destroy();
}

/** Initialises and migrates ONE PGlite (~8 s), then dumps it: test servers start from copies (~1 s). */
async function preparePglite(): Promise<{ seedFile: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-seed-'));
  const embedded = await EmbeddedPostgres.start({ dataDir: path.join(dir, 'pgdata') });
  const seedFile = path.join(dir, 'seed.tar');
  try {
    await migrate(dataSourceOptions({ kind: 'pglite', host: embedded.host, port: embedded.port }, ENTITIES));
    await writeFile(seedFile, await embedded.dump());
  } finally {
    await embedded.stop();
  }
  return { seedFile, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The migrated template database that each Postgres test server clones (CREATE DATABASE … TEMPLATE). */
async function preparePostgres(): Promise<{ template: string; cleanup: () => Promise<void> }> {
  const template = `reelbench_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  await migrate(dataSourceOptions({ kind: 'postgres', url: databaseUrl(template), poolSize: 1 }, ENTITIES));
  const cleanup = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).finally(() => client.end());
  };
  return { template, cleanup };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  Logger.overrideLogger(['fatal', 'error', 'warn']);
  const pglite = await preparePglite();
  project.provide('pgliteSeedFile', pglite.seedFile);
  const postgres = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  project.provide('postgresTemplate', postgres?.template ?? '');
  return async () => {
    await postgres?.cleanup();
    await pglite.cleanup();
  };
}
