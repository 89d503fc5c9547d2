import { SubscribeMessage } from '@nestjs/websockets';
import {
  type ErrorEnvelope,
  errorEvent,
  getActionSpecByEvent,
  isRequestEnvelope,
  type LEGACY_EVENTS,
  type LegacyErrorPayload,
  type LegacyEventSpec,
  type LegacyRequestEvent,
  legacyEventFor,
  ReelbenchError,
  type ResponseEnvelope,
  responseEvent,
  SERVER_MESSAGES,
  type SocketActionEvent,
  type SocketActionSpec,
  type SocketEventSpec,
  splitActionEvent,
  type User,
} from '@reelbench/sdk/contract';
import type { z } from 'zod';
import { unauthenticated, validation } from '../common/domain-error.js';
import { toReelbenchError } from '../common/error-mapping.js';
import { requestIdFrom, withLogContext } from '../common/log-context.js';
import { parse } from '../common/validation.js';
import { trackAction } from './in-flight.js';
import type { AppSocket } from './socket-types.js';

/** The payload after the contract schema parsed it (defaults applied). */
export type ParsedPayload<E extends SocketActionEvent> =
  SocketEventSpec<E> extends { payload: infer P extends z.ZodType } ? z.output<P> : never;
/** What the handler returns: the reply's data before serialisation. */
export type HandlerReply<E extends SocketActionEvent> =
  SocketEventSpec<E> extends { reply: infer R extends z.ZodType } ? z.input<R> : never;
/** An older event's payload after its contract schema parsed it. */
export type LegacyPayload<E extends LegacyRequestEvent> = z.output<(typeof LEGACY_EVENTS)[E]['payload']>;

type Handler = (this: unknown, user: User, payload: never, socket: AppSocket) => unknown;

interface SocketRoute {
  event: string;
  action?: { domain: string; spec: SocketActionSpec };
  legacy?: LegacyEventSpec;
}

/** Decorated method → its original handler and route, so a second decorator can extend the route. */
const registrations = new WeakMap<object, { handler: Handler; route: SocketRoute }>();

function send(socket: AppSocket, event: string, body: unknown, ack: unknown): void {
  socket.emit(event, body);
  if (typeof ack === 'function') ack(body);
}

function requireUser(socket: AppSocket): User {
  const user = socket.data.user;
  if (user === undefined) throw unauthenticated();
  return user;
}

/** No payload at all is an empty one; anything else must be an object. */
function legacyPayload(message: unknown): unknown {
  if (message === undefined || message === null) return {};
  if (typeof message !== 'object' || Array.isArray(message))
    throw validation(SERVER_MESSAGES.payloadNotObject);
  return message;
}

async function answerEnvelope(
  self: unknown,
  handler: Handler,
  action: NonNullable<SocketRoute['action']>,
  socket: AppSocket,
  message: { requestId: string; payload?: unknown },
  ack: unknown,
): Promise<void> {
  const { requestId } = message;
  try {
    const user = requireUser(socket);
    const payload = parse(action.spec.payload, message.payload) as never;
    const data = await handler.call(self, user, payload, socket);
    const body: ResponseEnvelope = { requestId, success: true, data };
    send(socket, responseEvent(action.domain), body, ack);
  } catch (exception) {
    const body: ErrorEnvelope = { ...toReelbenchError(exception).toJSON(), requestId };
    send(socket, errorEvent(action.domain), body, ack);
  }
}

async function answerLegacy(
  self: unknown,
  handler: Handler,
  legacy: LegacyEventSpec,
  socket: AppSocket,
  message: unknown,
  ack: unknown,
): Promise<void> {
  try {
    const user = requireUser(socket);
    const payload = parse(legacy.payload, legacyPayload(message)) as never;
    send(socket, legacy.reply, await handler.call(self, user, payload, socket), ack);
  } catch (exception) {
    const { error, code, statusCode, details, correlationId } = toReelbenchError(exception).toJSON();
    const body: LegacyErrorPayload = {
      error,
      code,
      statusCode,
      ...(details ? { details } : {}),
      ...(correlationId ? { correlationId } : {}),
    };
    send(socket, legacy.error, body, ack);
  }
}

/**
 * The one socket wrapper: every message is answered exactly once, on the socket that sent it, and
 * nothing a handler throws gets past it. `{requestId, payload}` is the envelope form; anything else
 * is the older named-event form when the event has one.
 */
