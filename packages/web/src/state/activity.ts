import { createStore } from './store.js';

/**
 * The API activity counter behind the 2 px activity bar (SPEC.md §4): rises and falls with activity
 * events and never goes below 0.
 */
export class ActivityCounter {
  readonly store = createStore(0);

  change(delta: number): void {
    this.store.set((count) => Math.max(0, count + delta));
  }

  get count(): number {
    return this.store.get();
  }

  /** Counts a promise's lifetime as one unit of activity. */
  track<T>(work: Promise<T>): Promise<T> {
    this.change(1);
    return work.finally(() => this.change(-1));
  }
}
