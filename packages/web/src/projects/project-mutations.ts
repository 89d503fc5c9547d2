import type { Project, ProjectListEntry, Series } from '@reelbench/sdk';
import { useMutation } from '@tanstack/react-query';
import { queryKeys } from '../app/queries.js';
import { useServices } from '../app/services-context.js';

export interface ProjectChanges {
  name?: string;
  description?: string | null;
  series_id?: string | null;
}

/**
 * Rename, describe, move and delete as TanStack mutations: a failure toasts 'Operation Failed'
 * through the query client; a success writes the answer into the projects list and the project.
 */
export function useProjectMutations() {
  const { client, queryClient, activity } = useServices();

  const writeProject = (project: Project) => {
    queryClient.setQueryData(queryKeys.project(project.id), project);
    queryClient.setQueryData<ProjectListEntry[]>(queryKeys.projects, (list) =>
      list?.map((entry) => (entry.id === project.id ? { ...entry, ...project } : entry)),
    );
  };

  const update = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: ProjectChanges }) =>
      activity.track(client.projects.update(id, changes)),
    onSuccess: (project, { changes }) => {
      writeProject(project);
      if ('series_id' in changes) void queryClient.invalidateQueries({ queryKey: queryKeys.series });
    },
  });

  const remove = useMutation({
    mutationFn: (id: string) => activity.track(client.projects.delete(id)),
    onSuccess: (_reply, id) => {
      queryClient.setQueryData<ProjectListEntry[]>(queryKeys.projects, (list) =>
        list?.filter((entry) => entry.id !== id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.project(id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.series });
    },
  });

  const createSeries = useMutation({
    mutationFn: (name: string) => activity.track(client.series.create({ name })),
    onSuccess: (series) => {
      queryClient.setQueryData<Series[]>(queryKeys.series, (list) => (list ? [...list, series] : [series]));
    },
  });

  return { update, remove, createSeries };
}
