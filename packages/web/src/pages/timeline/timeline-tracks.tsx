import type { Soundtrack } from '@reelbench/sdk/contract';
import {
  memo,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Waveform } from '../../audio/waveform.js';
import { useIsDirty } from '../../shots/dirty.js';
import {
  deriveShotStatus,
  formatShotNumber,
  type SceneGroup,
  SHOT_STATUS_LABELS,
  type ShotBoard,
  type ShotWithStaleness,
} from '../../shots/model.js';
import { useShotProgress } from '../../shots/progress.js';
import { useRenderCount } from '../../shots/render-count.js';
import { sceneColorVar } from '../../shots/scene-color.js';
import {
  type Selection,
  selectOnly,
  selectRange,
  toggle,
  useIsActive,
  useIsSelected,
} from '../../shots/selection.js';
import { type Store, useStore } from '../../state/store.js';
import { type DialoguePlacement, type PlacedLine, visibleLines } from '../../timeline/dialogue-placement.js';
import type { Transport } from '../../timeline/playback.js';
import {
  type CommentMarker,
  clampDuration,
  dropIndex,
  formatClipDuration,
  formatTimecode,
  orderAfterDrop,
  playheadSliderProps,
  rulerScale,
  rulerTicks,
  spokenDuration,
  TRIM_STEP_FRAMES,
  visibleRange,
} from '../../timeline/timeline-model.js';
import { cx } from '../../ui/cx.js';

/** Left padding of the timeline's content: time 0 sits this far from the scroll edge. */
export const PAD = 16;
/** Clips mounted beyond each edge of the view, in px. */
const MARGIN_PX = 600;
const DRAG_THRESHOLD = 4;
const EDGE_SCROLL = 48;

export function clipDomId(shotId: string): string {
  return `timeline-clip-${shotId}`;
}

type Drag =
  | { kind: 'move'; ids: string[]; startX: number; active: boolean; index: number }
  | { kind: 'trim'; id: string; startX: number; original: number; duration: number }
  | { kind: 'scrub' }
  | {
      kind: 'scene';
      sceneId: string;
      groupKey: string;
      startX: number;
      active: boolean;
      target: { sceneId: string; after: boolean } | null;
    };

export interface TracksProps {
  board: ShotBoard;
  layout: { starts: number[]; durations: number[]; total: number };
  pps: number;
  zoom: number;
  transport: Transport;
  selection: Store<Selection>;
  trackRef: RefObject<HTMLDivElement | null>;
  onTrimPreview: (shotId: string, duration: number) => void;
  onTrimCommit: (shotId: string, duration: number | null) => void;
  onDrop: (order: string[], moved: string[]) => void;
  onOpen: (shotId: string) => void;
  /** A click on a scene in the band: its shots are selected. */
  onSceneSelect: (group: SceneGroup) => void;
  /** A double click on a scene: edit it. */
  onSceneOpen: (group: SceneGroup) => void;
  /** A scene dragged in the band and dropped before or after another scene. */
  onSceneDrop: (sceneId: string, target: { sceneId: string; after: boolean }) => void;
  /** The project's soundtrack, drawn in a lane under the video track at its offset; none: no lane. */
  soundtrack?: Pick<Soundtrack, 'name' | 'peaks' | 'durationSeconds' | 'offsetSeconds'> | null;
  /** Reviewers' comments, as markers on the ruler (commentMarkers). */
  markers?: readonly CommentMarker[];
  /** The scratch track's lines placed under their shots (placeDialogue); none or empty: no lane. */
  dialogue?: DialoguePlacement | null;
}

function useViewport(ref: RefObject<HTMLDivElement | null>) {
  const [view, setView] = useState({ left: 0, width: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((current) =>
        current.left === element.scrollLeft && current.width === element.clientWidth
          ? current
          : { left: element.scrollLeft, width: element.clientWidth },
      );
    };
    read();
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => read());
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [ref]);
  return view;
}

/**
 * The ruler, the scene band and the video track, scrolling together, with the playhead across them.
 * Only the clips, scenes and ticks in view (plus a margin) are in the document.
 */
