import type { ActionContext } from '../../actions/registry.js';
import { queryKeys } from '../../app/queries.js';
import { type AppServices, perServices } from '../../app/services.js';
import { createStore, type Store } from '../../state/store.js';

export type ProjectsView = 'grid' | 'list';

const VIEW_KEY = 'reelbench-projects-view';

export interface ProjectsPageState {
  view: Store<ProjectsView>;
  /** The selected project on /, the target of open, rename, move and delete. */
  selected: Store<string | null>;
  /** Set by the mounted page: opens a project. */
  open: (projectId: string) => void;
}

function loadView(): ProjectsView {
  try {
    return globalThis.localStorage?.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** The projects page's client state, one per tab. */
export const projectsPageState: (services: AppServices) => ProjectsPageState = perServices(() => {
  const view = createStore<ProjectsView>(loadView());
  view.subscribe(() => {
    try {
      globalThis.localStorage?.setItem(VIEW_KEY, view.get());
    } catch {
      // Private mode: the view is simply not remembered.
    }
  });
  return { view, selected: createStore<string | null>(null), open: () => {} };
});

const onProjects = (context: ActionContext) => context.pathname === '/';

/** The view switch: Show Projects as Grid / as List, one palette entry per view. */
const VIEW_ACTIONS = [
  { view: 'grid', name: 'Grid', keywords: ['cards', 'posters', 'thumbnails', 'layout'] },
  { view: 'list', name: 'List', keywords: ['dense', 'rows', 'table', 'layout'] },
] as const;

/** The projects page's own actions (palette entries and the view switch); registered once per tab. */
export function registerProjectsActions(services: AppServices): void {
  const state = projectsPageState(services);
  services.registry.registerOnce(
    ...VIEW_ACTIONS.map(({ view, name, keywords }) => ({
      id: `projects.view${name}`,
      label: `Show Projects as ${name}`,
      section: 'View',
      keywords: [...keywords],
      available: onProjects,
      perform: () => state.view.set(view),
    })),
    {
      id: 'projects.reload',
      label: 'Reload Projects',
      section: 'Project',
      keywords: ['refresh', 'retry', 'list'],
      available: onProjects,
      perform: async () => {
        await Promise.all([
          services.queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
          services.queryClient.invalidateQueries({ queryKey: queryKeys.series }),
        ]);
      },
    },
    {
      id: 'projects.open',
      label: 'Open Selected Project',
      section: 'Selection',
      keywords: ['open', 'enter', 'go'],
      hint: 'Enter',
      available: (context) => onProjects(context) && state.selected.get() !== null,
      perform: () => {
        const id = state.selected.get();
        if (id) state.open(id);
      },
    },
  );
}
