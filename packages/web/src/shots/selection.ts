import { useCallback } from 'react';
import { createStore, type Store, useStore } from '../state/store.js';

/**
 * The shot selection shared by the shot views of a project: a set of ids, the anchor a Shift range
 * starts from, and the active shot (the keyboard focus, the one Enter opens).
 */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
  active: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null, active: null };

/** A plain click: only this shot. */
/**
 * The shot a view opening should scroll to: the active shot while it is selected. Escape keeps the
 * active shot as the keyboard's place with nothing selected, and that is no reason to open a long
 * list half-way down.
 */
export function revealTarget(selection: Selection): string | null {
  return selection.active !== null && selection.ids.has(selection.active) ? selection.active : null;
}

export function selectOnly(id: string): Selection {
  return { ids: new Set([id]), anchor: id, active: id };
}

/** Ctrl/Cmd-click: adds or removes one shot; it becomes the anchor of the next range. */
export function toggle(selection: Selection, id: string): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id, active: id };
}

/** Shift-click or Shift+arrows: every shot from the anchor to `id` in `order`, inclusive. */
export function selectRange(
  selection: Selection,
  order: readonly string[],
  id: string,
  add = false,
): Selection {
  const anchor = selection.anchor ?? selection.active ?? id;
  const from = order.indexOf(anchor);
  const to = order.indexOf(id);
  if (from === -1 || to === -1) return selectOnly(id);
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  const ids = new Set(add ? selection.ids : []);
  for (let i = lo; i <= hi; i += 1) ids.add(order[i] as string);
  return { ids, anchor, active: id };
}

export function selectAll(order: readonly string[], active: string | null): Selection {
  return { ids: new Set(order), anchor: order[0] ?? null, active: active ?? order[0] ?? null };
}

/** Drops ids no longer present (deleted shots). */
export function pruneSelection(
  selection: Selection,
  present: ReadonlySet<string> | Map<string, unknown>,
): Selection {
  const has = (id: string | null) => id !== null && present.has(id);
  let changed = false;
  const ids = new Set<string>();
  for (const id of selection.ids) {
    if (present.has(id)) ids.add(id);
    else changed = true;
  }
  if (
    !changed &&
    (selection.anchor === null || has(selection.anchor)) &&
    (selection.active === null || has(selection.active))
  ) {
    return selection;
  }
  return {
    ids,
    anchor: has(selection.anchor) ? selection.anchor : null,
    active: has(selection.active) ? selection.active : null,
  };
}

export type Direction = 'left' | 'right' | 'up' | 'down' | 'home' | 'end' | 'pageUp' | 'pageDown';

/**
 * Where an arrow key goes in a grid laid out as visual rows of shot indexes (scene groups start new
 * rows, so rows can be short): left/right step through the order, up/down keep the column (clamped
 * to a shorter row), Home/End go to the first/last shot, PageUp/PageDown jump `page` rows.
 */
export function moveInRows(
  rows: readonly (readonly number[])[],
  current: number,
  direction: Direction,
  page = 3,
): number {
  const total = rows.reduce((sum, row) => sum + row.length, 0);
  if (total === 0) return -1;
  if (current < 0) return direction === 'end' ? total - 1 : 0;
  switch (direction) {
    case 'left':
      return Math.max(0, current - 1);
    case 'right':
      return Math.min(total - 1, current + 1);
    case 'home':
      return 0;
    case 'end':
      return total - 1;
    default:
      break;
  }
  let rowIndex = rows.findIndex((row) => row.includes(current));
  if (rowIndex === -1) return current;
  const column = (rows[rowIndex] as readonly number[]).indexOf(current);
  const step = direction === 'up' ? -1 : direction === 'down' ? 1 : direction === 'pageUp' ? -page : page;
  rowIndex = Math.max(0, Math.min(rows.length - 1, rowIndex + step));
  const row = rows[rowIndex] as readonly number[];
  return row[Math.min(column, row.length - 1)] ?? current;
}

/** A uniform grid of `count` shots in `columns` columns, as rows for moveInRows. */
export function uniformRows(count: number, columns: number): number[][] {
  const rows: number[][] = [];
  for (let start = 0; start < count; start += columns) {
    rows.push(Array.from({ length: Math.min(columns, count - start) }, (_, i) => start + i));
  }
  return rows;
}

/** The selection after an arrow key: moves the active shot, extending the range with Shift. */
export function selectByKey(
  selection: Selection,
  order: readonly string[],
  rows: readonly (readonly number[])[],
  direction: Direction,
  extend: boolean,
): Selection {
  const current = selection.active === null ? -1 : order.indexOf(selection.active);
  const next = moveInRows(rows, current, direction);
  const id = order[next];
  if (id === undefined) return selection;
  if (!extend) return selectOnly(id);
  const base = selection.anchor === null ? { ...selection, anchor: selection.active ?? id } : selection;
  return selectRange(base, order, id);
}

const stores = new WeakMap<object, Map<string, Store<Selection>>>();

/**
 * The selection store of a project, shared by the storyboard and the shot list of one tab (`scope`
 * is the tab's query client, so each app instance has its own).
 */
export function selectionStore(scope: object, projectId: string): Store<Selection> {
  let byProject = stores.get(scope);
  if (!byProject) {
    byProject = new Map();
    stores.set(scope, byProject);
  }
  let store = byProject.get(projectId);
  if (!store) {
    store = createStore<Selection>(EMPTY_SELECTION);
    byProject.set(projectId, store);
  }
  return store;
}

/** Whether one shot is selected: re-renders only when that answer changes. */
export function useIsSelected(store: Store<Selection>, id: string): boolean {
  return useStore(
    store,
    useCallback((selection: Selection) => selection.ids.has(id), [id]),
  );
}

export function useIsActive(store: Store<Selection>, id: string): boolean {
  return useStore(
    store,
    useCallback((selection: Selection) => selection.active === id, [id]),
  );
}
