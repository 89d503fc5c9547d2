import { createStore } from '../state/store.js';

const KEY = 'reelbench-recent-actions';
export const MAX_RECENT_ACTIONS = 5;

/** Recently run actions (palette, keys, buttons), newest first, remembered across reloads. */
export class RecentActions {
  readonly store = createStore<string[]>(RecentActions.#load());

  static #load(): string[] {
    try {
      const saved: unknown = JSON.parse(globalThis.localStorage?.getItem(KEY) ?? '[]');
      return Array.isArray(saved)
        ? saved.filter((id): id is string => typeof id === 'string').slice(0, MAX_RECENT_ACTIONS)
        : [];
    } catch {
      return [];
    }
  }

  record(actionId: string): void {
    const next = [actionId, ...this.store.get().filter((id) => id !== actionId)].slice(0, MAX_RECENT_ACTIONS);
    this.store.set(next);
    try {
      globalThis.localStorage?.setItem(KEY, JSON.stringify(next));
    } catch {
      // Not remembered in private mode.
    }
  }
}
