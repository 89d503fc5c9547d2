import { LEGACY_EVENTS, MESSAGES } from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAuthRequired, routeAnswer, socketAnswer, type WalkAnswer } from './support/auth-walk.js';
import { testDatabases } from './support/databases.js';
import { api, connectSocket, newProject, newUser } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import { BURST_ENV, type BurstWorld, burst, limitedCells } from './support/limit-bursts.js';
import {
  callSampleRoute,
  inBatches,
  leakedSecrets,
  legacyEventNames,
  NOT_SERVED,
  OWN_SCOPE_ACTIONS,
  OWN_SCOPE_ROUTES,
  PUBLIC_ROUTES,
  REFUSAL_CODES,
  sendSampleAction,
  sendSampleLegacy,
  setupWalkWorld,
  type WalkWorld,
  walkActions,
  walkRoutes,
  walkSocketRequest,
} from './support/walk-fixtures.js';

/**
 * The security matrix (issue 13): every socket action, older event and HTTP route of the contract ×
 * (owner, other user, signed out, review token), each cell with its expected outcome. The rows come
 * from the contract (listSocketActions, LEGACY_EVENTS, listHttpRoutes), so a new action is in the
 * matrix the moment it exists; the walk fixtures' sample tables are typed to have one for each.
 */
type Role = 'owner' | 'other' | 'signedOut' | 'reviewToken';
const ROLES: Role[] = ['other', 'signedOut', 'reviewToken', 'owner'];

type Expected = 'allowed' | 'refused' | 'authRequired';

interface Entry {
  kind: 'action' | 'legacy' | 'route';
  name: string;
  run: (as: Caller) => Promise<WalkAnswer | undefined>;
}

interface Caller {
  token: string | undefined;
  socket: Socket | undefined;
}

/** The expected outcome of one cell. The review token is a link for viewing, never a credential. */
export function expectedOutcome(role: Role, entry: Pick<Entry, 'kind' | 'name'>): Expected {
  const publicRoute = entry.kind === 'route' && PUBLIC_ROUTES.has(entry.name);
  if (publicRoute) return 'allowed';
  if (role === 'signedOut' || role === 'reviewToken') return 'authRequired';
  if (role === 'owner') return 'allowed';
  const ownScope =
    entry.kind === 'route'
      ? OWN_SCOPE_ROUTES.has(entry.name)
      : OWN_SCOPE_ACTIONS.has(entry.name) || OWN_SCOPE_ACTIONS.has(entry.name.replace('job:', 'jobs:'));
  return ownScope ? 'allowed' : 'refused';
}

/** Actions that destroy the owner's data or session run last, after every other cell. */
const DESTRUCTIVE = /delete|revoke|logout|unsubscribe|downgrade|upgrade/i;

function judge(expected: Expected, answer: WalkAnswer | undefined): string {
  if (answer === undefined) return 'no answer';
  if (answer.status >= 500 && answer.code !== 'NOT_AVAILABLE_ERROR')
    return `server failure ${JSON.stringify(answer.body).slice(0, 200)}`;
  const authFailure = answer.code === 'AUTH_ERROR' || answer.code === 'AUTHORIZATION_ERROR';
  switch (expected) {
    case 'allowed':
      // 'Login failed' for the sample's made-up credentials is an answer, not a refusal.
      return authFailure && answer.error !== MESSAGES.loginFailed ? `refused: ${answer.code}` : '';
    case 'refused':
      return !answer.ok && answer.code !== undefined && REFUSAL_CODES.has(answer.code)
        ? ''
        : `not refused: ${JSON.stringify(answer.body).slice(0, 200)}`;
    case 'authRequired':
      return isAuthRequired(answer) ? '' : `not AUTH_ERROR: ${JSON.stringify(answer.body).slice(0, 200)}`;
  }
}

