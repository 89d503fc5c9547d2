import { type Asset, type AssetType, type Job, quickAnalyze, type Shot } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import {
  ArrowRight,
  Box,
  Check,
  Clapperboard,
  FileText,
  Film,
  ImageIcon,
  Layers,
  MapPin,
  RefreshCw,
  Settings2,
  Shapes,
  Sparkles,
  Upload,
  User,
  Video,
} from 'lucide-react';
import { type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { usePageContext } from '../../actions/page-context.js';
import { projectTarget } from '../../actions/project-actions.js';
import { isActiveJob } from '../../app/jobs-tracker.js';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { formatAbsolute, formatDuration, formatRelative, plural } from '../../format/format.js';
import { JOB_STATUS_LABELS, jobLabel, sortJobs } from '../../format/job-format.js';
import { useNow } from '../../format/use-now.js';
import { ActionButton } from '../../shell/action-button.js';
import { shortcutLabel } from '../../shell/use-action.js';
import { projectAspect } from '../../shots/aspect.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { Card, Kbd, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { ProgressBar, StatusIcon } from '../../ui/widgets.js';
import { useProjectId } from '../project/project-layout.js';
import {
  chooseNextStep,
  type NextStep,
  PIPELINE,
  type PipelineStepId,
  type StatusBucket,
  type StatusCounts,
  scriptChangedSincePass,
  summarizeShots,
} from './pipeline.js';
import '../../styles/pages.css';

// The cast loads with a script to read it from; the dialogs (and the select they use) when they open.
const CastCard = lazy(() => import('./cast-card.js').then((module) => ({ default: module.CastCard })));
const ProjectSettingsPanel = lazy(() =>
  import('./settings-panel.js').then((module) => ({ default: module.ProjectSettingsPanel })),
);
const DeleteProjectModal = lazy(() =>
  import('../../projects/project-dialogs.js').then((module) => ({ default: module.DeleteProjectModal })),
);

const STEP_ICONS: Record<PipelineStepId, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  script: FileText,
  firstPass: Sparkles,
  images: ImageIcon,
  videos: Video,
  roughCut: Film,
  export: Upload,
};

const BUCKETS: readonly StatusBucket[] = ['pending', 'processing', 'completed', 'stale', 'failed'];

const ASSET_TYPES: readonly {
  type: AssetType;
  label: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}[] = [
  { type: 'character', label: 'Characters', icon: User },
  { type: 'location', label: 'Locations', icon: MapPin },
  { type: 'prop', label: 'Props', icon: Box },
  { type: 'custom', label: 'Custom', icon: Shapes },
];

