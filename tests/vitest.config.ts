import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@reelbench/source'] },
  ssr: { resolve: { conditions: ['@reelbench/source'] } },
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    // Their own project (tests/nodes/vitest.config.ts): they need Postgres and Redis.
    exclude: ['nodes/**', '**/node_modules/**'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
