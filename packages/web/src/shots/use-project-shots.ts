import type { AspectRatio, Project } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { queries } from '../app/queries.js';
import type { AppServices } from '../app/services.js';
import { useServices } from '../app/services-context.js';
import { projectAspect } from './aspect.js';
import { type ShotEditor, shotEditorFor } from './editor.js';
import { type BoardSettings, buildBoard, type ShotBoard } from './model.js';
import { startProgressSync } from './progress.js';
import { pruneSelection, selectionStore } from './selection.js';

const progressSyncs = new WeakMap<object, { users: number; stop: () => void }>();

/** Progress events feed the progress store while at least one shot view is mounted. */
function useProgressSync(services: AppServices): void {
  const { client, queryClient } = services;
  useEffect(() => {
    const running = progressSyncs.get(client) ?? { users: 0, stop: startProgressSync(client, queryClient) };
    running.users += 1;
    progressSyncs.set(client, running);
    return () => {
      running.users -= 1;
      if (running.users === 0) {
        running.stop();
        progressSyncs.delete(client);
      }
    };
  }, [client, queryClient]);
}

export interface ProjectShots {
  board: ShotBoard;
  project: Project | undefined;
  aspect: AspectRatio;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  editor: ShotEditor;
  selection: ReturnType<typeof selectionStore>;
}

/**
 * The shot data layer of the shot views: all shots of the project in queryKeys.shots(projectId)
 * (the cache live-sync writes socket events into), the project's scenes and order, the board built
 * from both, live progress, the shared selection and the undo-able editor.
 */
export function useProjectShots(projectId: string): ProjectShots {
  const services = useServices();
  const { client } = services;
  const shotsQuery = useQuery(queries.shots(client, projectId));
  const projectQuery = useQuery(queries.project(client, projectId));
  useProgressSync(services);

  const shots = shotsQuery.data?.shots;
  const settings = projectQuery.data?.settings;
  const board = useMemo(() => {
    const boardSettings: BoardSettings = {
      scenes: settings?.scenes ?? [],
      shotOrder: settings?.shotOrder ?? [],
      preserveTiming: (settings as Record<string, unknown> | undefined)?.preserveTiming === true,
    };
    return buildBoard(shots ?? [], boardSettings);
  }, [shots, settings]);

  const editor = useMemo(
    () => shotEditorFor({ queryClient: services.queryClient, saves: services.saves }, projectId),
    [services.queryClient, services.saves, projectId],
  );
  const selection = useMemo(
    () => selectionStore(services.queryClient, projectId),
    [services.queryClient, projectId],
  );

  // Deleted shots (here or elsewhere) leave the selection.
  useEffect(() => {
    if (shotsQuery.data) selection.set((current) => pruneSelection(current, board.byId));
  }, [board, selection, shotsQuery.data]);

  const aspect = useMemo(() => projectAspect(projectQuery.data, shots), [projectQuery.data, shots]);

  return {
    board,
    project: projectQuery.data,
    aspect,
    isLoading: shotsQuery.isPending,
    error: shotsQuery.error,
    refetch: () => void shotsQuery.refetch(),
    editor,
    selection,
  };
}

export { aspectValue, projectAspect } from './aspect.js';
export { fetchAllShots, SHOT_PAGE_SIZE } from './fetch-shots.js';
