import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';
import { TypeOrmNestLogger } from './typeorm-logger.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; host: string; port: number };

export const POSTGRES_POOL_SIZE = 10;

/** TypeORM options for either database: the same entities and the same migrations, run at start-up. */
export function dataSourceOptions(target: DatabaseTarget): PostgresDataSourceOptions {
  const common = {
    type: 'postgres',
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: true,
    migrationsTransactionMode: 'each',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    logger: new TypeOrmNestLogger(),
    maxQueryExecutionTime: 1_000,
  } as const;
  if (target.kind === 'postgres') {
    return { ...common, url: target.url, poolSize: target.poolSize ?? POSTGRES_POOL_SIZE };
  }
  return {
    ...common,
    host: target.host,
    port: target.port,
    username: 'postgres',
    database: 'postgres',
    // One connection only: see EmbeddedPostgres.
    extra: { max: 1 },
  };
}
