import { testsProject } from '../support/vitest-project.js';

/**
 * The suites that need a real Postgres and Redis (DATABASE_URL, REDIS_URL; .ci/run provides both):
 * several server processes on one database. The root config adds this project only when both are
 * set and says so when they are not.
 */
export default testsProject({ name: 'nodes', testTimeout: 60_000, hookTimeout: 120_000 });
