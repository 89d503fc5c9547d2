import {
  type Asset,
  CINEMATIC_TEMPLATES,
  FRAMING_TYPES,
  QUALITY_DEFAULTS,
  type QualityGenerationReply,
  type Shot,
  type ShotAssetPlacement,
  type ShotUpdates,
} from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import {
  ChevronLeft,
  ChevronRight,
  Film,
  ImagePlus,
  Images,
  Layers,
  Sparkles,
  Trash2,
  Video,
} from 'lucide-react';
import {
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { writeServerShot } from '../../app/live-sync.js';
import { queries, queryKeys } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { ActionButton } from '../../shell/action-button.js';
import { useCoverageProgress } from '../../shots/coverage-progress.js';
import { useCoverageTarget } from '../../shots/coverage-target.js';
import type { ShotListData } from '../../shots/editor.js';
import { FrameStatus } from '../../shots/frame-status.js';
import {
  deriveShotStatus,
  formatShotNumber,
  framingLabel,
  SHOT_STATUS_LABELS,
  type ShotWithStaleness,
} from '../../shots/model.js';
import { shotProgress, useShotProgress } from '../../shots/progress.js';
import { selectOnly } from '../../shots/selection.js';
import { shotLabPath } from '../../shots/shot-actions.js';
import { shotHistory } from '../../shots/shot-commands.js';
import { NoShotsYet } from '../../shots/shots-page-status.js';
import { aspectValue, useProjectShots } from '../../shots/use-project-shots.js';
import { errorBody } from '../../state/errors.js';
import { useStore } from '../../state/store.js';
import { playhead } from '../../timeline/playhead-actions.js';
import { formatClipDuration } from '../../timeline/timeline-model.js';
import { EmptyState, Kbd, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { Field } from '../../ui/fields.js';
import { LiveTextField } from '../../ui/live-text-field.js';
import { Select } from '../../ui/select.js';
import { useProjectId } from '../project/project-layout.js';
import { labPage } from './lab-actions.js';
import { labShotId, movedTo, NUDGE, NUDGE_LARGE, nudged, percent, replaceAt } from './lab-model.js';
import { LabSection } from './lab-section.js';
import { Takes } from './takes.js';
import '../../styles/shots.css';
import '../../styles/timeline.css';

const NONE = '__none';

/** /project/{id}/shot-lab?shot=<id>: one shot — composition, fields, generation, coverage. */
export function ShotLabPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const services = useServices();
  const { client, queryClient, toasts } = services;
  const router = useRouter();
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const { board, aspect, isLoading, error, editor, selection } = useProjectShots(projectId);
  const order = useMemo(() => board.shots.map((entry) => entry.shot.id), [board]);
  const active = useStore(selection, (current) => current.active);
  const requested = typeof search.shot === 'string' ? search.shot : undefined;
  const shotId = labShotId(order, requested, active);
  const entry = shotId ? board.byId.get(shotId) : undefined;
  const shot = entry?.shot;

  // The shot the lab shows is the selected one on every shot view.
  useEffect(() => {
    if (shotId && selection.get().active !== shotId) selection.set(selectOnly(shotId));
  }, [shotId, selection]);

  const assetsQuery = useQuery(queries.assets(client, projectId));
  const assets = assetsQuery.data ?? [];
  const assetsById = useMemo(() => new Map(assets.map((asset) => [asset.id, asset])), [assets]);

  const [picked, setPicked] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [quality, setQuality] = useState<QualityGenerationReply | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shot starts with nothing picked
  useEffect(() => {
    setPicked(null);
    setQuality(null);
  }, [shotId]);

  const go = (delta: number) => {
    if (!shotId) return;
    const index = order.indexOf(shotId);
    const next = order[Math.max(0, Math.min(order.length - 1, index + delta))];
    if (next && next !== shotId) {
      selection.set(selectOnly(next));
      router.history.push(shotLabPath(projectId, next));
    }
  };

  const placements = shot?.assets ?? [];
  const setPlacements = (next: ShotAssetPlacement[], label: string) => {
    if (!shot) return false;
    return editor.editFields(shot.id, { assets: next }, label);
  };
  const nudge = (dx: number, dy: number) => {
    const placement = picked === null ? undefined : placements[picked];
    if (picked === null || !placement) return;
    const next = nudged(placement, dx, dy);
    if (setPlacements(replaceAt(placements, picked, next), 'Nudge placement')) {
      setAnnouncement(
        `${nameOf(assetsById, placement)} at ${percent(next.position.x)}, ${percent(next.position.y)}`,
      );
    }
  };
  const canvasFocused = () => canvasRef.current?.contains(document.activeElement) === true;
  const placementPicked = picked !== null && placements[picked] !== undefined;

  // SPEC.md §9 keys on this path: Shift+Left/Right go to the previous/next shot; while a placement of
  // the canvas has the focus, Left/Right and Shift+Left/Right nudge it (1 %, 10 %) instead.
  usePageContext(playhead, {
    ...(placementPicked
      ? { frame: (direction: -1 | 1) => void (canvasFocused() && nudge(direction * NUDGE, 0)) }
      : {}),
    shot: (direction) =>
      placementPicked && canvasFocused() ? nudge(direction * NUDGE_LARGE, 0) : go(direction),
  });
  usePageContext(editContext, {
    ...shotHistory(editor, setAnnouncement),
    ...(placementPicked ? { deleteSelection: () => removePicked() } : {}),
  });

  const removePicked = () => {
    if (picked === null) return;
    const placement = placements[picked];
    if (!placement) return;
    if (
      setPlacements(
        placements.filter((_, i) => i !== picked),
        'Remove placement',
      )
    ) {
      setAnnouncement(`${nameOf(assetsById, placement)} removed from the shot · Ctrl+Z brings it back`);
      setPicked(null);
    }
  };

  // A generation's answer: what was typed since keeps its local value.
  const writeShot = (next: Shot) =>
    writeServerShot(queryClient, projectId, next, services.saves.pendingShotFields(next.id));

  const onRestored = useCallback(
    (restored: Shot) => {
      queryClient.setQueryData<ShotListData>(queryKeys.shots(projectId), (list) =>
        list ? { ...list, shots: list.shots.map((s) => (s.id === restored.id ? restored : s)) } : list,
      );
      setAnnouncement('Take restored · the image it replaced is now the newest take');
    },
    [queryClient, projectId],
  );

  // The lab's buttons are actions: they act on this shot while it is shown.
  const generateVideo = async (target: Shot) => {
    shotProgress.set('video', target.id, { status: 'queued', progress: 0 });
    try {
      if (services.saves.isDirty) await services.saves.flush().catch(() => {});
      const reply = await services.activity.track(
        client.shots.generateVideo({ projectId, shotId: target.id }),
      );
      writeShot(reply.shot);
      shotProgress.set('video', target.id, undefined);
    } catch (caught) {
      shotProgress.set('video', target.id, { status: 'failed', progress: 0, message: errorBody(caught) });
      toasts.show({ type: 'error', title: 'Video generation failed', message: errorBody(caught) });
    }
  };
  const generateWithQuality = async (target: Shot) => {
    setQuality(null);
    shotProgress.set('image', target.id, { status: 'queued', progress: 0 });
    try {
      if (services.saves.isDirty) await services.saves.flush().catch(() => {});
      const reply = await services.activity.track(
        client.shots.generateWithQuality({
          projectId,
          shotId: target.id,
          maxRetries: QUALITY_DEFAULTS.maxRetries,
          minScore: QUALITY_DEFAULTS.minScore,
        }),
      );
      writeShot(reply.shot);
      shotProgress.set('image', target.id, undefined);
      setQuality(reply);
    } catch (caught) {
      shotProgress.set('image', target.id, { status: 'failed', progress: 0, message: errorBody(caught) });
      toasts.show({ type: 'error', title: 'Quality generation failed', message: errorBody(caught) });
    }
  };
  useCoverageTarget(projectId, board, selection, shot?.id);
  usePageContext(
    labPage,
    shot
      ? {
          projectId,
          shotId: shot.id,
          generateVideo: () => generateVideo(shot),
          generateWithQuality: () => generateWithQuality(shot),
          ...(placementPicked ? { removePlacement: removePicked } : {}),
        }
      : null,
  );

  const addPlacement = (assetId: string) => {
    if (!shot || assetId === NONE) return;
    const next: ShotAssetPlacement = { assetId, position: { x: 0.5, y: 0.6 }, scale: 1, rotation: 0 };
    if (setPlacements([...placements, next], 'Place asset')) {
      setPicked(placements.length);
      setAnnouncement(`${assetsById.get(assetId)?.name ?? 'Asset'} placed in the middle of the frame`);
    }
  };

  if (error && board.shots.length === 0) {
    return (
      <div className="page page--full lab-page">
        <EmptyState title="The shots could not be loaded">{errorBody(error)}</EmptyState>
      </div>
    );
  }
  if (isLoading) {
    return (
      <div className="page page--full lab-page" role="status" aria-busy="true" aria-label="Loading shot">
        <Skeleton className="tl-skeleton__viewer" height={420} />
      </div>
    );
  }
  if (!shot || !entry) {
    return (
      <div className="page page--full lab-page">
        <NoShotsYet icon={Film} />
      </div>
    );
  }

  const number = formatShotNumber(entry.index);
  // The project's aspect for the canvas, the takes and the coverage frames (shot-lab CSS reads them).
  const frameStyle = {
    '--frame-aspect': aspect.replace(':', ' / '),
    '--frame-ratio': String(aspectValue(aspect)),
  } as React.CSSProperties;
  return (
    <div className="page page--full lab-page" style={frameStyle} data-aspect={aspect}>
      <header className="shots-toolbar tl-toolbar">
        <div className="shots-toolbar__title">
          <h1 className="page__title">
            Shot lab <span className="lab-title__shot mono">{number}</span>
          </h1>
          <p className="shots-toolbar__facts">{shot.name}</p>
        </div>
        <div className="shots-toolbar__actions">
          <ActionButton actionId="shot.previous" variant="ghost" iconOnly icon={ChevronLeft} />
          <span className="tl-zoom mono">
            {entry.index + 1} / {order.length}
          </span>
          <ActionButton actionId="shot.next" variant="ghost" iconOnly icon={ChevronRight} />
          <span className="shots-toolbar__divider" aria-hidden="true" />
          <ActionButton actionId="shotLab.openTimeline" variant="ghost" icon={Film}>
            Timeline
          </ActionButton>
        </div>
      </header>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="lab-body">
        <section className="lab-stage" aria-label="Composition">
          <CompositionCanvas
            shot={shot}
            aspect={aspect.replace(':', ' / ')}
            placements={placements}
            assetsById={assetsById}
            picked={picked}
            canvasRef={canvasRef}
            onPick={setPicked}
            onMove={(index, x, y) => {
              const placement = placements[index];
              if (placement)
                setPlacements(replaceAt(placements, index, movedTo(placement, x, y)), 'Move placement');
            }}
            onVerticalNudge={(dy) => nudge(0, dy)}
          />
          <div className="lab-stage__bar">
            <div className="lab-place">
              <span className="lab-label" aria-hidden="true">
                Place an asset
              </span>
              <Select
                aria-label="Place an asset"
                value={NONE}
                onValueChange={addPlacement}
                disabled={assets.length === 0}
                options={[
                  { value: NONE, label: assets.length === 0 ? 'No assets in this project' : 'Choose…' },
                  ...assets.map((asset) => ({ value: asset.id, label: `${asset.name} · ${asset.type}` })),
                ]}
              />
            </div>
            <p className="lab-hint">
              Drag a box to move it · <Kbd>←</Kbd>
              <Kbd>→</Kbd>
              <Kbd>↑</Kbd>
              <Kbd>↓</Kbd> 1% · <Kbd>Shift</Kbd> 10% · <Kbd>Delete</Kbd> removes
            </p>
            <ActionButton actionId="shotLab.removePlacement" variant="ghost" icon={Trash2}>
              Remove
            </ActionButton>
          </div>
          <Takes shot={shot} onRestored={onRestored} />
          <Coverage shotId={shot.id} />
        </section>
        <aside className="lab-side" aria-label="Shot">
          <ShotFields
            key={shot.id}
            shot={shot}
            onEdit={(updates, label, typing) => editor.editFields(shot.id, updates, label, typing)}
            onSettle={() => editor.settleTyping()}
            onCancel={(typing) => editor.cancelTyping(typing)}
          />
          <Generation shot={shot} quality={quality} />
        </aside>
      </div>
    </div>
  );
}

function nameOf(assetsById: Map<string, Asset>, placement: ShotAssetPlacement): string {
  return assetsById.get(placement.assetId)?.name ?? 'Asset';
}

function CompositionCanvas({
  shot,
  aspect,
  placements,
  assetsById,
  picked,
  canvasRef,
  onPick,
  onMove,
  onVerticalNudge,
}: {
  shot: ShotWithStaleness;
  aspect: string;
  placements: readonly ShotAssetPlacement[];
  assetsById: Map<string, Asset>;
  picked: number | null;
  canvasRef: React.RefObject<HTMLDivElement | null>;
  onPick: (index: number | null) => void;
  onMove: (index: number, x: number, y: number) => void;
  onVerticalNudge: (dy: number) => void;
}) {
  const [drag, setDrag] = useState<{ index: number; x: number; y: number; moved: boolean } | null>(null);
  const live = useShotProgress(shot.id);
  const derived = deriveShotStatus(shot, live);
  const toFrame = (event: ReactPointerEvent) => {
    const rect = canvasRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0 || rect.height === 0) return { x: 0.5, y: 0.5 };
    return { x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height };
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Left/Right reach the page through the global keys; Up/Down are the canvas's own.
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      const step = event.shiftKey ? NUDGE_LARGE : NUDGE;
      onVerticalNudge(event.key === 'ArrowUp' ? -step : step);
    } else if (event.key === 'Escape') {
      onPick(null);
    }
  };
  return (
    <div className="lab-frame" style={{ aspectRatio: aspect }} ref={canvasRef}>
      {shot.image_url ? (
        <img src={shot.image_url} alt={`Frame of shot ${shot.name}`} className="lab-frame__image" />
      ) : (
        <div className="tl-viewer__slate">
          <span className="tl-viewer__slate-framing">{framingLabel(shot.framing) || 'No frame yet'}</span>
          <span className="tl-viewer__slate-text">
            Generate an image to see the frame under the composition.
          </span>
        </div>
      )}
      <div className="lab-frame__status">
        <FrameStatus derived={derived} />
      </div>
      <div className="lab-frame__grid" aria-hidden="true" />
      {placements.map((placement, index) => {
        const asset = assetsById.get(placement.assetId);
        const position = drag?.index === index ? { x: drag.x, y: drag.y } : placement.position;
        const name = asset?.name ?? 'Unknown asset';
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: a placement is its position in the shot's list; the same asset may be placed twice
            key={`${placement.assetId}:${index}`}
            type="button"
            className={cx('lab-box', picked === index && 'is-picked', asset && `lab-box--${asset.type}`)}
            style={{
              left: `${position.x * 100}%`,
              top: `${position.y * 100}%`,
              width: `${18 * placement.scale}%`,
              height: `${28 * placement.scale}%`,
              transform: `translate(-50%, -50%) rotate(${placement.rotation}deg)`,
            }}
            aria-pressed={picked === index}
            aria-label={`${name} ${asset?.type ?? ''} at ${percent(position.x)} across, ${percent(position.y)} down`}
            aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Delete"
            onFocus={() => onPick(index)}
            onKeyDown={onKeyDown}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              onPick(index);
              event.currentTarget.setPointerCapture?.(event.pointerId);
              setDrag({ index, ...placement.position, moved: false });
            }}
            onPointerMove={(event) => {
              if (drag?.index !== index) return;
              const point = toFrame(event);
              setDrag({
                index,
                x: Math.max(0, Math.min(1, point.x)),
                y: Math.max(0, Math.min(1, point.y)),
                moved: true,
              });
            }}
            onPointerUp={() => {
              if (drag?.index === index && drag.moved) onMove(index, drag.x, drag.y);
              setDrag(null);
            }}
          >
            <span className="lab-box__label">
              {`${name} `}
              <span className="lab-box__type">{asset?.type ?? ''}</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}

const FIELD_ROWS: readonly {
  key: 'description' | 'action' | 'script_text' | 'prompt';
  label: string;
  rows: number;
}[] = [
  { key: 'description', label: 'Description', rows: 2 },
  { key: 'action', label: 'Action', rows: 2 },
  { key: 'script_text', label: 'Script text', rows: 3 },
  { key: 'prompt', label: 'Prompt', rows: 4 },
];

function ShotFields({
  shot,
  onEdit,
  onSettle,
  onCancel,
}: {
  shot: ShotWithStaleness;
  /** `typing`: the typing session the edit belongs to (saved with the debounce, one undo step). */
  onEdit: (updates: ShotUpdates, label: string, typing?: string) => boolean;
  onSettle: () => void;
  onCancel: (typing: string) => void;
}) {
  return (
    <div className="lab-fields">
      <h2 className="lab-heading">Shot</h2>
      <Field label="Name">
        {({ id }) => (
          <LiveTextField
            id={id}
            value={shot.name}
            onEdit={(value, typing) => value.trim() && onEdit({ name: value.trim() }, 'Rename shot', typing)}
            onSettle={onSettle}
            onCancel={onCancel}
          />
        )}
      </Field>
      <div className="lab-row">
        <Field label="Duration (s)">
          {({ id, describedBy }) => (
            <LiveTextField
              id={id}
              describedBy={describedBy}
              inputMode="decimal"
              value={String(Math.round(shot.duration * 1000) / 1000)}
              onEdit={(value, typing) => {
                const seconds = Number(value);
                if (value.trim() !== '' && Number.isFinite(seconds) && seconds > 0)
                  onEdit({ duration: seconds }, 'Change duration', typing);
              }}
              onSettle={onSettle}
              onCancel={onCancel}
            />
          )}
        </Field>
        <Field label="Framing">
          {({ id }) => (
            <Select
              id={id}
              aria-label="Framing"
              value={shot.framing ?? NONE}
              onValueChange={(value) =>
                onEdit(
                  { framing: value === NONE ? null : (value as (typeof FRAMING_TYPES)[number]) },
                  'Change framing',
                )
              }
              options={[
                { value: NONE, label: 'None' },
                ...FRAMING_TYPES.map((f) => ({ value: f, label: framingLabel(f) })),
              ]}
            />
          )}
        </Field>
        <Field label="Template">
          {({ id }) => (
            <Select
              id={id}
              aria-label="Template"
              value={shot.selected_template ?? NONE}
              onValueChange={(value) =>
                onEdit({ selected_template: value === NONE ? null : value }, 'Change template')
              }
              options={[
                { value: NONE, label: 'None' },
                ...CINEMATIC_TEMPLATES.map((t) => ({ value: t, label: t })),
              ]}
            />
          )}
        </Field>
      </div>
      <p className="lab-note mono">{formatClipDuration(shot.duration)} at 24 fps</p>
      {FIELD_ROWS.map((row) => (
        <Field key={row.key} label={row.label}>
          {({ id }) => (
            <LiveTextField
              id={id}
              multiline={row.rows}
              value={shot[row.key] ?? ''}
              onEdit={(value, typing) =>
                onEdit({ [row.key]: value === '' ? null : value }, `Edit ${row.label.toLowerCase()}`, typing)
              }
              onSettle={onSettle}
              onCancel={onCancel}
            />
          )}
        </Field>
      ))}
    </div>
  );
}

function Generation({ shot, quality }: { shot: ShotWithStaleness; quality: QualityGenerationReply | null }) {
  const image = useShotProgress(shot.id, 'image');
  const video = useShotProgress(shot.id, 'video');
  const derived = deriveShotStatus(shot, image);
  const videoState = video
    ? video.status === 'failed'
      ? `Failed: ${video.message ?? ''}`
      : `Rendering ${Math.round(video.progress)}%`
    : shot.video_url
      ? shot.video_stale === true
        ? 'Stale · made before the shot changed'
        : 'Rendered'
      : 'No video yet';
  return (
    <div className="lab-gen">
      <h2 className="lab-heading">Generate</h2>
      <div className="lab-gen__row">
        <ActionButton actionId="shotLab.generateImage" variant="primary" icon={ImagePlus}>
          Generate image
        </ActionButton>
        <span className={cx('lab-gen__state', `status--${derived.status}`)}>
          <span className="status-dot" aria-hidden="true" />
          {derived.status === 'processing' && derived.progress
            ? `${SHOT_STATUS_LABELS.processing} ${derived.progress}%`
            : SHOT_STATUS_LABELS[derived.status]}
        </span>
      </div>
      <Progress label="Image progress" entry={image} />
      <div className="lab-gen__row">
        <ActionButton actionId="shotLab.generateVideo" icon={Video}>
          Generate video
        </ActionButton>
        <span
          className={cx(
            'lab-gen__state',
            !video && shot.video_url && (shot.video_stale === true ? 'status--stale' : 'status--completed'),
          )}
        >
          {videoState}
        </span>
      </div>
      <Progress label="Video progress" entry={video} />
      <div className="lab-gen__row">
        <ActionButton actionId="shotLab.generateWithQuality" icon={Sparkles}>
          Generate with quality
        </ActionButton>
        <span className="lab-gen__state">
          min score {QUALITY_DEFAULTS.minScore} · {QUALITY_DEFAULTS.maxRetries} retries
        </span>
      </div>
      {quality ? (
        <p
          className={cx('lab-quality', quality.passed ? 'status--completed' : 'status--stale')}
          role="status"
        >
          {quality.passed ? 'Passed' : 'Below the minimum'}: best score{' '}
          <span className="mono">{quality.score.toFixed(1)}</span> / 10 after {quality.attempts}{' '}
          {quality.attempts === 1 ? 'attempt' : 'attempts'}. The server reports the best score only, not each
          attempt’s.
        </p>
      ) : null}
    </div>
  );
}

function Progress({
  label,
  entry,
}: {
  label: string;
  entry: { progress: number; status: string } | undefined;
}) {
  if (!entry || entry.status === 'failed') return null;
  return (
    <div
      className={cx('lab-progress', !entry.progress && 'is-indeterminate')}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={entry.progress || undefined}
    >
      <span style={{ width: `${entry.progress || 30}%` }} />
    </div>
  );
}

/** The shot's coverage: its variants at their framings with their images, and while they render, the job's progress. */
function Coverage({ shotId }: { shotId: string }) {
  const { client } = useServices();
  const coverage = useQuery(queries.coverage(client, shotId));
  const variants = coverage.data ?? [];
  const rendering = useCoverageProgress(shotId);
  return (
    <LabSection
      className="lab-coverage"
      headingId="lab-coverage-title"
      title="Coverage"
      actions={
        <div className="lab-coverage__actions">
          <ActionButton actionId="shot.createCoverage" variant="secondary" size="sm" icon={Layers}>
            Create coverage…
          </ActionButton>
          {variants.some((variant) => !variant.image_url) ? (
            <ActionButton actionId="shot.generateCoverage" variant="ghost" size="sm" icon={Images}>
              Render missing
            </ActionButton>
          ) : null}
        </div>
      }
    >
      {rendering ? (
        <div className="lab-coverage__progress" role="status">
          <span className="lab-gen__state status--processing">
            <span className="status-dot" aria-hidden="true" />
            Rendering {rendering.count > 0 ? `${rendering.count} ` : ''}coverage{' '}
            {rendering.count === 1 ? 'variant' : 'variants'} · {Math.round(rendering.progress)}%
            {rendering.message ? ` · ${rendering.message}` : ''}
          </span>
          <Progress
            label="Coverage progress"
            entry={{ status: 'processing', progress: rendering.progress }}
          />
        </div>
      ) : null}
      {coverage.isPending ? (
        <p className="lab-note">Loading coverage…</p>
      ) : coverage.isError ? (
        <p className="lab-note">Coverage is unavailable: {errorBody(coverage.error)}</p>
      ) : variants.length === 0 ? (
        <p className="lab-note">
          No coverage variants for this shot yet. Create coverage picks framings (a wide, a close-up, an over
          the shoulder…) and renders them; on the storyboard <Kbd>C</Kbd> cycles them and <Kbd>P</Kbd> makes
          one the main shot.
        </p>
      ) : (
        <ul className="lab-variants" aria-label="Coverage variants">
          {variants.map((variant) => (
            <li key={variant.id} className="lab-variant" data-status={variant.generation_status}>
              <div className="lab-variant__frame">
                {variant.image_url ? (
                  <img src={variant.image_url} alt={`${framingLabel(variant.framingType)} variant`} />
                ) : (
                  <span className="lab-variant__empty">
                    {variant.generation_status === 'processing' ? 'Rendering…' : 'Not rendered'}
                  </span>
                )}
              </div>
              <span className="lab-variant__name">{framingLabel(variant.framingType)}</span>
              <span
                className={cx('lab-variant__meta', `status--${variantStatus(variant.generation_status)}`)}
              >
                <span className="status-dot" aria-hidden="true" />
                {VARIANT_STATUS[variant.generation_status] ?? variant.generation_status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </LabSection>
  );
}

const VARIANT_STATUS: Record<string, string> = {
  pending: 'Not rendered',
  queued: 'Queued',
  processing: 'Rendering',
  completed: 'Rendered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function variantStatus(status: string): string {
  return status === 'queued' ? 'processing' : status === 'cancelled' ? 'pending' : status;
}
