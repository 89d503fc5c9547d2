import { ORDER_PERSIST_DEBOUNCE_MS, TOASTS } from '@reelbench/sdk';
import type { SaveManager } from '../../state/save-manager.js';
import type { ToastInput } from '../../state/toasts.js';

/**
 * SPEC.md §9: the scene and shot order persists 800 ms after the last change, with 'Order Saved'.
 * The editor hands order changes to the save manager (its 1 s project save); this flushes that same
 * save after 800 ms instead and says so when it succeeded — one save path, never a second one.
 */
export class OrderPersister {
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #saves: Pick<SaveManager, 'flush' | 'state'>;
  readonly #toasts: { show(toast: ToastInput): unknown };
  readonly #delayMs: number;

  constructor(
    saves: Pick<SaveManager, 'flush' | 'state'>,
    toasts: { show(toast: ToastInput): unknown },
    delayMs = ORDER_PERSIST_DEBOUNCE_MS,
  ) {
    this.#saves = saves;
    this.#toasts = toasts;
    this.#delayMs = delayMs;
  }

  get pending(): boolean {
    return this.#timer !== undefined;
  }

  schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.#persist();
    }, this.#delayMs);
  }

  /** Leaving the page: what is pending goes now. */
  flushNow(): Promise<void> {
    if (this.#timer === undefined) return Promise.resolve();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.#persist();
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #persist(): Promise<void> {
    await this.#saves.flush();
    if (this.#saves.state.get() === 'saved') {
      this.#toasts.show({ type: 'success', title: TOASTS.orderSaved.title });
    }
  }
}

/** Two orders (ids and scenes' ids) are the same. */
export function sameOrder(
  a: { shotOrder: readonly string[]; scenes: readonly { id: string; shotIds: readonly string[] }[] },
  b: { shotOrder: readonly string[]; scenes: readonly { id: string; shotIds: readonly string[] }[] },
): boolean {
  const same = (x: readonly string[], y: readonly string[]) =>
    x.length === y.length && x.every((value, index) => value === y[index]);
  return (
    same(a.shotOrder, b.shotOrder) &&
    a.scenes.length === b.scenes.length &&
    a.scenes.every((scene, index) => {
      const other = b.scenes[index];
      return other !== undefined && other.id === scene.id && same(scene.shotIds, other.shotIds);
    })
  );
}
