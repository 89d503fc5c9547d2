import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// Nest's dependency injection reads decorator metadata; esbuild does not emit it, swc does.
export default defineConfig({
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
      },
    }),
  ],
  resolve: { conditions: ['@reelbench/source'] },
  ssr: { resolve: { conditions: ['@reelbench/source'] } },
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    // Migrates one PGlite (dumped for every test server to copy) and, with DATABASE_URL, a template database.
    globalSetup: ['test/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // Files share one module graph: Nest, TypeORM and sharp load once (506 s → about 415 s for the
    // project). Every test server is its own app, database and storage; helpers keep no state.
    isolate: false,
    // Under CI a failed test runs once more and vitest reports it as flaky: job-running socket tests
    // on Postgres have timed out now and then on a fresh clone (a job that never answered within
    // 30 s; never reproduced alone). Known issue, to be found and fixed, not hidden: see the notes.
    retry: process.env.CI ? 1 : 0,
  },
});