export function TimelineTracks({
  board,
  layout,
  pps,
  zoom,
  transport,
  selection,
  trackRef,
  onTrimPreview,
  onTrimCommit,
  onDrop,
  onOpen,
  onSceneSelect,
  onSceneOpen,
  onSceneDrop,
  soundtrack = null,
  markers = [],
  dialogue = null,
}: TracksProps) {
  const hasDialogue = dialogue !== null && dialogue.placed.length > 0;
  const scrollRef = useRef<HTMLDivElement>(null);
  const view = useViewport(scrollRef);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  dragRef.current = drag;
  const { starts, durations, total } = layout;
  const contentWidth = PAD * 2 + total * pps + Math.max(0, view.width * 0.5);
  const order = board.shots.map((entry) => entry.shot.id);
  const orderRef = useRef(order);
  orderRef.current = order;

  const from = Math.max(0, (view.left - PAD - MARGIN_PX) / pps);
  const to = (view.left + view.width + MARGIN_PX) / pps;
  const [first, last] = visibleRange(starts, durations, from, to);

  // Zooming keeps the playhead where it was on screen.
  const previousPps = useRef(pps);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || previousPps.current === pps) return;
    const time = transport.time;
    const onScreen = PAD + time * previousPps.current - element.scrollLeft;
    previousPps.current = pps;
    element.scrollLeft = Math.max(0, PAD + time * pps - onScreen);
  }, [pps, transport]);

  // The view follows the playhead: a page on when playing past the edge, into view after a jump.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    return transport.state.subscribe(() => {
      if (dragRef.current?.kind === 'scrub') return;
      const { time, playing } = transport.state.get();
      const x = PAD + time * pps;
      const left = element.scrollLeft;
      const width = element.clientWidth;
      if (width === 0) return;
      if (x > left + width - 24) element.scrollLeft = playing ? x - 48 : x - width * 0.6;
      else if (x < left + 8) element.scrollLeft = Math.max(0, playing ? x - 48 : x - width * 0.4);
    });
  }, [transport, pps]);

  const timeAt = useCallback(
    (clientX: number) => {
      const element = scrollRef.current;
      if (!element) return 0;
      const rect = element.getBoundingClientRect();
      return (clientX - rect.left + element.scrollLeft - PAD) / pps;
    },
    [pps],
  );

  const edgeScroll = (clientX: number) => {
    const element = scrollRef.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    if (clientX < rect.left + EDGE_SCROLL) element.scrollLeft -= 24;
    else if (clientX > rect.right - EDGE_SCROLL) element.scrollLeft += 24;
  };

  // ---------------------------------------------------------------- pointer: scrub, move, trim
  const onRulerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    // A press on a comment's marker goes to the comment's frame, not the pixel under the pointer.
    const marker = (event.target as HTMLElement).closest<HTMLElement>('[data-marker-time]');
    transport.seek(marker ? Number(marker.dataset.markerTime) : timeAt(event.clientX));
    setDrag({ kind: 'scrub' });
  };

  const onClipDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = event.target as HTMLElement;
    const clip = target.closest<HTMLElement>('[data-shot-id]');
    const shotId = clip?.dataset.shotId;
    if (!clip || !shotId) return;
    // The listbox keeps the focus (aria-activedescendant), not the clip under the pointer.
    event.preventDefault();
    trackRef.current?.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const index = board.byId.get(shotId)?.index ?? 0;
    if (target.closest('[data-trim]')) {
      event.preventDefault();
      selection.set(selectOnly(shotId));
      const original = durations[index] ?? 0;
      setDrag({ kind: 'trim', id: shotId, startX: event.clientX, original, duration: original });
      return;
    }
    const current = selection.get();
    const mod = event.ctrlKey || event.metaKey;
    if (event.shiftKey) selection.set(selectRange(current, orderRef.current, shotId, mod));
    else if (mod) selection.set(toggle(current, shotId));
    else if (!current.ids.has(shotId)) selection.set(selectOnly(shotId));
    const selected = selection.get().ids;
    const ids = selected.has(shotId) ? orderRef.current.filter((id) => selected.has(id)) : [shotId];
    setDrag({ kind: 'move', ids, startX: event.clientX, active: false, index });
  };

  const onSceneDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    const block = (event.target as HTMLElement).closest<HTMLElement>('[data-scene-id]');
    const sceneId = block?.dataset.sceneId;
    const groupKey = block?.dataset.groupKey;
    if (!block || !sceneId || !groupKey) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ kind: 'scene', sceneId, groupKey, startX: event.clientX, active: false, target: null });
  };

  /** The scene under `time` in the band, and whether `time` is past its middle. */
  const sceneTargetAt = (time: number, moving: string) => {
    for (const group of board.groups) {
      const start = starts[group.first] ?? 0;
      const lastIndex = group.first + group.count - 1;
      const end = (starts[lastIndex] ?? 0) + (durations[lastIndex] ?? 0);
      if (time < start || time > end) continue;
      if (group.sceneNumber === null || group.sceneId === moving) return null;
      return {
        sceneId: group.sceneId,
        after: time > (start + end) / 2,
        x: time > (start + end) / 2 ? end : start,
      };
    }
    return null;
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    if (!current) return;
    if (current.kind === 'scene') {
      const moved = Math.abs(event.clientX - current.startX) > DRAG_THRESHOLD;
      if (!current.active && !moved) return;
      edgeScroll(event.clientX);
      const found = sceneTargetAt(timeAt(event.clientX), current.sceneId);
      const target = found ? { sceneId: found.sceneId, after: found.after } : null;
      if (
        !current.active ||
        target?.sceneId !== current.target?.sceneId ||
        target?.after !== current.target?.after
      ) {
        setDrag({ ...current, active: true, target });
      }
      return;
    }
    if (current.kind === 'scrub') {
      edgeScroll(event.clientX);
      transport.seek(timeAt(event.clientX));
      return;
    }
    if (current.kind === 'trim') {
      const duration = clampDuration(current.original + (event.clientX - current.startX) / pps);
      if (duration !== current.duration) {
        setDrag({ ...current, duration });
        onTrimPreview(current.id, duration);
      }
      return;
    }
    const moved = Math.abs(event.clientX - current.startX) > DRAG_THRESHOLD;
    if (!current.active && !moved) return;
    edgeScroll(event.clientX);
    const index = dropIndex(starts, durations, timeAt(event.clientX));
    if (!current.active || index !== current.index) setDrag({ ...current, active: true, index });
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    const current = dragRef.current;
    setDrag(null);
    if (!current) return;
    if (current.kind === 'scene') {
      const group = board.groups.find((candidate) => candidate.key === current.groupKey);
      if (!current.active) {
        if (group) onSceneSelect(group);
      } else if (current.target) onSceneDrop(current.sceneId, current.target);
      return;
    }
    if (current.kind === 'trim') {
      onTrimCommit(current.id, current.duration !== current.original ? current.duration : null);
      return;
    }
    if (current.kind !== 'move') return;
    if (!current.active) {
      // A plain click on a clip of a multi-selection keeps only that clip.
      const mod = event.ctrlKey || event.metaKey || event.shiftKey;
      if (!mod && current.ids.length > 1) {
        const clip = (event.target as HTMLElement).closest<HTMLElement>('[data-shot-id]');
        if (clip?.dataset.shotId) selection.set(selectOnly(clip.dataset.shotId));
      }
      return;
    }
    const next = orderAfterDrop(orderRef.current, current.ids, current.index);
    onDrop(next, current.ids);
  };

  const onPointerCancel = () => {
    const current = dragRef.current;
    setDrag(null);
    if (current?.kind === 'trim') onTrimCommit(current.id, null);
  };

  // ---------------------------------------------------------------- what is in view
  const groups = board.groups.filter((group) => {
    const start = starts[group.first] ?? 0;
    const lastIndex = group.first + group.count - 1;
    const end = (starts[lastIndex] ?? 0) + (durations[lastIndex] ?? 0);
    return end >= from && start <= to;
  });
  const scale = rulerScale(pps);
  const ticks = rulerTicks(scale, Math.max(0, (view.left - PAD) / pps), (view.left + view.width) / pps);
  const sceneDrag = drag?.kind === 'scene' && drag.active ? drag : null;
  const sceneDropX = (() => {
    if (!sceneDrag?.target) return null;
    const target = sceneDrag.target;
    const runs = board.groups.filter((group) => group.sceneId === target.sceneId);
    const run = target.after ? runs.at(-1) : runs[0];
    if (!run) return null;
    const lastIndex = run.first + run.count - 1;
    const time = target.after
      ? (starts[lastIndex] ?? 0) + (durations[lastIndex] ?? 0)
      : (starts[run.first] ?? 0);
    return PAD + time * pps;
  })();
  const sceneDropName = sceneDrag ? board.scenesById.get(sceneDrag.sceneId)?.name : undefined;
  const dragging = drag?.kind === 'move' && drag.active ? drag : null;
  const draggingIds = new Set(dragging?.ids ?? []);
  const dropX =
    dragging === null
      ? null
      : PAD + pps * (dragging.index < starts.length ? (starts[dragging.index] ?? 0) : total);
  const dropScene =
    dragging === null
      ? null
      : board.groups.find((group) => {
          const target = Math.max(0, dragging.index - 1);
          return target >= group.first && target < group.first + group.count;
        });

  const activeId = useStore(selection, (current) => current.active);
  const activeIndex = activeId === null ? undefined : board.byId.get(activeId)?.index;
  const activeMounted = activeIndex !== undefined && activeIndex >= first && activeIndex <= last;
  const clips = [];
  for (let index = first; index <= last && index >= 0; index += 1) {
    const entry = board.shots[index];
    if (!entry) continue;
    clips.push(
      <Clip
        key={entry.shot.id}
        shot={entry.shot}
        index={index}
        x={PAD + (starts[index] ?? 0) * pps}
        width={(durations[index] ?? 0) * pps}
        duration={durations[index] ?? 0}
        selection={selection}
        dragging={draggingIds.has(entry.shot.id)}
        trimming={drag?.kind === 'trim' && drag.id === entry.shot.id}
        onOpen={onOpen}
      />,
    );
  }

  return (
    <section className="tl-tracks" aria-label="Tracks">
      <div className="tl-heads" aria-hidden="true">
        <div className="tl-head tl-head--ruler mono">{formatTimecode(0).slice(0, 2)}h</div>
        <div className="tl-head tl-head--scenes">Scenes</div>
        <div className="tl-head tl-head--video">V1</div>
        {soundtrack ? <div className="tl-head tl-head--audio">A1</div> : null}
        {hasDialogue ? (
          <div className="tl-head tl-head--dialogue" title="Dialogue (the scratch track)">
            A2
          </div>
        ) : null}
      </div>
      <div
        ref={scrollRef}
        className={cx('tl-scroll', drag?.kind === 'move' && drag.active && 'is-dragging')}
        data-zoom={zoom}
      >
        <div
          className={cx(
            'tl-content',
            soundtrack && 'tl-content--audio',
            hasDialogue && 'tl-content--dialogue',
          )}
          style={{ width: contentWidth }}
        >
          <div
            className="tl-ruler"
            aria-hidden="true"
            onPointerDown={onRulerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
          >
            {ticks.map((tick) => (
              <span
                key={tick.time.toFixed(4)}
                className={cx('tl-tick', tick.major && 'tl-tick--major')}
                style={{ transform: `translateX(${PAD + tick.time * pps}px)` }}
              >
                {tick.major ? <span className="tl-tick__label mono">{formatTimecode(tick.time)}</span> : null}
              </span>
            ))}
            {markers
              .filter((marker) => marker.time >= from && marker.time <= to)
              .map((marker) => (
                <span
                  key={marker.id}
                  className="tl-marker"
                  data-marker-time={marker.time}
                  title={marker.label}
                  style={{ transform: `translateX(${PAD + marker.time * pps}px)` }}
                />
              ))}
          </div>
          <ul
            className={cx('tl-scenes', sceneDrag && 'is-dragging')}
            aria-label="Scenes"
            onPointerDown={onSceneDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
          >
            {groups.map((group) => (
              <SceneBlock
                key={group.key}
                group={group}
                dragging={sceneDrag?.sceneId === group.sceneId}
                onOpen={onSceneOpen}
                x={PAD + (starts[group.first] ?? 0) * pps}
                width={
                  ((starts[group.first + group.count - 1] ?? 0) +
                    (durations[group.first + group.count - 1] ?? 0) -
                    (starts[group.first] ?? 0)) *
                  pps
                }
              />
            ))}
          </ul>
          <div
            ref={trackRef}
            className="tl-track"
            role="listbox"
            aria-label="Video track"
            aria-orientation="horizontal"
            aria-multiselectable="true"
            aria-activedescendant={activeMounted && activeId ? clipDomId(activeId) : undefined}
            aria-keyshortcuts="Alt+ArrowLeft Alt+ArrowRight Alt+Shift+ArrowLeft Alt+Shift+ArrowRight Home End Enter"
            tabIndex={0}
            onPointerDown={onClipDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
          >
            {clips}
          </div>
          {soundtrack ? <AudioLane soundtrack={soundtrack} pps={pps} view={view} /> : null}
          {hasDialogue && dialogue ? (
            <DialogueLane placement={dialogue} pps={pps} from={from} to={to} />
          ) : null}
          {sceneDropX !== null ? (
            <div
              className="tl-drop tl-drop--scene"
              style={{
                transform: `translateX(${sceneDropX}px)`,
                ['--scene-color' as string]: sceneColorVar(
                  board.scenesById.get(sceneDrag?.sceneId ?? '')?.color ?? null,
                ),
              }}
              aria-hidden="true"
            >
              <span className="tl-drop__label">Move {sceneDropName ?? 'scene'} here</span>
            </div>
          ) : null}
          {dropX !== null ? (
            <div
              className="tl-drop"
              style={{
                transform: `translateX(${dropX}px)`,
                ['--scene-color' as string]: sceneColorVar(dropScene?.color ?? null),
              }}
              aria-hidden="true"
            >
              <span className="tl-drop__label">
                {dragging?.ids.length === 1 ? 'Move here' : `Move ${dragging?.ids.length} here`}
                {dropScene ? ` · ${dropScene.name}` : ''}
              </span>
            </div>
          ) : null}
          <Playhead transport={transport} pps={pps} total={total} onScrub={timeAt} scrollRef={scrollRef} />
        </div>
      </div>
    </section>
  );
}

/**
 * The soundtrack under the picture: the track's extent at its offset, and its waveform drawn for the
 * part in view only (a canvas the width of the view, moved with the scroll), on the timeline's scale.
 */
function AudioLane({
  soundtrack,
  pps,
  view,
}: {
  soundtrack: NonNullable<TracksProps['soundtrack']>;
  pps: number;
  view: { left: number; width: number };
}) {
  const { offsetSeconds, durationSeconds } = soundtrack;
  const from = (view.left - PAD) / pps - offsetSeconds;
  const to = (view.left + view.width - PAD) / pps - offsetSeconds;
  return (
    <div
      className="tl-audio"
      role="img"
      aria-label={`Soundtrack ${soundtrack.name}, ${formatClipDuration(durationSeconds)}, starting at ${formatTimecode(Math.max(0, offsetSeconds))}`}
    >
      <div
        className="tl-audio__extent"
        style={{
          transform: `translateX(${PAD + offsetSeconds * pps}px)`,
          width: durationSeconds * pps,
        }}
        aria-hidden="true"
      />
      {view.width > 0 ? (
        <Waveform
          className="tl-audio__wave"
          style={{ transform: `translateX(${view.left}px)`, width: view.width }}
          peaks={soundtrack.peaks}
          durationSeconds={durationSeconds}
          from={from}
          to={to}
        />
      ) : null}
      <span className="tl-audio__name" style={{ transform: `translateX(${view.left}px)` }}>
        {soundtrack.name}
      </span>
    </div>
  );
}

/** Below this width a line's clip shows no waveform (a few pixels say nothing, and cost a canvas). */
const MIN_WAVE_PX = 24;

/**
 * The dialogue track (A2): each line's clip under its shot at its place, with its waveform and the
 * speaker's name. Only the clips in view (plus the tracks' margin) are in the document.
 */
const DialogueLane = memo(function DialogueLane({
  placement,
  pps,
  from,
  to,
}: {
  placement: DialoguePlacement;
  pps: number;
  from: number;
  to: number;
}) {
  const [first, last] = visibleLines(placement, from, to);
  const clips = [];
  for (let index = first; index <= last; index += 1) {
    const entry = placement.placed[index];
    if (entry) clips.push(<LineClip key={entry.line.id} entry={entry} pps={pps} />);
  }
  return (
    <ul className="tl-dialogue" aria-label="Dialogue track" data-lines={placement.placed.length}>
      {clips}
    </ul>
  );
});

const LineClip = memo(function LineClip({ entry, pps }: { entry: PlacedLine; pps: number }) {
  const { line, start, duration, overruns } = entry;
  const width = Math.max(2, duration * pps - 1);
  const take = line.source === 'uploaded';
  const said = `${line.character}${line.extension ? ` ${line.extension}` : ''}: ${line.text}`;
  return (
    <li
      className={cx('tl-line', take && 'tl-line--take', overruns && 'tl-line--overrun')}
      style={{ transform: `translateX(${PAD + start * pps}px)`, width }}
      title={`${said} — ${formatClipDuration(duration)}${take ? ', recorded take' : ''}${overruns ? ', runs past its shot' : ''}`}
      aria-label={`${said}, ${spokenDuration(duration)} at ${formatTimecode(start)}${overruns ? ', runs past its shot' : ''}`}
      data-line-id={line.id}
      data-line-shot={line.shotId ?? undefined}
    >
      <span className="tl-line__name" aria-hidden="true">
        {line.character}
      </span>
      {width >= MIN_WAVE_PX ? (
        <Waveform className="tl-line__wave" peaks={line.peaks} durationSeconds={duration} />
      ) : null}
    </li>
  );
});

function SceneBlock({
  group,
  x,
  width,
  dragging,
  onOpen,
}: {
  group: SceneGroup;
  x: number;
  width: number;
  dragging: boolean;
  onOpen: (group: SceneGroup) => void;
}) {
  const shots = `${group.count} ${group.count === 1 ? 'shot' : 'shots'}`;
  const number = group.sceneNumber !== null ? String(group.sceneNumber).padStart(2, '0') : null;
  return (
    <li
      className={cx('tl-scene', group.color === null && 'tl-scene--unassigned', dragging && 'is-dragging')}
      style={{
        transform: `translateX(${x}px)`,
        width: Math.max(1, width - 1),
        ['--scene-color' as string]: sceneColorVar(group.color),
      }}
    >
      <button
        type="button"
        className="tl-scene__button"
        tabIndex={-1}
        data-scene-id={group.sceneId}
        data-group-key={group.key}
        title={
          group.sceneNumber !== null
            ? `${group.name} · ${shots} · click selects, double-click edits (F2), drag or Alt+Up/Down moves`
            : `${group.name} · ${shots}`
        }
        onDoubleClick={() => {
          if (group.sceneNumber !== null) onOpen(group);
        }}
      >
        <span className="tl-scene__label">
          {number !== null ? (
            <span className="tl-scene__number mono">
              <span className="sr-only">Scene </span>
              {number}
            </span>
          ) : null}
          <span className="tl-scene__name">{group.name}</span>
          <span className="sr-only">, {shots}</span>
        </span>
      </button>
    </li>
  );
}

interface ClipProps {
  shot: ShotWithStaleness;
  index: number;
  x: number;
  width: number;
  duration: number;
  selection: Store<Selection>;
  dragging: boolean;
  trimming: boolean;
  onOpen: (shotId: string) => void;
}

/** One clip: thumbnail frames tiled along it, number, name, duration, and its status as the bottom edge. */
const Clip = memo(function Clip({
  shot,
  index,
  x,
  width,
  duration,
  selection,
  dragging,
  trimming,
  onOpen,
}: ClipProps) {
  useRenderCount(shot.id);
  const selected = useIsSelected(selection, shot.id);
  const active = useIsActive(selection, shot.id);
  const live = useShotProgress(shot.id);
  const dirty = useIsDirty(shot.id);
  const derived = deriveShotStatus(shot, live);
  const number = formatShotNumber(index);
  const statusLabel =
    derived.status === 'processing' && derived.progress
      ? `${SHOT_STATUS_LABELS.processing} ${derived.progress}%`
      : SHOT_STATUS_LABELS[derived.status];
  const narrow = width < 56;
  return (
    <div
      id={clipDomId(shot.id)}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      data-shot-id={shot.id}
      data-status={derived.status}
      className={cx(
        'tl-clip',
        `tl-clip--${derived.status}`,
        selected && 'is-selected',
        active && 'is-active',
        dragging && 'is-dragging',
        trimming && 'is-trimming',
        narrow && 'is-narrow',
        dirty && 'is-dirty',
      )}
      data-dirty={dirty || undefined}
      style={{ transform: `translateX(${x}px)`, width: Math.max(2, width - 1) }}
      onDoubleClick={() => onOpen(shot.id)}
    >
      <div
        className="tl-clip__thumbs"
        style={shot.image_url ? { backgroundImage: `url(${JSON.stringify(shot.image_url)})` } : undefined}
        aria-hidden="true"
      />
      <span className="sr-only">{`Shot ${number}, ${shot.name}, ${spokenDuration(duration)}, ${statusLabel}${dirty ? ', unsaved changes' : ''}`}</span>
      {narrow ? null : (
        <div className="tl-clip__meta" aria-hidden="true">
          <span className="tl-clip__top">
            <span className="tl-clip__number mono">{number}</span>
            {dirty ? <span className="dirty-mark" title="Unsaved changes" /> : null}
            <span className="tl-clip__name">{shot.name}</span>
          </span>
          <span className="tl-clip__duration mono">{formatClipDuration(duration)}</span>
        </div>
      )}
      {derived.status === 'processing' ? (
        <span
          className="tl-clip__progress"
          style={{ width: `${derived.progress || 30}%` }}
          aria-hidden="true"
        />
      ) : null}
      <span className="tl-clip__edge" aria-hidden="true" title={statusLabel} />
      <span
        className="tl-clip__trim"
        data-trim="true"
        aria-hidden="true"
        title={`Drag to trim · Alt+Shift+Left/Right ∓${TRIM_STEP_FRAMES} frame`}
      />
      {trimming ? <span className="tl-clip__trim-tip mono">{formatClipDuration(duration)}</span> : null}
    </div>
  );
});

function Playhead({
  transport,
  pps,
  total,
  onScrub,
  scrollRef,
}: {
  transport: Transport;
  pps: number;
  total: number;
  onScrub: (clientX: number) => number;
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  const time = useStore(transport.state, (state) => state.time);
  const dragging = useRef(false);
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    // Left/Right step frames through the global shortcuts; these are the slider's own keys.
    const step = { PageUp: -1, PageDown: 1 }[event.key as 'PageUp' | 'PageDown'];
    if (step !== undefined) {
      event.preventDefault();
      transport.seek(transport.time + step);
    } else if (event.key === 'Home') {
      event.preventDefault();
      transport.seek(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      transport.seek(total);
    }
  };
  return (
    // biome-ignore lint/a11y: a slider: its role, focus and values come from playheadSliderProps
    <div
      className="tl-playhead"
      style={{ transform: `translateX(${PAD + time * pps}px)` }}
      {...playheadSliderProps(
        time,
        total,
        'ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight PageUp PageDown Home End',
      )}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.stopPropagation();
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (!dragging.current) return;
        const element = scrollRef.current;
        if (element) {
          const rect = element.getBoundingClientRect();
          if (event.clientX > rect.right - EDGE_SCROLL) element.scrollLeft += 24;
          else if (event.clientX < rect.left + EDGE_SCROLL) element.scrollLeft -= 24;
        }
        transport.seek(onScrub(event.clientX));
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
    >
      <span className="tl-playhead__head" aria-hidden="true" />
      <span className="tl-playhead__line" aria-hidden="true" />
    </div>
  );
}
