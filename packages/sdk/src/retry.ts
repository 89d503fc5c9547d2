import { HTTP_MAX_RETRIES, HTTP_RETRY_DELAYS_MS, QUERY_DEFAULTS } from './contract/constants.js';
import { ReelbenchError } from './contract/errors.js';

/** Thrown when the caller aborts: never retried, never counted as a server failure. */
export class CancelledError extends Error {
  constructor(
    readonly reason?: unknown,
    message = 'Request cancelled',
  ) {
    super(message);
    this.name = 'CancelledError';
  }
}

export function isCancelledError(value: unknown): value is CancelledError {
  return value instanceof CancelledError;
}

/**
 * As in TanStack Query's retryer, `failureCount` is the number of failures before the one being
 * judged: 0 on the first failure, so it is also the index of the retry about to happen.
 */
export type ShouldRetry = (failureCount: number, error: unknown) => boolean;
export type RetryDelay = (failureCount: number, error: unknown) => number;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryOptions {
  retries: number;
  /** Delay before retry n is delays[n] (the last entry repeats); ignored when `delay` is given. */
  delays?: readonly number[];
  delay?: RetryDelay;
  shouldRetry?: ShouldRetry;
  signal?: AbortSignal;
  sleep?: Sleep;
}

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new CancelledError(signal.reason));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CancelledError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function delayFor(options: RetryOptions, failureCount: number, error: unknown): number {
  if (options.delay) return options.delay(failureCount, error);
  const delays = options.delays ?? [];
  return delays[Math.min(failureCount, delays.length - 1)] ?? 0;
}

/** Runs `fn` until it succeeds, the policy says stop, or the signal aborts (CancelledError). */
export async function retry<T>(fn: (failureCount: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const wait = options.sleep ?? sleep;
  for (let failureCount = 0; ; failureCount += 1) {
    if (options.signal?.aborted) throw new CancelledError(options.signal.reason);
    try {
      return await fn(failureCount);
    } catch (error) {
      if (options.signal?.aborted) throw new CancelledError(options.signal.reason);
      if (isCancelledError(error)) throw error;
      const again = failureCount < options.retries && (options.shouldRetry?.(failureCount, error) ?? true);
      if (!again) throw error;
      await wait(delayFor(options, failureCount, error), options.signal);
    }
  }
}

function isClientError(error: unknown): boolean {
  const status = error instanceof ReelbenchError ? error.statusCode : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** Transient failures only: no connection, a timeout, or a 5xx. A 4xx or a bad 2xx body would fail again. */
export function isTransientHttpError(error: unknown): boolean {
  if (!(error instanceof ReelbenchError)) return false;
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR') return true;
  return error.statusCode !== undefined && error.statusCode >= 500;
}

/** SPEC.md section 7: 3 retries after 1 s, 2 s and 4 s; 4xx answers are never retried. */
export const HTTP_RETRY_POLICY = {
  retries: HTTP_MAX_RETRIES,
  delays: HTTP_RETRY_DELAYS_MS,
  shouldRetry: (_failureCount: number, error: unknown) => isTransientHttpError(error),
} as const satisfies Omit<RetryOptions, 'signal' | 'sleep'>;

/** TanStack Query `retryDelay` (SPEC.md section 7, data caching): 1 s doubled each attempt, capped at 30 s. */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseDelayMs * 2 ** failureCount, QUERY_DEFAULTS.retryMaxDelayMs);
}

/** TanStack Query `retry`: up to 3 retries, never on an HTTP 4xx, never after a cancel. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_DEFAULTS.retry && !isClientError(error) && !isCancelledError(error);
}
