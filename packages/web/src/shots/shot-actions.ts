import { type ActionContext, type ActionDefinition, defineActions, hasProject } from '../actions/action.js';
import { actionOn } from '../actions/action-on.js';
import { definePageContext } from '../actions/page-context.js';
import { reloadAction } from '../actions/reload-action.js';
import { queryKeys } from '../app/queries.js';
import { createStore, type Store } from '../state/store.js';
import type { ShotEditor } from './editor.js';
import type { Selection } from './selection.js';

/** The storyboard or the shot list on screen: its shots' selection and editor. */
export interface ShotViewContext {
  projectId: string;
  selection: Store<Selection>;
  editor: ShotEditor;
}

export const shotView = definePageContext<ShotViewContext>('shot-view');

export function shotLabPath(projectId: string, shotId: string): string {
  return `/project/${projectId}/shot-lab?shot=${encodeURIComponent(shotId)}`;
}

export type ShotListColumn = 'number' | 'scene' | 'name' | 'framing' | 'duration' | 'status' | 'prompt';
export const SHOT_LIST_COLUMNS: readonly { id: ShotListColumn; label: string }[] = [
  { id: 'number', label: 'No.' },
  { id: 'scene', label: 'Scene' },
  { id: 'name', label: 'Name' },
  { id: 'framing', label: 'Framing' },
  { id: 'duration', label: 'Duration' },
  { id: 'status', label: 'Status' },
  { id: 'prompt', label: 'Prompt' },
];

export interface ShotListSort {
  column: ShotListColumn;
  direction: 'ascending' | 'descending';
}

/** The shot list's filters, kept for the tab. */
export interface ShotListFilters {
  scene: string;
  status: string;
  text: string;
}
export const ALL_FILTER = 'all';
export const NO_FILTERS: ShotListFilters = { scene: ALL_FILTER, status: ALL_FILTER, text: '' };
export const shotListFilters = createStore<ShotListFilters>(NO_FILTERS);

/** The shot list's sort, kept for the tab (a column header and the palette both change it). */
export const shotListSort = createStore<ShotListSort>({ column: 'number', direction: 'ascending' });

export function sortActionId(column: ShotListColumn): string {
  return `shotList.sortBy.${column}`;
}

/** Move the selected shots one place earlier (by -1) or later (by +1) in the order. */
const SHOT_MOVES: readonly { id: string; label: string; keywords: string[]; hint: string; by: -1 | 1 }[] = [
  {
    id: 'shot.moveEarlier',
    label: 'Move selected shots earlier',
    keywords: ['reorder', 'left', 'up', 'order'],
    hint: 'Alt+Left',
    by: -1,
  },
  {
    id: 'shot.moveLater',
    label: 'Move selected shots later',
    keywords: ['reorder', 'right', 'down', 'order'],
    hint: 'Alt+Right',
    by: 1,
  },
];

const view = (context: ActionContext) => shotView.get(context.services);
const selectedIds = (context: ActionContext): string[] => [...(view(context)?.selection.get().ids ?? [])];
const hasSelection = (context: ActionContext) => selectedIds(context).length > 0;

/** The shot views' actions: on the selected shots (storyboard, shot list), reload, the shot list's sort and filters. */
export const shotActions = defineActions([
  actionOn(
    view,
    {
      id: 'shot.generateImage',
      label: 'Generate image for selected shot',
      section: 'Generation',
      keywords: ['render', 'frame', 'regenerate', 'selected', 'image'],
      scope: 'shot-selection',
      available: hasSelection,
    },
    async (shown, context) => {
      const { generateShotImages } = await import('./generation.js');
      await generateShotImages(context.services, shown.projectId, selectedIds(context));
    },
  ),
  {
    id: 'shot.openInLab',
    label: 'Open selected shot in Shot Lab',
    section: 'Shots',
    keywords: ['composition', 'edit shot', 'details'],
    hint: 'Enter',
    scope: 'shot-selection',
    available: (context) => (view(context)?.selection.get().active ?? null) !== null,
    perform: (context) => {
      const shown = view(context);
      const active = shown?.selection.get().active;
      if (shown && active) context.navigate(shotLabPath(shown.projectId, active));
    },
  },
  ...SHOT_MOVES.map(
    ({ by, ...move }): ActionDefinition => ({
      ...move,
      section: 'Shots',
      scope: 'shot-selection',
      available: hasSelection,
      perform: (context) => view(context)?.editor.moveShots(selectedIds(context), by),
    }),
  ),
  reloadAction(
    {
      id: 'shots.reload',
      label: 'Reload shots',
      section: 'Shots',
      keywords: ['refresh', 'fetch', 'retry'],
      scope: 'shot-views',
    },
    (projectId) => [queryKeys.shots(projectId)],
  ),
  {
    id: 'shotList.exportCsv',
    label: 'Export Shot List CSV',
    section: 'Shots',
    keywords: ['csv', 'spreadsheet', 'excel', 'sheets', 'download', 'assistant director', 'breakdown'],
    hint: 'Scene, shot, framing, duration, cast, status and script text',
    scope: 'shot-views',
    available: hasProject,
    perform: async ({ projectId, services }) => {
      if (projectId === null) return;
      const { exportShotListCsv } = await import('./shot-list-csv-export.js');
      await exportShotListCsv(services, projectId);
    },
  },
  {
    id: 'shotList.clearFilters',
    label: 'Clear shot list filters',
    section: 'Shots',
    keywords: ['filter', 'reset', 'show all'],
    scope: 'shot-list',
    available: () => shotListFilters.get() !== NO_FILTERS,
    perform: () => shotListFilters.set(NO_FILTERS),
  },
  ...SHOT_LIST_COLUMNS.map(
    (column): ActionDefinition => ({
      id: sortActionId(column.id),
      label: `Sort shot list by ${column.id === 'number' ? 'number' : column.label.toLowerCase()}`,
      section: 'Shots',
      keywords: ['sort', 'order by', column.label.toLowerCase()],
      scope: 'shot-list',
      perform: () =>
        shotListSort.set((current) => ({
          column: column.id,
          direction:
            current.column === column.id && current.direction === 'ascending' ? 'descending' : 'ascending',
        })),
    }),
  ),
]);
