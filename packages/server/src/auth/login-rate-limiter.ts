import { ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  failuresPerEmail: 5,
  failuresPerAddress: 20,
} as const;
/** Above this many tracked keys, expired ones are swept, so a flood of addresses cannot grow memory forever. */
const SWEEP_THRESHOLD = 10_000;

/**
 * Failed logins in a sliding window, per email and per client address. In memory, per process:
 * with several nodes an attacker gets the limit once per node, which still bounds guessing.
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws RATE_LIMIT_ERROR (with retryAfterSeconds) while either key is over its limit. */
  check(email: string, address: string): void {
    const waits = [
      this.waitMs(`email:${email}`, LOGIN_LIMITS.failuresPerEmail),
      this.waitMs(`address:${address}`, LOGIN_LIMITS.failuresPerAddress),
    ];
    const wait = Math.max(...waits);
    if (wait > 0) {
      throw new ReelbenchError({
        code: 'RATE_LIMIT_ERROR',
        message: SERVER_MESSAGES.tooManyLoginAttempts,
        context: { retryAfterSeconds: Math.ceil(wait / 1000) },
      });
    }
  }

  recordFailure(email: string, address: string): void {
    if (this.failures.size > SWEEP_THRESHOLD) this.sweep();
    for (const key of [`email:${email}`, `address:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  /** A successful login forgets the email's failures (not the address's). */
  recordSuccess(email: string): void {
    this.failures.delete(`email:${email}`);
  }

  private recent(key: string): number[] {
    const since = this.now() - LOGIN_LIMITS.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  /** 0 when under the limit, else how long until the oldest counted failure leaves the window. */
  private waitMs(key: string, limit: number): number {
    const recent = this.recent(key);
    if (recent.length < limit) return 0;
    const oldestCounted = recent[recent.length - limit] ?? this.now();
    return oldestCounted + LOGIN_LIMITS.windowMs - this.now();
  }

  private sweep(): void {
    for (const key of this.failures.keys()) {
      const recent = this.recent(key);
      if (recent.length === 0) this.failures.delete(key);
      else this.failures.set(key, recent);
    }
  }
}
