import { Logger } from '@nestjs/common';
import { isReelbenchError } from '@reelbench/sdk/contract';
import { bearerToken } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AppSocket } from './socket-types.js';

const logger = new Logger('SocketAuth');

/** The handshake's `auth.token`, else an `Authorization: Bearer` header. */
export function handshakeToken(socket: AppSocket): string | undefined {
  const auth: unknown = socket.handshake.auth;
  const token = typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
  if (typeof token === 'string' && token !== '') return token;
  return bearerToken(socket.handshake.headers.authorization);
}

/**
 * Every socket may connect; a valid token puts the user on socket.data. Without one, each action
 * answers AUTH_ERROR (the SocketAction wrapper checks), so a client can sign in and reconnect.
 */
export function socketAuthMiddleware(auth: AuthService) {
  return (socket: AppSocket, next: (error?: Error) => void): void => {
    const token = handshakeToken(socket);
    if (token === undefined) {
      next();
      return;
    }
    auth.authenticate(token).then(
      ({ user, tokenHash }) => {
        socket.data.user = user;
        socket.data.tokenHash = tokenHash;
        next();
      },
      (error: unknown) => {
        if (!isReelbenchError(error)) logger.error(error);
        next();
      },
    );
  };
}
