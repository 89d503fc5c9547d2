import { TOAST_DURATION_MS, TOAST_FADE_MS } from '@reelbench/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, TOAST_ENTER_MS, type Toast, ToastStore } from '../src/state/toasts.js';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function find(toasts: ToastStore, id: string): Toast | undefined {
  return toasts.store.get().find((toast) => toast.id === id);
}

describe('ToastStore', () => {
  it('uses the durations and fade of SPEC.md §9', () => {
    expect(TOAST_DURATION_MS).toEqual({ success: 5000, info: 5000, warning: 6000, error: 8000 });
    expect(TOAST_FADE_MS).toBe(200);
  });

  it('appears shortly after creation: entering, then shown after TOAST_ENTER_MS', () => {
    const toasts = new ToastStore();
    const id = toasts.success('Saved', 'All changes are saved.');
    expect(find(toasts, id)).toMatchObject({
      type: 'success',
      title: 'Saved',
      message: 'All changes are saved.',
      phase: 'entering',
      persistent: false,
    });
    vi.advanceTimersByTime(TOAST_ENTER_MS - 1);
    expect(find(toasts, id)?.phase).toBe('entering');
    vi.advanceTimersByTime(1);
    expect(find(toasts, id)?.phase).toBe('shown');
  });

  it.each([
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('auto-dismisses a %s toast at %i ms, then fades for exactly 200 ms', (type, duration) => {
    const toasts = new ToastStore();
    const id = toasts.show({ type, title: type });
    expect(find(toasts, id)?.duration).toBe(duration);
    vi.advanceTimersByTime(duration - 1);
    expect(find(toasts, id)?.phase).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(find(toasts, id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(TOAST_FADE_MS - 1);
    expect(find(toasts, id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(1);
    expect(find(toasts, id)).toBeUndefined();
    expect(toasts.store.get()).toEqual([]);
  });

  it('honours an explicit duration', () => {
    const toasts = new ToastStore();
    const id = toasts.show({ type: 'info', title: 'Quick', duration: 1_000 });
    vi.advanceTimersByTime(999);
    expect(find(toasts, id)?.phase).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(find(toasts, id)?.phase).toBe('leaving');
  });

  it('never auto-dismisses a persistent toast', () => {
    const toasts = new ToastStore();
    const id = toasts.show({ type: 'error', title: 'Unexpected Error', persistent: true });
    vi.advanceTimersByTime(10 * 60_000);
    expect(find(toasts, id)?.phase).toBe('shown');
    toasts.dismiss(id);
    expect(find(toasts, id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(TOAST_FADE_MS);
    expect(find(toasts, id)).toBeUndefined();
  });

  it('dismiss fades out: leaving at once, removed after exactly 200 ms, a second dismiss changes nothing', () => {
    const toasts = new ToastStore();
    const id = toasts.info('Render started');
    vi.advanceTimersByTime(1_000);
    toasts.dismiss(id);
    expect(find(toasts, id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(150);
    toasts.dismiss(id);
    vi.advanceTimersByTime(49);
    expect(find(toasts, id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(1);
    expect(find(toasts, id)).toBeUndefined();
    // The auto-dismiss timer was cleared with it: nothing happens later.
    vi.advanceTimersByTime(10_000);
    expect(toasts.store.get()).toEqual([]);
  });

  it('dismissing an entering toast fades it without it ever showing', () => {
    const toasts = new ToastStore();
    const id = toasts.error('Generation Failed');
    toasts.dismiss(id);
    vi.advanceTimersByTime(TOAST_ENTER_MS);
    expect(find(toasts, id)?.phase).toBe('leaving');
    vi.advanceTimersByTime(TOAST_FADE_MS);
    expect(find(toasts, id)).toBeUndefined();
  });

  it('hold pauses auto-dismissal; release restarts the full duration', () => {
    const toasts = new ToastStore();
    const id = toasts.warning('Project save skipped');
    vi.advanceTimersByTime(5_000);
    toasts.hold(id);
    vi.advanceTimersByTime(60_000);
    expect(find(toasts, id)?.phase).toBe('shown');
    toasts.release(id);
    vi.advanceTimersByTime(5_999);
    expect(find(toasts, id)?.phase).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(find(toasts, id)?.phase).toBe('leaving');
    // A leaving toast cannot be held back.
    toasts.hold(id);
    vi.advanceTimersByTime(TOAST_FADE_MS);
    expect(find(toasts, id)).toBeUndefined();
  });

  it('holding an entering toast shows it at once', () => {
    const toasts = new ToastStore();
    const id = toasts.success('Order Saved');
    toasts.hold(id);
    expect(find(toasts, id)?.phase).toBe('shown');
    vi.advanceTimersByTime(60_000);
    expect(find(toasts, id)?.phase).toBe('shown');
  });

  it('release of a persistent toast does not start a timer', () => {
    const toasts = new ToastStore();
    const id = toasts.show({ type: 'error', title: 'Unexpected Error', persistent: true });
    toasts.hold(id);
    toasts.release(id);
    vi.advanceTimersByTime(60_000);
    expect(find(toasts, id)?.phase).toBe('shown');
  });

  it(`keeps at most ${MAX_TOASTS} toasts, dropping the oldest non-persistent one`, () => {
    const toasts = new ToastStore();
    const pinned = toasts.show({ type: 'error', title: 'pinned', persistent: true });
    const ids = [1, 2, 3, 4, 5, 6].map((n) => toasts.info(`toast ${n}`));
    const titles = toasts.store.get().map((toast) => toast.title);
    expect(titles).toHaveLength(MAX_TOASTS);
    expect(titles).toEqual(['pinned', 'toast 3', 'toast 4', 'toast 5', 'toast 6']);
    expect(find(toasts, pinned)).toBeDefined();
    expect(find(toasts, ids[0] ?? '')).toBeUndefined();
    // The dropped toasts' timers were cleared: every remaining one still runs its own course.
    vi.advanceTimersByTime(5_000 + TOAST_FADE_MS);
    expect(toasts.store.get().map((toast) => toast.title)).toEqual(['pinned']);
  });

  it('gives every toast its own id and keeps an action', () => {
    const toasts = new ToastStore();
    const onClick = vi.fn();
    const a = toasts.show({ type: 'info', title: 'A', action: { label: 'Open jobs', onClick } });
    const b = toasts.info('B');
    expect(a).not.toBe(b);
    find(toasts, a)?.action?.onClick();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(find(toasts, b)?.message).toBeUndefined();
  });
});
