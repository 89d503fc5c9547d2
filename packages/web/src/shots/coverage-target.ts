import { usePageContext } from '../actions/page-context.js';
import { type Store, useStore } from '../state/store.js';
import { coverageTarget } from './coverage-actions.js';
import { formatShotNumber, type ShotBoard } from './model.js';
import type { Selection } from './selection.js';

/**
 * Hands Create Coverage… and Generate Coverage Images their shot while a shot view is mounted: the
 * view's active shot, or `shotId` (the shot lab's own).
 */
export function useCoverageTarget(
  projectId: string,
  board: ShotBoard,
  selection: Store<Selection>,
  shotId?: string,
): void {
  const active = useStore(selection, (current) => current.active);
  usePageContext(
    coverageTarget,
    board.shots.length > 0
      ? {
          projectId,
          shotId: shotId ?? active,
          shotNumber: (id) => formatShotNumber(board.byId.get(id)?.index ?? 0),
        }
      : null,
  );
}
