import { defineActions } from '../../actions/action.js';
import { queryKeys } from '../../app/queries.js';

/** The dashboard's own actions. */
export const dashboardActions = defineActions([
  {
    id: 'dashboard.reload',
    label: 'Reload Dashboard',
    section: 'Project',
    keywords: ['refresh', 'retry', 'pipeline', 'overview'],
    scope: 'dashboard',
    available: (context) => context.projectId !== null,
    perform: async ({ projectId, services: { queryClient } }) => {
      if (projectId === null) return;
      await Promise.all(
        [
          queryKeys.project(projectId),
          queryKeys.script(projectId),
          queryKeys.shots(projectId),
          queryKeys.assets(projectId),
          queryKeys.analysis(projectId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  },
]);
