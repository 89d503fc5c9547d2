import type { Store } from '../state/store.js';
import type { ActionContext } from './action.js';
import { defineActions } from './action.js';
import { definePageContext } from './page-context.js';

/** A page's zoom: a level from 0 to levels − 1. */
export interface Zoom {
  level: Store<number>;
  levels: number;
  reset: number;
}

/**
 * What the everyday editing keys act on, on the page in front: the page hands over what it can do
 * (undo on the timeline's shot editor or the script's text, delete on the selected shots, asset,
 * job or project…). An action the page does not support is not available there.
 */
export interface EditContext {
  undo?: () => void;
  redo?: () => void;
  /** Delete the selection (asking first where the page asks). */
  deleteSelection?: () => void;
  duplicateSelection?: () => void;
  /** The page's filter or search field. */
  searchField?: () => HTMLInputElement | null;
  zoom?: Zoom;
}

export const editContext = definePageContext<EditContext>('edit');

const here = (context: ActionContext) => editContext.get(context.services);

/** Undo, redo, duplicate, delete, search and zoom: the same keys on every page, each page's meaning. */
export const editActions = defineActions([
  {
    id: 'edit.undo',
    label: 'Undo',
    section: 'Project',
    binding: 'Mod+Z',
    available: (context) => here(context)?.undo !== undefined,
    perform: (context) => here(context)?.undo?.(),
  },
  {
    id: 'edit.redo',
    label: 'Redo',
    section: 'Project',
    binding: 'Mod+Shift+Z',
    available: (context) => here(context)?.redo !== undefined,
    perform: (context) => here(context)?.redo?.(),
  },
  {
    id: 'edit.duplicate',
    label: 'Duplicate',
    section: 'Selection',
    binding: 'Mod+D',
    available: (context) => here(context)?.duplicateSelection !== undefined,
    perform: (context) => here(context)?.duplicateSelection?.(),
  },
  {
    id: 'edit.delete',
    label: 'Delete selected',
    section: 'Selection',
    binding: 'Delete',
    available: (context) => here(context)?.deleteSelection !== undefined,
    perform: (context) => here(context)?.deleteSelection?.(),
  },
  {
    id: 'search.focus',
    label: 'Focus search',
    section: 'View',
    keywords: ['filter', 'find'],
    binding: 'Mod+/',
    available: (context) => here(context)?.searchField !== undefined,
    perform: (context) => {
      const field = here(context)?.searchField?.();
      field?.focus();
      field?.select();
    },
  },
  {
    id: 'zoom.in',
    label: 'Zoom in',
    section: 'View',
    binding: 'Mod+plus',
    available: (context) => here(context)?.zoom !== undefined,
    perform: (context) => {
      const zoom = here(context)?.zoom;
      zoom?.level.set((level) => Math.min(zoom.levels - 1, level + 1));
    },
  },
  {
    id: 'zoom.out',
    label: 'Zoom out',
    section: 'View',
    binding: 'Mod+minus',
    available: (context) => here(context)?.zoom !== undefined,
    perform: (context) => here(context)?.zoom?.level.set((level) => Math.max(0, level - 1)),
  },
  {
    id: 'zoom.reset',
    label: 'Reset zoom',
    section: 'View',
    binding: 'Mod+0',
    available: (context) => here(context)?.zoom !== undefined,
    perform: (context) => {
      const zoom = here(context)?.zoom;
      zoom?.level.set(() => zoom.reset);
    },
  },
]);
