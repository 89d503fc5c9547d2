import { Link } from '@tanstack/react-router';
import { Loader2 } from 'lucide-react';
import { isActiveJob } from '../app/jobs-tracker.js';
import { useServices } from '../app/services-context.js';
import { SOCKET_STATE_LABELS } from '../state/connection.js';
import { useStore } from '../state/store.js';
import { cx } from '../ui/cx.js';
import { useActionContext } from './use-action.js';

export const APP_VERSION = '0.1.0';

function JobsSummary() {
  const { jobs } = useServices();
  const { projectId } = useActionContext();
  const state = useStore(jobs.store);
  const active = [...state.jobs.values()].filter(isActiveJob);
  const running = active.filter((job) => job.status === 'running');
  const progress =
    active.length === 0 ? 0 : Math.round(active.reduce((sum, job) => sum + job.progress, 0) / active.length);
  const text =
    active.length === 0
      ? 'No jobs running'
      : `${running.length} running · ${state.counts.waiting} waiting (${progress}%)`;
  const body = (
    <>
      {active.length > 0 ? <Loader2 size={12} className="spin" aria-hidden="true" /> : null}
      <span>{text}</span>
      {active.length > 0 ? (
        <span className="status-line__meter" aria-hidden="true">
          <span style={{ width: `${progress}%` }} />
        </span>
      ) : null}
    </>
  );
  return projectId ? (
    <Link
      to="/project/$projectId/jobs"
      params={{ projectId }}
      className="status-line__item status-line__jobs"
      data-testid="status-jobs"
    >
      {body}
    </Link>
  ) : (
    <span className="status-line__item status-line__jobs" data-testid="status-jobs">
      {body}
    </span>
  );
}

/** The bottom line: the socket's state, jobs running with their progress, queue counts, version. */
export function StatusLine() {
  const { connection, ui } = useServices();
  const socket = useStore(connection.state);
  const attempt = useStore(connection.attempt);
  const collapsed = useStore(ui.store, (state) => state.statusLineCollapsed);
  if (collapsed) return null;
  return (
    <footer className="status-line">
      <output
        className={cx('status-line__item', 'socket-state', `socket-state--${socket}`)}
        data-socket-state={socket}
        aria-live="polite"
      >
        <span className="status-dot" aria-hidden="true" />
        socket: {SOCKET_STATE_LABELS[socket].toLowerCase()}
        {socket === 'reconnecting' && attempt > 0 ? ` (attempt ${attempt})` : ''}
      </output>
      <JobsSummary />
      <span className="status-line__spacer" />
      <span className="status-line__item status-line__version">v{APP_VERSION}</span>
    </footer>
  );
}
