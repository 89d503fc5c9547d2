import {
  type AspectRatio,
  type FirstPassResponse,
  type Reelbench,
  type Scene,
  TOASTS,
  type VisualStyle,
} from '@reelbench/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../app/queries.js';
import { fetchAllShots } from '../shots/fetch-shots.js';
import { orderShots } from '../shots/model.js';
import type { Command } from '../shots/undo.js';
import { errorBody } from '../state/errors.js';
import type { ToastInput } from '../state/toasts.js';

/** The timeline's order and scenes, as the server has them. */
export interface OrderSnapshot {
  shotOrder: string[];
  scenes: Scene[];
}

export interface ReviseDeps {
  client: Pick<Reelbench, 'projects' | 'shots' | 'script'>;
  queryClient: QueryClient;
  toasts: { show: (toast: ToastInput) => unknown };
  projectId: string;
  guide: { style: VisualStyle; aspect: AspectRatio };
}

/** What an undo needs of an applied revise: its id, the shots it removed, the order before it. */
interface Applied {
  revision: string;
  removed: string[];
  before: OrderSnapshot;
}

/** Every shot of the project in timeline order, and its scenes, fresh from the server. */
export async function orderSnapshot(deps: Pick<ReviseDeps, 'client' | 'projectId'>): Promise<OrderSnapshot> {
  const [project, list] = await Promise.all([
    deps.client.projects.get(deps.projectId),
    fetchAllShots(deps.client, deps.projectId),
  ]);
  return {
    shotOrder: orderShots(list.shots, project.settings.shotOrder).map((shot) => shot.id),
    scenes: project.settings.scenes,
  };
}

/**
 * The shots, the project and the script's versions again from the server (a revise or its undo
 * wrote the first two; a revise keeps the script it ran on as a version, which clears the script
 * page's edited-line marks and the dashboard's "Script changed" step).
 */
export async function refreshShots(deps: Pick<ReviseDeps, 'queryClient' | 'projectId'>): Promise<void> {
  const { queryClient, projectId } = deps;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.scriptVersions(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.shots(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.project(projectId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  ]);
}

/**
 * Applies the revise (not dry): the order from before it is read first, so that it can be taken
 * back. Resolves with the reply and, when it wrote anything, what its undo needs.
 */
export async function applyRevise(
  deps: ReviseDeps,
): Promise<{ reply: FirstPassResponse; applied: Applied | null }> {
  const before = await orderSnapshot(deps);
  const reply = await deps.client.script.firstPass(deps.projectId, deps.guide, { update: 'revise' });
  await refreshShots(deps);
  const applied =
    reply.revision === undefined ? null : { revision: reply.revision, removed: reply.removed ?? [], before };
  return { reply, applied };
}

/**
 * The applied revise as ONE step of the shot views' undo history (Ctrl+Z on the storyboard, the shot
 * list, the timeline): undo asks the server to take it back (script:undoRevision: changed shots get
 * their old text and staleness, added shots go, removed shots come back with their media, the order
 * as it was); redo revises again.
 */
export function reviseCommand(deps: ReviseDeps, first: Applied): Command {
  let applied: Applied | null = first;
  const fail = (error: unknown) =>
    deps.toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  return {
    label: 'Revise shots',
    apply: () => {
      void applyRevise(deps)
        .then((result) => {
          applied = result.applied;
        })
        .catch(fail);
    },
    revert: () => {
      const taken = applied;
      if (taken === null) return;
      applied = null;
      void deps.client.script
        .undoRevision({
          projectId: deps.projectId,
          revision: taken.revision,
          removed: taken.removed,
          shotOrder: taken.before.shotOrder,
          scenes: taken.before.scenes,
        })
        .then(() => refreshShots(deps))
        .catch(fail);
    },
  };
}
