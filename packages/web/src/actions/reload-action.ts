import type { QueryKey } from '@tanstack/react-query';
import { type ActionDefinition, hasProject } from './action.js';

/**
 * A page's Reload: fetches again the current project's queries that the page shows, and is done
 * when they all are. Available with a project.
 */
export function reloadAction(
  definition: Omit<ActionDefinition, 'available' | 'perform'>,
  queries: (projectId: string) => readonly QueryKey[],
): ActionDefinition {
  return {
    ...definition,
    available: hasProject,
    perform: async ({ projectId, services: { queryClient } }) => {
      if (projectId === null) return;
      await Promise.all(queries(projectId).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  };
}
