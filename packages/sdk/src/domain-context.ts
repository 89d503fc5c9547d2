import { MESSAGES, ReelbenchError } from './contract/errors.js';
import type { HttpClient } from './http-client.js';
import type { SocketClient } from './socket-client.js';
import type { TokenStore } from './token-store.js';

/** What every domain client is built from. */
export interface DomainContext {
  http: HttpClient;
  socket: SocketClient | null;
  tokens: TokenStore;
}

export function requireSocket(ctx: Pick<DomainContext, 'socket'>): SocketClient {
  if (ctx.socket) return ctx.socket;
  throw new ReelbenchError({
    code: 'NOT_AVAILABLE_ERROR',
    message: 'This call needs the socket, which is turned off in this client (socket: false)',
  });
}

/** SPEC.md section 5: creating, updating or deleting a project needs a signed-in user. */
export function requireToken(ctx: DomainContext): void {
  if (!ctx.tokens.get())
    throw new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.authenticationRequired });
}

/** The server could not be reached or failed: worth trying the same thing over the socket. */
export function shouldFallBack(error: unknown): boolean {
  return error instanceof ReelbenchError && (error.code === 'NETWORK_ERROR' || error.code === 'SERVER_ERROR');
}

/** SPEC.md section 7: projects, assets and shots use HTTP with the socket as fallback. */
export async function httpThenSocket<T>(
  ctx: DomainContext,
  viaHttp: () => Promise<T>,
  viaSocket: (socket: SocketClient) => Promise<T>,
): Promise<T> {
  try {
    return await viaHttp();
  } catch (error) {
    if (!ctx.socket || !shouldFallBack(error)) throw error;
    return viaSocket(ctx.socket);
  }
}
