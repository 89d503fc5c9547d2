import type { AuthResponse, LoginInput, RegisterInput, User } from './contract/auth.js';
import { MESSAGES, ReelbenchError } from './contract/errors.js';
import { HTTP_ROUTES } from './contract/http.js';
import type { DomainContext } from './domain-context.js';
import { CancelledError } from './retry.js';

type SignedIn = AuthResponse & { token: string };

function serverText(error: ReelbenchError): string | undefined {
  const body = error.context?.body;
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' && body.error !== '' ? body.error : undefined;
}

/** A refused login reads as the server's reason ('Invalid email or password'), else 'Login failed'. */
function refused(error: unknown, fallback: string): unknown {
  if (!(error instanceof ReelbenchError) || (error.statusCode !== 401 && error.statusCode !== 409))
    return error;
  return new ReelbenchError({
    code: error.code,
    message: serverText(error) ?? fallback,
    statusCode: error.statusCode,
    context: error.context,
    details: error.details,
    correlationId: error.correlationId,
  });
}

/** The server never answered: no reason to forget the token. */
function isUnanswered(error: unknown): boolean {
  return (
    error instanceof CancelledError ||
    (error instanceof ReelbenchError && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR'))
  );
}

export function authClient(ctx: DomainContext) {
  const { http, tokens } = ctx;

  /** SPEC.md section 4: the token is persisted and the socket reconnects with it. */
  const adopt = async (reply: AuthResponse, fallback: string): Promise<SignedIn> => {
    if (!reply.success || !reply.token) {
      throw new ReelbenchError({ code: 'AUTH_ERROR', message: reply.error || fallback, statusCode: 401 });
    }
    tokens.set(reply.token);
    if (ctx.socket?.connected) await ctx.socket.reconnect();
    return { ...reply, token: reply.token };
  };

  const signIn = async (call: () => Promise<AuthResponse>, fallback: string): Promise<SignedIn> => {
    let reply: AuthResponse;
    try {
      reply = await call();
    } catch (error) {
      throw refused(error, fallback);
    }
    return adopt(reply, fallback);
  };

  return {
    get token(): string | null {
      return tokens.get();
    },

    register: (input: RegisterInput) =>
      signIn(
        () => http.typedRequest(HTTP_ROUTES.auth.register, { body: input }),
        MESSAGES.registrationFailed,
      ),
    login: (input: LoginInput) =>
      signIn(() => http.typedRequest(HTTP_ROUTES.auth.login, { body: input }), MESSAGES.loginFailed),

    /** Revokes the token on the server when it can, forgets it here, and closes the socket. */
    logout: async (): Promise<void> => {
      try {
        if (tokens.get()) await http.typedRequest(HTTP_ROUTES.auth.logout);
      } catch {
        // Logging out must work offline too; the server expires the token on its own.
      } finally {
        tokens.set(null);
        ctx.socket?.disconnect();
      }
    },

    /**
     * The current user. A check the server refuses removes the token; a check that never reached
     * the server (offline, timed out) keeps it, so a network blip does not sign the user out.
     */
    me: async (): Promise<User> => {
      try {
        return (await http.me()).user;
      } catch (error) {
        if (!isUnanswered(error)) tokens.set(null);
        throw error;
      }
    },

    /** Sets (or clears, with null) the token explicitly; a connected socket picks it up at once. */
    setToken: async (token: string | null): Promise<void> => {
      tokens.set(token);
      if (ctx.socket?.connected) await ctx.socket.reconnect();
    },
  };
}

export type AuthClient = ReturnType<typeof authClient>;
