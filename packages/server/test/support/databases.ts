import type { DatabaseKind } from '../../src/database/data-source.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir, dumped once per run; every test server starts from a copy. */
    pgliteSeedFile: string;
    /** The migrated template database on DATABASE_URL's server, or '' without DATABASE_URL. */
    postgresTemplate: string;
  }
}

/** The databases every database test runs on: PGlite always, Postgres when DATABASE_URL is set (CI). */
export function testDatabases(): DatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** DATABASE_URL with another database name. */
export function databaseUrl(database: string): string {
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}
