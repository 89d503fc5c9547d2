import {
  errorBodySchema,
  errorEnvelopeSchema,
  getActionSpec,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequiredRouteProblems, authRequiredSocketResults } from './support/auth-walk.js';
import { testDatabases } from './support/databases.js';
import { connectSocket, newUser } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import {
  callSampleRoute,
  inBatches,
  isNotAvailable,
  LEGACY_SAMPLES,
  leakedSecrets,
  legacyEventNames,
  NO_ANSWER,
  OWN_SCOPE_ACTIONS,
  OWN_SCOPE_ROUTES,
  PUBLIC_ROUTES,
  REFUSAL_CODES,
  ROUTE_SAMPLES,
  SOCKET_SAMPLES,
  samplePayload,
  sampleRoute,
  sendSampleAction,
  sendSampleLegacy,
  setupWalkWorld,
  snapshotAlice,
  snapshotAliceVariants,
  unansweredProblems,
  type WalkSocketAnswer,
  type WalkWorld,
  walkActions,
  walkRoutes,
} from './support/walk-fixtures.js';

const BATCH = 6;

/** What is wrong with B's answer to one request; '' when it is a clean refusal (or a clean own-scope answer). */
function judgeSocket(answer: WalkSocketAnswer | undefined, ownScope: boolean, world: WalkWorld): string {
  if (answer === undefined) return NO_ANSWER;
  const leaks = leakedSecrets(answer.body, world.ids);
  if (leaks.length > 0) return `leaked ${leaks.join(', ')}: ${JSON.stringify(answer.body).slice(0, 300)}`;
  const isError = answer.event.endsWith(':error');
  if (!isError)
    return ownScope ? '' : `answered ${answer.event} ${JSON.stringify(answer.body).slice(0, 300)}`;
  const code = (answer.body as { code?: unknown }).code;
  if (ownScope) return '';
  return REFUSAL_CODES.has(code as never) ? '' : `refused with ${String(code)}`;
}

