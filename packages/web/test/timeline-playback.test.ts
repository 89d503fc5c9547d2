import { TOASTS } from '@reelbench/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderPersister } from '../src/pages/timeline/order-persist.js';
import { createStore } from '../src/state/store.js';
import { type Clock, Transport } from '../src/timeline/playback.js';
import { formatTimecode } from '../src/timeline/timeline-model.js';

/** A rAF that runs when the test says a frame has passed. */
function fakeClock() {
  let now = 1000;
  let next = 1;
  const callbacks = new Map<number, (time: number) => void>();
  const clock: Clock = {
    now: () => now,
    requestFrame: (callback) => {
      const handle = next++;
      callbacks.set(handle, callback);
      return handle;
    },
    cancelFrame: (handle) => void callbacks.delete(handle),
  };
  const frame = (ms: number) => {
    now += ms;
    const pending = [...callbacks.values()];
    callbacks.clear();
    for (const callback of pending) callback(now);
  };
  return { clock, frame, pending: () => callbacks.size };
}

describe('playback', () => {
  it('advances the playhead in real time, frame by frame, and stops at the end', () => {
    const { clock, frame, pending } = fakeClock();
    const transport = new Transport(clock);
    transport.setTotal(2);
    transport.play();
    expect(transport.playing).toBe(true);
    for (let i = 0; i < 60; i += 1) frame(1000 / 60);
    expect(formatTimecode(transport.time)).toBe('00:00:01:00');
    transport.pause();
    frame(500);
    expect(formatTimecode(transport.time)).toBe('00:00:01:00');
    expect(pending()).toBe(0);
    transport.toggle();
    for (let i = 0; i < 120; i += 1) frame(1000 / 60);
    expect(transport.time).toBe(2);
    expect(transport.playing).toBe(false);
    // Play at the end starts from the top.
    transport.play();
    expect(transport.time).toBe(0);
  });

  it('keeps the playhead inside the timeline', () => {
    const transport = new Transport(fakeClock().clock);
    transport.setTotal(10);
    transport.seek(-4);
    expect(transport.time).toBe(0);
    transport.seek(12);
    expect(transport.time).toBe(10);
    transport.setTotal(6);
    expect(transport.time).toBe(6);
  });

  it('does not play an empty timeline', () => {
    const transport = new Transport(fakeClock().clock);
    transport.play();
    expect(transport.playing).toBe(false);
  });
});

describe('order persistence', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A persister whose save leaves the state `outcome`, its flush and the toast titles it showed. */
  function orderPersister(outcome: 'saved' | 'offline') {
    const state = createStore<'saved' | 'dirty' | 'saving' | 'offline'>('dirty');
    const flush = vi.fn(async () => state.set(outcome));
    const shown: string[] = [];
    const persister = new OrderPersister({ flush, state }, { show: (toast) => void shown.push(toast.title) });
    return { flush, shown, persister };
  }

  it('saves 800 ms after the last order change and says Order Saved', async () => {
    const { flush, shown, persister } = orderPersister('saved');
    persister.schedule();
    await vi.advanceTimersByTimeAsync(500);
    persister.schedule();
    await vi.advanceTimersByTimeAsync(799);
    expect(flush).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([TOASTS.orderSaved.title]);
  });

  it('says nothing when the save did not go through', async () => {
    const { flush, shown, persister } = orderPersister('offline');
    persister.schedule();
    await vi.advanceTimersByTimeAsync(800);
    expect(flush).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
  });
});
