import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, ReelbenchError, SERVER_MESSAGES, type User } from '@reelbench/sdk/contract';
import { unauthenticated, validation } from '../common/domain-error.js';
import { Throttles } from '../common/throttles.js';
import { AppConfig } from '../config/config.js';
import { offThread } from '../workers/off-thread.js';
import { AuthRepository } from './auth.repository.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { hashPassword, verifyPassword } from './password.js';
import { PASSWORD_WEAKNESS } from './password-strength.task.js';
import { hashToken, newToken } from './token.js';
import type { UserEntity } from './user.entity.js';

const DAY_MS = 24 * 60 * 60_000;
/** last_used_at is a hint for humans, not an audit log: write it at most once a minute per token. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthSession {
  token: string;
  user: User;
}

export interface Authenticated {
  user: User;
  tokenHash: string;
}

export interface RevokedSession {
  userId: string;
  tokenHash: string;
}

export function toUser(entity: UserEntity): User {
  return {
    id: entity.id,
    email: entity.email,
    username: entity.username,
    createdAt: entity.createdAt.toISOString(),
  };
}

function emailTaken(): ReelbenchError {
  return validation(MESSAGES.registrationFailed, [{ path: 'email', message: SERVER_MESSAGES.emailTaken }]);
}

function weakPassword(reason: string): ReelbenchError {
  return validation(MESSAGES.registrationFailed, [{ path: 'password', message: reason }]);
}

function loginFailed(): ReelbenchError {
  return new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.loginFailed });
}

function isUniqueViolation(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: unknown } }).driverError;
  return driverError?.code === '23505';
}

@Injectable()
export class AuthService {
  private readonly limiter: LoginRateLimiter;
  private readonly revokedListeners = new Set<(session: RevokedSession) => void>();
  /** Verified against when the email is unknown, so both failures take the same time. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly repo: AuthRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly throttles: Throttles,
  ) {
    this.limiter = new LoginRateLimiter(throttles);
  }

  /**
   * A new account, from at most REGISTRATIONS_PER_HOUR per address, with a password zxcvbn scores
   * at least PASSWORD_MIN_SCORE. The password is hashed before the email is looked at, so a taken
   * email is answered in the time a new one takes (docs/security.md says why the answer differs).
   */
  async register(
    input: { email: string; username: string; password: string },
    address: string,
  ): Promise<AuthSession> {
    await this.throttles.require('registration', address, SERVER_MESSAGES.tooManyRegistrations);
    const weakness = await offThread.run(PASSWORD_WEAKNESS, {
      password: input.password,
      userInputs: [input.email, input.email.split('@')[0] ?? '', input.username],
      minScore: this.config.limits.passwordMinScore,
    });
    if (weakness !== null) throw weakPassword(weakness);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.repo.insertUser({ email: input.email, username: input.username, passwordHash });
      return { user: toUser(user), token: await this.issueToken(user.id) };
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  /**
   * Unknown email and wrong password answer the same 401 'Login failed'. The attempt is counted
   * before the hash is computed (LoginRateLimiter).
   */
  async login(input: { email: string; password: string }, address: string): Promise<AuthSession> {
    const key = input.email.toLowerCase();
    await this.limiter.attempt(key, address);
    const user = await this.repo.findUserByEmail(input.email);
    this.dummyHash ??= hashPassword('not a password');
    const valid = await verifyPassword(input.password, user?.passwordHash ?? (await this.dummyHash));
    if (user === null || !valid) throw loginFailed();
    await this.limiter.succeeded(key, address);
    return { user: toUser(user), token: await this.issueToken(user.id) };
  }

  /** The one token check, used by the HTTP guard and the socket handshake. */
  async authenticate(token: string): Promise<Authenticated> {
    const tokenHash = hashToken(token);
    const row = await this.repo.findActiveToken(tokenHash);
    const user = row === null ? null : await this.repo.findUser(row.userId);
    if (row === null || user === null) throw unauthenticated();
    if (row.lastUsedAt === null || Date.now() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.repo.touchToken(row.id);
    }
    return { user: toUser(user), tokenHash };
  }

  async logout(session: Authenticated): Promise<void> {
    await this.repo.revokeToken(session.tokenHash);
    for (const listener of this.revokedListeners) {
      listener({ userId: session.user.id, tokenHash: session.tokenHash });
    }
  }

  /** Called after a token is revoked, e.g. to disconnect the sockets that signed in with it. */
  onRevoked(listener: (session: RevokedSession) => void): () => void {
    this.revokedListeners.add(listener);
    return () => this.revokedListeners.delete(listener);
  }

  private async issueToken(userId: string): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.config.tokenTtlDays * DAY_MS);
    await this.repo.insertToken({ userId, tokenHash: hashToken(token), expiresAt });
    return token;
  }
}
