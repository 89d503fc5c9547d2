import { io, type Socket } from 'socket.io-client';
import { CircuitBreaker } from './circuit-breaker.js';
import {
  ACK_TIMEOUT_MS,
  SOCKET_DEFAULT_TIMEOUT_MS,
  SOCKET_OPTIONS,
  VIDEO_DEDUPE_HOLD_MS,
} from './contract/constants.js';
import {
  errorBodySchema,
  errorCodeSchema,
  formatMessage,
  MESSAGES,
  ReelbenchError,
} from './contract/errors.js';
import {
  CONNECTION_EVENTS,
  type ConnectionEventPayload,
  type ServerEventName,
  type ServerEventPayload,
} from './contract/events.js';
import type { ActionPayload, ActionReply, SocketActionName, SocketDomain } from './contract/socket.js';
import { actionEvent, actionTiming, errorEvent, responseEvent } from './contract/socket-events.js';
import { PendingRequests } from './pending-requests.js';

export interface SocketRequestOptions {
  /** Overrides the action's timeout from the contract. */
  timeoutMs?: number;
}

export interface SocketClientOptions {
  url: string;
  getToken?: () => string | null;
  io?: typeof io;
  /** socket.io's HTTP path on the server, when not the default '/socket.io'. */
  path?: string;
  breaker?: CircuitBreaker;
  timeouts?: { ackMs?: number; connectMs?: number };
}

/** What the server sends on `domain:response` and `domain:error`; read by hand on this hot path. */
interface Envelope {
  requestId?: unknown;
  success?: unknown;
  data?: unknown;
  error?: unknown;
  code?: unknown;
  statusCode?: unknown;
  details?: unknown;
  correlationId?: unknown;
}

/** Only a dead or silent connection trips the breaker; any answer from the server shows it is alive. */
function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof ReelbenchError && (error.code === 'TIMEOUT_ERROR' || error.code === 'NETWORK_ERROR')
  );
}

function replyError(envelope: Envelope, event: string): ReelbenchError {
  const code = errorCodeSchema.safeParse(envelope.code);
  const body = errorBodySchema.partial().safeParse(envelope);
  return new ReelbenchError({
    code: code.success ? code.data : 'UNKNOWN_ERROR',
    message: typeof envelope.error === 'string' && envelope.error !== '' ? envelope.error : MESSAGES.unknown,
    statusCode: typeof envelope.statusCode === 'number' ? envelope.statusCode : undefined,
    details: body.success ? body.data.details : undefined,
    correlationId: body.success ? body.data.correlationId : undefined,
    context: { event },
  });
}

function connectError(cause: unknown): ReelbenchError {
  const data = cause instanceof Error && 'data' in cause ? cause.data : undefined;
  const body = errorBodySchema.safeParse(data);
  if (body.success) {
    return new ReelbenchError({
      code: body.data.code,
      message: body.data.error,
      statusCode: body.data.statusCode,
      cause,
    });
  }
  return new ReelbenchError({ code: 'NETWORK_ERROR', message: MESSAGES.socketNotConnected, cause });
}

/**
 * The socket pattern of SPEC.md section 7: emit `domain:action` with {requestId, payload}, answer on
 * `domain:response` / `domain:error` matched by requestId, per-action timeouts, every request through
 * the circuit breaker, generate-video de-duplicated.
 */
