import { SCENE_COLORS } from '@reelbench/sdk';
import type { ActionContext, ActionDefinition } from '../actions/registry.js';
import { queryKeys } from '../app/queries.js';
import type { AppServices } from '../app/services.js';
import { createStore } from '../state/store.js';
import { shotEditorFor } from './editor.js';
import { generateShotImages } from './generation.js';
import { selectionStore } from './selection.js';

const SHOT_VIEW_PATHS = ['/storyboard', '/shots'];

/** Where "Open in Shot Lab" goes; the mounted shot view hands over the router's navigate. */
export const shotNavigation = { navigate: (to: string) => globalThis.location.assign(to) };

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

/** The page actions of the shot views, registered once (section Shots / Generation). */
export function registerShotActions(services: AppServices): void {
  const { registry } = services;
  const selectionOf = (projectId: string) => selectionStore(services.queryClient, projectId);
  const selectedIds = (context: ActionContext): string[] =>
    context.projectId === null ? [] : [...selectionOf(context.projectId).get().ids];
  const hasSelection = (context: ActionContext) => selectedIds(context).length > 0;
  const editorOf = (projectId: string) =>
    shotEditorFor(
      {
        client: services.client,
        queryClient: services.queryClient,
        saves: services.saves,
        toasts: services.toasts,
        track: (work) => services.activity.track(work),
      },
      projectId,
    );
  const definitions: ActionDefinition[] = [
    {
      id: 'shot.generateImage',
      label: 'Generate image for selected shot',
      section: 'Generation',
      keywords: ['render', 'frame', 'regenerate', 'selected', 'image'],
      paths: SHOT_VIEW_PATHS,
      available: hasSelection,
      perform: (context) => {
        if (context.projectId === null) return;
        return generateShotImages(services, context.projectId, selectedIds(context));
      },
    },
    {
      id: 'shot.openInLab',
      label: 'Open selected shot in Shot Lab',
      section: 'Shots',
      keywords: ['composition', 'edit shot', 'details'],
      hint: 'Enter',
      paths: SHOT_VIEW_PATHS,
      available: (context) =>
        context.projectId !== null && selectionOf(context.projectId).get().active !== null,
      perform: (context) => {
        if (context.projectId === null) return;
        const active = selectionOf(context.projectId).get().active;
        if (active) shotNavigation.navigate(shotLabPath(context.projectId, active));
      },
    },
    ...SHOT_MOVES.map(
      ({ by, ...move }): ActionDefinition => ({
        ...move,
        section: 'Shots',
        paths: SHOT_VIEW_PATHS,
        available: hasSelection,
        perform: (context) => {
          if (context.projectId !== null) editorOf(context.projectId).moveShots(selectedIds(context), by);
        },
      }),
    ),
    {
      id: 'shots.reload',
      label: 'Reload shots',
      section: 'Shots',
      keywords: ['refresh', 'fetch', 'retry'],
      paths: SHOT_VIEW_PATHS,
      available: (context) => context.projectId !== null,
      perform: (context) =>
        context.projectId === null
          ? undefined
          : services.queryClient.invalidateQueries({ queryKey: queryKeys.shots(context.projectId) }),
    },
    {
      id: 'shotList.clearFilters',
      label: 'Clear shot list filters',
      section: 'Shots',
      keywords: ['filter', 'reset', 'show all'],
      paths: ['/shots'],
      available: () => shotListFilters.get() !== NO_FILTERS,
      perform: () => shotListFilters.set(NO_FILTERS),
    },
    ...SHOT_LIST_COLUMNS.map(
      (column): ActionDefinition => ({
        id: sortActionId(column.id),
        label: `Sort shot list by ${column.id === 'number' ? 'number' : column.label.toLowerCase()}`,
        section: 'Shots',
        keywords: ['sort', 'order by', column.label.toLowerCase()],
        paths: ['/shots'],
        perform: () =>
          shotListSort.set((current) => ({
            column: column.id,
            direction:
              current.column === column.id && current.direction === 'ascending' ? 'descending' : 'ascending',
          })),
      }),
    ),
  ];
  registry.registerOnce(...definitions);
}

/** The scene colours as CSS variables (--scene-1..7), so both themes can tune them. */
export function sceneColorVar(color: string | null): string {
  if (color === null) return 'var(--text-faint)';
  const index = (SCENE_COLORS as readonly string[]).indexOf(color.toLowerCase());
  return index === -1 ? color : `var(--scene-${index + 1})`;
}
