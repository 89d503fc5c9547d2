import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ReelbenchError } from '@reelbench/sdk/contract';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { AppConfig, type LimitsConfig } from '../config/config.js';
import { newRedisClient, type RedisClient } from './redis.js';

/** The per-key counters the server keeps (docs/security.md lists each with its variable). */
export type ThrottleName =
  | 'login-account-address'
  | 'login-address'
  | 'login-account'
  | 'registration'
  | 'review-comment'
  | 'review-view'
  | 'review-media';

function specs(limits: LimitsConfig): Record<ThrottleName, { points: number; duration: number }> {
  const login = limits.loginWindowSeconds;
  return {
    'login-account-address': { points: limits.loginPerAccountAddress, duration: login },
    'login-address': { points: limits.loginPerAddress, duration: login },
    'login-account': { points: limits.loginPerAccount, duration: login },
    registration: { points: limits.registrationsPerHour, duration: 3_600 },
    'review-comment': { points: limits.reviewCommentsPerMinute, duration: 60 },
    'review-view': { points: limits.reviewViewsPerMinute, duration: 60 },
    'review-media': { points: limits.reviewMediaPerMinute, duration: 60 },
  };
}

/** What one attempt to take a point found. */
export interface Taken {
  allowed: boolean;
  /** Points taken in the current window, this one included. */
  consumed: number;
  /** Milliseconds until the window frees a point. */
  retryAfterMs: number;
}

export function rateLimited(message: string, retryAfterMs: number): ReelbenchError {
  return new ReelbenchError({
    code: 'RATE_LIMIT_ERROR',
    message,
    context: { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
  });
}

/**
 * Counters of attempts per key (an address, an account) in fixed windows, with rate-limiter-flexible:
 * in Redis when REDIS_URL is set (several nodes count together; this process's memory stands in
 * while Redis is away), in memory otherwise (one process, the only node). Taking a point is atomic
 * in both, so a burst of concurrent requests cannot all pass the last one.
 */
@Injectable()
export class Throttles implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Throttles');
  private readonly limiters = new Map<ThrottleName, RateLimiterAbstract>();
  private redis: RedisClient | undefined;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    if (this.config.redisUrl !== undefined) {
      const client = newRedisClient(this.config.redisUrl);
      // Without a listener an 'error' event would crash the process; the client reconnects by itself.
      client.on('error', (error: Error) => this.logger.warn(error.message));
      await client.connect();
      this.redis = client;
    }
    const all = specs(this.config.limits);
    for (const name of Object.keys(all) as ThrottleName[]) {
      const spec = all[name];
      const memory = new RateLimiterMemory({ keyPrefix: name, ...spec });
      this.limiters.set(
        name,
        this.redis === undefined
          ? memory
          : new RateLimiterRedis({
              storeClient: this.redis,
              useRedisPackage: true,
              rejectIfRedisNotReady: true,
              keyPrefix: `reelbench:throttle:${name}`,
              insuranceLimiter: memory,
              ...spec,
            }),
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.close().catch(() => undefined);
  }

  /** Takes a point for `key`; past the limit, nothing is done and `allowed` is false. */
  async take(name: ThrottleName, key: string): Promise<Taken> {
    try {
      const taken = await this.limiter(name).consume(key);
      return { allowed: true, consumed: taken.consumedPoints, retryAfterMs: taken.msBeforeNext };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, consumed: refusal.consumedPoints, retryAfterMs: refusal.msBeforeNext };
    }
  }

  /** Takes a point for `key`, or throws RATE_LIMIT_ERROR `message` (with the seconds to wait). */
  async require(name: ThrottleName, key: string, message: string): Promise<void> {
    const taken = await this.take(name, key);
    if (!taken.allowed) throw rateLimited(message, taken.retryAfterMs);
  }

  /** Gives a point back (an attempt that turned out fine). */
  async giveBack(name: ThrottleName, key: string): Promise<void> {
    await this.limiter(name).reward(key, 1);
  }

  /** Forgets `key`'s count. */
  async forget(name: ThrottleName, key: string): Promise<void> {
    await this.limiter(name).delete(key);
  }

  private limiter(name: ThrottleName): RateLimiterAbstract {
    const limiter = this.limiters.get(name);
    if (limiter === undefined) throw new Error(`No throttle ${name}`);
    return limiter;
  }
}
