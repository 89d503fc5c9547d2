import { randomUUID } from 'node:crypto';
import { ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginRateLimiter } from '../../src/auth/login-rate-limiter.js';
import { Throttles } from '../../src/common/throttles.js';
import type { AppConfig } from '../../src/config/config.js';
import { loadConfig } from '../../src/load-config.js';

async function refusal(run: Promise<void>): Promise<ReelbenchError | undefined> {
  try {
    await run;
    return undefined;
  } catch (error) {
    if (error instanceof ReelbenchError) return error;
    throw error;
  }
}

/** The counters in memory, and in Redis when REDIS_URL is set (as with several nodes). */
const stores = ['memory', ...(process.env.REDIS_URL ? ['redis'] : [])] as const;

describe.each(stores)('LoginRateLimiter (counters in %s)', (store) => {
  let throttles: Throttles;
  let limiter: LoginRateLimiter;

  beforeAll(async () => {
    const config = {
      ...loadConfig({
        LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS: '5',
        LOGIN_ATTEMPTS_PER_ADDRESS: '20',
        LOGIN_ATTEMPTS_PER_ACCOUNT: '30',
        ...(store === 'redis' ? { REDIS_URL: process.env.REDIS_URL } : {}),
      }),
      signingSecret: 's'.repeat(32),
    } as AppConfig;
    throttles = new Throttles(config);
    await throttles.onModuleInit();
    limiter = new LoginRateLimiter(throttles);
  });

  afterAll(async () => {
    await throttles.onApplicationShutdown();
  });

  /** Fresh keys for each test (Redis is shared with other runs). */
  const account = () => `${randomUUID()}@x.io`;
  const address = () => `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}.1`;

  it('counts 5 attempts per account from one address, then answers that address 429 with the wait', async () => {
    const [owner, guesser] = [account(), address()];
    for (let i = 0; i < 5; i += 1) expect(await refusal(limiter.attempt(owner, guesser))).toBeUndefined();
    const error = await refusal(limiter.attempt(owner, guesser));
    expect(error).toMatchObject({
      code: 'RATE_LIMIT_ERROR',
      statusCode: 429,
      message: SERVER_MESSAGES.tooManyLoginAttempts,
    });
    const wait = Number(error?.context?.retryAfterSeconds);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another account from that address, and the owner from another address, are not refused.
    expect(await refusal(limiter.attempt(account(), guesser))).toBeUndefined();
    expect(await refusal(limiter.attempt(owner, address()))).toBeUndefined();
  });

  it('counts a burst at once: of 60 concurrent attempts, 5 pass', async () => {
    const [owner, guesser] = [account(), address()];
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, () => refusal(limiter.attempt(owner, guesser))),
    );
    expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(5);
  });

  it('past the per-account limit refuses the addresses that tried the account, never a fresh one', async () => {
    const owner = account();
    const tried = Array.from({ length: 30 }, address);
    for (const from of tried) await limiter.attempt(owner, from);
    expect(await refusal(limiter.attempt(owner, tried[3] as string))).toMatchObject({
      code: 'RATE_LIMIT_ERROR',
    });
    expect(await refusal(limiter.attempt(owner, address()))).toBeUndefined();
    expect(await refusal(limiter.attempt(account(), tried[3] as string))).toBeUndefined();
  });

  it('a right password gives its attempt back and clears the account-and-address count', async () => {
    const [owner, home] = [account(), address()];
    for (let i = 0; i < 4; i += 1) await limiter.attempt(owner, home);
    await limiter.succeeded(owner, home);
    for (let i = 0; i < 5; i += 1) expect(await refusal(limiter.attempt(owner, home))).toBeUndefined();
    expect(await refusal(limiter.attempt(owner, home))).toBeDefined();
  });

  it('counts 20 attempts per address whatever the accounts', async () => {
    const from = address();
    for (let i = 0; i < 20; i += 1) expect(await refusal(limiter.attempt(account(), from))).toBeUndefined();
    expect(await refusal(limiter.attempt(account(), from))).toMatchObject({ code: 'RATE_LIMIT_ERROR' });
  });
});
