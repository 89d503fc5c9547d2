import { TOAST_DURATION_MS, TOAST_FADE_MS, type ToastType } from '@reelbench/sdk';
import { createStore } from './store.js';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds before it dismisses itself; by default 5 s, warnings 6 s, errors 8 s. */
  duration?: number;
  persistent?: boolean;
  action?: ToastAction;
}

export interface Toast extends Required<Pick<ToastInput, 'type' | 'title'>> {
  id: string;
  message?: string;
  duration: number;
  persistent: boolean;
  action?: ToastAction;
  /** entering: just created (drawn transparent); shown; leaving: fading out for TOAST_FADE_MS. */
  phase: 'entering' | 'shown' | 'leaving';
}

/** How long after creation a toast becomes visible: one frame, so its fade-in transition runs. */
export const TOAST_ENTER_MS = 16;
/** At most this many toasts are kept; the oldest non-persistent one goes first. */
export const MAX_TOASTS = 5;

let counter = 0;

/** Toast notifications (SPEC.md §3, §4, §8): appear shortly after creation, fade out over 200 ms. */
export class ToastStore {
  readonly store = createStore<Toast[]>([]);
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>[]>();

  show(input: ToastInput): string {
    counter += 1;
    const id = `toast-${counter}`;
    const toast: Toast = {
      id,
      type: input.type,
      title: input.title,
      ...(input.message === undefined ? {} : { message: input.message }),
      duration: input.duration ?? TOAST_DURATION_MS[input.type],
      persistent: input.persistent ?? false,
      ...(input.action === undefined ? {} : { action: input.action }),
      phase: 'entering',
    };
    const list = [...this.store.get(), toast];
    while (list.length > MAX_TOASTS) {
      const oldest = list.findIndex((item) => !item.persistent && item.id !== id);
      const [dropped] = list.splice(oldest === -1 ? 0 : oldest, 1);
      if (dropped) this.#clearTimers(dropped.id);
    }
    this.store.set(list);
    const timers = [setTimeout(() => this.#patch(id, { phase: 'shown' }), TOAST_ENTER_MS)];
    if (!toast.persistent) timers.push(setTimeout(() => this.dismiss(id), toast.duration));
    this.#timers.set(id, timers);
    return id;
  }

  success(title: string, message?: string): string {
    return this.show({ type: 'success', title, ...(message === undefined ? {} : { message }) });
  }

  error(title: string, message?: string): string {
    return this.show({ type: 'error', title, ...(message === undefined ? {} : { message }) });
  }

  warning(title: string, message?: string): string {
    return this.show({ type: 'warning', title, ...(message === undefined ? {} : { message }) });
  }

  info(title: string, message?: string): string {
    return this.show({ type: 'info', title, ...(message === undefined ? {} : { message }) });
  }

  /** Starts the 200 ms fade; the toast is removed when it ends. */
  dismiss(id: string): void {
    const toast = this.store.get().find((item) => item.id === id);
    if (!toast || toast.phase === 'leaving') return;
    this.#clearTimers(id);
    this.#patch(id, { phase: 'leaving' });
    this.#timers.set(id, [
      setTimeout(() => {
        this.#timers.delete(id);
        this.store.set((list) => list.filter((item) => item.id !== id));
      }, TOAST_FADE_MS),
    ]);
  }

  /** Pauses auto-dismissal while the pointer or focus is on a toast. */
  hold(id: string): void {
    const toast = this.store.get().find((item) => item.id === id);
    if (!toast || toast.phase === 'leaving') return;
    this.#clearTimers(id);
    if (toast.phase === 'entering') this.#patch(id, { phase: 'shown' });
  }

  release(id: string): void {
    const toast = this.store.get().find((item) => item.id === id);
    if (!toast || toast.persistent || toast.phase === 'leaving') return;
    this.#clearTimers(id);
    this.#timers.set(id, [setTimeout(() => this.dismiss(id), toast.duration)]);
  }

  #patch(id: string, patch: Partial<Toast>): void {
    this.store.set((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  #clearTimers(id: string): void {
    for (const timer of this.#timers.get(id) ?? []) clearTimeout(timer);
    this.#timers.delete(id);
  }
}
