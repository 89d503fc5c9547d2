import type { ActionContext } from '../../actions/registry.js';
import { queryKeys } from '../../app/queries.js';
import type { AppServices } from '../../app/services.js';

const DASHBOARD_PATH = /^\/project\/[^/]+(?:\/dashboard)?\/?$/;

/** On the dashboard: /project/{id} and /project/{id}/dashboard. */
export function onDashboard(context: ActionContext): boolean {
  return context.projectId !== null && DASHBOARD_PATH.test(context.pathname);
}

/** The dashboard's own actions; registered once per tab. */
export function registerDashboardActions(services: AppServices): void {
  const { registry, queryClient } = services;
  if (registry.get('dashboard.reload')) return;
  registry.register({
    id: 'dashboard.reload',
    label: 'Reload Dashboard',
    section: 'Project',
    keywords: ['refresh', 'retry', 'pipeline', 'overview'],
    available: onDashboard,
    perform: async (context) => {
      const projectId = context.projectId;
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
  });
}
