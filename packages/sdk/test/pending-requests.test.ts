import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PendingRequest, PendingRequests } from '../src/pending-requests.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function tracked() {
  const outcomes = new Map<string, unknown>();
  const table = new PendingRequests(({ domain, action, reject }) => reject(`timeout ${domain}:${action}`));
  const add = (id: string, timeoutMs: number): PendingRequest => {
    const request = {
      domain: 'shot',
      action: id,
      resolve: (value: unknown) => outcomes.set(id, { resolved: value }),
      reject: (error: unknown) => outcomes.set(id, { rejected: error }),
    };
    table.add(id, request, timeoutMs);
    return request;
  };
  return { table, add, outcomes };
}

describe('PendingRequests', () => {
  it.each([
    ['setTimeout and Date', ['setTimeout', 'clearTimeout', 'Date'] as const],
    ['setTimeout only', ['setTimeout', 'clearTimeout'] as const],
  ])('times each request out at its own deadline with one timer (%s faked)', async (_label, toFake) => {
    vi.useFakeTimers({ toFake: [...toFake] });
    // Without a faked Date the clock must still not move between the adds below (a real millisecond
    // ticking over would shift a deadline): it stands still, so only the timers say time has passed.
    if (!(toFake as readonly string[]).includes('Date')) vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const { table, add, outcomes } = tracked();
    add('slow', 60_000);
    add('fast', 10_000);
    add('middle', 30_000);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcomes.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect([...outcomes]).toEqual([['fast', { rejected: 'timeout shot:fast' }]]);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(outcomes.has('middle')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes.get('middle')).toEqual({ rejected: 'timeout shot:middle' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcomes.get('slow')).toEqual({ rejected: 'timeout shot:slow' });
    expect(table.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never times out a request that was taken (answered)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { table, add, outcomes } = tracked();
    add('answered', 5_000);
    table.take('answered')?.resolve('reply');
    expect(table.take('answered')).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect([...outcomes]).toEqual([['answered', { resolved: 'reply' }]]);
  });

  it('rejects everything at once and leaves no timer behind', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { table, add, outcomes } = tracked();
    add('a', 5_000);
    add('b', 50_000);
    expect(table.rejectAll('Network error')).toBe(2);
    expect([...outcomes.values()]).toEqual([{ rejected: 'Network error' }, { rejected: 'Network error' }]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
