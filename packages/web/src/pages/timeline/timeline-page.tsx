import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import {
  ChevronFirst,
  ChevronLast,
  Clapperboard,
  Magnet,
  Pause,
  Pin,
  Play,
  SkipBack,
  SkipForward,
  SquarePlus,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { CreateCutCommand } from '../../cuts/cut-dialogs.js';
import { ActionButton } from '../../shell/action-button.js';
import { useCoverageTarget } from '../../shots/coverage-target.js';
import { formatShotNumber, type SceneGroup, UNASSIGNED_SCENE_ID } from '../../shots/model.js';
import { selectAll, selectOnly } from '../../shots/selection.js';
import { shotLabPath } from '../../shots/shot-actions.js';
import { useShotEditCommands } from '../../shots/shot-commands.js';
import { useProjectShots } from '../../shots/use-project-shots.js';
import { createStore, useStore } from '../../state/store.js';
import { placeDialogue } from '../../timeline/dialogue-placement.js';
import { Transport } from '../../timeline/playback.js';
import { playhead } from '../../timeline/playhead-actions.js';
import {
  clampDuration,
  commentMarkers,
  DEFAULT_ZOOM,
  FPS,
  FRAME,
  formatTimecode,
  layoutClips,
  nextShotStart,
  previousShotStart,
  pxPerSecond,
  shotIndexAt,
  stepFrame,
  TRIM_STEP_FRAMES,
  ZOOM_LEVELS,
} from '../../timeline/timeline-model.js';
import { Viewer } from '../../timeline/viewer.js';
import { Kbd, Skeleton } from '../../ui/card.js';
import { Tooltip } from '../../ui/tooltip.js';
import { useProjectId } from '../project/project-layout.js';
import { OrderPersister, sameOrder } from './order-persist.js';
import { SceneDialog, type SceneDialogState, sceneColorName } from './scene-dialog.js';
import { timelinePage } from './timeline-actions.js';
import { TimelineTracks } from './timeline-tracks.js';
import '../../styles/shots.css';
import '../../styles/timeline.css';
import { useSoundtrack } from '../../audio/use-soundtrack.js';
import { CommentsPanel } from '../../review/comments-panel.js';
import { ShotsPageStatus } from '../../shots/shots-page-status.js';

/** The timeline's zoom, kept for the tab. */
export const timelineZoom = createStore<number>(DEFAULT_ZOOM);

/** One transport per project and tab: coming back to the timeline finds the playhead where it was. */
const transports = new Map<string, Transport>();
export function transportFor(projectId: string): Transport {
  let transport = transports.get(projectId);
  if (!transport) {
    transport = new Transport();
    transports.set(projectId, transport);
  }
  return transport;
}

export const TRIM_HINT = `Trim: drag a clip’s right edge, or Alt+Shift+Left/Right for ∓${TRIM_STEP_FRAMES} frame (1/${FPS} s)`;

/** /project/{id}/timeline: viewer, transport, ruler, scene band and the video track of shot clips. */
export function TimelinePage(props: { projectId?: string; transport?: Transport } = {}) {
  const projectId = useProjectId(props.projectId);
  const given = props.transport;
  const services = useServices();
  const { toasts, saves } = services;
  const router = useRouter();
  const shots = useProjectShots(projectId);
  const { board, project, aspect, isLoading, editor, selection } = shots;
  const transport = useMemo(() => given ?? transportFor(projectId), [given, projectId]);
  const zoom = useStore(timelineZoom);
  const pps = pxPerSecond(zoom);
  const [trims, setTrims] = useState<ReadonlyMap<string, number>>(() => new Map());
  const preserveTiming = project?.settings.preserveTiming === true;
  const layout = useMemo(
    () => layoutClips(board.shots, trims, preserveTiming),
    [board, trims, preserveTiming],
  );
  const order = useMemo(() => board.shots.map((entry) => entry.shot.id), [board]);
  const trackRef = useRef<HTMLDivElement>(null);
  const soundtrack = useSoundtrack(projectId).data ?? null;
  const comments = useQuery(queries.reviewComments(services.client, projectId)).data;
  const markers = useMemo(
    () => commentMarkers(comments ?? [], board.byId, layout),
    [comments, board.byId, layout],
  );
  const lines = useQuery(queries.dialogueLines(services.client, projectId)).data;
  const dialogue = useMemo(
    () =>
      lines && lines.length > 0
        ? placeDialogue(
            lines,
            board.shots.map((entry, index) => ({
              shotId: entry.shot.id,
              durationSeconds: layout.durations[index] ?? 0,
            })),
            layout.starts,
          )
        : null,
    [lines, board, layout],
  );

  useEffect(() => {
    transport.setTotal(layout.total);
  }, [transport, layout.total]);
  useEffect(() => () => transport.pause(), [transport]);

  const currentIndex = useStore(transport.state, (state) => shotIndexAt(layout.starts, state.time));
  const playing = useStore(transport.state, (state) => state.playing);

  // ---------------------------------------------------------------- order persistence (800 ms, 'Order Saved')
  const persister = useMemo(() => new OrderPersister(saves, toasts), [saves, toasts]);
  useEffect(() => {
    let last = editor.orderSettings();
    const off = editor.history.state.subscribe(() => {
      const now = editor.orderSettings();
      if (!sameOrder(last, now)) persister.schedule();
      last = now;
    });
    return () => {
      off();
      void persister.flushNow();
    };
  }, [editor, persister]);

  // ---------------------------------------------------------------- playhead commands
  const seekToShot = useCallback(
    (index: number) => {
      const entry = board.shots[index];
      if (!entry) return;
      transport.seek(layout.starts[index] ?? 0);
      selection.set(selectOnly(entry.shot.id));
    },
    [board, layout, selection, transport],
  );
  const hasShots = board.shots.length > 0;
  // SPEC.md §9's keys on this path: Space plays, Left/Right step a frame, Shift+Left/Right a shot.
  usePageContext(
    playhead,
    hasShots
      ? {
          togglePlayback: () => transport.toggle(),
          frame: (direction) => transport.seek(stepFrame(transport.time, direction, layout.total)),
          shot: (direction) => {
            const time =
              direction < 0
                ? previousShotStart(layout.starts, transport.time)
                : nextShotStart(layout.starts, transport.time, layout.total);
            transport.seek(time);
            const entry = time >= layout.total ? undefined : board.shots[shotIndexAt(layout.starts, time)];
            if (entry) selection.set(selectOnly(entry.shot.id));
          },
        }
      : null,
  );

  const edits = useShotEditCommands({
    board,
    editor,
    selection,
    onDeleted: () => requestAnimationFrame(() => trackRef.current?.focus({ preventScroll: true })),
  });
  const announce = edits.announce;
  usePageContext(editContext, {
    ...edits.edit,
    zoom: { level: timelineZoom, levels: ZOOM_LEVELS.length, reset: DEFAULT_ZOOM },
  });

  const selectedIds = useCallback(
    () => order.filter((id) => selection.get().ids.has(id)),
    [order, selection],
  );

  // ---------------------------------------------------------------- edits
  const moveSelected = (delta: number) => {
    const ids = selectedIds();
    if (ids.length === 0) {
      announce('Select a clip first (click it, or Shift+Left/Right to the shot)');
      return;
    }
    if (editor.moveShots(ids, delta)) {
      const index = board.byId.get(ids[0] as string)?.index ?? 0;
      announce(
        `${ids.length === 1 ? 'Shot' : `${ids.length} shots`} moved ${delta < 0 ? 'earlier' : 'later'}, now at ${formatShotNumber(
          Math.max(0, Math.min(order.length - 1, index + delta)),
        )}`,
      );
    }
  };

  const trimActive = (deltaFrames: number) => {
    const active = selection.get().active;
    const entry = active === null ? undefined : board.byId.get(active);
    if (!entry) {
      announce('Select a clip to trim');
      return;
    }
    const current = layout.durations[entry.index] ?? entry.shot.duration;
    const next = clampDuration(current + deltaFrames * FRAME);
    if (editor.editFields(entry.shot.id, { duration: next }, 'Trim shot')) {
      announce(`Shot ${formatShotNumber(entry.index)} is now ${formatTimecode(next).slice(3)}`);
    }
  };

  const commitTrim = useCallback(
    (shotId: string, duration: number | null) => {
      setTrims(new Map());
      if (duration === null) return;
      editor.editFields(shotId, { duration: clampDuration(duration) }, 'Trim shot');
    },
    [editor],
  );

  const commitDrop = useCallback(
    (nextOrder: string[], moved: string[]) => {
      if (editor.reorder(nextOrder, moved, moved.length === 1 ? 'Move shot' : `Move ${moved.length} shots`)) {
        announce(moved.length === 1 ? 'Shot moved' : `${moved.length} shots moved`);
      }
    },
    [editor, announce],
  );

  // ---------------------------------------------------------------- scenes
  const [sceneDialog, setSceneDialog] = useState<SceneDialogState | null>(null);

  /** The scene of the active shot (the one a scene command acts on). */
  const currentScene = () => {
    const active = selection.get().active;
    const sceneId = active === null ? undefined : board.byId.get(active)?.sceneId;
    return sceneId === undefined ? undefined : board.scenesById.get(sceneId);
  };
  const noScene = () =>
    announce('Select a shot of a scene first (click a clip or a scene in the band, or Shift+Left/Right)');

  const createScene = () => {
    const ids = selectedIds();
    const active = selection.get().active;
    const members = ids.length > 0 ? ids : active !== null ? [active] : [];
    if (members.length === 0) {
      announce('Select the shots of the new scene first');
      return;
    }
    const sceneId = editor.createScene(members);
    if (sceneId === null) return;
    const scene = editor.scenes().find((candidate) => candidate.id === sceneId);
    announce(
      `New scene with ${members.length} ${members.length === 1 ? 'shot' : 'shots'}, colour ${sceneColorName(scene?.color ?? '')}`,
    );
    const index = editor.scenes().findIndex((candidate) => candidate.id === sceneId);
    if (scene) setSceneDialog({ scene: { ...scene, number: index + 1 }, focus: 'name' });
  };

  const editScene = (focus: 'name' | 'color') => {
    const scene = currentScene();
    if (!scene) {
      noScene();
      return;
    }
    setSceneDialog({ scene, focus });
  };

  const moveScene = (delta: number) => {
    const scene = currentScene();
    if (!scene) {
      noScene();
      return;
    }
    if (editor.moveScene(scene.id, delta)) {
      const index = editor.scenes().findIndex((candidate) => candidate.id === scene.id);
      announce(`Scene ${scene.name} moved ${delta < 0 ? 'earlier' : 'later'}, now scene ${index + 1}`);
    }
  };

  const onSceneSelect = useCallback(
    (group: SceneGroup) => {
      const ids = board.shots.slice(group.first, group.first + group.count).map((entry) => entry.shot.id);
      const first = ids[0];
      if (first === undefined) return;
      selection.set({ ids: new Set(ids), anchor: first, active: first });
      transport.seek(layout.starts[group.first] ?? 0);
      trackRef.current?.focus({ preventScroll: true });
    },
    [board, layout, selection, transport],
  );
  const onSceneOpen = useCallback(
    (group: SceneGroup) => {
      const scene = board.scenesById.get(group.sceneId);
      if (scene) setSceneDialog({ scene, focus: 'name' });
    },
    [board],
  );
  const onSceneDrop = useCallback(
    (sceneId: string, target: { sceneId: string; after: boolean }) => {
      const rest = editor.scenes().filter((scene) => scene.id !== sceneId);
      const index = rest.findIndex((scene) => scene.id === target.sceneId);
      if (index === -1) return;
      if (editor.placeScene(sceneId, target.after ? index + 1 : index)) {
        announce(`Scene moved ${target.after ? 'after' : 'before'} ${rest[index]?.name ?? 'the scene'}`);
      }
    },
    [editor, announce],
  );

  const togglePreserveTiming = () => {
    const next = !editor.preserveTiming();
    if (editor.setPreserveTiming(next)) {
      announce(
        next
          ? 'Preserve timing on: shots keep their start times'
          : 'Preserve timing off: shots laid end to end',
      );
    }
  };

  useCoverageTarget(projectId, board, selection);
  usePageContext(timelinePage, hasShots ? { createScene, editScene, moveScene, togglePreserveTiming } : null);

  const openInLab = useCallback(
    (shotId: string) => router.history.push(shotLabPath(projectId, shotId)),
    [router, projectId],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const mod = event.ctrlKey || event.metaKey;
    if (event.altKey && !mod && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      const delta = event.key === 'ArrowLeft' ? -1 : 1;
      if (event.shiftKey) trimActive(delta * TRIM_STEP_FRAMES);
      else moveSelected(delta);
      return;
    }
    if (!trackRef.current?.contains(target)) return;
    if (mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      selection.set(selectAll(order, selection.get().active));
    } else if (!mod && !event.altKey && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      seekToShot(event.key === 'Home' ? 0 : order.length - 1);
    } else if (event.key === 'Enter' && !mod) {
      const active = selection.get().active;
      if (active) {
        event.preventDefault();
        openInLab(active);
      }
    } else if (event.key === 'Escape' && selection.get().ids.size > 0) {
      event.preventDefault();
      selection.set((current) => ({ ids: new Set(), anchor: null, active: current.active }));
    }
  };

  const sceneCount = useMemo(
    () => new Set(board.groups.filter((g) => g.sceneId !== UNASSIGNED_SCENE_ID).map((g) => g.sceneId)).size,
    [board],
  );
  const current = currentIndex >= 0 ? board.shots[currentIndex] : undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the page catches the reorder and trim keys of its clips (Alt+arrows), wherever the focus is on it
    <div className="page page--full tl-page" onKeyDown={onKeyDown}>
      <header className="shots-toolbar tl-toolbar">
        <div className="shots-toolbar__title">
          <h1 className="page__title">Timeline</h1>
          {hasShots ? (
            <p className="shots-toolbar__facts mono">
              {board.shots.length} {board.shots.length === 1 ? 'shot' : 'shots'} · {sceneCount}{' '}
              {sceneCount === 1 ? 'scene' : 'scenes'} · {FPS} fps · {formatTimecode(layout.total)}
            </p>
          ) : null}
        </div>
        {hasShots ? (
          <div className="shots-toolbar__actions">
            <Tooltip content={TRIM_HINT}>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the keyboard legend is focusable so its tooltip can be read without a mouse */}
              <span className="tl-legend" tabIndex={0}>
                <Kbd>Alt</Kbd>
                <Kbd>←</Kbd>
                <Kbd>→</Kbd> move · <Kbd>Alt</Kbd>
                <Kbd>Shift</Kbd>
                <Kbd>←</Kbd>
                <Kbd>→</Kbd> trim 1 frame
              </span>
            </Tooltip>
            <CreateCutCommand projectId={projectId} projectName={project?.name ?? 'Cut'} />
            <span className="shots-toolbar__divider" aria-hidden="true" />
            <ActionButton actionId="scene.create" variant="ghost" size="sm" icon={SquarePlus}>
              New scene
            </ActionButton>
            <ActionButton
              actionId="timeline.preserveTiming"
              variant="ghost"
              size="sm"
              className={preserveTiming ? 'tl-toggle is-on' : 'tl-toggle'}
              aria-pressed={preserveTiming}
              icon={
                preserveTiming ? (
                  <Pin size={16} aria-hidden="true" />
                ) : (
                  <Magnet size={16} aria-hidden="true" />
                )
              }
            >
              Preserve timing
            </ActionButton>
            <span className="shots-toolbar__divider" aria-hidden="true" />
            <ActionButton actionId="zoom.out" iconOnly variant="ghost" icon={ZoomOut} />
            <span className="tl-zoom mono" aria-live="polite">
              {pps} px/s
            </span>
            <ActionButton actionId="zoom.in" iconOnly variant="ghost" icon={ZoomIn} />
          </div>
        ) : null}
      </header>
      <ShotsPageStatus
        shots={shots}
        announcement={edits.announcement}
        icon={Clapperboard}
        skeletonClass="tl-skeleton"
      >
        <Skeleton className="tl-skeleton__viewer" height="auto" />
        <Skeleton height={120} />
      </ShotsPageStatus>
      {isLoading || !hasShots ? null : (
        <>
          <Viewer
            entry={current}
            start={current ? (layout.starts[current.index] ?? 0) : 0}
            transport={transport}
            aspect={aspect}
          />
          <div className="tl-transport" role="toolbar" aria-label="Transport">
            <div className="tl-transport__buttons">
              <ActionButton actionId="shot.previous" iconOnly variant="ghost" icon={ChevronFirst} />
              <ActionButton actionId="frame.previous" iconOnly variant="ghost" icon={SkipBack} />
              <ActionButton
                actionId="playback.toggle"
                iconOnly
                variant="primary"
                className="tl-play"
                aria-pressed={playing}
                icon={
                  playing ? <Pause size={18} aria-hidden="true" /> : <Play size={18} aria-hidden="true" />
                }
              />
              <ActionButton actionId="frame.next" iconOnly variant="ghost" icon={SkipForward} />
              <ActionButton actionId="shot.next" iconOnly variant="ghost" icon={ChevronLast} />
            </div>
            <TransportTimecode transport={transport} total={layout.total} />
            <div className="tl-transport__shot">
              {current ? (
                <>
                  <span className="mono tl-transport__number">{formatShotNumber(current.index)}</span>
                  <span className="tl-transport__name">{current.shot.name}</span>
                </>
              ) : null}
            </div>
          </div>
          <TimelineTracks
            board={board}
            layout={layout}
            pps={pps}
            zoom={zoom}
            transport={transport}
            selection={selection}
            trackRef={trackRef}
            onTrimPreview={(shotId, duration) => setTrims(new Map([[shotId, duration]]))}
            onTrimCommit={commitTrim}
            onDrop={commitDrop}
            onOpen={openInLab}
            onSceneSelect={onSceneSelect}
            onSceneOpen={onSceneOpen}
            onSceneDrop={onSceneDrop}
            soundtrack={soundtrack}
            markers={markers}
            dialogue={dialogue}
          />
          <CommentsPanel projectId={projectId} onJump={(seconds) => transport.seek(seconds)} />
        </>
      )}
      {edits.dialog}
      <SceneDialog
        state={sceneDialog}
        onClose={() => setSceneDialog(null)}
        onSave={(sceneId, changes) => {
          setSceneDialog(null);
          if (editor.updateScene(sceneId, changes)) {
            announce(`Scene ${changes.name}, ${sceneColorName(changes.color)}`);
          }
        }}
      />
    </div>
  );
}

function TransportTimecode({ transport, total }: { transport: Transport; total: number }) {
  const time = useStore(transport.state, (state) => state.time);
  return (
    <div className="tl-timecode mono">
      <span className="sr-only">Timecode </span>
      <span className="tl-timecode__now">{formatTimecode(time)}</span>
      <span className="tl-timecode__sep" aria-hidden="true">
        /
      </span>
      <span className="tl-timecode__total">{formatTimecode(total)}</span>
    </div>
  );
}
