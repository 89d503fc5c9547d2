import {
  errorBodySchema,
  errorEnvelopeSchema,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
  MESSAGES,
} from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, type TestUser } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import {
  callRoute,
  inBatches,
  LEGACY_SAMPLES,
  legacyEventNames,
  NO_ANSWER,
  PUBLIC_ROUTES,
  samplePayload,
  sampleRoute,
  setupWalkWorld,
  snapshotAlice,
  unansweredProblems,
  type WalkWorld,
  walkActions,
  walkLegacyRequest,
  walkRoutes,
  walkSocketRequest,
} from './support/walk-fixtures.js';

const BATCH = 6;

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
    const problems = await inBatches(routes, BATCH, async ({ key, spec }) => {
      const answer = await callRoute(server, spec, sampleRoute(key, world.ids), token);
      const parsed = errorBodySchema.safeParse(answer.body);
      const ok =
        answer.status === 401 &&
        parsed.success &&
        parsed.data.code === 'AUTH_ERROR' &&
        parsed.data.error === MESSAGES.authenticationRequired;
      return ok ? '' : `${key}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
    });
    expect(problems.filter(Boolean)).toEqual([]);
    // The public routes are all it may use, and the link still works after the walk.
    expect([...PUBLIC_ROUTES]).toEqual(expect.arrayContaining(['review.view', 'review.comment']));
    expect((await api(server, 'GET', `/api/review/${token}`)).status).toBe(200);
  }, 120_000);

  it('calls no socket action nor older event: AUTH_ERROR for every one', async () => {
    const socket = await connect({ token: world.ids.reviewToken } as TestUser);
    const actionResults = await inBatches(walkActions(), BATCH, async ({ domain, action, event }) => {
      const answer = await walkSocketRequest(
        socket,
        domain,
        action,
        samplePayload(domain, action, world.ids),
      );
      const parsed = errorEnvelopeSchema.safeParse(answer?.body);
      const ok =
        answer?.event.endsWith(':error') &&
        parsed.success &&
        parsed.data.code === 'AUTH_ERROR' &&
        parsed.data.error === MESSAGES.authenticationRequired;
      return { event, problem: ok ? '' : answer ? JSON.stringify(answer.body).slice(0, 200) : NO_ANSWER };
    });
    const legacyResults: { event: string; problem: string }[] = [];
    for (const event of legacyEventNames()) {
      const answer = await walkLegacyRequest(socket, event, LEGACY_SAMPLES[event](world.ids));
      const parsed = legacyErrorPayloadSchema.safeParse(answer?.body);
      const ok =
        answer?.event === LEGACY_EVENTS[event].error && parsed.success && parsed.data.code === 'AUTH_ERROR';
      legacyResults.push({
        event,
        problem: ok ? '' : answer ? JSON.stringify(answer.body).slice(0, 200) : NO_ANSWER,
      });
    }
    expect(actionResults.map(({ event }) => event)).toEqual(
      expect.arrayContaining(['review:createLink', 'review:revokeLink', 'review:deleteComment']),
    );
    const { unanswered, expectedUnanswered, problems } = unansweredProblems([
      ...actionResults,
      ...legacyResults,
    ]);
    expect(problems).toEqual([]);
    expect(unanswered).toEqual(expectedUnanswered);
  }, 180_000);

  it("left the owner's project as it was", async () => {
    expect(await snapshotAlice(server, world)).toEqual(before);
  });
});
