import { ReelbenchError } from '@reelbench/sdk';
import { MutationObserver, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../src/app/query-client.js';
import { ToastStore } from '../src/state/toasts.js';

const serverError = () =>
  new ReelbenchError({ code: 'SERVER_ERROR', message: 'Server error. Please try again later.' });
const notFound = (body?: unknown) =>
  new ReelbenchError({
    code: 'NOT_FOUND_ERROR',
    message: 'API Error 404: Not Found',
    statusCode: 404,
    ...(body === undefined ? {} : { context: { body } }),
  });

let toasts: ToastStore;
let client: QueryClient;
const cleanups: (() => void)[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  toasts = new ToastStore();
  client = createQueryClient(toasts);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  client.clear();
  vi.useRealTimers();
});

/** What useQuery does: an observer that fetches while subscribed. */
function observe<T>(queryKey: unknown[], queryFn: () => Promise<T>) {
  const observer = new QueryObserver(client, { queryKey, queryFn });
  cleanups.push(observer.subscribe(() => {}));
  return observer;
}

const shownToasts = () => toasts.store.get().map((toast) => ({ title: toast.title, message: toast.message }));

describe('createQueryClient: queries', () => {
  it('uses the caching rules of SPEC.md §7', () => {
    const queries = client.getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(5 * 60_000);
    expect(queries?.gcTime).toBe(10 * 60_000);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.networkMode).toBe('offlineFirst');
  });

  it('retries a failing query 3 times after 1 s, 2 s and 4 s, then gives up', async () => {
    const queryFn = vi.fn(() => Promise.reject(serverError()));
    const observer = observe(['projects'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    const schedule: [number, number][] = [
      [999, 1],
      [1, 2],
      [1_999, 2],
      [1, 3],
      [3_999, 3],
      [1, 4],
    ];
    for (const [ms, calls] of schedule) {
      await vi.advanceTimersByTimeAsync(ms);
      expect(queryFn).toHaveBeenCalledTimes(calls);
    }
    await vi.advanceTimersByTimeAsync(120_000);
    expect(queryFn).toHaveBeenCalledTimes(4);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(observer.getCurrentResult().failureCount).toBe(4);
    // The first fetch failing is not a 'Query Error' toast: the page shows its own error state.
    expect(shownToasts()).toEqual([]);
  });

  it('never retries a 4xx', async () => {
    const queryFn = vi.fn(() => Promise.reject(notFound()));
    const observer = observe(['project', 'gone'], queryFn);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().status).toBe('error');
    expect(shownToasts()).toEqual([]);
  });

  it('delays 1 s doubled each attempt, capped at 30 s', () => {
    const { retry, retryDelay } = client.getDefaultOptions().queries ?? {};
    if (typeof retryDelay !== 'function' || typeof retry !== 'function') throw new Error('not functions');
    const error = serverError();
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(n, error))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 2, 3].map((n) => retry(n, error))).toEqual([true, true, true, false]);
    expect(retry(0, notFound())).toBe(false);
    expect(retry(0, new ReelbenchError({ code: 'VALIDATION_ERROR', message: 'bad' }))).toBe(false);
    expect(retry(0, new ReelbenchError({ code: 'NETWORK_ERROR', message: 'Network error' }))).toBe(true);
  });

  it("shows 'Query Error' when a refetch fails while data exists, with the server's error field", async () => {
    client.setQueryData(['project', 'p1'], { name: 'Night Shift' });
    const queryFn = vi.fn(() => Promise.reject(notFound({ success: false, error: 'Project not found' })));
    const observer = observe(['project', 'p1'], queryFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).not.toHaveBeenCalled();
    await observer.refetch();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().data).toEqual({ name: 'Night Shift' });
    expect(shownToasts()).toEqual([{ title: 'Query Error', message: 'Project not found' }]);
    expect(toasts.store.get()[0]?.type).toBe('error');
  });

  it("'Query Error' comes once, after the retries, with the error's message else 'An error occurred'", async () => {
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 2);
    const a = observe(['a'], () => Promise.reject(serverError()));
    const b = observe(['b'], () => Promise.reject(new Error('')));
    const refetches = Promise.all([a.refetch(), b.refetch()]);
    await vi.advanceTimersByTimeAsync(6_999);
    expect(shownToasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await refetches;
    expect(shownToasts()).toEqual([
      { title: 'Query Error', message: 'Server error. Please try again later.' },
      { title: 'Query Error', message: 'An error occurred' },
    ]);
  });
});

describe('createQueryClient: mutations', () => {
  function mutate(mutationFn: (input: string) => Promise<unknown>, silent = false) {
    const observer = new MutationObserver(client, { mutationFn, ...(silent ? { meta: { silent } } : {}) });
    return observer.mutate('input').catch((error: unknown) => error);
  }

  it("retries once after 1 s, then shows 'Operation Failed' with the server's error field", async () => {
    const mutationFn = vi.fn((_input: string) =>
      Promise.reject(
        new ReelbenchError({
          code: 'CONFLICT_ERROR',
          message: 'API Error 409: Conflict',
          context: { body: { success: false, error: 'The shot was changed elsewhere' } },
        }),
      ),
    );
    const result = mutate(mutationFn);
    await vi.advanceTimersByTimeAsync(0);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(shownToasts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(mutationFn).toHaveBeenCalledTimes(2);
    expect(await result).toBeInstanceOf(ReelbenchError);
    expect(shownToasts()).toEqual([{ title: 'Operation Failed', message: 'The shot was changed elsewhere' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(mutationFn).toHaveBeenCalledTimes(2);
  });

  it('a mutation that succeeds on its retry shows nothing', async () => {
    const mutationFn = vi
      .fn((_input: string) => Promise.resolve('ok'))
      .mockImplementationOnce(() => Promise.reject(serverError()));
    const result = mutate(mutationFn);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toBe('ok');
    expect(mutationFn).toHaveBeenCalledTimes(2);
    expect(shownToasts()).toEqual([]);
  });

  it.each([
    ['the message', new Error('Modify failed'), 'Modify failed'],
    ['a string', 'Upload aborted', 'Upload aborted'],
    ["'An error occurred'", new Error(''), 'An error occurred'],
    ["'An error occurred' for nothing useful", { weird: true }, 'An error occurred'],
    [
      'the message when the body has no error field',
      new ReelbenchError({ code: 'API_ERROR', message: 'API Error 418: Teapot', context: { body: 'tea' } }),
      'API Error 418: Teapot',
    ],
  ])("'Operation Failed' body falls back to %s", async (_name, error, body) => {
    const result = mutate(() => Promise.reject(error));
    await vi.advanceTimersByTimeAsync(1_000);
    await result;
    expect(shownToasts()).toEqual([{ title: 'Operation Failed', message: body }]);
  });

  it('a silent mutation shows no toast', async () => {
    const result = mutate(() => Promise.reject(serverError()), true);
    await vi.advanceTimersByTimeAsync(1_000);
    await result;
    expect(shownToasts()).toEqual([]);
  });
});
