import { beforeAll, describe, expect, it } from 'vitest';
import { authRequiredRouteProblems, authRequiredSocketResults } from './support/auth-walk.js';
import { testDatabases } from './support/databases.js';
import { api, type TestUser } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import {
  PUBLIC_ROUTES,
  setupWalkWorld,
  snapshotAlice,
  unansweredProblems,
  type WalkWorld,
  walkRoutes,
} from './support/walk-fixtures.js';

const _BATCH = 6;

/**
 * A review token opens one project's review page and its comment form, nothing else: presented as
 * a bearer token over HTTP or as a socket's token, it is no session, so every route and action of
 * the contract that needs an account answers AUTH_ERROR and the owner's data stays as it was.
 */
describe.each(testDatabases())('a review token as credentials on %s', (database) => {
  const { server, connect } = useTestServer({ database });
  let world: WalkWorld;
  let before: unknown;

  beforeAll(async () => {
    world = await setupWalkWorld(server);
    before = await snapshotAlice(server, world);
  }, 60_000);

  it('calls no HTTP route that needs an account: 401 AUTH_ERROR for every one', async () => {
    const token = world.ids.reviewToken;
    const routes = walkRoutes().filter(({ spec }) => spec.auth);
    expect(routes.length).toBeGreaterThan(50);
    expect(await authRequiredRouteProblems(server, routes, world.ids, token)).toEqual([]);
    // The public routes are all it may use, and the link still works after the walk.
    expect([...PUBLIC_ROUTES]).toEqual(expect.arrayContaining(['review.view', 'review.comment']));
    expect((await api(server, 'GET', `/api/review/${token}`)).status).toBe(200);
  }, 120_000);

  it('calls no socket action nor older event: AUTH_ERROR for every one', async () => {
    const socket = await connect({ token: world.ids.reviewToken } as TestUser);
    const results = await authRequiredSocketResults(socket, world.ids);
    expect(results.map(({ event }) => event)).toEqual(
      expect.arrayContaining(['review:createLink', 'review:revokeLink', 'review:deleteComment']),
    );
    const { unanswered, expectedUnanswered, problems } = unansweredProblems(results);
    expect(problems).toEqual([]);
    expect(unanswered).toEqual(expectedUnanswered);
  }, 180_000);

  it("left the owner's project as it was", async () => {
    expect(await snapshotAlice(server, world)).toEqual(before);
  });
});
