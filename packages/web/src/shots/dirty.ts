import { createStore, useStore } from '../state/store.js';

/**
 * Shots changed here and not yet saved (SPEC.md §4: any local change marks a shot dirty until
 * saved). The shot views mark them on the frame, the clip and the row.
 */
export const dirtyShots = createStore<ReadonlySet<string>>(new Set());

export function markShotsDirty(ids: Iterable<string>): void {
  dirtyShots.set((current) => {
    const next = new Set(current);
    for (const id of ids) next.add(id);
    return next.size === current.size ? current : next;
  });
}

export function markShotsClean(ids: Iterable<string>): void {
  dirtyShots.set((current) => {
    const next = new Set(current);
    for (const id of ids) next.delete(id);
    return next.size === current.size ? current : next;
  });
}

/** Whether this one shot has unsaved changes (re-renders only when that answer changes). */
export function useIsDirty(shotId: string): boolean {
  return useStore(dirtyShots, (ids) => ids.has(shotId));
}
