import type { Job } from '@reelbench/sdk';
import { ImageIcon, ListChecks, RefreshCw, Video, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { isActiveJob } from '../../app/jobs-tracker.js';
import { useServices } from '../../app/services-context.js';
import { formatAbsolute, formatRelative, plural, spoken } from '../../format/format.js';
import { JOB_STATUS_LABELS, jobLabel, percent, sortJobs } from '../../format/job-format.js';
import { useNow } from '../../format/use-now.js';
import { ActionButton } from '../../shell/action-button.js';
import { shortcutLabel, useRunAction } from '../../shell/use-action.js';
import { useStore } from '../../state/store.js';
import { Button } from '../../ui/button.js';
import { EmptyState, ListSkeleton, StatusBadge } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { PageHeader } from '../../ui/page-header.js';
import { TableHead } from '../../ui/table-head.js';
import { Tooltip } from '../../ui/tooltip.js';
import { ProgressBar, StatusIcon } from '../../ui/widgets.js';
import { useProjectId } from '../project/project-layout.js';
import { jobsSelection } from './jobs-actions.js';
import '../../styles/pages.css';

const PROGRESS_STATUS = {
  queued: 'queued',
  running: 'processing',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
} as const;

function JobRow({
  job,
  selected,
  tabStop,
  now,
  onSelect,
  onCancel,
  cancelTip,
}: {
  job: Job;
  selected: boolean;
  tabStop: boolean;
  now: number;
  onSelect: () => void;
  onCancel: () => void;
  cancelTip: string;
}) {
  const label = jobLabel(job.type);
  const active = isActiveJob(job);
  const text = job.status === 'failed' ? (job.error ?? job.message) : job.message;
  const shots = job.shotIds?.length;
  return (
    <tr
      className={cx('jobs-row', `jobs-row--${job.status}`, selected && 'is-selected')}
      aria-selected={selected}
      tabIndex={tabStop ? 0 : -1}
      data-job-id={job.id}
      data-status={job.status}
      onClick={onSelect}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !selected) onSelect();
      }}
    >
      <td className="jobs-row__type">
        <span className="jobs-row__label">{label}</span>
        <span className="jobs-row__id mono" title={job.type}>
          {job.type}
        </span>
      </td>
      <td>
        <span className="jobs-row__status">
          <StatusIcon status={job.status} size={13} />
          <StatusBadge status={job.status} label={JOB_STATUS_LABELS[job.status]} />
        </span>
      </td>
      <td className="jobs-row__progress">
        <ProgressBar
          value={job.status === 'completed' ? 100 : percent(job.progress)}
          label={`${label} progress`}
          status={PROGRESS_STATUS[job.status]}
        />
      </td>
      <td className={cx('jobs-row__message', job.status === 'failed' && 'is-error')}>
        {text ? <span title={text}>{text}</span> : <span className="faint">—</span>}
      </td>
      <td className="mono jobs-row__num">{shots === undefined ? '—' : shots}</td>
      <td className="jobs-row__time">
        <time dateTime={job.createdAt} title={formatAbsolute(job.createdAt)}>
          {formatRelative(job.createdAt, now)}
        </time>
      </td>
      <td className="jobs-row__time">
        <time dateTime={job.updatedAt} title={formatAbsolute(job.updatedAt)}>
          {formatRelative(job.updatedAt, now)}
        </time>
      </td>
      <td className="jobs-row__actions">
        {active ? (
          <Tooltip content={cancelTip}>
            <Button
              variant="ghost"
              size="sm"
              icon={X}
              aria-label={`Cancel job ${label}`}
              data-action="jobs.cancel"
              tabIndex={selected ? 0 : -1}
              onClick={(event) => {
                event.stopPropagation();
                onCancel();
              }}
            >
              Cancel
            </Button>
          </Tooltip>
        ) : null}
      </td>
    </tr>
  );
}

/** /project/{id}/jobs: this project's jobs, live from the job tracker; running and queued first. */
/** Render All Images and Render All Videos: in the header, or (images first) on the empty page. */
function RenderAllButtons({ imagesVariant }: { imagesVariant: 'primary' | 'secondary' }) {
  return (
    <>
      <ActionButton actionId="generate.renderAllImages" variant={imagesVariant} icon={ImageIcon} />
      <ActionButton actionId="generate.renderAllVideos" variant="secondary" icon={Video} />
    </>
  );
}

