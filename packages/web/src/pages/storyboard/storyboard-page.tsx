import { useRouter, useRouterState } from '@tanstack/react-router';
import {
  ArrowUpToLine,
  Clapperboard,
  Film,
  ImagePlus,
  Images,
  Layers,
  List,
  Printer,
  RefreshCw,
  Repeat,
  SquarePen,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { useServices } from '../../app/services-context.js';
import { ActionButton } from '../../shell/action-button.js';
import { alternates } from '../../shots/coverage.js';
import { coverageDialog } from '../../shots/coverage-actions.js';
import { useCoverageTarget } from '../../shots/coverage-target.js';
import {
  deriveShotStatus,
  formatClock,
  formatShotNumber,
  framingLabel,
  type SceneGroup,
  SHOT_STATUS_LABELS,
  SHOT_STATUSES,
  type ShotBoard,
  type ShotStatus,
  UNASSIGNED_SCENE_ID,
} from '../../shots/model.js';
import { SceneRowHeader } from '../../shots/scene-row-header.js';
import {
  type Direction,
  revealTarget,
  type Selection,
  selectAll,
  selectByKey,
  selectOnly,
  selectRange,
  toggle,
} from '../../shots/selection.js';
import { shotLabPath, shotView } from '../../shots/shot-actions.js';
import { useShotEditCommands } from '../../shots/shot-commands.js';
import { ShotContextMenu, type ShotMenuAt, type ShotMenuEntry } from '../../shots/shot-context-menu.js';
import { aspectValue, useProjectShots } from '../../shots/use-project-shots.js';
import { errorBody } from '../../state/errors.js';
import { createStore, type Store, useStore } from '../../state/store.js';
import { Skeleton } from '../../ui/card.js';
import { useGridFrame, useGridRows } from '../../ui/use-virtual-grid.js';
import { VirtualGrid } from '../../ui/virtual-grid.js';
import { useProjectId } from '../project/project-layout.js';
import { printLayoutOf } from './print/print-actions.js';
import { storyboardPage } from './storyboard-actions.js';
import { cellId, StoryboardCell } from './storyboard-cell.js';
import '../../styles/shots.css';
import { ShotsPageStatus } from '../../shots/shots-page-status.js';
import { ShotsToolbar, StaleCount, useStaleCounts } from '../../shots/shots-toolbar.js';

/** Smallest cell width per zoom step; Ctrl+plus/minus/0 move through them. */
export const ZOOM_WIDTHS = [150, 190, 240, 300, 380, 480] as const;
const DEFAULT_ZOOM = 2;
export const storyboardZoom = createStore<number>(DEFAULT_ZOOM);

/** The grid's sizes; the smallest cell width follows the zoom. */
const STORYBOARD_GRID = { headerHeight: 56, metaHeight: 78, rowGap: 22 };

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

const StoryboardPrint = lazy(() =>
  import('./print/storyboard-print.js').then((module) => ({ default: module.StoryboardPrint })),
);

/** /project/{id}/storyboard, or its print view with ?print=sheet|pages. */
export function StoryboardRoute() {
  const projectId = useProjectId();
  const print = useRouterState({
    select: (state) => printLayoutOf((state.location.search as Record<string, unknown>).print),
  });
  if (print === null) return <StoryboardPage projectId={projectId} />;
  return (
    <Suspense fallback={null}>
      <StoryboardPrint projectId={projectId} layout={print} />
    </Suspense>
  );
}

/** /project/{id}/storyboard: every shot's frame by scene, selectable, editable, generated from here. */
export function StoryboardPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const services = useServices();
  const { toasts, client } = services;
  const router = useRouter();
  const shots = useProjectShots(projectId);
  const { board, aspect, editor, selection } = shots;
  const zoom = useStore(storyboardZoom);

  const minCell = ZOOM_WIDTHS[zoom] ?? ZOOM_WIDTHS[DEFAULT_ZOOM];
  const frame = useGridFrame({ ...STORYBOARD_GRID, minCell });
  const { scrollRef, width, columns } = frame;
  const layout = useMemo(() => gridRows(board, columns), [board, columns]);
  const order = useMemo(() => board.shots.map((entry) => entry.shot.id), [board]);
  // Scrolling re-renders in React's own time, not synchronously inside every scroll event.
  const grid = useGridRows(frame, layout.rows, { aspect: aspectValue(aspect), useFlushSync: false });
  const { virtualizer } = grid;

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

  // Coming back (from the shot lab, say), the grid opens where the selected shot is (revealTarget).
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || board.shots.length === 0 || width === 0) return;
    revealed.current = true;
    const active = revealTarget(selection.get());
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
    [selection, scrollRef],
  );

  const open = useCallback(
    (shotId: string) => router.history.push(shotLabPath(projectId, shotId)),
    [router, projectId],
  );

  // The context menu of a shot (right click, the Menu key, Shift+F10): the shot becomes the active
  // one (joining the selection if it is in it) and the menu lists its actions.
  const [menu, setMenu] = useState<ShotMenuAt | null>(null);
  const boardRef = useRef(board);
  boardRef.current = board;
  const openMenu = useCallback(
    (shotId: string, x: number, y: number) => {
      selection.set((current) =>
        current.ids.has(shotId) ? { ...current, active: shotId } : selectOnly(shotId),
      );
      const index = boardRef.current.byId.get(shotId)?.index ?? 0;
      setMenu({ x, y, shotNumber: formatShotNumber(index) });
    },
    [selection],
  );
  const onMenu = useCallback(
    (shotId: string, event: MouseEvent) => {
      event.preventDefault();
      scrollRef.current?.focus({ preventScroll: true });
      openMenu(shotId, event.clientX, event.clientY);
    },
    [openMenu, scrollRef],
  );
  const closeMenu = useCallback(() => {
    setMenu(null);
    scrollRef.current?.focus({ preventScroll: true });
  }, [scrollRef]);

  const selectedIds = () => order.filter((id) => selection.get().ids.has(id));
  const numberOf = (shotId: string) => formatShotNumber(board.byId.get(shotId)?.index ?? 0);

  // C and P answer with one toast at a time (a new press replaces the last one's), so a film maker
  // flicking through the variants reads where they are.
  const feedback = useRef<string | null>(null);
  const tell = (input: Parameters<typeof toasts.show>[0]) => {
    if (feedback.current) toasts.dismiss(feedback.current);
    feedback.current = toasts.show(input);
    setAnnouncement(input.message ? `${input.title}. ${input.message}` : input.title);
  };

  const cycleAlternate = async (shotId: string) => {
    try {
      const state =
        alternates.get(shotId)?.status === 'ready'
          ? alternates.get(shotId)
          : await alternates.load(client, shotId);
      if (!state || state.variants.length === 0) {
        tell({
          type: 'info',
          title: `Shot ${numberOf(shotId)} has no rendered coverage yet`,
          message: 'Create Coverage… picks framings for it and renders them; then C cycles through them.',
          action: {
            label: 'Create Coverage…',
            onClick: () => coverageDialog(services).set({ projectId, shotId, shotNumber: numberOf(shotId) }),
          },
        });
        return;
      }
      const next = alternates.cycle(shotId);
      if (!next) return;
      const total = next.variants.length + 1;
      const variant = next.shown > 0 ? next.variants[next.shown - 1] : undefined;
      tell({
        type: 'info',
        title: variant
          ? `Showing variant ${next.shown + 1} of ${total} — ${framingLabel(variant.framingType)}`
          : `Showing the main shot (1 of ${total})`,
        message: variant
          ? `Shot ${numberOf(shotId)} · P promotes it to the main shot, C shows the next`
          : `Shot ${numberOf(shotId)} · C shows its coverage`,
      });
    } catch (caught) {
      toasts.show({ type: 'error', title: 'Coverage unavailable', message: errorBody(caught) });
    }
  };

  const promoteAlternate = (shotId: string) => {
    const variant = alternates.shownVariant(shotId);
    if (!variant?.image_url) {
      tell({
        type: 'info',
        title: 'Nothing to promote',
        message: `Shot ${numberOf(shotId)} shows its main shot · press C to show a coverage variant, then P`,
      });
      return;
    }
    const changed = editor.editFields(
      shotId,
      // The variant's stored image becomes the shot's: its key, so the frame is signed afresh on every
      // answer (a URL alone expires within a week).
      {
        image_url: variant.image_url,
        s3_image_key: variant.s3_image_key ?? null,
        generation_status: 'completed',
      },
      `Promote ${framingLabel(variant.framingType)}`,
    );
    alternates.reset(shotId);
    if (changed)
      tell({
        type: 'success',
        title: `Promoted ${framingLabel(variant.framingType)} to main shot`,
        message: `Shot ${numberOf(shotId)} · Ctrl+Z undoes`,
      });
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
    if ((event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) && active) {
      event.preventDefault();
      const frame = document.getElementById(cellId(active))?.getBoundingClientRect();
      openMenu(active, (frame?.left ?? 0) + 16, (frame?.top ?? 0) + 16);
      return;
    }
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
    }
  };

  const hasShots = board.shots.length > 0;
  const activeId = useStore(selection, (s) => s.active);
  const edits = useShotEditCommands({
    board,
    editor,
    selection,
    onDuplicated: (last) => requestAnimationFrame(() => revealShot(last)),
    onDeleted: () => requestAnimationFrame(() => scrollRef.current?.focus({ preventScroll: true })),
  });
  const setAnnouncement = edits.announce;
  usePageContext(editContext, {
    ...edits.edit,
    zoom: { level: storyboardZoom, levels: ZOOM_WIDTHS.length, reset: DEFAULT_ZOOM },
  });
  usePageContext(shotView, { projectId, selection, editor });
  useCoverageTarget(projectId, board, selection);
  // C and P (storyboard actions) on the active shot.
  usePageContext(
    storyboardPage,
    hasShots
      ? {
          active: activeId,
          activeShot: () => selection.get().active,
          cycleAlternate: (shotId) => void cycleAlternate(shotId),
          promoteAlternate,
        }
      : null,
  );

  const activeIndex = activeId === null ? undefined : board.byId.get(activeId)?.index;
  const activeRow = activeIndex === undefined ? undefined : layout.rowOfShot[activeIndex];

  return (
    <div className="page page--full shots-page">
      <StoryboardToolbar board={board} selection={selection} />
      <ShotsPageStatus
        shots={shots}
        announcement={edits.announcement}
        icon={Clapperboard}
        skeletonClass="sb-skeleton"
      >
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
      </ShotsPageStatus>
      <VirtualGrid
        {...grid}
        label="Storyboard"
        multiselectable
        active={
          activeId !== null && activeRow !== undefined ? { id: cellId(activeId), row: activeRow } : undefined
        }
        hidden={!hasShots}
        onKeyDown={onKeyDown}
        headerKey={(row) => row.group.key}
        renderHeader={(row) => (
          <SceneRowHeader
            group={row.group}
            columns={columns}
            facts={
              <>
                {row.group.count} {row.group.count === 1 ? 'shot' : 'shots'} ·{' '}
                {formatClock(row.group.duration)}
              </>
            }
          />
        )}
        renderCells={(row) =>
          board.shots
            .slice(row.first, row.first + row.count)
            .map((entry) => (
              <StoryboardCell
                key={entry.shot.id}
                shot={entry.shot}
                index={entry.index}
                selection={selection}
                aspect={aspect.replace(':', ' / ')}
                onPointer={onPointer}
                onMenu={onMenu}
                onOpen={open}
              />
            ))
        }
      />
      {edits.dialog}
      <ShotContextMenu at={menu} entries={SHOT_MENU} onClose={closeMenu} />
    </div>
  );
}

