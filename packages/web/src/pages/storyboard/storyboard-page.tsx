import { useRouter } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Clapperboard,
  Film,
  ImagePlus,
  Images,
  List,
  Printer,
  RefreshCw,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { usePageCommand } from '../../app/page-commands.js';
import { useServices } from '../../app/services-context.js';
import { ActionButton } from '../../shell/action-button.js';
import { registerShotActions, sceneColorVar, shotLabPath, shotNavigation } from '../../shots/actions.js';
import { alternates } from '../../shots/coverage.js';
import {
  deriveShotStatus,
  formatClock,
  formatShotNumber,
  type SceneGroup,
  SHOT_STATUS_LABELS,
  SHOT_STATUSES,
  type ShotBoard,
  type ShotStatus,
  UNASSIGNED_SCENE_ID,
} from '../../shots/model.js';
import {
  type Direction,
  type Selection,
  selectAll,
  selectByKey,
  selectOnly,
  selectRange,
  toggle,
} from '../../shots/selection.js';
import { useShotEditCommands } from '../../shots/shot-commands.js';
import { aspectValue, useProjectShots } from '../../shots/use-project-shots.js';
import { errorBody } from '../../state/errors.js';
import { createStore, type Store, useStore } from '../../state/store.js';
import { Skeleton } from '../../ui/card.js';
import { cellId, StoryboardCell } from './storyboard-cell.js';
import '../../styles/shots.css';
import { ShotsPageStatus } from '../../shots/shots-page-status.js';
import { useWidth } from '../../ui/use-width.js';

/** Smallest cell width per zoom step; Ctrl+plus/minus/0 move through them. */
export const ZOOM_WIDTHS = [150, 190, 240, 300, 380, 480] as const;
const DEFAULT_ZOOM = 2;
export const storyboardZoom = createStore<number>(DEFAULT_ZOOM);

const PAD_X = 24;
const GAP = 16;
const META_HEIGHT = 78;
const ROW_GAP = 22;
const HEADER_HEIGHT = 56;

type Row = { kind: 'header'; group: SceneGroup } | { kind: 'shots'; first: number; count: number };

export interface GridLayout {
  rows: Row[];
  /** Shot indexes per visual row (headers excluded), for arrow keys. */
  shotRows: number[][];
  /** Virtual row of each shot index. */
  rowOfShot: number[];
}

/** The grid's rows: each scene group a header row, then its shots in rows of `columns`. */
export function gridRows(board: ShotBoard, columns: number): GridLayout {
  const rows: Row[] = [];
  const shotRows: number[][] = [];
  const rowOfShot: number[] = [];
  for (const group of board.groups) {
    rows.push({ kind: 'header', group });
    for (let first = group.first; first < group.first + group.count; first += columns) {
      const count = Math.min(columns, group.first + group.count - first);
      const indexes: number[] = [];
      for (let i = first; i < first + count; i += 1) {
        indexes.push(i);
        rowOfShot[i] = rows.length;
      }
      rows.push({ kind: 'shots', first, count });
      shotRows.push(indexes);
    }
  }
  return { rows, shotRows, rowOfShot };
}

const KEY_DIRECTIONS: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
  PageUp: 'pageUp',
  PageDown: 'pageDown',
};

