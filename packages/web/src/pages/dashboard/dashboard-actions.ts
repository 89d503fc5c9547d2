import { defineActions, projectPath } from '../../actions/action.js';
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
  {
    // The next step after a script edit (issue 30): the script page, with the revision's preview open.
    id: 'dashboard.reviseShots',
    label: 'Revise Shots After the Script Edit',
    section: 'Project',
    keywords: ['script changed', 'revise', 'first pass', 'update shots', 'follow the script'],
    scope: 'dashboard',
    available: (context) => context.projectId !== null,
    perform: (context) => {
      context.services.ui.patch({ reviseShotsOpen: true });
      context.navigate(projectPath(context, 'script'));
    },
  },
]);