/** The storyboard's context menu: actions of the registry on the active shot. */
const SHOT_MENU: readonly ShotMenuEntry[] = [
  { actionId: 'shot.openInLab', icon: SquarePen },
  { actionId: 'shot.generateImage', icon: ImagePlus },
  { actionId: 'shot.createCoverage', icon: Layers },
  { actionId: 'shot.generateCoverage', icon: Images },
  { actionId: 'storyboard.cycleAlternate', icon: Repeat },
  { actionId: 'storyboard.promoteAlternate', icon: ArrowUpToLine },
];

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
  const media = useStaleCounts(board);
  const sceneCount = useMemo(
    () => new Set(board.groups.filter((g) => g.sceneId !== UNASSIGNED_SCENE_ID).map((g) => g.sceneId)).size,
    [board],
  );
  return (
    <ShotsToolbar
      title="Storyboard"
      facts={
        board.shots.length > 0 ? (
          <>
            {board.shots.length} {board.shots.length === 1 ? 'shot' : 'shots'} · {sceneCount}{' '}
            {sceneCount === 1 ? 'scene' : 'scenes'} · {formatClock(board.totalDuration)}
          </>
        ) : null
      }
      tally={
        board.shots.length > 0 ? (
          <ul className="status-tally" aria-label="Shots by status">
            {SHOT_STATUSES.filter((status) => counts[status] > 0).map((status) => (
              <li key={status} className={`status-tally__item status--${status}`}>
                <span className="status-dot" aria-hidden="true" />
                <span className="mono">{counts[status]}</span> {SHOT_STATUS_LABELS[status].toLowerCase()}
              </li>
            ))}
            {media.staleVideos > 0 ? (
              <li className="status-tally__item status--stale">
                <span className="status-dot" aria-hidden="true" />
                <span className="mono">{media.staleVideos}</span>{' '}
                {media.staleVideos === 1 ? 'stale video' : 'stale videos'}
              </li>
            ) : null}
          </ul>
        ) : null
      }
    >
      {board.shots.length > 0 ? (
        <div className="shots-toolbar__actions">
          <ActionButton actionId="nav.shots" variant="ghost" icon={List}>
            Shot list
          </ActionButton>
          <ActionButton actionId="project.exportStoryboard" variant="ghost" icon={Printer}>
            Print
          </ActionButton>
          <span className="shots-toolbar__divider" aria-hidden="true" />
          <ActionButton actionId="zoom.out" iconOnly variant="ghost" icon={ZoomOut} />
          <ActionButton actionId="zoom.in" iconOnly variant="ghost" icon={ZoomIn} />
          <ActionButton actionId="shot.generateImage" icon={ImagePlus}>
            Generate image
          </ActionButton>
          <ActionButton actionId="generate.renderStaleImages" icon={RefreshCw}>
            Render stale <StaleCount count={media.staleImages} />
          </ActionButton>
          <ActionButton actionId="generate.renderStaleVideos" icon={Film}>
            Stale videos <StaleCount count={media.staleVideos} />
          </ActionButton>
          <ActionButton actionId="generate.renderAllImages" variant="primary" icon={Images}>
            Render all images
          </ActionButton>
        </div>
      ) : null}
    </ShotsToolbar>
  );
});