/** /project/{id}/storyboard: every shot's frame by scene, selectable, editable, generated from here. */
export function StoryboardPage({ projectId }: { projectId: string }) {
  const services = useServices();
  const { commands, toasts, client } = services;
  const router = useRouter();
  const { board, aspect, isLoading, error, editor, selection } = useProjectShots(projectId);
  const zoom = useStore(storyboardZoom);
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);

  // The page actions exist before the toolbar asks for them (registering is idempotent).
  useMemo(() => registerShotActions(services), [services]);
  useEffect(() => {
    shotNavigation.navigate = (to) => router.history.push(to);
  }, [router]);

  const ratio = aspectValue(aspect);
  const minCell = ZOOM_WIDTHS[zoom] ?? ZOOM_WIDTHS[DEFAULT_ZOOM];
  const inner = Math.max(0, width - PAD_X * 2);
  const columns = Math.max(1, Math.floor((inner + GAP) / (minCell + GAP)));
  const cellWidth = columns > 0 ? (inner - GAP * (columns - 1)) / columns : minCell;
  const shotRowHeight = Math.round(cellWidth / ratio + META_HEIGHT + ROW_GAP);
  const layout = useMemo(() => gridRows(board, columns), [board, columns]);
  const order = useMemo(() => board.shots.map((entry) => entry.shot.id), [board]);

  const virtualizer = useVirtualizer({
    count: layout.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (layout.rows[index]?.kind === 'header' ? HEADER_HEIGHT : shotRowHeight),
    // Rows just outside the view are mounted ahead, so their frames are decoded before they scroll in.
    overscan: 3,
    paddingEnd: 48,
    // Scrolling re-renders in React's own time, not synchronously inside every scroll event.
    useFlushSync: false,
  });
  // Row heights follow the zoom, the width and the groups: measure again when they change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the trigger, not read
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, shotRowHeight, layout]);

  const revealShot = useCallback(
    (shotId: string | null) => {
      if (shotId === null) return;
      const index = board.byId.get(shotId)?.index;
      if (index === undefined) return;
      const row = layout.rowOfShot[index];
      if (row === undefined) return;
      // Scrolling up to the first row of a scene brings its header along.
      const header = layout.rows[row - 1]?.kind === 'header';
      const above = (virtualizer.measurementsCache[row]?.start ?? 0) < (virtualizer.scrollOffset ?? 0);
      virtualizer.scrollToIndex(header && above ? row - 1 : row, { align: 'auto' });
    },
    [board, layout, virtualizer],
  );

  // Coming back (from the shot lab, say), the grid opens where the active shot is.
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || board.shots.length === 0 || width === 0) return;
    revealed.current = true;
    const active = selection.get().active;
    const index = active === null ? undefined : board.byId.get(active)?.index;
    const row = index === undefined ? undefined : layout.rowOfShot[index];
    if (row !== undefined) virtualizer.scrollToIndex(row, { align: 'center' });
  }, [board, layout, selection, virtualizer, width]);

  // Cells get callbacks that never change, so a shot update re-renders only that shot's cell.
  const orderRef = useRef(order);
  orderRef.current = order;
  const onPointer = useCallback(
    (shotId: string, event: MouseEvent) => {
      if (event.button !== 0) return;
      scrollRef.current?.focus({ preventScroll: true });
      selection.set((current) => {
        if (event.shiftKey)
          return selectRange(current, orderRef.current, shotId, event.ctrlKey || event.metaKey);
        if (event.ctrlKey || event.metaKey) return toggle(current, shotId);
        return selectOnly(shotId);
      });
    },
    [selection],
  );

  const open = useCallback(
    (shotId: string) => shotNavigation.navigate(shotLabPath(projectId, shotId)),
    [projectId],
  );

  const selectedIds = () => order.filter((id) => selection.get().ids.has(id));

  const cycleAlternate = async (shotId: string) => {
    try {
      const state =
        alternates.get(shotId)?.status === 'ready'
          ? alternates.get(shotId)
          : await alternates.load(client, shotId);
      if (!state || state.variants.length === 0) {
        const number = formatShotNumber(board.byId.get(shotId)?.index ?? 0);
        toasts.show({
          type: 'info',
          title: `Shot ${number} has no alternates yet`,
          message: 'Create coverage for it in the shot lab, then C cycles through the rendered ones.',
        });
        return;
      }
      const next = alternates.cycle(shotId);
      if (next) {
        setAnnouncement(
          next.shown === 0
            ? 'Showing the shot’s frame'
            : `Showing alternate ${next.shown + 1} of ${next.variants.length + 1}`,
        );
      }
    } catch (caught) {
      toasts.show({ type: 'error', title: 'Alternates unavailable', message: errorBody(caught) });
    }
  };

  const promoteAlternate = (shotId: string) => {
    const variant = alternates.shownVariant(shotId);
    if (!variant?.image_url) {
      setAnnouncement('Press C to show an alternate first, then P promotes it');
      return;
    }
    const changed = editor.editFields(
      shotId,
      { image_url: variant.image_url, s3_image_key: null, generation_status: 'completed' },
      'Promote alternate',
    );
    alternates.reset(shotId);
    if (changed)
      setAnnouncement(
        `Alternate promoted to the frame of shot ${formatShotNumber(board.byId.get(shotId)?.index ?? 0)}`,
      );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const mod = event.ctrlKey || event.metaKey;
    const direction = KEY_DIRECTIONS[event.key];
    const active = selection.get().active;
    if (direction && event.altKey && !mod) {
      if (direction !== 'left' && direction !== 'right' && direction !== 'up' && direction !== 'down') return;
      event.preventDefault();
      const ids = selectedIds();
      if (ids.length === 0) return;
      const delta =
        direction === 'left' ? -1 : direction === 'right' ? 1 : direction === 'up' ? -columns : columns;
      editor.moveShots(ids, delta);
      requestAnimationFrame(() => revealShot(selection.get().active));
      return;
    }
    if (direction && !mod && !event.altKey) {
      event.preventDefault();
      const next = selectByKey(selection.get(), order, layout.shotRows, direction, event.shiftKey);
      selection.set(next);
      revealShot(next.active);
      return;
    }
    if (mod && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      selection.set(selectAll(order, active));
      return;
    }
    if (mod || event.altKey) return;
    if (event.key === 'Enter' && active) {
      event.preventDefault();
      open(active);
    } else if (event.key === 'Escape' && selection.get().ids.size > 0) {
      event.preventDefault();
      selection.set((current) => ({ ids: new Set(), anchor: null, active: current.active }));
    } else if (event.key === ' ' && active) {
      // Space adds the active shot to the selection or takes it out, like Ctrl+click.
      event.preventDefault();
      selection.set((current) => toggle(current, active));
    } else if ((event.key === 'c' || event.key === 'C') && !event.shiftKey && active) {
      event.preventDefault();
      void cycleAlternate(active);
    } else if ((event.key === 'p' || event.key === 'P') && !event.shiftKey && active) {
      event.preventDefault();
      promoteAlternate(active);
    }
  };

  const hasShots = board.shots.length > 0;
  const edits = useShotEditCommands({
    board,
    editor,
    selection,
    onDuplicated: (last) => requestAnimationFrame(() => revealShot(last)),
    onDeleted: () => requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true })),
  });
  const setAnnouncement = edits.announce;
  usePageCommand(commands, 'zoom.in', () =>
    storyboardZoom.set((z) => Math.min(ZOOM_WIDTHS.length - 1, z + 1)),
  );
  usePageCommand(commands, 'zoom.out', () => storyboardZoom.set((z) => Math.max(0, z - 1)));
  usePageCommand(commands, 'zoom.reset', () => storyboardZoom.set(DEFAULT_ZOOM));

  const activeId = useStore(selection, (s) => s.active);
  const items = virtualizer.getVirtualItems();
  // aria-activedescendant may only name a cell that is in the document (rows are virtualised).
  const activeIndex = activeId === null ? undefined : board.byId.get(activeId)?.index;
  const activeRow = activeIndex === undefined ? undefined : layout.rowOfShot[activeIndex];
  const activeMounted = activeRow !== undefined && items.some((item) => item.index === activeRow);

  return (
    <div className="page page--full shots-page">
      <StoryboardToolbar board={board} selection={selection} />
      <ShotsPageStatus
        announcement={edits.announcement}
        error={error}
        isLoading={isLoading}
        hasShots={hasShots}
        skeleton={<StoryboardSkeleton />}
        icon={<Clapperboard size={28} aria-hidden="true" />}
      />
      {/* biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows */}
      <div
        ref={scrollRef}
        className="sb-scroll"
        role="grid"
        aria-label="Storyboard"
        aria-multiselectable="true"
        aria-rowcount={layout.rows.length}
        aria-colcount={columns}
        aria-activedescendant={activeMounted && activeId ? cellId(activeId) : undefined}
        tabIndex={0}
        hidden={!hasShots}
        onKeyDown={onKeyDown}
      >
        <div className="sb-canvas" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = layout.rows[item.index];
            if (!row) return null;
            return (
              // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
              <div
                key={row.kind === 'header' ? row.group.key : `r${row.first}`}
                role="row"
                aria-rowindex={item.index + 1}
                className={row.kind === 'header' ? 'sb-row sb-row--header' : 'sb-row'}
                style={{ transform: `translateY(${item.start}px)`, height: item.size, paddingInline: PAD_X }}
              >
                {row.kind === 'header' ? (
                  <SceneHeader group={row.group} columns={columns} />
                ) : (
                  <div
                    className="sb-row__cells"
                    style={{ gridTemplateColumns: `repeat(${columns}, ${cellWidth}px)`, columnGap: GAP }}
                  >
                    {board.shots.slice(row.first, row.first + row.count).map((entry) => (
                      <StoryboardCell
                        key={entry.shot.id}
                        shot={entry.shot}
                        index={entry.index}
                        selection={selection}
                        aspect={aspect.replace(':', ' / ')}
                        onPointer={onPointer}
                        onOpen={open}
                      />
                    ))}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
      {edits.dialog}
    </div>
  );
}

function SceneHeader({ group, columns }: { group: SceneGroup; columns: number }) {
  const color = sceneColorVar(group.color);
  return (
    // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
    <div
      role="rowheader"
      aria-colspan={columns}
      className={group.sceneId === UNASSIGNED_SCENE_ID ? 'sb-scene sb-scene--unassigned' : 'sb-scene'}
      style={{ ['--scene-color' as string]: color }}
    >
      <span className="sb-scene__swatch" aria-hidden="true" />
      {group.sceneNumber !== null ? (
        <span className="sb-scene__number mono">{String(group.sceneNumber).padStart(2, '0')}</span>
      ) : null}
      <span className="sb-scene__name">{group.name}</span>
      <span className="sb-scene__facts mono">
        {group.count} {group.count === 1 ? 'shot' : 'shots'} · {formatClock(group.duration)}
      </span>
    </div>
  );
}

/** Memoised: scrolling the grid does not render the toolbar again. */
const StoryboardToolbar = memo(function StoryboardToolbar({
  board,
  selection,
}: {
  board: ShotBoard;
  selection: Store<Selection>;
}) {
  // The selection's actions are enabled by it: re-render when it becomes empty or not.
  useStore(selection, (current) => current.ids.size > 0);
  const counts = useMemo(() => {
    const out: Record<ShotStatus, number> = { pending: 0, processing: 0, completed: 0, stale: 0, failed: 0 };
    for (const entry of board.shots) out[deriveShotStatus(entry.shot).status] += 1;
    return out;
  }, [board]);
  const sceneCount = useMemo(
    () => new Set(board.groups.filter((g) => g.sceneId !== UNASSIGNED_SCENE_ID).map((g) => g.sceneId)).size,
    [board],
  );
  return (
    <header className="shots-toolbar">
      <div className="shots-toolbar__heading">
        <div className="shots-toolbar__title">
          <h1 className="page__title">Storyboard</h1>
          {board.shots.length > 0 ? (
            <p className="shots-toolbar__facts mono">
              {board.shots.length} {board.shots.length === 1 ? 'shot' : 'shots'} · {sceneCount}{' '}
              {sceneCount === 1 ? 'scene' : 'scenes'} · {formatClock(board.totalDuration)}
            </p>
          ) : null}
        </div>
        {board.shots.length > 0 ? (
          <ul className="status-tally" aria-label="Shots by status">
            {SHOT_STATUSES.filter((status) => counts[status] > 0).map((status) => (
              <li key={status} className={`status-tally__item status--${status}`}>
                <span className="status-dot" aria-hidden="true" />
                <span className="mono">{counts[status]}</span> {SHOT_STATUS_LABELS[status].toLowerCase()}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {board.shots.length > 0 ? (
        <div className="shots-toolbar__actions">
          <ActionButton actionId="nav.shots" variant="ghost" icon={<List size={16} aria-hidden="true" />}>
            Shot list
          </ActionButton>
          <ActionButton
            actionId="project.exportStoryboard"
            variant="ghost"
            icon={<Printer size={16} aria-hidden="true" />}
          >
            Print
          </ActionButton>
          <span className="shots-toolbar__divider" aria-hidden="true" />
          <ActionButton
            actionId="zoom.out"
            iconOnly
            variant="ghost"
            icon={<ZoomOut size={16} aria-hidden="true" />}
          />
          <ActionButton
            actionId="zoom.in"
            iconOnly
            variant="ghost"
            icon={<ZoomIn size={16} aria-hidden="true" />}
          />
          <ActionButton actionId="shot.generateImage" icon={<ImagePlus size={16} aria-hidden="true" />}>
            Generate image
          </ActionButton>
          <ActionButton
            actionId="generate.renderStaleImages"
            icon={<RefreshCw size={16} aria-hidden="true" />}
          >
            Render stale
          </ActionButton>
          <ActionButton actionId="generate.renderStaleVideos" icon={<Film size={16} aria-hidden="true" />}>
            Stale videos
          </ActionButton>
          <ActionButton
            actionId="generate.renderAllImages"
            variant="primary"
            icon={<Images size={16} aria-hidden="true" />}
          >
            Render all images
          </ActionButton>
        </div>
      ) : null}
    </header>
  );
});

function StoryboardSkeleton() {
  return (
    <div className="sb-skeleton" role="status" aria-busy="true" aria-label="Loading shots">
      <Skeleton width={220} height={18} />
      <div className="sb-skeleton__grid">
        {Array.from({ length: 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <div key={i} className="sb-skeleton__cell">
            <Skeleton className="sb-skeleton__frame" height="auto" />
            <Skeleton width="70%" />
            <Skeleton width="40%" />
          </div>
        ))}
      </div>
    </div>
  );
}