export class SocketClient {
  readonly socket: Socket;
  readonly breaker: CircuitBreaker;
  readonly #ackMs: number;
  readonly #connectMs: number;
  readonly #pending = new PendingRequests(({ domain, action, reject }) => {
    this.breaker.recordFailure();
    reject(
      new ReelbenchError({ code: 'TIMEOUT_ERROR', message: formatMessage.requestTimeout(domain, action) }),
    );
  });
  readonly #listening = new Set<string>();
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #holdTimers = new Set<ReturnType<typeof setTimeout>>();
  /** The connection attempt the requests sent while the socket is down wait on. */
  #connecting: Promise<void> | undefined;
  /** Set by `server:closing` until the socket is connected again (to another node). */
  #reconnected: Promise<void> | undefined;

  constructor(options: SocketClientOptions) {
    const getToken = options.getToken ?? (() => null);
    this.breaker = options.breaker ?? new CircuitBreaker();
    this.#ackMs = options.timeouts?.ackMs ?? ACK_TIMEOUT_MS;
    this.#connectMs = options.timeouts?.connectMs ?? SOCKET_OPTIONS.connectTimeoutMs;
    this.socket = (options.io ?? io)(options.url, {
      autoConnect: false,
      forceNew: true,
      ...(options.path ? { path: options.path } : {}),
      // A function, so every (re)connect sends the token current at that moment.
      auth: (send) => {
        const token = getToken();
        send(token ? { token } : {});
      },
      transports: [...SOCKET_OPTIONS.transports],
      reconnectionAttempts: SOCKET_OPTIONS.reconnectionAttempts,
      reconnectionDelay: SOCKET_OPTIONS.reconnectionDelayMs,
      reconnectionDelayMax: SOCKET_OPTIONS.reconnectionDelayMaxMs,
      timeout: this.#connectMs,
    });
    // Answers are tied to the connection: whatever was pending when it dropped will never be
    // answered (the server that had it may be gone), so it fails NETWORK_ERROR now and the caller
    // may retry, on this connection once socket.io has reconnected it or on a new one.
    this.socket.on('disconnect', (reason) => this.#failPending(reason));
    this.socket.io.on('reconnect_failed', () => this.#failPending('reconnect failed'));
    this.socket.on(CONNECTION_EVENTS.serverClosing, (hint: ConnectionEventPayload<'server:closing'>) =>
      this.#serverClosing(hint),
    );
  }

  /**
   * The server is stopping: it answers what was sent, then closes the connection. Reconnect as soon
   * as it does, at a random moment within the hint's window (so the clients of a node spread over
   * the others), without socket.io's back-off; new requests wait for the new connection.
   */
  #serverClosing(hint: ConnectionEventPayload<'server:closing'>): void {
    if (this.#reconnected !== undefined) return;
    const manager = this.socket.io;
    const delay = manager.reconnectionDelay();
    const factor = manager.randomizationFactor();
    const windowMs = Math.max(0, Number(hint?.reconnectInMs) || 0);
    manager.reconnectionDelay(Math.round(Math.random() * windowMs));
    manager.randomizationFactor(0);
    this.#reconnected = new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: ReelbenchError) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.socket.off('connect', onConnect);
        manager.off('reconnect_failed', onFailed);
        manager.reconnectionDelay(delay);
        manager.randomizationFactor(factor);
        this.#reconnected = undefined;
        if (error) reject(error);
        else resolve();
      };
      // Connected again: the first 'connect' after the old connection closed.
      const onConnect = () => settle();
      const onFailed = () =>
        settle(new ReelbenchError({ code: 'NETWORK_ERROR', message: MESSAGES.socketNotConnected }));
      this.socket.once('disconnect', () => {
        if (!settled) this.socket.once('connect', onConnect);
      });
      manager.on('reconnect_failed', onFailed);
      // A server that never closes after all: carry on with the connection there is.
      const timer = setTimeout(() => settle(), windowMs + SOCKET_DEFAULT_TIMEOUT_MS);
    });
    this.#reconnected.catch(() => undefined);
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Resolves once connected; rejects 'Socket not connected after connection attempt'. */
  connect(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (error?: ReelbenchError) => {
        clearTimeout(timer);
        this.socket.off('connect', onConnect);
        this.socket.off('connect_error', onError);
        if (error) reject(error);
        else resolve();
      };
      const onConnect = () => done();
      const onError = (cause: Error) => done(connectError(cause));
      const timer = setTimeout(() => done(connectError(undefined)), this.#connectMs);
      this.socket.on('connect', onConnect);
      this.socket.on('connect_error', onError);
      this.socket.connect();
    });
  }

  /** Drops the connection and opens a new one, sending the current token (e.g. after login). */
  reconnect(): Promise<void> {
    this.socket.disconnect();
    return this.connect();
  }

  /** Closes the connection for good (logout); pending requests reject with 'Network error'. */
  disconnect(): void {
    this.socket.disconnect();
    // Also rejects requests that were waiting while the socket was down (no 'disconnect' event then).
    this.#failPending('io client disconnect');
    for (const timer of this.#holdTimers) clearTimeout(timer);
    this.#holdTimers.clear();
    this.#inFlight.clear();
  }

  request<D extends SocketDomain, A extends SocketActionName<D>>(
    domain: D,
    action: A,
    payload: ActionPayload<D, A>,
    options?: SocketRequestOptions,
  ): Promise<ActionReply<D, A>>;
  request(domain: string, action: string, payload: unknown, options?: SocketRequestOptions): Promise<unknown>;
  request(
    domain: string,
    action: string,
    payload: unknown,
    options?: SocketRequestOptions,
  ): Promise<unknown> {
    const timing = actionTiming(domain, action);
    const timeoutMs = options?.timeoutMs ?? timing.timeoutMs;
    if (timing.dedupe) return this.#deduplicated(domain, action, payload, timeoutMs);
    return this.#send(domain, action, payload, timeoutMs);
  }

  /** The simpler acknowledgement helper: emit with a callback, reject 'Request timeout: {event}' after 30 s. */
  emitWithAck<T = unknown>(event: string, payload: unknown, options: SocketRequestOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.#ackMs;
    return this.breaker.execute(async () => {
      if (!this.socket.connected) await this.connect();
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new ReelbenchError({ code: 'TIMEOUT_ERROR', message: formatMessage.eventTimeout(event) })),
          timeoutMs,
        );
        this.socket.emit(event, payload, (reply: T) => {
          clearTimeout(timer);
          resolve(reply);
        });
      });
    }, isTransportFailure);
  }

  on<E extends ServerEventName>(event: E, handler: (payload: ServerEventPayload<E>) => void): () => void;
  on(event: string, handler: (...args: unknown[]) => void): () => void;
  on(event: string, handler: (...args: unknown[]) => void): () => void {
    this.socket.on(event, handler);
    return () => {
      this.socket.off(event, handler);
    };
  }

  /**
   * Outcomes reach the breaker where requests settle (#settle, timeouts, #failPending) rather than
   * through breaker.execute: its extra promise per request measured ~5% of a loopback round trip.
   */
  #send(domain: string, action: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    try {
      this.breaker.throwIfOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.#reconnected !== undefined)
      return this.#reconnected.then(() => this.#send(domain, action, payload, timeoutMs));
    if (this.socket.connected) return this.#emit(domain, action, payload, timeoutMs);
    return this.#connectForRequests().then(() => this.#emit(domain, action, payload, timeoutMs));
  }

  /**
   * One connection attempt shared by the requests sent while the socket is down: if it fails, that is
   * one failure for the breaker however many requests were waiting on it (a page's first queries).
   */
  #connectForRequests(): Promise<void> {
    this.#connecting ??= this.connect()
      .catch((error: unknown) => {
        this.breaker.recordFailure();
        throw error;
      })
      .finally(() => {
        this.#connecting = undefined;
      });
    return this.#connecting;
  }

  #emit(domain: string, action: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    this.#listen(domain);
    const requestId = crypto.randomUUID();
    return new Promise((resolve, reject) => {
      this.#pending.add(requestId, { domain, action, resolve, reject }, timeoutMs);
      this.socket.emit(actionEvent(domain, action), { requestId, payload });
    });
  }

  /** One shared pair of listeners per domain, whatever the number of requests in flight. */
  #listen(domain: string): void {
    if (this.#listening.has(domain)) return;
    this.#listening.add(domain);
    this.socket.on(responseEvent(domain), (message: Envelope) => this.#settle(message, false));
    this.socket.on(errorEvent(domain), (message: Envelope) => this.#settle(message, true));
  }

  #settle(envelope: Envelope, isErrorEvent: boolean): void {
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.requestId !== 'string') return;
    const pending = this.#pending.take(envelope.requestId);
    if (!pending) return;
    // Any answer, even an error reply, shows the server is alive.
    this.breaker.recordSuccess();
    const failed =
      isErrorEvent ||
      envelope.success === false ||
      (typeof envelope.error === 'string' && envelope.error !== '');
    if (failed) pending.reject(replyError(envelope, actionEvent(pending.domain, pending.action)));
    else pending.resolve(envelope.data);
  }

  /** generate-video: an identical request in flight, or settled less than 2 s ago, shares its promise. */
  #deduplicated(domain: string, action: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    const key = `${actionEvent(domain, action)}:${JSON.stringify(payload)}`;
    const existing = this.#inFlight.get(key);
    if (existing) return existing;
    const promise = this.#send(domain, action, payload, timeoutMs);
    this.#inFlight.set(key, promise);
    const hold = () => {
      if (this.#inFlight.get(key) !== promise) return;
      const timer = setTimeout(() => {
        this.#holdTimers.delete(timer);
        if (this.#inFlight.get(key) === promise) this.#inFlight.delete(key);
      }, VIDEO_DEDUPE_HOLD_MS);
      this.#holdTimers.add(timer);
    };
    promise.then(hold, hold);
    return promise;
  }

  #failPending(reason: string): void {
    const failed = this.#pending.rejectAll(
      new ReelbenchError({ code: 'NETWORK_ERROR', message: MESSAGES.networkError, context: { reason } }),
    );
    // Our own disconnect (a logout) says nothing about the server's health; a dropped connection
    // is one failure however many requests were waiting on it (three page loads' worth of
    // requests cut by one blip must not open the breaker on their own).
    if (reason === 'io client disconnect') return;
    if (failed > 0) this.breaker.recordFailure();
  }
}
