import type { Job, RoughCut } from '@reelbench/sdk';
import type { CutSummary } from '@reelbench/sdk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clapperboard, Download, Film, Pause, Play } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePageContext } from '../../actions/page-context.js';
import { isActiveJob } from '../../app/jobs-tracker.js';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { formatAbsolute, plural } from '../../format/format.js';
import { JOB_STATUS_LABELS } from '../../format/job-format.js';
import { CommentsPanel } from '../../review/comments-panel.js';
import { ActionButton } from '../../shell/action-button.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { formatTimecode } from '../../timeline/timeline-model.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { Checkbox } from '../../ui/fields.js';
import { Select } from '../../ui/select.js';
import { useFitHeight } from '../../ui/use-fit-height.js';
import { ProgressBar } from '../../ui/widgets.js';
import { useProjectId } from '../project/project-layout.js';
import { roughCutPage } from './rough-cut-actions.js';
import '../../styles/pages.css';
import '../../styles/audio.css';

export const ROUGH_CUT_JOB = 'cut:render-rough-cut';

const DISSOLVES: Record<RoughCut['dissolves'], string> = {
  xfade: 'dissolves rendered',
  'plain-cuts': 'dissolves as plain cuts',
  none: 'cuts only',
};
const BURN_IN: Record<RoughCut['burnIn'], string> = {
  drawn: 'names and timecode burnt in',
  off: 'clean picture',
  unavailable: 'burn-in unavailable',
};

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** The newest rough-cut job of this project's cut (the tracker knows every job of the user, live). */
function useRoughCutJob(projectId: string, cutId: string | undefined): Job | undefined {
  const { jobs } = useServices();
  return useStore(jobs.store, (state) => {
    let newest: Job | undefined;
    for (const job of state.jobs.values()) {
      if (job.projectId !== projectId || job.type !== ROUGH_CUT_JOB) continue;
      // A finished job's result names its cut; a running one is shown whatever cut is chosen.
      const forCut = (job.result as { cutId?: unknown } | undefined)?.cutId;
      if (cutId !== undefined && forCut !== undefined && forCut !== cutId) continue;
      if (!newest || job.createdAt > newest.createdAt) newest = job;
    }
    return newest;
  });
}

function JobLine({ job }: { job: Job }) {
  const active = isActiveJob(job);
  const failed = job.status === 'failed' || job.status === 'cancelled';
  return (
    <section
      className={cx('card rough-job', failed && 'rough-job--failed')}
      aria-label="Rough cut job"
      aria-live="polite"
    >
      <p className="rough-job__line">
        <span>
          <strong>{JOB_STATUS_LABELS[job.status]}</strong>
          {job.message ? ` · ${job.message}` : ''}
        </span>
        <span className="mono">{formatAbsolute(job.updatedAt)}</span>
      </p>
      {active ? <ProgressBar value={job.progress} label="Rough cut progress" status={job.status} /> : null}
      {failed && job.error ? <p className="rough-job__line">{job.error}</p> : null}
    </section>
  );
}

