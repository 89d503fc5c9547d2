import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { MIGRATIONS } from './migrations/index.js';
import { TypeOrmNestLogger } from './typeorm-logger.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; host: string; port: number };

export const POSTGRES_POOL_SIZE = 10;

/** The entity classes of the schema, assembled above the domains (src/entities.ts) and passed in. */
export type EntityList = NonNullable<PostgresDataSourceOptions['entities']>;

/** TypeORM options for either database: the given entities and the same migrations, run at start-up. */
export function dataSourceOptions(target: DatabaseTarget, entities: EntityList): PostgresDataSourceOptions {
  const common = {
    type: 'postgres',
    entities,
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
