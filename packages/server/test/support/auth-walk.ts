import {
  type ErrorCode,
  errorBodySchema,
  errorEnvelopeSchema,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
  MESSAGES,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import type { TestServer } from './test-server.js';
import {
  callSampleRoute,
  inBatches,
  isNotAvailable,
  legacyEventNames,
  NO_ANSWER,
  sendSampleAction,
  sendSampleLegacy,
  type WalkHttpAnswer,
  type WalkIds,
  type WalkRoute,
  walkActions,
} from './walk-fixtures.js';

/** How many calls of a walk are in flight at once. */
const BATCH = 6;

/** An answer's own check beyond the code and message (no secret leaked, say). */
type AlsoCheck = (body: unknown) => boolean;

/** One answer of a walk, read alike whether a socket event or an HTTP response carried it. */
export interface WalkAnswer {
  ok: boolean;
  status: number;
  code: ErrorCode | undefined;
  error: string | undefined;
  body: unknown;
}

/** A socket answer: an error when its event is an error event or its body an error envelope/payload. */
export function socketAnswer(event: string, body: unknown): WalkAnswer {
  const isError = event.endsWith(':error') || event.endsWith('Error') || event.endsWith('-error');
  const parsed = errorEnvelopeSchema.safeParse(body);
  const legacy = legacyErrorPayloadSchema.safeParse(body);
  const error = parsed.success ? parsed.data : legacy.success ? legacy.data : undefined;
  return {
    ok: !isError && error === undefined,
    status: error?.statusCode ?? 200,
    code: error?.code,
    error: error?.error,
    body,
  };
}

/** An HTTP answer; a provider the server does not have (501 NOT_AVAILABLE_ERROR) counts as answered. */
export function routeAnswer(answer: WalkHttpAnswer): WalkAnswer {
  const parsed = errorBodySchema.safeParse(answer.body);
  return {
    ok: answer.status < 400,
    status: isNotAvailable(answer.status, answer.body) ? 200 : answer.status,
    code: parsed.success ? parsed.data.code : undefined,
    error: parsed.success ? parsed.data.error : undefined,
    body: answer.body,
  };
}

/** The code is AUTH_ERROR with the catalogue's 'Authentication required'. */
export function isAuthRequired(
  error: { code?: string | undefined; error?: string | undefined } | undefined,
): boolean {
  return error?.code === 'AUTH_ERROR' && error.error === MESSAGES.authenticationRequired;
}

/** The error a body carries as `schema` reads it, or undefined. */
function errorIn<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
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
    const ok = answer.status === 401 && isAuthRequired(routeAnswer(answer));
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
      isAuthRequired(errorIn(errorEnvelopeSchema, answer.body)) &&
      also(answer.body);
    return { event: target.event, problem: describe(answer?.body, ok) };
  });
  const legacy: { event: string; problem: string }[] = [];
  for (const event of legacyEventNames()) {
    const answer = await sendSampleLegacy(socket, event, ids);
    const ok =
      answer !== undefined &&
      answer.event === LEGACY_EVENTS[event].error &&
      isAuthRequired(errorIn(legacyErrorPayloadSchema, answer.body)) &&
      also(answer.body);
    legacy.push({ event, problem: describe(answer?.body, ok) });
  }
  return [...actions, ...legacy];
}
