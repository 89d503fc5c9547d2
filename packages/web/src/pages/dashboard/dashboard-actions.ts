import { defineActions } from '../../actions/action.js';
import { reloadAction } from '../../actions/reload-action.js';
import { queryKeys } from '../../app/queries.js';

/** The dashboard's own actions. */
export const dashboardActions = defineActions([
  reloadAction(
    {
      id: 'dashboard.reload',
      label: 'Reload Dashboard',
      section: 'Project',
      keywords: ['refresh', 'retry', 'pipeline', 'overview'],
      scope: 'dashboard',
    },
    (projectId) => [
      queryKeys.project(projectId),
      queryKeys.script(projectId),
      queryKeys.shots(projectId),
      queryKeys.assets(projectId),
      queryKeys.analysis(projectId),
    ],
  ),
]);