describe.each(testDatabases())('authorization walk on %s', (database) => {
  const { server } = useTestServer({ database });
  let world: WalkWorld;
  let before: unknown[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    world = await setupWalkWorld(server);
    before = [await snapshotAlice(server, world), await snapshotAliceVariants(server, world)];
  }, 60_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
  });

  const connect = async (token?: string) => {
    const socket = await connectSocket(server, token);
    sockets.push(socket);
    return socket;
  };

  it('has a valid sample for every socket action, legacy event and HTTP route of the contract', () => {
    const actions = walkActions().map(({ event }) => event);
    const sampled = Object.entries(SOCKET_SAMPLES).flatMap(([domain, table]) =>
      Object.keys(table).map((action) => `${domain}:${action}`),
    );
    expect(sampled.sort()).toEqual([...actions].sort());
    expect(Object.keys(LEGACY_SAMPLES).sort()).toEqual(Object.keys(LEGACY_EVENTS).sort());
    const routes = walkRoutes().map(({ key }) => key);
    const sampledRoutes = Object.entries(ROUTE_SAMPLES).flatMap(([group, table]) =>
      Object.keys(table).map((name) => `${group}.${name}`),
    );
    expect(sampledRoutes.sort()).toEqual([...routes].sort());

    const invalid: string[] = [];
    for (const { domain, action, event } of walkActions()) {
      const parsed = getActionSpec(domain, action)?.payload.safeParse(
        samplePayload(domain, action, world.ids),
      );
      if (!parsed?.success) invalid.push(`${event}: ${parsed?.error.message}`);
    }
    for (const event of legacyEventNames()) {
      const parsed = LEGACY_EVENTS[event].payload.safeParse(LEGACY_SAMPLES[event](world.ids));
      if (!parsed.success) invalid.push(`${event}: ${parsed.error.message}`);
    }
    for (const { key, spec } of walkRoutes()) {
      const sample = sampleRoute(key, world.ids);
      const body = spec.multipart ? sample.form : sample.body;
      if (spec.body && !spec.body.safeParse(body).success) invalid.push(`${key}: body`);
      if (spec.query && !spec.query.safeParse(sample.query ?? {}).success) invalid.push(`${key}: query`);
    }
    expect(invalid).toEqual([]);
  });

  it("refuses every socket action aimed at A's data when B asks, leaking nothing", async () => {
    const socket = await connect(world.bob.token);
    const problems = await inBatches(walkActions(), BATCH, async (target) => {
      const answer = await sendSampleAction(socket, target, world.ids);
      if (answer?.event.endsWith(':error')) errorEnvelopeSchema.parse(answer.body);
      const { event } = target;
      return { event, problem: judgeSocket(answer, OWN_SCOPE_ACTIONS.has(event), world) };
    });
    const { unanswered, expectedUnanswered, problems: wrong } = unansweredProblems(problems);
    expect(wrong).toEqual([]);
    expect(unanswered).toEqual(expectedUnanswered);
  }, 120_000);

  it("refuses every older named event aimed at A's data when B asks, leaking nothing", async () => {
    const socket = await connect(world.bob.token);
    // One at a time: older replies carry no requestId, so concurrent answers could not be told apart.
    const results: { event: string; problem: string }[] = [];
    for (const event of legacyEventNames()) {
      const spec = LEGACY_EVENTS[event];
      const answer = await sendSampleLegacy(socket, event, world.ids);
      if (answer?.event === spec.error) legacyErrorPayloadSchema.parse(answer.body);
      const ownScope = OWN_SCOPE_ACTIONS.has(event) || OWN_SCOPE_ACTIONS.has(event.replace('job:', 'jobs:'));
      const problem = judgeSocket(
        answer && { event: answer.event === spec.error ? 'legacy:error' : answer.event, body: answer.body },
        ownScope,
        world,
      );
      results.push({ event, problem });
    }
    const { unanswered, expectedUnanswered, problems } = unansweredProblems(results);
    expect(problems).toEqual([]);
    expect(unanswered).toEqual(expectedUnanswered);
  }, 180_000);

  it("refuses every HTTP route aimed at A's data when B asks, leaking nothing", async () => {
    const routes = walkRoutes().filter(({ key }) => !PUBLIC_ROUTES.has(key) && key !== 'auth.logout');
    const problems = await inBatches(routes, BATCH, async (route) => {
      const { key } = route;
      const answer = await callSampleRoute(server, route, world.ids, world.bob.token);
      const leaks = leakedSecrets(answer.body, world.ids);
      if (leaks.length > 0) return `${key}: leaked ${leaks.join(', ')}`;
      if (answer.status >= 500 && !isNotAvailable(answer.status, answer.body))
        return `${key}: ${answer.status} ${JSON.stringify(answer.body)}`;
      if (OWN_SCOPE_ROUTES.has(key)) return '';
      if (answer.status < 400)
        return `${key}: answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      const parsed = errorBodySchema.safeParse(answer.body);
      if (!parsed.success) return `${key}: not an error body ${JSON.stringify(answer.body).slice(0, 300)}`;
      return REFUSAL_CODES.has(parsed.data.code) ? '' : `${key}: refused with ${parsed.data.code}`;
    });
    expect(problems.filter(Boolean)).toEqual([]);
  }, 120_000);

  it('logs B out without touching A', async () => {
    const logout = walkRoutes().find(({ key }) => key === 'auth.logout');
    if (logout === undefined) throw new Error('auth.logout is not in the contract');
    const carol = await newUser(server);
    const answer = await callSampleRoute(server, logout, world.ids, carol.token);
    expect(answer.status).toBeLessThan(300);
    expect(leakedSecrets(answer.body, world.ids)).toEqual([]);
  });

  it("answers AUTH_ERROR 'Authentication required' to an anonymous client everywhere", async () => {
    const socket = await connect();
    const results = await authRequiredSocketResults(
      socket,
      world.ids,
      (body) => leakedSecrets(body, world.ids).length === 0,
    );
    const silence = unansweredProblems(results);
    const routes = walkRoutes().filter(({ key }) => !PUBLIC_ROUTES.has(key));
    const routeProblems = await authRequiredRouteProblems(server, routes, world.ids);
    expect([...silence.problems, ...routeProblems]).toEqual([]);
    expect(silence.unanswered).toEqual(silence.expectedUnanswered);
  }, 180_000);

  it("leaves A's project, shots, assets, script, files and variants unchanged", async () => {
    const after = [await snapshotAlice(server, world), await snapshotAliceVariants(server, world)];
    expect(after).toEqual(before);
  });
});
