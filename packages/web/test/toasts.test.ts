import { TOAST_DURATION_MS, TOAST_FADE_MS } from '@reelbench/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_ENTER_MS, type Toast, ToastStore } from '../src/state/toasts.js';

/** A fresh store per test, its timers fake. */
let toasts: ToastStore;

beforeEach(() => {
  vi.useFakeTimers();
  toasts = new ToastStore();
});

afterEach(() => {
  vi.useRealTimers();
});

function find(id: string): Toast | undefined {
  return toasts.store.get().find((toast) => toast.id === id);
}

/** The toast `id` once `ms` more milliseconds have passed (undefined: removed). */
function findAfter(id: string, ms: number): Toast | undefined {
  vi.advanceTimersByTime(ms);
  return find(id);
}

describe('ToastStore', () => {
  it('uses the durations and fade of SPEC.md §9', () => {
    expect(TOAST_DURATION_MS).toEqual({ success: 5000, info: 5000, warning: 6000, error: 8000 });
    expect(TOAST_FADE_MS).toBe(200);
  });

  it('appears shortly after creation: entering, then shown after TOAST_ENTER_MS', () => {
    const id = toasts.success('Saved', 'All changes are saved.');
    expect(find(id)).toMatchObject({
      type: 'success',
      title: 'Saved',
      message: 'All changes are saved.',
      phase: 'entering',
      persistent: false,
    });
    expect(findAfter(id, TOAST_ENTER_MS - 1)?.phase).toBe('entering');
    expect(findAfter(id, 1)?.phase).toBe('shown');
  });

  it.each([
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('auto-dismisses a %s toast at %i ms, then fades for exactly 200 ms', (type, duration) => {
    const id = toasts.show({ type, title: type });
    expect(find(id)?.duration).toBe(duration);
    expect(findAfter(id, duration - 1)?.phase).toBe('shown');
    expect(findAfter(id, 1)?.phase).toBe('leaving');
    expect(findAfter(id, TOAST_FADE_MS - 1)?.phase).toBe('leaving');
    expect(findAfter(id, 1)).toBeUndefined();
    expect(toasts.store.get()).toEqual([]);
  });

  it('honours an explicit duration', () => {
    const id = toasts.show({ type: 'info', title: 'Quick', duration: 1_000 });
    expect(findAfter(id, 999)?.phase).toBe('shown');
    expect(findAfter(id, 1)?.phase).toBe('leaving');
  });

  it('never auto-dismisses a persistent toast', () => {
    const id = toasts.show({ type: 'error', title: 'Unexpected Error', persistent: true });
    expect(findAfter(id, 10 * 60_000)?.phase).toBe('shown');
    toasts.dismiss(id);
    expect(find(id)?.phase).toBe('leaving');
    expect(findAfter(id, TOAST_FADE_MS)).toBeUndefined();
  });

  it('dismiss fades out: leaving at once, removed after exactly 200 ms, a second dismiss changes nothing', () => {
    const id = toasts.info('Render started');
    vi.advanceTimersByTime(1_000);
    toasts.dismiss(id);
    expect(find(id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(150);
    toasts.dismiss(id);
    expect(findAfter(id, 49)?.phase).toBe('leaving');
    expect(findAfter(id, 1)).toBeUndefined();
    // The auto-dismiss timer was cleared with it: nothing happens later.
    vi.advanceTimersByTime(10_000);
    expect(toasts.store.get()).toEqual([]);
  });

  it('dismissing an entering toast fades it without it ever showing', () => {
    const id = toasts.error('Generation Failed');
    toasts.dismiss(id);
    expect(findAfter(id, TOAST_ENTER_MS)?.phase).toBe('leaving');
    expect(findAfter(id, TOAST_FADE_MS)).toBeUndefined();
  });

  it('hold pauses auto-dismissal; release restarts the full duration', () => {
    const id = toasts.warning('Project save skipped');
    vi.advanceTimersByTime(5_000);
    toasts.hold(id);
    expect(findAfter(id, 60_000)?.phase).toBe('shown');
    toasts.release(id);
    expect(findAfter(id, 5_999)?.phase).toBe('shown');
    expect(findAfter(id, 1)?.phase).toBe('leaving');
    // A leaving toast cannot be held back.
    toasts.hold(id);
    expect(findAfter(id, TOAST_FADE_MS)).toBeUndefined();
  });

  it('holding an entering toast shows it at once', () => {
    const id = toasts.success('Order Saved');
    toasts.hold(id);
    expect(find(id)?.phase).toBe('shown');
    expect(findAfter(id, 60_000)?.phase).toBe('shown');
  });

  it('release of a persistent toast does not start a timer', () => {
    const id = toasts.show({ type: 'error', title: 'Unexpected Error', persistent: true });
    toasts.hold(id);
    toasts.release(id);
    expect(findAfter(id, 60_000)?.phase).toBe('shown');
  });

  it(`keeps at most ${MAX_TOASTS} toasts, dropping the oldest non-persistent one`, () => {
    const pinned = toasts.show({ type: 'error', title: 'pinned', persistent: true });
    const ids = [1, 2, 3, 4, 5, 6].map((n) => toasts.info(`toast ${n}`));
    const titles = toasts.store.get().map((toast) => toast.title);
    expect(titles).toHaveLength(MAX_TOASTS);
    expect(titles).toEqual(['pinned', 'toast 3', 'toast 4', 'toast 5', 'toast 6']);
    expect(find(pinned)).toBeDefined();
    expect(find(ids[0] ?? '')).toBeUndefined();
    // The dropped toasts' timers were cleared: every remaining one still runs its own course.
    vi.advanceTimersByTime(5_000 + TOAST_FADE_MS);
    expect(toasts.store.get().map((toast) => toast.title)).toEqual(['pinned']);
  });

  it('gives every toast its own id and keeps an action', () => {
    const onClick = vi.fn();
    const a = toasts.show({ type: 'info', title: 'A', action: { label: 'Open jobs', onClick } });
    const b = toasts.info('B');
    expect(a).not.toBe(b);
    find(a)?.action?.onClick();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(find(b)?.message).toBeUndefined();
  });
});
