import { defineConfig } from 'vitest/config';

/**
 * The suites that need a real Postgres and Redis (DATABASE_URL, REDIS_URL; .ci/run provides both):
 * several server processes on one database. The root config adds this project only when both are
 * set and says so when they are not.
 */
export default defineConfig({
  resolve: { conditions: ['@reelbench/source'] },
  ssr: { resolve: { conditions: ['@reelbench/source'] } },
  test: {
    name: 'nodes',
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
