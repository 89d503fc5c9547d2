import { defineConfig } from 'vitest/config';

/** tests/nodes runs several server processes on one Postgres with Redis (.ci/run sets both URLs). */
const services = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!services) {
  console.warn(
    'tests/nodes (multi-node, database and Redis faults) needs DATABASE_URL and REDIS_URL: not run',
  );
}

export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'tests/vitest.config.ts',
      ...(services ? ['tests/nodes/vitest.config.ts'] : []),
    ],
  },
});
