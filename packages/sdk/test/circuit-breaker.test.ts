import { describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, type CircuitState, CONNECTION_ISSUES_TOAST } from '../src/circuit-breaker.js';
import { ReelbenchError } from '../src/contract/errors.js';
import { useFakeTimersInEachTest } from './support/fake-timers.js';

const fail = () => Promise.reject(new Error('transport down'));
const succeed = () => Promise.resolve('ok');

function breaker() {
  const onOpen = vi.fn();
  const changes: Array<[CircuitState, CircuitState]> = [];
  const instance = new CircuitBreaker({
    onOpen,
    onStateChange: (state, previous) => changes.push([state, previous]),
  });
  return { instance, onOpen, changes };
}

async function failTimes(instance: CircuitBreaker, count: number, gapMs = 0) {
  for (let i = 0; i < count; i += 1) {
    if (i > 0) vi.advanceTimersByTime(gapMs);
    await expect(instance.execute(fail)).rejects.toThrow('transport down');
  }
}

useFakeTimersInEachTest();

describe('CircuitBreaker', () => {
  it('opens after 3 failures within 120 s and blocks with the catalogue error', async () => {
    const { instance, onOpen } = breaker();
    await failTimes(instance, 3, 60_000);
    expect(instance.state).toBe('open');
    expect(onOpen).toHaveBeenCalledTimes(1);
    const run = vi.fn(succeed);
    const blocked = await instance.execute(run).catch((error: unknown) => error);
    expect(blocked).toBeInstanceOf(ReelbenchError);
    expect(blocked).toMatchObject({
      code: 'CIRCUIT_OPEN_ERROR',
      message: 'Circuit breaker is OPEN - request blocked',
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('stays closed when the 3 failures are spread over 121 s', async () => {
    const { instance, onOpen } = breaker();
    await failTimes(instance, 3, 60_500);
    expect(instance.state).toBe('closed');
    expect(onOpen).not.toHaveBeenCalled();
    await failTimes(instance, 1);
    expect(instance.state).toBe('open');
  });

  it('goes half-open after 30 s, lets a request through, and 2 successes close it', async () => {
    const { instance, changes } = breaker();
    await failTimes(instance, 3);
    vi.advanceTimersByTime(29_999);
    expect(instance.state).toBe('open');
    vi.advanceTimersByTime(1);
    expect(instance.state).toBe('half-open');
    await expect(instance.execute(succeed)).resolves.toBe('ok');
    expect(instance.state).toBe('half-open');
    await expect(instance.execute(succeed)).resolves.toBe('ok');
    expect(instance.state).toBe('closed');
    expect(changes).toEqual([
      ['open', 'closed'],
      ['half-open', 'open'],
      ['closed', 'half-open'],
    ]);
  });

  it('re-opens on any failure in half-open and calls onOpen again', async () => {
    const { instance, onOpen } = breaker();
    await failTimes(instance, 3);
    vi.advanceTimersByTime(30_000);
    await expect(instance.execute(succeed)).resolves.toBe('ok');
    await failTimes(instance, 1);
    expect(instance.state).toBe('open');
    expect(onOpen).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(29_000);
    await expect(instance.execute(succeed)).rejects.toMatchObject({ code: 'CIRCUIT_OPEN_ERROR' });
  });

  it('does not count errors that isFailure rejects', async () => {
    const { instance } = breaker();
    const notFound = () =>
      Promise.reject(new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: 'Shot not found' }));
    for (let i = 0; i < 5; i += 1) {
      await expect(instance.execute(notFound, () => false)).rejects.toMatchObject({
        code: 'NOT_FOUND_ERROR',
      });
    }
    expect(instance.state).toBe('closed');
  });

  it('exports the toast shown when it opens', () => {
    expect(CONNECTION_ISSUES_TOAST).toEqual({
      title: 'Connection Issues',
      message: 'Reconnection temporarily paused due to repeated failures',
    });
  });
});
