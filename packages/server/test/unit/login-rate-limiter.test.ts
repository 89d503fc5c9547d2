import { ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_LIMITS, LoginRateLimiter } from '../../src/auth/login-rate-limiter.js';

const MINUTE = 60_000;

function rejection(run: () => void): ReelbenchError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ReelbenchError) return error;
    throw error;
  }
}

describe('LoginRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows 5 failures per email from one address in 15 minutes, then answers that address 429', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerEmail; i += 1) {
      expect(rejection(() => limiter.check('a@x.io', '10.0.0.1'))).toBeUndefined();
      limiter.recordFailure('a@x.io', '10.0.0.1');
      vi.advanceTimersByTime(MINUTE);
    }
    const error = rejection(() => limiter.check('a@x.io', '10.0.0.1'));
    expect(error).toMatchObject({
      code: 'RATE_LIMIT_ERROR',
      statusCode: 429,
      message: SERVER_MESSAGES.tooManyLoginAttempts,
    });
    // The first failure was 5 minutes ago: it leaves the window in 10 minutes.
    expect(error?.context).toEqual({ retryAfterSeconds: 10 * 60 });
    expect(rejection(() => limiter.check('b@x.io', '10.0.0.1'))).toBeUndefined();
    // The owner, from another address, is not locked out by a guesser's failures.
    expect(rejection(() => limiter.check('a@x.io', '10.0.0.2'))).toBeUndefined();
  });

  it('past the per-account limit refuses the addresses that failed for it, never a fresh one', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerAccount; i += 1)
      limiter.recordFailure('a@x.io', `10.1.${Math.floor(i / 200)}.${i % 200}`);
    expect(rejection(() => limiter.check('a@x.io', '10.1.0.3'))).toMatchObject({ code: 'RATE_LIMIT_ERROR' });
    expect(rejection(() => limiter.check('a@x.io', '192.0.2.1'))).toBeUndefined();
    expect(rejection(() => limiter.check('b@x.io', '10.1.0.3'))).toBeUndefined();
  });

  it('slides: once the oldest failure is 15 minutes old, one more attempt is allowed', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < 5; i += 1) limiter.recordFailure('a@x.io', '10.0.0.1');
    expect(rejection(() => limiter.check('a@x.io', '10.0.0.1'))).toBeDefined();
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(rejection(() => limiter.check('a@x.io', '10.0.0.1'))?.context).toEqual({ retryAfterSeconds: 1 });
    vi.advanceTimersByTime(1);
    expect(rejection(() => limiter.check('a@x.io', '10.0.0.1'))).toBeUndefined();
  });

  it('allows 20 failures per address across emails', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < LOGIN_LIMITS.failuresPerAddress; i += 1)
      limiter.recordFailure(`u${i}@x.io`, '192.0.2.7');
    expect(rejection(() => limiter.check('fresh@x.io', '192.0.2.7'))).toMatchObject({
      code: 'RATE_LIMIT_ERROR',
    });
    expect(rejection(() => limiter.check('fresh@x.io', '192.0.2.8'))).toBeUndefined();
  });

  it('forgets an email’s failures from an address after a successful login from it', () => {
    const limiter = new LoginRateLimiter();
    for (let i = 0; i < 4; i += 1) limiter.recordFailure('a@x.io', '10.0.0.1');
    limiter.recordSuccess('a@x.io', '10.0.0.1');
    for (let i = 0; i < 4; i += 1) limiter.recordFailure('a@x.io', '10.0.0.1');
    expect(rejection(() => limiter.check('a@x.io', '10.0.0.1'))).toBeUndefined();
  });
});