export function JobsPage() {
  const projectId = useProjectId();
  const services = useServices();
  const { jobs, connection, registry } = services;
  const selection = jobsSelection(services);
  const selectedId = useStore(selection);
  const socketState = useStore(connection.state);
  const state = useStore(jobs.store);
  const run = useRunAction();
  const now = useNow(15_000);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const focusNext = useRef(false);

  const connected = socketState === 'connected';
  useEffect(() => {
    if (connected) void jobs.refresh().catch(() => {});
  }, [jobs, connected]);

  const list = useMemo(
    () => sortJobs([...state.jobs.values()].filter((job) => job.projectId === projectId)),
    [state.jobs, projectId],
  );
  const index = list.findIndex((job) => job.id === selectedId);
  const selected = index === -1 ? undefined : list[index];
  const tabIndex = index === -1 ? 0 : index;

  // The selection names a job of this project while there is one.
  useEffect(() => {
    if (list.length > 0 && index === -1) selection.set(list[0]?.id ?? null);
  });

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    const row = bodyRef.current?.querySelectorAll<HTMLElement>('tr')[tabIndex];
    row?.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [tabIndex]);

  usePageContext(
    editContext,
    selected && isActiveJob(selected) ? { deleteSelection: () => run('jobs.cancel') } : null,
  );

  const move = (to: number) => {
    const target = list[Math.min(list.length - 1, Math.max(0, to))];
    if (!target) return;
    focusNext.current = true;
    if (target.id === selectedId) bodyRef.current?.querySelectorAll<HTMLElement>('tr')[tabIndex]?.focus();
    else selection.set(target.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const targets: Record<string, number> = {
      ArrowDown: index === -1 ? 0 : index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: list.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  };

  const active = list.filter(isActiveJob);
  const running = active.filter((job) => job.status === 'running').length;
  const queued = active.length - running;
  const finished = list.length - active.length;
  const cancelAction = registry.get('jobs.cancel');
  const deleteKey = shortcutLabel(registry.get('edit.delete'));
  const cancelTip = `${cancelAction?.label ?? 'Cancel Job'}${deleteKey ? ` · ${deleteKey}` : ''}`;

  return (
    <div className="page jobs-page">
      <PageHeader
        title="Jobs"
        live
        subtitle={
          state.loaded || list.length > 0
            ? `${running} running · ${queued} queued · ${finished} finished`
            : connected
              ? 'Asking the server for the job list…'
              : 'Waiting for the connection to ask for the job list…'
        }
        actions={
          <>
            <ActionButton actionId="jobs.refresh" variant="ghost" icon={RefreshCw} disabled={!connected}>
              Refresh
            </ActionButton>
            {list.length > 0 ? <RenderAllButtons imagesVariant="secondary" /> : null}
          </>
        }
      />

      {list.length === 0 && !state.loaded ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title={`No jobs yet — Render All Images · ${spoken(shortcutLabel(registry.get('palette.open')))}`}
          actions={<RenderAllButtons imagesVariant="primary" />}
        >
          Batch renders of this project’s frames and clips run here, with their progress, live.
        </EmptyState>
      ) : (
        <div className="jobs-table-wrap">
          <table
            className="jobs-table"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a data grid whose rows are selected with the arrow keys
            role="grid"
            aria-label="Jobs"
            aria-rowcount={list.length + 1}
            onKeyDown={onKeyDown}
          >
            <TableHead
              columns={[
                'Job',
                'Status',
                'Progress',
                'Message',
                { label: 'Shots', className: 'jobs-row__num' },
                'Started',
                'Updated',
                { label: 'Actions', srOnly: true },
              ]}
            />
            <tbody ref={bodyRef}>
              {list.map((job, rowIndex) => (
                <JobRow
                  key={job.id}
                  job={job}
                  selected={job.id === selectedId}
                  tabStop={rowIndex === tabIndex}
                  now={now}
                  cancelTip={cancelTip}
                  onSelect={() => selection.set(job.id)}
                  onCancel={() => {
                    selection.set(job.id);
                    run('jobs.cancel');
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.length > 0 ? (
        <p className="projects-page__hint">
          {plural(list.length, 'job')} for this project · arrows move · {deleteKey ?? 'Delete'} cancels the
          selected job
        </p>
      ) : null}
    </div>
  );
}