function dispatcher(route: SocketRoute, handler: Handler) {
  return function tracked(this: unknown, socket: AppSocket, message: unknown, ack?: unknown) {
    const requestId = requestIdFrom(isRequestEnvelope(message) ? message.requestId : undefined);
    return trackAction(socket.nsp.server, () =>
      withLogContext({ requestId }, () => dispatch.call(this, socket, message, ack)),
    );
  };

  async function dispatch(this: unknown, socket: AppSocket, message: unknown, ack?: unknown) {
    const { lastMessageBytes = 0, messageLimitBytes = Number.POSITIVE_INFINITY } = socket.data;
    if (lastMessageBytes > messageLimitBytes) {
      tooLarge(route, socket, message, ack);
    } else if (route.action && isRequestEnvelope(message)) {
      await answerEnvelope(this, handler, route.action, socket, message, ack);
    } else if (route.legacy) {
      await answerLegacy(this, handler, route.legacy, socket, message, ack);
    } else if (route.action) {
      // Without a requestId the client cannot match an answer; say why on the domain's error event.
      send(
        socket,
        errorEvent(route.action.domain),
        validation(SERVER_MESSAGES.envelopeRequired).toJSON(),
        ack,
      );
    }
  }
}

/** A message over config.limits.socketMessageBytes: PAYLOAD_TOO_LARGE_ERROR, never handled. */
function tooLarge(route: SocketRoute, socket: AppSocket, message: unknown, ack: unknown): void {
  const error = new ReelbenchError({
    code: 'PAYLOAD_TOO_LARGE_ERROR',
    message: SERVER_MESSAGES.messageTooLarge,
  }).toJSON();
  if (route.action && isRequestEnvelope(message)) {
    send(socket, errorEvent(route.action.domain), { ...error, requestId: message.requestId }, ack);
  } else if (route.legacy) {
    const { error: text, code, statusCode } = error;
    send(socket, route.legacy.error, { error: text, code, statusCode }, ack);
  } else if (route.action) {
    send(socket, errorEvent(route.action.domain), error, ack);
  }
}

function register(
  descriptor: { value?: unknown },
  target: object,
  key: string | symbol,
  extend: (route: SocketRoute | undefined) => SocketRoute,
): void {
  const previous = registrations.get(descriptor.value as object);
  const handler = previous?.handler ?? (descriptor.value as Handler);
  const route = extend(previous?.route);
  const dispatch = dispatcher(route, handler);
  registrations.set(dispatch, { handler, route });
  descriptor.value = dispatch;
  SubscribeMessage(route.event)(target, key, descriptor as PropertyDescriptor);
}

function checkSameEvent(route: SocketRoute | undefined, event: string): void {
  if (route !== undefined && route.event !== event) {
    throw new Error(`'${event}' and '${route.event}' are different events: give each its own method`);
  }
}

/**
 * `domain:action` in the envelope form, e.g. `@SocketAction('shot:update')`. The handler gets the
 * signed-in user, the payload parsed with the contract's schema, and the socket; what it returns is
 * the reply's data.
 */
export function SocketAction<E extends SocketActionEvent>(event: E) {
  return (
    target: object,
    key: string | symbol,
    descriptor: {
      value?: (user: User, payload: ParsedPayload<E>, socket: AppSocket) => Promise<HandlerReply<E>>;
    },
  ): void => {
    const spec = getActionSpecByEvent(event);
    if (spec === undefined) throw new Error(`Unknown socket action ${event}`);
    const { domain } = splitActionEvent(event);
    register(descriptor, target, key, (route) => {
      checkSameEvent(route, event);
      return { ...route, event, action: { domain, spec } };
    });
  };
}

/** The older named event (SPEC.md section 7) answered by the same handler, e.g. 'project:getAll'. */
export function LegacyEvent<E extends LegacyRequestEvent>(event: E) {
  return (
    target: object,
    key: string | symbol,
    descriptor: { value?: (user: User, payload: LegacyPayload<E>, socket: AppSocket) => unknown },
  ): void => {
    const legacy = legacyEventFor(event);
    if (legacy === undefined) throw new Error(`Unknown legacy event ${event}`);
    register(descriptor, target, key, (route) => {
      checkSameEvent(route, event);
      return { ...route, event, legacy };
    });
  };
}