function PipelineStrip({ next }: { next: NextStep | null }) {
  return (
    <ol className="pipeline" aria-label="Pipeline">
      {PIPELINE.map((step) => {
        const done = next?.done.has(step.id) ?? false;
        const current = next?.step.id === step.id;
        const coming = step.actionId === null;
        const Icon = STEP_ICONS[step.id];
        const state = done ? 'done' : current ? 'current' : coming ? 'coming' : 'todo';
        return (
          <li
            key={step.id}
            className={cx('pipeline__step', `pipeline__step--${state}`)}
            aria-current={current ? 'step' : undefined}
          >
            <span className="pipeline__marker" aria-hidden="true">
              {done ? <Check size={14} strokeWidth={2.5} /> : <Icon size={14} aria-hidden={true} />}
            </span>
            <span className="pipeline__text">
              <span className="pipeline__label">{step.label}</span>
              <span className="pipeline__state">
                {done ? 'Done' : current ? 'Next' : coming ? 'Coming soon' : 'To do'}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function NextStepCard({
  next,
  projectId,
  failed,
}: {
  next: NextStep | null;
  projectId: string;
  failed: string | null;
}) {
  const services = useServices();
  const palette = shortcutLabel(services.registry.get('palette.open'));
  if (!next && failed) {
    return (
      <Card className="next-step next-step--failed">
        <p className="section-title">Next step</p>
        <h2 className="next-step__title">Could not load the project</h2>
        <p className="next-step__reason">{failed}</p>
        <div className="next-step__actions">
          <ActionButton actionId="dashboard.reload" variant="secondary" icon={RefreshCw} />
        </div>
      </Card>
    );
  }
  if (!next) {
    return (
      <Card className="next-step" aria-busy="true">
        <Skeleton width={90} height={11} />
        <Skeleton width="60%" height={24} />
        <Skeleton width="80%" height={13} />
      </Card>
    );
  }
  const action = next.step.actionId ? services.registry.get(next.step.actionId) : undefined;
  const Icon = STEP_ICONS[next.step.id];
  return (
    <Card className="next-step" aria-labelledby={`next-step-${projectId}`}>
      <p className="section-title">Next step</p>
      <h2 id={`next-step-${projectId}`} className="next-step__title">
        <span className="next-step__icon" aria-hidden="true">
          <Icon size={18} aria-hidden={true} />
        </span>
        {next.step.label}
      </h2>
      <p className="next-step__reason">{next.reason}</p>
      {next.running ? (
        <div className="next-step__running">
          <ProgressBar value={next.running.progress} label={`${jobLabel(next.running.type)} progress`} />
          <ActionButton actionId="nav.jobs" variant="secondary" icon={ArrowRight}>
            Watch it on the jobs page
          </ActionButton>
        </div>
      ) : next.step.actionId ? (
        <div className="next-step__actions">
          <ActionButton actionId={next.step.actionId} variant="brand" size="lg" icon={ArrowRight}>
            {next.step.label}
          </ActionButton>
          {action ? (
            <span className="next-step__hint">
              or <Kbd>{palette || 'Ctrl K'}</Kbd> “{action.label}”
            </span>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function Stat({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="stat" title={title}>
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value mono">{value}</dd>
    </div>
  );
}

/**
 * A job on the Running jobs card: its status icon and name (with when it ended, for a finished one),
 * then what the card adds (a progress bar), then its message, if any.
 */
function DashJob({
  job,
  done = false,
  when,
  message,
  children,
}: {
  job: Job;
  done?: boolean;
  when?: string;
  message: string | null | undefined;
  children?: ReactNode;
}) {
  return (
    <li className={cx('dash-jobs__item', done && 'dash-jobs__item--done')}>
      <span className="dash-jobs__label">
        <StatusIcon status={job.status} size={13} />
        {jobLabel(job.type)}
        {when ? <span className="dash-jobs__when">{when}</span> : null}
      </span>
      {children}
      {message ? <span className="dash-jobs__message">{message}</span> : null}
    </li>
  );
}

/** A dashboard card: its title, a link-like action to the page it sums up, then its content. */
function DashCard({
  title,
  actionId,
  actionLabel,
  className,
  children,
}: {
  title: string;
  actionId: string;
  actionLabel: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card className={cx('dash-card', className)}>
      <div className="dash-card__head">
        <h2 className="dash-card__title">{title}</h2>
        <ActionButton actionId={actionId} variant="ghost" size="sm">
          {actionLabel}
        </ActionButton>
      </div>
      {children}
    </Card>
  );
}

/** A card's content once its query has data: a skeleton while it loads, a sentence if it failed. */
function Loaded({
  query,
  height,
  failure,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: unknown };
  height: number;
  failure: string;
  children: () => ReactNode;
}) {
  if (query.isPending) return <Skeleton height={height} />;
  if (query.isError && query.data === undefined) return <p className="dash-card__empty">{failure}</p>;
  return <>{children()}</>;
}

function StatusBar({ label, counts, total }: { label: string; counts: StatusCounts; total: number }) {
  const done = total === 0 ? 0 : Math.round((counts.completed / total) * 100);
  return (
    <div className="status-bar">
      <div className="status-bar__head">
        <span className="status-bar__label">{label}</span>
        <span className="mono status-bar__done">
          {counts.completed}/{total} · {done}%
        </span>
      </div>
      <div className="status-bar__track" aria-hidden="true">
        {BUCKETS.map((bucket) =>
          counts[bucket] > 0 ? (
            <span
              key={bucket}
              className={cx('status-bar__segment', `status-bar__segment--${bucket}`)}
              style={{ flexGrow: counts[bucket] }}
            />
          ) : null,
        )}
      </div>
      <ul className="status-legend" aria-label={`${label} by status`}>
        {BUCKETS.map((bucket) => (
          <li key={bucket} className={cx('status-legend__item', `status--${bucket}`)}>
            <StatusIcon status={bucket} size={12} />
            <span className="status-legend__name">{bucket}</span>
            {bucket === 'stale' ? (
              <span className="mono status-legend__count" title="Stale shots are not reported to the web yet">
                —<span className="sr-only"> not reported yet</span>
              </span>
            ) : (
              <span className="mono status-legend__count">{counts[bucket]}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function shotFrameStatus(shot: Shot): StatusBucket {
  if (shot.image_url) return 'completed';
  if (shot.generation_status === 'failed') return 'failed';
  if (shot.generation_status === 'processing' || shot.generation_status === 'queued') return 'processing';
  return 'pending';
}

function FrameStrip({ shots }: { shots: readonly Shot[] }) {
  const shown = shots.slice(0, 12);
  // The frames at the project's aspect; a vertical frame is narrower, so more of them fit the row.
  const aspect = projectAspect(undefined, shots);
  const style = {
    '--frame-aspect': aspect.replace(':', ' / '),
    '--strip-min': aspect === '9:16' ? '96px' : aspect === '1:1' ? '120px' : '160px',
  } as React.CSSProperties;
  return (
    <ul className="frame-strip" aria-label="First frames" style={style}>
      {shown.map((shot, index) => {
        const status = shotFrameStatus(shot);
        return (
          <li key={shot.id} className="frame-strip__item">
            <span className={cx('frame-strip__image', `frame-strip__image--${status}`)}>
              {shot.image_url ? (
                <img src={shot.image_url} alt="" loading="lazy" decoding="async" />
              ) : (
                <StatusIcon status={status} size={16} />
              )}
              <span className="frame-strip__number mono">{index + 1}</span>
            </span>
            <span className="frame-strip__caption">
              <span className="frame-strip__name">{shot.name}</span>
              <span className="mono frame-strip__duration">{formatDuration(shot.duration)}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function useSearchPanel(): [string | undefined, () => void] {
  const router = useRouter();
  const location = useRouterState({ select: (state) => state.location });
  const search = location.search as Record<string, unknown>;
  const panel = typeof search.panel === 'string' ? search.panel : undefined;
  const close = () => {
    const { panel: _removed, ...rest } = search;
    const query = new URLSearchParams(
      Object.entries(rest).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, typeof value === 'string' ? value : JSON.stringify(value)]],
      ),
    ).toString();
    router.history.replace(`${location.pathname}${query ? `?${query}` : ''}`);
  };
  return [panel, close];
}

/** /project/{id} and /project/{id}/dashboard: the pipeline at a glance and the next step as a command. */
export function DashboardPage() {
  const projectId = useProjectId();
  const services = useServices();
  const { client, jobs, connection } = services;
  const navigate = useNavigate();
  const now = useNow();
  const socketState = useStore(connection.state);
  const [panel, closePanel] = useSearchPanel();
  const [deleting, setDeleting] = useState(false);

  const project = useQuery(queries.project(client, projectId));
  const script = useQuery(queries.script(client, projectId));
  const shots = useQuery(queries.shots(client, projectId));
  const assets = useQuery(queries.assets(client, projectId));
  const cuts = useQuery(queries.cuts(client, projectId));
  const roughCut = useQuery(queries.latestRoughCut(client, projectId));
  const content = script.data?.content ?? '';
  const quick = useMemo(() => quickAnalyze(content), [content]);

  const analysis = useQuery({
    ...queries.projectAnalysis(client, projectId, content.length, script.data?.updatedAt ?? ''),
    enabled: socketState === 'connected' && content.trim() !== '',
  });
  const allJobs = useStore(jobs.store, (state) => state.jobs);
  const activeJobs = useMemo(
    () => [...allJobs.values()].filter((job) => job.projectId === projectId && isActiveJob(job)),
    [allJobs, projectId],
  );

  const recentJobs = useMemo(
    () =>
      sortJobs([...allJobs.values()].filter((job) => job.projectId === projectId && !isActiveJob(job))).slice(
        0,
        3,
      ),
    [allJobs, projectId],
  );

  const shotOrder = project.data?.settings.shotOrder;
  const shotList = useMemo(() => {
    const list = shots.data?.shots ?? [];
    if (!shotOrder || shotOrder.length === 0) return list;
    const rank = new Map(shotOrder.map((id, index) => [id, index]));
    return [...list].sort(
      (a, b) => (rank.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.id) ?? Number.MAX_SAFE_INTEGER),
    );
  }, [shots.data, shotOrder]);
  const summary = useMemo(() => summarizeShots(shotList), [shotList]);
  // Shots from a pass and a saved script that is not the one the last pass ran on: revise them.
  const passShots = shotList.some((shot) => shot.source);
  const passed = useQuery({ ...queries.latestScriptVersion(client, projectId), enabled: passShots });
  const scriptChanged =
    passShots && script.data !== undefined && scriptChangedSincePass(content, passed.data?.content);
  const next =
    script.data && shots.data
      ? chooseNextStep({
          scriptWords: quick.wordCount,
          shots: { ...summary, total: Math.max(summary.total, shots.data.total) },
          activeJobs,
          roughCut: Boolean(roughCut.data),
          exported: (cuts.data ?? []).some((cut) => Boolean(cut.exportedAt)),
          scriptChanged,
        })
      : null;

  const failedQuery = [script, shots].find((query) => query.isError && query.data === undefined);
  const failed = failedQuery ? errorBody(failedQuery.error) : null;

  const openSettings = () =>
    void navigate({
      to: '/project/$projectId/dashboard',
      params: { projectId },
      search: { panel: 'settings' } as never,
    });
  usePageContext(
    projectTarget,
    project.data
      ? { rename: openSettings, moveToSeries: openSettings, delete: () => setDeleting(true) }
      : null,
  );

  const assetCounts = useMemo(() => {
    const counts: Record<AssetType, number> = { character: 0, location: 0, prop: 0, custom: 0 };
    for (const asset of (assets.data ?? []) as Asset[]) counts[asset.type] += 1;
    return counts;
  }, [assets.data]);

  const seriesList = useQuery(queries.series(client));
  const seriesName = seriesList.data?.find((entry) => entry.id === project.data?.series_id)?.name;
  const runtime = shotList.reduce((sum, shot) => sum + shot.duration, 0);
  const scriptStats = analysis.data
    ? {
        pages: analysis.data.pages.toFixed(1),
        scenes: String(analysis.data.scenes.length),
        characters: String(analysis.data.characters.length),
        screenTime: formatDuration(analysis.data.estimatedScreenTimeSeconds),
        source: 'From the saved script, one page a minute.',
      }
    : {
        pages: '—',
        scenes: String(quick.scenes.length),
        characters: quick.characters.length >= 10 ? '10+' : String(quick.characters.length),
        screenTime: content.trim() === '' ? '—' : `≈${quick.readingTimeMinutes} min read`,
        source:
          content.trim() === ''
            ? 'No script saved yet.'
            : 'Quick count of the saved script; pages come with the full analysis once connected.',
      };

  return (
    <div className="page dashboard">
      <header className="dashboard__header">
        <div className="dashboard__heading">
          {project.data ? (
            <h1 className="page__title">{project.data.name}</h1>
          ) : (
            <Skeleton width={240} height={28} />
          )}
          <p className="dashboard__meta">
            {seriesName ? (
              <span className="chip">
                <Layers size={12} aria-hidden="true" />
                {seriesName}
              </span>
            ) : null}
            <span className="mono">{plural(summary.total, 'shot')}</span>
            <span className="mono">{formatDuration(runtime)}</span>
            {project.data ? (
              <time dateTime={project.data.updated_at} title={formatAbsolute(project.data.updated_at)}>
                Updated {formatRelative(project.data.updated_at, now)}
              </time>
            ) : null}
          </p>
          {project.data?.description ? (
            <p className="dashboard__logline">{project.data.description}</p>
          ) : null}
        </div>
        <div className="page__actions">
          <ActionButton actionId="nav.projectSettings" variant="secondary" icon={Settings2}>
            Settings
          </ActionButton>
        </div>
      </header>

      <PipelineStrip next={next} />

      <div className="dashboard__grid">
        <NextStepCard next={next} projectId={projectId} failed={failed} />

        <DashCard title="Running jobs" actionId="nav.jobs" actionLabel="All jobs" className="dash-card--jobs">
          {activeJobs.length === 0 && recentJobs.length === 0 ? (
            <p className="dash-card__empty">Nothing rendering. Batches you start show their progress here.</p>
          ) : activeJobs.length === 0 ? (
            <>
              <p className="dash-card__empty">Nothing rendering now. Latest:</p>
              <ul className="dash-jobs">
                {recentJobs.map((job) => (
                  <DashJob
                    key={job.id}
                    job={job}
                    done
                    when={`${JOB_STATUS_LABELS[job.status].toLowerCase()} ${formatRelative(job.updatedAt, now)}`}
                    message={job.error ?? job.message}
                  />
                ))}
              </ul>
            </>
          ) : (
            <ul className="dash-jobs">
              {activeJobs.map((job) => (
                <DashJob key={job.id} job={job} message={job.message}>
                  <ProgressBar value={job.progress} label={`${jobLabel(job.type)} progress`} />
                </DashJob>
              ))}
            </ul>
          )}
        </DashCard>
      </div>

      {shotList.length > 0 ? (
        <section className="dashboard__frames" aria-labelledby="dashboard-frames">
          <div className="dash-card__head">
            <h2 id="dashboard-frames" className="section-title">
              <Clapperboard size={12} aria-hidden="true" /> Frames
            </h2>
            <ActionButton actionId="nav.storyboard" variant="ghost" size="sm">
              Storyboard
            </ActionButton>
          </div>
          <FrameStrip shots={shotList} />
        </section>
      ) : null}

      <div className="dashboard__grid">
        <DashCard title="Script" actionId="nav.script" actionLabel="Open script">
          <Loaded query={script} height={48} failure="The script could not be loaded.">
            {() => (
              <>
                <dl className="stats">
                  <Stat label="Pages" value={scriptStats.pages} />
                  <Stat label="Scenes" value={scriptStats.scenes} />
                  <Stat label="Characters" value={scriptStats.characters} />
                  <Stat label="Screen time" value={scriptStats.screenTime} />
                </dl>
                <p className="dash-card__note">{scriptStats.source}</p>
              </>
            )}
          </Loaded>
        </DashCard>

        <DashCard
          title="Shots by status"
          actionId="nav.shots"
          actionLabel="Shot list"
          className="dash-card--shots"
        >
          <Loaded query={shots} height={72} failure="The shots could not be loaded.">
            {() =>
              summary.total === 0 ? (
                <p className="dash-card__empty">No shots yet. The first pass breaks the script into shots.</p>
              ) : (
                <div className="status-bars">
                  <StatusBar label="Frames" counts={summary.images} total={summary.total} />
                  <StatusBar label="Clips" counts={summary.videos} total={summary.total} />
                </div>
              )
            }
          </Loaded>
        </DashCard>

        <DashCard title="Assets" actionId="nav.assets" actionLabel="Open assets">
          <Loaded query={assets} height={48} failure="The assets could not be loaded.">
            {() => (
              <ul className="asset-counts">
                {ASSET_TYPES.map(({ type, label, icon: Icon }) => (
                  <li key={type} className="asset-counts__item">
                    <Icon size={14} aria-hidden={true} />
                    <span className="asset-counts__label">{label}</span>
                    <span className="mono asset-counts__value">{assetCounts[type]}</span>
                  </li>
                ))}
              </ul>
            )}
          </Loaded>
          {content.trim() === '' ? null : (
            <Suspense fallback={<Skeleton height={72} />}>
              <CastCard
                projectId={projectId}
                script={content}
                assetCount={assets.data?.length ?? 0}
                connected={socketState === 'connected'}
              />
            </Suspense>
          )}
        </DashCard>
      </div>

      <Suspense fallback={null}>
        {panel === 'settings' ? (
          <ProjectSettingsPanel project={project.data} open onClose={closePanel} />
        ) : null}
        {deleting && project.data ? (
          <DeleteProjectModal
            project={project.data}
            onClose={() => setDeleting(false)}
            onDeleted={() => void navigate({ to: '/' })}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
