import { describe, expect, it, vi } from 'vitest';
import { ReelbenchError } from '../src/contract/errors.js';
import { networkError, toHttpError } from '../src/http-errors.js';
import {
  CancelledError,
  HTTP_RETRY_POLICY,
  isTransientHttpError,
  queryRetryDelay,
  retry,
  shouldRetryQuery,
} from '../src/retry.js';
import { useFakeTimersInEachTest } from './support/fake-timers.js';

useFakeTimersInEachTest();

describe('retry with the HTTP policy', () => {
  it('retries a transient failure exactly at 1 s, 3 s and 7 s, then gives up', async () => {
    const fn = vi.fn(async () => {
      throw networkError();
    });
    const outcome = retry(fn, HTTP_RETRY_POLICY).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    // Attempt n + 1 comes exactly `wait` ms after attempt n: not 1 ms sooner.
    for (const [attempts, wait] of [
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
    ] as const) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fn).toHaveBeenCalledTimes(attempts);
      await vi.advanceTimersByTimeAsync(1);
      expect(fn).toHaveBeenCalledTimes(attempts + 1);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(4);
    expect(await outcome).toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('tries a 404 exactly once', async () => {
    const fn = vi.fn(async () => {
      throw toHttpError(404, 'Not Found', { error: 'Project not found' });
    });
    const outcome = retry(fn, HTTP_RETRY_POLICY).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(await outcome).toMatchObject({ code: 'NOT_FOUND_ERROR', message: 'Project not found' });
  });

  it('returns the first success and passes the failure count to fn', async () => {
    const fn = vi.fn(async (failureCount: number) => {
      if (failureCount < 2) throw toHttpError(503, 'Service Unavailable', undefined);
      return 'ok';
    });
    const outcome = retry(fn, HTTP_RETRY_POLICY);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(outcome).resolves.toBe('ok');
    expect(fn.mock.calls.map(([count]) => count)).toEqual([0, 1, 2]);
  });

  it('stops with a CancelledError when the caller aborts during the back-off, without another try', async () => {
    const controller = new AbortController();
    const fn = vi.fn(async () => {
      throw networkError();
    });
    const outcome = retry(fn, { ...HTTP_RETRY_POLICY, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(500);
    controller.abort('user left the page');
    const error = await outcome;
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as CancelledError).reason).toBe('user left the page');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never retries a CancelledError thrown by fn, nor starts when already aborted', async () => {
    const fn = vi.fn(async () => {
      throw new CancelledError();
    });
    await expect(retry(fn, HTTP_RETRY_POLICY)).rejects.toBeInstanceOf(CancelledError);
    expect(fn).toHaveBeenCalledTimes(1);
    const never = vi.fn(async () => 'x');
    await expect(retry(never, { retries: 3, signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(never).not.toHaveBeenCalled();
  });

  it('uses a delay function when given one', async () => {
    const delays: number[] = [];
    const fn = vi.fn(async () => {
      throw new Error('flaky');
    });
    const outcome = retry(fn, {
      retries: 2,
      delay: (failureCount) => {
        delays.push(failureCount);
        return 50;
      },
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(fn).toHaveBeenCalledTimes(3);
    expect(delays).toEqual([0, 1]);
    expect(await outcome).toMatchObject({ message: 'flaky' });
  });
});

describe('transient errors', () => {
  it('are network failures, timeouts and 5xx, not 4xx or an invalid body', () => {
    expect(isTransientHttpError(networkError())).toBe(true);
    expect(isTransientHttpError(new ReelbenchError({ code: 'TIMEOUT_ERROR', message: 't' }))).toBe(true);
    expect(isTransientHttpError(toHttpError(502, 'Bad Gateway', undefined))).toBe(true);
    expect(isTransientHttpError(toHttpError(429, 'Too Many Requests', undefined))).toBe(false);
    expect(
      isTransientHttpError(new ReelbenchError({ code: 'API_ERROR', message: 'x', statusCode: 200 })),
    ).toBe(false);
    expect(isTransientHttpError(new Error('plain'))).toBe(false);
  });
});

describe('query retry policy', () => {
  it('waits 1 s doubled each attempt, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(queryRetryDelay)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('retries up to 3 times, never on a 4xx or a cancel', () => {
    const serverDown = toHttpError(500, 'Internal Server Error', undefined);
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, serverDown))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, toHttpError(401, 'Unauthorized', undefined))).toBe(false);
    expect(
      shouldRetryQuery(0, new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: 'Shot not found' })),
    ).toBe(false);
    expect(shouldRetryQuery(0, new CancelledError())).toBe(false);
    expect(shouldRetryQuery(0, networkError())).toBe(true);
  });
});
