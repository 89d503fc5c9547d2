import type { io } from 'socket.io-client';
import { assetsClient } from './assets.client.js';
import { audioClient } from './audio.client.js';
import { authClient } from './auth.client.js';
import { resolveBaseUrl } from './base-url.js';
import { CircuitBreaker } from './circuit-breaker.js';
import type { ServerEventName, ServerEventPayload } from './contract/events.js';
import { cutsClient } from './cuts.client.js';
import type { DomainContext } from './domain-context.js';
import { requireSocket } from './domain-context.js';
import { filesClient } from './files.client.js';
import { HttpClient } from './http-client.js';
import { jobsClient } from './jobs.client.js';
import { projectsClient } from './projects.client.js';
import { repositoryClient } from './repository.client.js';
import { reviewClient } from './review.client.js';
import { scriptClient } from './script.client.js';
import { seriesClient } from './series.client.js';
import { shotsClient } from './shots.client.js';
import { SocketClient } from './socket-client.js';
import { MemoryTokenStore, type TokenStore } from './token-store.js';

export interface SocketSettings {
  /** Defaults to baseUrl. */
  url?: string;
  path?: string;
  io?: typeof io;
}

export interface ReelbenchOptions {
  /** Required outside a browser; in a browser the page's origin is used (see resolveBaseUrl). */
  baseUrl?: string;
  /** With no baseUrl in a browser: drop the port, as a production build does. */
  production?: boolean;
  /** A token to start with; it is written to the token store. */
  token?: string;
  /** Where the token lives: MemoryTokenStore by default, BrowserTokenStore or FileTokenStore to persist. */
  tokenStore?: TokenStore;
  /** true (default): a socket that connects on first use; false: HTTP only. */
  socket?: boolean | SocketSettings;
  fetch?: typeof fetch;
  /** +1 / -1 per HTTP request, for an activity indicator. */
  onActivity?: (delta: 1 | -1) => void;
  /** Called each time the socket's circuit breaker opens (show CONNECTION_ISSUES_TOAST). */
  onCircuitOpen?: () => void;
}

function pageLocation() {
  return typeof location === 'undefined' ? undefined : location;
}

/** The whole SDK: HTTP and socket transports, auth, and one typed client per domain. */
export function createReelbench(options: ReelbenchOptions = {}) {
  const baseUrl = resolveBaseUrl({
    baseUrl: options.baseUrl,
    location: pageLocation(),
    production: options.production,
  });
  const tokens = options.tokenStore ?? new MemoryTokenStore();
  if (options.token !== undefined) tokens.set(options.token);
  const getToken = () => tokens.get();
  const http = new HttpClient({ baseUrl, getToken, fetch: options.fetch, onActivity: options.onActivity });
  const settings: SocketSettings | undefined =
    options.socket === false ? undefined : options.socket === true ? {} : (options.socket ?? {});
  const socket = settings
    ? new SocketClient({
        url: settings.url ?? baseUrl,
        path: settings.path,
        io: settings.io,
        getToken,
        breaker: new CircuitBreaker({ onOpen: options.onCircuitOpen }),
      })
    : null;
  const ctx: DomainContext = { http, socket, tokens };

  function on<E extends ServerEventName>(
    event: E,
    handler: (payload: ServerEventPayload<E>) => void,
  ): () => void {
    return requireSocket(ctx).on(event, handler);
  }

  return {
    http,
    socket,
    auth: authClient(ctx),
    projects: projectsClient(ctx),
    series: seriesClient(ctx),
    assets: assetsClient(ctx),
    shots: shotsClient(ctx),
    script: scriptClient(ctx),
    jobs: jobsClient(ctx),
    files: filesClient(ctx),
    cuts: cutsClient(ctx),
    audio: audioClient(ctx),
    review: reviewClient(ctx),
    repository: repositoryClient(ctx),
    on,
    /** Disconnects the socket and clears its timers; the client can be dropped afterwards. */
    close: () => socket?.disconnect(),
  };
}

export type Reelbench = ReturnType<typeof createReelbench>;
