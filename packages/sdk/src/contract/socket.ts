import { z } from 'zod';
import { ASSET_ACTIONS } from './asset.js';
import { AUDIO_ACTIONS } from './audio.js';
import { SOCKET_DEFAULT_TIMEOUT_MS } from './constants.js';
import { CUT_ACTIONS } from './cuts.js';
import { errorBodySchema } from './errors.js';
import { JOB_ACTIONS } from './jobs.js';
import type { SocketActionSpec } from './primitives.js';
import { PROJECT_ACTIONS } from './project.js';
import { REPOSITORY_ACTIONS } from './repository.js';
import { REVIEW_ACTIONS } from './review.js';
import { SCRIPT_ACTIONS } from './script.js';
import { SERIES_ACTIONS } from './series.js';
import { SHOT_ACTIONS } from './shot.js';
import { actionEvent } from './socket-events.js';
import { STYLE_ACTIONS } from './styles.js';

/**
 * Socket request/response (SPEC.md section 7): the client emits `domain:action` with
 * {requestId, payload}; the server answers on `domain:response` or `domain:error` with that requestId.
 * Each domain file declares its own actions; this file merges them into SOCKET_ACTIONS (in this order,
 * which is the wire's and the docs') and derives the action types and lookups from it.
 */

export type { SocketActionSpec } from './primitives.js';

export const SOCKET_ACTIONS = {
  ...PROJECT_ACTIONS,
  ...SERIES_ACTIONS,
  ...ASSET_ACTIONS,
  ...SHOT_ACTIONS,
  ...SCRIPT_ACTIONS,
  ...JOB_ACTIONS,
  ...CUT_ACTIONS,
  ...AUDIO_ACTIONS,
  ...REVIEW_ACTIONS,
  ...STYLE_ACTIONS,
  ...REPOSITORY_ACTIONS,
} as const satisfies Record<string, Record<string, SocketActionSpec>>;

type Actions = typeof SOCKET_ACTIONS;

export type SocketDomain = keyof Actions;

export type SocketActionName<D extends SocketDomain> = keyof Actions[D] & string;

type SpecOf<D extends SocketDomain, A extends SocketActionName<D>> =
  Actions[D][A] extends SocketActionSpec<infer P, infer R> ? { payload: P; reply: R } : never;

export type ActionPayload<D extends SocketDomain, A extends SocketActionName<D>> = z.input<
  SpecOf<D, A>['payload']
>;

export type ActionReply<D extends SocketDomain, A extends SocketActionName<D>> = z.output<
  SpecOf<D, A>['reply']
>;

/** Every request event the client may emit, spelled as on the wire: 'shot:update', 'project:subscribe', … */
export type SocketActionEvent = { [D in SocketDomain]: `${D}:${SocketActionName<D>}` }[SocketDomain];

/** The domain and action of a request event ('unified-asset:getById' → 'unified-asset', 'getById'). */
export type SocketEventDomain<E extends SocketActionEvent> =
  E extends `${infer D extends SocketDomain}:${string}` ? D : never;

export type SocketEventAction<E extends SocketActionEvent> = E extends `${SocketEventDomain<E>}:${infer A}`
  ? A & SocketActionName<SocketEventDomain<E>>
  : never;

/** The spec of a request event; the domain never contains ':', so the first ':' splits it. */
export type SocketEventSpec<E extends SocketActionEvent> =
  Actions[SocketEventDomain<E>][SocketEventAction<E> & keyof Actions[SocketEventDomain<E>]];

export function splitActionEvent(event: string): { domain: string; action: string } {
  const colon = event.indexOf(':');
  return colon < 0
    ? { domain: event, action: '' }
    : { domain: event.slice(0, colon), action: event.slice(colon + 1) };
}

export function getActionSpecByEvent(event: string): SocketActionSpec | undefined {
  const { domain, action } = splitActionEvent(event);
  return getActionSpec(domain, action);
}

export const SOCKET_DOMAINS = Object.keys(SOCKET_ACTIONS) as SocketDomain[];

export function isSocketDomain(domain: string): domain is SocketDomain {
  return Object.hasOwn(SOCKET_ACTIONS, domain);
}

export function getActionSpec(domain: string, action: string): SocketActionSpec | undefined {
  if (!isSocketDomain(domain)) return undefined;
  const actions: Record<string, SocketActionSpec> = SOCKET_ACTIONS[domain];
  return Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** The action's own timeout, or SOCKET_DEFAULT_TIMEOUT_MS for an unknown action. */
export function actionTimeoutMs(domain: string, action: string): number {
  return getActionSpec(domain, action)?.timeoutMs ?? SOCKET_DEFAULT_TIMEOUT_MS;
}

export interface SocketActionEntry {
  domain: SocketDomain;
  action: string;
  /** The event the client emits: `domain:action`. */
  event: string;
  spec: SocketActionSpec;
}

/** Every action in declaration order, e.g. for registering handlers or rendering docs. */
export function listSocketActions(): SocketActionEntry[] {
  return SOCKET_DOMAINS.flatMap((domain) =>
    Object.entries(SOCKET_ACTIONS[domain] as Record<string, SocketActionSpec>).map(([action, spec]) => ({
      domain,
      action,
      event: actionEvent(domain, action),
      spec,
    })),
  );
}

// ---------------------------------------------------------------- envelopes

export const requestEnvelopeSchema = z.object({
  requestId: z.string().min(1).max(128),
  /** Validated by the action's own payload schema; absent for actions that take none. */
  payload: z.unknown().optional(),
});

export type RequestEnvelope = z.infer<typeof requestEnvelopeSchema>;

export const responseEnvelopeSchema = z.object({
  requestId: z.string().min(1).max(128),
  success: z.literal(true),
  data: z.unknown(),
});

export type ResponseEnvelope = z.infer<typeof responseEnvelopeSchema>;

export const errorEnvelopeSchema = errorBodySchema.extend({ requestId: z.string().min(1).max(128) });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * Some request events (project:subscribe, script:analyze, …) also exist in the older named-event form.
 * A message that is an object with a string requestId is the envelope form; anything else is older.
 */
export function isRequestEnvelope(message: unknown): message is RequestEnvelope {
  return requestEnvelopeSchema.safeParse(message).success;
}
