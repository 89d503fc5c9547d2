import { ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Wrong passwords for one account from one address. */
  failuresPerEmail: 5,
  /** Wrong passwords from one address, whatever the accounts. */
  failuresPerAddress: 20,
  /**
   * Wrong passwords for one account from all addresses: past it, only addresses that already failed
   * for the account are refused, so a spread-out guesser is slowed and the owner still gets in.
   */
  failuresPerAccount: 100,
} as const;
/** Above this many tracked keys, expired ones are swept, so a flood of addresses cannot grow memory forever. */
const SWEEP_THRESHOLD = 10_000;

function pairKey(email: string, address: string): string {
  return `pair:${address}:${email}`;
}

/**
 * Failed logins in a sliding window, per email AND address pair, per address, and per email across
 * addresses (refusing only addresses that failed for it). Nobody can lock an owner out from the
 * owner's own address by failing from another. In memory, per process: with several nodes an
 * attacker gets the limits once per node, which still bounds guessing.
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws RATE_LIMIT_ERROR (with retryAfterSeconds) while either key is over its limit. */
  check(email: string, address: string): void {
    const pair = pairKey(email, address);
    const waits = [
      this.waitMs(pair, LOGIN_LIMITS.failuresPerEmail),
      this.waitMs(`address:${address}`, LOGIN_LIMITS.failuresPerAddress),
      this.recent(pair).length > 0 ? this.waitMs(`email:${email}`, LOGIN_LIMITS.failuresPerAccount) : 0,
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
    for (const key of [pairKey(email, address), `email:${email}`, `address:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()]);
    }
  }

  /** A successful login forgets the email's failures from that address (not the address's own). */
  recordSuccess(email: string, address: string): void {
    this.failures.delete(pairKey(email, address));
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