function entries(world: () => WalkWorld, server: { url: string }): Entry[] {
  const actions: Entry[] = walkActions()
    .filter(({ event }) => !NOT_SERVED.has(event))
    .map((target) => ({
      kind: 'action',
      name: target.event,
      run: async ({ socket }) => {
        if (socket === undefined) return undefined;
        const answer = await sendSampleAction(socket, target, world().ids);
        return answer && socketAnswer(answer.event, answer.body);
      },
    }));
  const legacy: Entry[] = legacyEventNames()
    .filter((event) => !NOT_SERVED.has(event))
    .map((event) => ({
      kind: 'legacy',
      name: event,
      run: async ({ socket }) => {
        if (socket === undefined) return undefined;
        const answer = await sendSampleLegacy(socket, event, world().ids);
        if (answer === undefined) return undefined;
        const isError = answer.event === LEGACY_EVENTS[event].error;
        return socketAnswer(isError ? 'legacy:error' : answer.event, answer.body);
      },
    }));
  const routes: Entry[] = walkRoutes().map((route) => ({
    kind: 'route',
    name: route.key,
    run: async ({ token }) => routeAnswer(await callSampleRoute(server, route, world().ids, token)),
  }));
  return [...actions, ...legacy, ...routes];
}

describe.each(testDatabases())('security matrix on %s', (database) => {
  // One generation a minute: the owner's column reaches every generation action without rendering them all.
  const { server } = useTestServer({
    database,
    env: { GENERATIONS_PER_MINUTE: '1', REPLICATE_API_TOKEN: 'r8_matrixProviderSecret0123456789' },
  });
  let world: WalkWorld;
  const sockets: Socket[] = [];
  const logged: string[] = [];
  const answers: unknown[] = [];
  let restore: (() => void) | undefined;

  beforeAll(async () => {
    world = await setupWalkWorld(server);
    const out = process.stdout.write.bind(process.stdout);
    const err = process.stderr.write.bind(process.stderr);
    const capture =
      (write: typeof out) =>
      (chunk: unknown, ...rest: unknown[]): boolean => {
        logged.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      };
    process.stdout.write = capture(out) as typeof process.stdout.write;
    process.stderr.write = capture(err) as typeof process.stderr.write;
    restore = () => {
      process.stdout.write = out;
      process.stderr.write = err;
    };
  }, 60_000);

  afterAll(() => {
    restore?.();
    for (const socket of sockets) socket.close();
  });

  const connect = async (token: string | undefined): Promise<Socket | undefined> => {
    try {
      const socket = await connectSocket(server, token);
      sockets.push(socket);
      return socket;
    } catch {
      return undefined;
    }
  };

  it('has every contract action, older event and route in the matrix, each with an expected outcome', () => {
    const all = entries(() => world, server);
    const names = all.map((entry) => entry.name);
    expect(names.filter((name) => name.includes(':')).length).toBe(
      walkActions().filter(({ event }) => !NOT_SERVED.has(event)).length +
        legacyEventNames().filter((event) => !NOT_SERVED.has(event)).length,
    );
    expect(all.filter((entry) => entry.kind === 'route').length).toBe(walkRoutes().length);
    for (const entry of all)
      for (const role of ROLES)
        expect(['allowed', 'refused', 'authRequired']).toContain(expectedOutcome(role, entry));
    // The review token is never a credential: it opens only the public routes.
    expect(
      all.filter((entry) => expectedOutcome('reviewToken', entry) === 'allowed').map((entry) => entry.name),
    ).toEqual(
      [...PUBLIC_ROUTES]
        .filter((key) => names.includes(key))
        .sort((a, b) => names.indexOf(a) - names.indexOf(b)),
    );
  });

  it('answers every cell as expected: owner, other user, signed out, review token', async () => {
    const all = entries(() => world, server);
    const caller = async (role: Role): Promise<Caller> => {
      const token =
        role === 'owner'
          ? world.alice.token
          : role === 'other'
            ? world.bob.token
            : role === 'reviewToken'
              ? world.ids.reviewToken
              : undefined;
      return { token, socket: await connect(token) };
    };
    const problems: string[] = [];
    for (const role of ROLES) {
      const as = await caller(role);
      // Destructive cells (a delete, a logout) last, so they cannot change what the other cells see.
      const ordered = [
        ...all.filter((e) => !DESTRUCTIVE.test(e.name)),
        ...all.filter((e) => DESTRUCTIVE.test(e.name)),
      ];
      const check = async (entry: Entry) => {
        if (role === 'owner' && entry.name === 'auth.logout') return;
        const answer = await entry.run(as);
        answers.push(answer?.body);
        const expected = expectedOutcome(role, entry);
        const problem = judge(expected, answer);
        if (problem !== '') problems.push(`${role} × ${entry.name} (expected ${expected}): ${problem}`);
        // The review link's public routes (the page, its comments) show the project to whoever
        // holds the link: that is what it is for.
        const showsProject = entry.name.startsWith('review.') && PUBLIC_ROUTES.has(entry.name);
        const leaks =
          role === 'owner' || showsProject || !answer ? [] : leakedSecrets(answer.body, world.ids);
        if (leaks.length > 0) problems.push(`${role} × ${entry.name}: leaked ${leaks.join(', ')}`);
      };
      // Envelope actions and routes in small concurrent batches (answers carry a requestId or come
      // on their own HTTP response); older events one at a time, since their replies carry none.
      const concurrent = ordered.filter((entry) => entry.kind !== 'legacy' && !DESTRUCTIVE.test(entry.name));
      await inBatches(concurrent, 6, check);
      for (const entry of ordered.filter((e) => e.kind === 'legacy' && !DESTRUCTIVE.test(e.name)))
        await check(entry);
      for (const entry of ordered.filter((e) => DESTRUCTIVE.test(e.name))) await check(entry);
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('refuses a revoked review link and a logged-out token, over HTTP and socket', async () => {
    const owner = await newUser(server);
    const project = await api<{ id: string }>(server, 'POST', '/api/projects', {
      token: owner.token,
      body: { name: 'Revocation' },
    });
    const link = await api<{ token: string }>(
      server,
      'POST',
      `/api/projects/${project.body.id}/review-links`,
      {
        token: owner.token,
      },
    );
    expect((await api(server, 'GET', `/api/review/${link.body.token}`)).status).toBe(200);
    const revoked = await api(server, 'DELETE', `/api/review-links/${link.body.token}`, {
      token: owner.token,
    });
    expect(revoked.status).toBeLessThan(300);
    expect((await api(server, 'GET', `/api/review/${link.body.token}`)).status).toBe(404);

    const socket = await connect(owner.token);
    expect(socket).toBeDefined();
    const logout = await api(server, 'POST', '/api/auth/logout', { token: owner.token });
    expect(logout.status).toBeLessThan(300);
    const me = await api(server, 'GET', '/api/auth/me', { token: owner.token });
    expect(me.status).toBe(401);
    const later = await connect(owner.token);
    if (later !== undefined) {
      const answer = await walkSocketRequest(later, 'project', 'getAll', {});
      expect((answer?.body as { code?: string } | undefined)?.code).toBe('AUTH_ERROR');
    }
  });

  it('never writes a password, token or provider key to the log or into an answer', async () => {
    const user = await newUser(server);
    const wrong = `Wrong-${user.password}-guess`;
    await api(server, 'POST', '/api/auth/login', { body: { email: user.email, password: wrong } });
    await api(server, 'POST', '/api/auth/register', {
      body: { email: 'x', username: 'u', password: 'short' },
    });
    const secrets = [
      user.password,
      wrong,
      user.token,
      world.alice.token,
      world.bob.token,
      world.alice.password,
      world.ids.reviewToken,
      'r8_matrixProviderSecret0123456789',
    ];
    const log = logged.join('');
    expect(secrets.filter((secret) => log.includes(secret))).toEqual([]);
    const answered = JSON.stringify(answers);
    // The owner's own review token may come back in the owner's link listing; the others may not.
    const notAnswered = secrets.filter((secret) => secret !== world.ids.reviewToken);
    expect(notAnswered.filter((secret) => answered.includes(secret))).toEqual([]);
  });
});

describe.each(testDatabases())('security matrix, concurrency class, on %s', (database) => {
  const harness = useTestServer({ database, users: ['alice'], env: BURST_ENV });
  let world: BurstWorld;

  beforeAll(async () => {
    const { server, alice } = harness;
    const project = await newProject(server, alice, { name: 'Bursts' });
    const shot = await api<{ id: string }>(server, 'POST', `/api/projects/${project.id}/shots`, {
      token: alice.token,
      body: { name: 'Target' },
    });
    const link = await api<{ token: string }>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    world = {
      server,
      owner: alice,
      projectId: project.id,
      shotId: shot.body.id,
      reviewToken: link.body.token,
      // The harness closes its sockets after each test: one for each request of a burst.
      socket: () => harness.connect(alice),
    };
  });

  it.each(limitedCells().map((cell, index) => [cell.name, cell, index] as const))(
    '%s: a burst of the limit and ten more lets exactly the limit through',
    async (_name, cell, index) => {
      const { passed, problems } = await burst(cell, world, `127.0.${index + 1}.9`, cell.limit + 10);
      expect(problems).toEqual([]);
      expect(passed).toBe(cell.limit);
    },
  );
});
