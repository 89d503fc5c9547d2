import {
  errorBodySchema,
  errorEnvelopeSchema,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
  MESSAGES,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import type { TestServer } from './test-server.js';
import {
  callSampleRoute,
  inBatches,
  legacyEventNames,
  NO_ANSWER,
  sendSampleAction,
  sendSampleLegacy,
  type WalkIds,
  type WalkRoute,
  walkActions,
} from './walk-fixtures.js';

/** How many calls of a walk are in flight at once. */
const BATCH = 6;

/** An answer's own check beyond the code and message (no secret leaked, say). */
type AlsoCheck = (body: unknown) => boolean;

/** The code is AUTH_ERROR with the catalogue's 'Authentication required'. */
function isAuthRequired(parsed: { success: boolean; data?: { code: string; error?: string } }): boolean {
  return (
    parsed.success &&
    parsed.data?.code === 'AUTH_ERROR' &&
    parsed.data.error === MESSAGES.authenticationRequired
  );
}

/**
 * Every route in `routes`, called with `token` (or none): one line for each that did not answer
 * 401 AUTH_ERROR 'Authentication required'. Empty when all did.
 */
export async function authRequiredRouteProblems(
  server: Pick<TestServer, 'url'>,
  routes: WalkRoute[],
  ids: WalkIds,
  token?: string,
): Promise<string[]> {
  const problems = await inBatches(routes, BATCH, async (route) => {
    const answer = await callSampleRoute(server, route, ids, token);
    const ok = answer.status === 401 && isAuthRequired(errorBodySchema.safeParse(answer.body));
    return ok ? '' : `${route.key}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  });
  return problems.filter(Boolean);
}

/**
 * Every socket action and older event of the contract sent on `socket`: for each, its event name
 * and a problem ('' when it answered its error event with AUTH_ERROR 'Authentication required').
 */
export async function authRequiredSocketResults(
  socket: Socket,
  ids: WalkIds,
  also: AlsoCheck = () => true,
): Promise<{ event: string; problem: string }[]> {
  const describe = (body: unknown, ok: boolean | undefined) =>
    ok ? '' : body === undefined ? NO_ANSWER : JSON.stringify(body).slice(0, 200);
  const actions = await inBatches(walkActions(), BATCH, async (target) => {
    const answer = await sendSampleAction(socket, target, ids);
    const ok =
      answer?.event.endsWith(':error') &&
      isAuthRequired(errorEnvelopeSchema.safeParse(answer.body)) &&
      also(answer.body);
    return { event: target.event, problem: describe(answer?.body, ok) };
  });
  const legacy: { event: string; problem: string }[] = [];
  for (const event of legacyEventNames()) {
    const answer = await sendSampleLegacy(socket, event, ids);
    const ok =
      answer !== undefined &&
      answer.event === LEGACY_EVENTS[event].error &&
      isAuthRequired(legacyErrorPayloadSchema.safeParse(answer.body)) &&
      also(answer.body);
    legacy.push({ event, problem: describe(answer?.body, ok) });
  }
  return [...actions, ...legacy];
}
