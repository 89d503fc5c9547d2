import { testsProject } from './support/vitest-project.js';

export default testsProject({
  name: 'e2e',
  // Their own project (tests/nodes/vitest.config.ts): they need Postgres and Redis.
  exclude: ['nodes/**', '**/node_modules/**'],
  testTimeout: 120_000,
  hookTimeout: 180_000,
});