/** The MP4 with what it is made of, and what could not be done as asked. */
function Player({
  roughCut,
  videoRef,
}: {
  roughCut: RoughCut;
  videoRef: (element: HTMLVideoElement | null) => void;
}) {
  // Sized by the height left under the controls above it as well as by the column's width, so the
  // video's own controls are on screen (a 9:16 cut included).
  const frameRef = useRef<HTMLDivElement>(null);
  useFitHeight(frameRef);
  return (
    <div className="rough-player">
      <div
        className="rough-player__frame"
        ref={frameRef}
        style={{ '--video-ratio': String(roughCut.width / roughCut.height) } as React.CSSProperties}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: an animatic rough cut has no dialogue track to caption */}
        <video
          ref={videoRef}
          key={roughCut.url}
          className="rough-player__video"
          src={roughCut.url}
          controls
          preload="auto"
          playsInline
          aria-label={`Rough cut of ${roughCut.cutName} v${roughCut.cutVersion}`}
          style={{ aspectRatio: `${roughCut.width} / ${roughCut.height}` }}
        />
      </div>
      <dl className="rough-facts" aria-label="Rough cut">
        <div>
          <dt>Cut</dt>
          <dd>
            {roughCut.cutName} v{roughCut.cutVersion}
          </dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd className="mono">{formatTimecode(roughCut.durationSeconds)}</dd>
        </div>
        <div>
          <dt>Picture</dt>
          <dd className="mono">
            {roughCut.width}×{roughCut.height} · {roughCut.frameRate} fps
          </dd>
        </div>
        <div>
          <dt>Sound</dt>
          <dd>{roughCut.hasSoundtrack ? 'soundtrack mixed' : roughCut.hasAudio ? 'silent track' : 'none'}</dd>
        </div>
        <div>
          <dt>Edit</dt>
          <dd>
            {DISSOLVES[roughCut.dissolves]} · {BURN_IN[roughCut.burnIn]}
          </dd>
        </div>
        <div>
          <dt>File</dt>
          <dd>
            <a className="cuts-link" href={roughCut.url} download={roughCut.filename}>
              <Download size={13} aria-hidden="true" /> {roughCut.filename}
            </a>{' '}
            · {megabytes(roughCut.bytes)} · {formatAbsolute(roughCut.createdAt)}
          </dd>
        </div>
      </dl>
      {roughCut.notes.length > 0 ? (
        <ul className="rough-notes" aria-label="Notes">
          {roughCut.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * /project/{id}/rough-cut: render a cut as one MP4 (a job, its progress live), watch it, and read
 * the reviewers' comments as they arrive; a comment's time seeks the player.
 */
export function RoughCutPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const services = useServices();
  const { client, toasts, activity, jobs } = services;
  const queryClient = useQueryClient();
  const [videoElement, videoRef] = useState<HTMLVideoElement | null>(null);
  const [chosenCut, setChosenCut] = useState('');
  const [burnIn, setBurnIn] = useState(false);
  const [starting, setStarting] = useState(false);
  const [playing, setPlaying] = useState(false);

  const cuts = useQuery(queries.cuts(client, projectId));
  const cutList = cuts.data ?? [];
  const cut: CutSummary | undefined = cutList.find((entry) => entry.id === chosenCut) ?? cutList[0];
  const roughCut = useQuery({
    ...queries.roughCut(client, projectId, cut?.id ?? ''),
    enabled: cut !== undefined,
  });
  const job = useRoughCutJob(projectId, cut?.id);
  const rendering = starting || (job !== undefined && isActiveJob(job));

  // A job that ends while the page is open (even one that ended before its render request was
  // answered): the new MP4 (with a freshly signed URL) replaces the old.
  const lastSeen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const seen = job === undefined ? undefined : `${job.id}:${job.status}`;
    if (lastSeen.current !== undefined && lastSeen.current !== seen && job?.status === 'completed') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.roughCuts(projectId) });
    }
    lastSeen.current = seen ?? '';
  }, [job, queryClient, projectId]);

  const render = async () => {
    if (!cut) return;
    setStarting(true);
    try {
      const reply = await activity.track(client.cuts.renderRoughCut(projectId, cut.id, { burnIn }));
      jobs.add(reply.job, reply.counts);
    } catch (error) {
      toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
    } finally {
      setStarting(false);
    }
  };

  const video = roughCut.data ?? null;
  useEffect(() => {
    const element = videoElement;
    if (!element) return;
    const sync = () => setPlaying(!element.paused);
    element.addEventListener('play', sync);
    element.addEventListener('pause', sync);
    element.addEventListener('ended', sync);
    return () => {
      element.removeEventListener('play', sync);
      element.removeEventListener('pause', sync);
      element.removeEventListener('ended', sync);
    };
  }, [videoElement]);
  const togglePlay = () => {
    const element = videoElement;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };
  const seek = (seconds: number) => {
    const element = videoElement;
    if (!element) return;
    element.currentTime = Math.max(0, Math.min(seconds, video?.durationSeconds ?? seconds));
  };

  usePageContext(roughCutPage, {
    ...(cut && !rendering ? { render: () => void render() } : {}),
    ...(video ? { togglePlay } : {}),
  });

  const options = useMemo(
    () =>
      cutList.map((entry) => ({
        value: entry.id,
        label: `${entry.name} v${entry.version} · ${plural(entry.eventCount, 'event')}`,
      })),
    [cutList],
  );

  return (
    <div className="page rough-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Rough cut</h1>
          <p className="page__subtitle">
            {cut
              ? `${cut.name} v${cut.version} · ${plural(cut.eventCount, 'event')}${cut.hasSoundtrack ? ' · with the soundtrack' : ''}`
              : 'One MP4 of a cut: the shots’ videos in order, stills where a shot has none, the soundtrack under it'}
          </p>
        </div>
        {video ? (
          <div className="page__actions">
            <ActionButton
              actionId="roughCut.playPause"
              variant="secondary"
              aria-pressed={playing}
              icon={playing ? <Pause size={15} aria-hidden="true" /> : <Play size={15} aria-hidden="true" />}
            >
              {playing ? 'Pause' : 'Play'}
            </ActionButton>
          </div>
        ) : null}
      </header>

      {cuts.isLoading ? (
        <Skeleton height={56} />
      ) : cuts.isError ? (
        <EmptyState title="The cuts could not be loaded">{errorBody(cuts.error)}</EmptyState>
      ) : cutList.length === 0 ? (
        <EmptyState
          icon={Film}
          title="No cuts yet — Create Cut on the timeline"
          actions={<ActionButton actionId="nav.timeline" variant="primary" />}
        >
          A rough cut plays a saved cut: its order, durations, dissolves and soundtrack.
        </EmptyState>
      ) : (
        <>
          <div className="card rough-controls">
            <div className="rough-controls__cut">
              <span aria-hidden="true">Cut</span>
              <Select
                aria-label="Cut"
                className="rough-controls__select"
                value={cut?.id ?? ''}
                onValueChange={setChosenCut}
                options={options}
              />
            </div>
            <Checkbox
              label="Burn in shot names and timecode"
              checked={burnIn}
              onChange={(event) => setBurnIn(event.target.checked)}
            />
            <ActionButton actionId="roughCut.render" variant="primary" busy={rendering} icon={Clapperboard} />
          </div>
          {job ? <JobLine job={job} /> : null}
          <div className="rough-layout">
            {roughCut.isLoading ? (
              <Skeleton height={360} />
            ) : roughCut.isError ? (
              <EmptyState title="The rough cut could not be loaded">{errorBody(roughCut.error)}</EmptyState>
            ) : video ? (
              <Player roughCut={video} videoRef={videoRef} />
            ) : (
              <div className="rough-empty">
                <EmptyState icon={Clapperboard} title="No rough cut of this cut yet — Render Rough Cut">
                  Shots without a video show their frame for their duration; render the videos first for the
                  camera moves.
                </EmptyState>
              </div>
            )}
            <CommentsPanel projectId={projectId} onJump={seek} />
          </div>
        </>
      )}
    </div>
  );
}
