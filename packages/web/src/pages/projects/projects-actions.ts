import { type ActionContext, type ActionDefinition, defineActions } from '../../actions/action.js';
import { perServices } from '../../app/per-services.js';
import { queryKeys } from '../../app/queries.js';
import { type AppServices } from '../../app/services.js';
import { createStore, type Store } from '../../state/store.js';

export type ProjectsView = 'grid' | 'list';

const VIEW_KEY = 'reelbench-projects-view';

export interface ProjectsPageState {
  view: Store<ProjectsView>;
  /** The selected project on /, the target of open, rename, move and delete. */
  selected: Store<string | null>;
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
  return { view, selected: createStore<string | null>(null) };
});

const onProjects = (context: ActionContext) => context.pathname === '/';

/** The view switch: Show Projects as Grid / as List, one palette entry per view. */
const VIEW_ACTIONS = [
  { view: 'grid', name: 'Grid', keywords: ['cards', 'posters', 'thumbnails', 'layout'] },
  { view: 'list', name: 'List', keywords: ['dense', 'rows', 'table', 'layout'] },
] as const;

/** The projects page's own actions: the view switch, reload, open the selected project. */
export const projectsActions = defineActions([
  ...VIEW_ACTIONS.map(
    ({ view, name, keywords }): ActionDefinition => ({
      id: `projects.view${name}`,
      label: `Show Projects as ${name}`,
      section: 'View',
      keywords,
      scope: 'projects',
      perform: ({ services }) => projectsPageState(services).view.set(view),
    }),
  ),
  {
    id: 'projects.reload',
    label: 'Reload Projects',
    section: 'Project',
    keywords: ['refresh', 'retry', 'list'],
    scope: 'projects',
    perform: async ({ services: { queryClient } }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
        queryClient.invalidateQueries({ queryKey: queryKeys.series }),
      ]);
    },
  },
  {
    id: 'projects.open',
    label: 'Open Selected Project',
    section: 'Selection',
    keywords: ['open', 'enter', 'go'],
    hint: 'Enter',
    scope: 'projects',
    available: (context) =>
      onProjects(context) && projectsPageState(context.services).selected.get() !== null,
    perform: (context) => {
      const id = projectsPageState(context.services).selected.get();
      if (id) context.navigate(`/project/${id}`);
    },
  },
]);
