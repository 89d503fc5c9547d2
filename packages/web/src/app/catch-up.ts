import type { QueryClient } from '@tanstack/react-query';
import type { Store } from '../state/store.js';

/**
 * A project's room was joined at `joinedAt`: events before that never reached this tab (the project
 * was opened while another tab or the CLI changed it, it was open earlier and left, or the connection
 * dropped). Every cached query of the project fetched before the join is asked again, once, in the
 * background. Edits still waiting to be saved go first: the refetch waits until the save manager says
 * 'saved', so it never shows the server's older values over them. Returns a cancel.
 */
export function catchUpAfterJoin(
  queryClient: QueryClient,
  saveState: Pick<Store<string>, 'get' | 'subscribe'>,
  projectId: string,
  joinedAt: number,
): () => void {
  const refetch = () =>
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.includes(projectId) && query.state.dataUpdatedAt < joinedAt,
    });
  if (saveState.get() === 'saved') {
    refetch();
    return () => {};
  }
  const stop = saveState.subscribe(() => {
    if (saveState.get() !== 'saved') return;
    stop();
    refetch();
  });
  return stop;
}
