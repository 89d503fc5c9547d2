import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useParams } from '@tanstack/react-router';
import { FolderX } from 'lucide-react';
import { useEffect } from 'react';
import { catchUpAfterJoin } from '../../app/catch-up.js';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { isClientError } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { EmptyState } from '../../ui/card.js';

/** The project of the route the page is on, unless given (tests mount a page without the route table). */
export function useProjectId(given?: string): string {
  const params = useParams({ strict: false }) as { projectId?: string };
  return given ?? params.projectId ?? '';
}

/**
 * /project/{projectId}: loads the project, points the save manager at it and joins its room so its
 * events arrive while any of its pages is open; once joined (and after every reconnect) it asks
 * again for what was fetched before (catchUpAfterJoin).
 */
export function ProjectLayout() {
  const { projectId } = useParams({ from: '/guarded/project/$projectId' });
  const { client, saves, connection, queryClient } = useServices();
  const socketState = useStore(connection.state);
  const project = useQuery(queries.project(client, projectId));

  useEffect(() => {
    void saves.setProject(projectId);
  }, [saves, projectId]);

  useEffect(() => {
    if (socketState !== 'connected' || !client.socket) return;
    let cancelCatchUp: (() => void) | undefined;
    let left = false;
    void client.projects
      .subscribe(projectId)
      .then(() => {
        // What was fetched before the room was joined (on every connect) may have missed events.
        if (!left) cancelCatchUp = catchUpAfterJoin(queryClient, saves.state, projectId, Date.now());
      })
      .catch(() => {});
    return () => {
      left = true;
      cancelCatchUp?.();
      if (client.socket?.connected) void client.projects.unsubscribe(projectId).catch(() => {});
    };
  }, [client, projectId, socketState, queryClient, saves]);

  if (project.isError && isClientError(project.error)) {
    return (
      <EmptyState
        icon={FolderX}
        title="Project not found"
        actions={
          <Link to="/" className="btn btn--primary btn--md">
            Back to projects
          </Link>
        }
      >
        It may have been deleted, or it belongs to another account.
      </EmptyState>
    );
  }
  return <Outlet />;
}
