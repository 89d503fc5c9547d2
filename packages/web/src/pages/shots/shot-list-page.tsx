import { FRAMING_TYPES, MAX_SHOT_DURATION, type ShotUpdates, TEXT_LIMITS } from '@reelbench/sdk';
import { useParams, useRouter } from '@tanstack/react-router';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  ArrowDown,
  ArrowUp,
  Clock,
  FileSpreadsheet,
  Film,
  ImagePlus,
  LayoutGrid,
  ListVideo,
  RefreshCw,
} from 'lucide-react';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { editContext } from '../../actions/edit-actions.js';
import { usePageContext } from '../../actions/page-context.js';
import { ActionButton } from '../../shell/action-button.js';
import { useRunAction } from '../../shell/use-action.js';
import { useCoverageTarget } from '../../shots/coverage-target.js';
import { useIsDirty } from '../../shots/dirty.js';
import { DirtyMark } from '../../shots/dirty-mark.js';
import {
  deriveShotStatus,
  formatClock,
  formatSeconds,
  formatShotNumber,
  framingLabel,
  type LaidShot,
  SHOT_STATUS_LABELS,
  SHOT_STATUSES,
  type ShotBoard,
  type ShotStatus,
  UNASSIGNED_SCENE_ID,
  UNASSIGNED_SCENE_NAME,
} from '../../shots/model.js';
import { useShotProgress } from '../../shots/progress.js';
import { useRenderCount } from '../../shots/render-count.js';
import { sceneColorVar } from '../../shots/scene-color.js';
import {
  revealTarget,
  type Selection,
  selectOnly,
  selectRange,
  toggle,
  useIsSelected,
} from '../../shots/selection.js';
import {
  ALL_FILTER,
  SHOT_LIST_COLUMNS,
  type ShotListColumn,
  type ShotListFilters,
  type ShotListSort,
  shotLabPath,
  shotListFilters,
  shotListSort,
  shotView,
  sortActionId,
} from '../../shots/shot-actions.js';
import { useShotEditCommands } from '../../shots/shot-commands.js';
import { useProjectShots } from '../../shots/use-project-shots.js';
import { type Store, useStore } from '../../state/store.js';
import { Skeleton, StatusBadge } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { FilterSearch } from '../../ui/filter-search.js';
import { Select } from '../../ui/select.js';
import '../../styles/shots.css';
import { ShotsPageStatus } from '../../shots/shots-page-status.js';
import { StaleCount, useStaleCounts } from '../../shots/shots-toolbar.js';

const ROW_HEIGHT = 40;
const ALL = ALL_FILTER;

/** Columns edited in place, and how. */
const EDITABLE: Partial<Record<ShotListColumn, 'text' | 'number' | 'framing'>> = {
  name: 'text',
  framing: 'framing',
  duration: 'number',
  prompt: 'text',
};
const COLUMN_IDS = SHOT_LIST_COLUMNS.map((column) => column.id);

const filtersStore = shotListFilters;

type CommitThen = 'stay' | 'right' | 'left' | 'down';

interface Editing {
  shotId: string;
  column: ShotListColumn;
  draft: string;
  error?: string;
  /** The typing session: what is typed is saved as it is typed, and is one undo step. */
  session: string;
}

let editSessions = 0;
const newSession = () => {
  editSessions += 1;
  return `shot-list-${editSessions}`;
};

function editLabel(column: ShotListColumn): string {
  return `Edit ${SHOT_LIST_COLUMNS.find((c) => c.id === column)?.label.toLowerCase() ?? 'shot'}`;
}

const STATUS_RANK: Record<ShotStatus, number> = {
  failed: 0,
  stale: 1,
  processing: 2,
  pending: 3,
  completed: 4,
};

/** The rows the table shows: filtered by scene, status and text, then sorted. */
export function visibleRows(board: ShotBoard, filters: ShotListFilters, sort: ShotListSort): LaidShot[] {
  const needle = filters.text.trim().toLowerCase();
  const rows = board.shots.filter((entry) => {
    if (filters.scene !== ALL && entry.sceneId !== filters.scene) return false;
    if (filters.status !== ALL && deriveShotStatus(entry.shot).status !== filters.status) return false;
    if (needle === '') return true;
    const { shot } = entry;
    return [formatShotNumber(entry.index), shot.name, shot.prompt, shot.script_text, shot.framing].some(
      (value) => value?.toLowerCase().includes(needle),
    );
  });
  const sceneNumber = (entry: LaidShot) =>
    board.scenesById.get(entry.sceneId)?.number ?? Number.MAX_SAFE_INTEGER;
  const key: Record<ShotListColumn, (entry: LaidShot) => string | number> = {
    number: (entry) => entry.index,
    scene: (entry) => sceneNumber(entry),
    name: (entry) => entry.shot.name.toLowerCase(),
    framing: (entry) => framingLabel(entry.shot.framing).toLowerCase() || '\uffff',
    duration: (entry) => entry.shot.duration,
    status: (entry) => STATUS_RANK[deriveShotStatus(entry.shot).status],
    prompt: (entry) => (entry.shot.prompt ?? '').toLowerCase() || '\uffff',
  };
  const of = key[sort.column];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.slice().sort((a, b) => {
    const x = of(a);
    const y = of(b);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? a.index - b.index : order * sign;
  });
}

/** Checks a draft; answers the update to send or the error to show. */
export function parseDraft(
  column: ShotListColumn,
  draft: string,
): { updates: ShotUpdates } | { error: string } {
  const value = draft.trim();
  switch (column) {
    case 'name':
      if (value === '') return { error: 'A shot needs a name' };
      if (value.length > TEXT_LIMITS.name) return { error: `At most ${TEXT_LIMITS.name} characters` };
      return { updates: { name: value } };
    case 'duration': {
      const seconds = Number(value.replace(',', '.').replace(/s$/i, ''));
      if (!Number.isFinite(seconds) || seconds <= 0) return { error: 'Seconds above 0' };
      if (seconds > MAX_SHOT_DURATION) return { error: `At most ${MAX_SHOT_DURATION} s` };
      return { updates: { duration: Math.round(seconds * 100) / 100 } };
    }
    case 'framing':
      if (value === '') return { updates: { framing: null } };
      if (!(FRAMING_TYPES as readonly string[]).includes(value)) return { error: 'Pick a framing' };
      return { updates: { framing: value as (typeof FRAMING_TYPES)[number] } };
    case 'prompt':
      if (value.length > TEXT_LIMITS.prompt) return { error: `At most ${TEXT_LIMITS.prompt} characters` };
      return { updates: { prompt: value === '' ? null : value } };
    default:
      return { error: 'This column is not edited here' };
  }
}

function draftOf(entry: LaidShot, column: ShotListColumn): string {
  const { shot } = entry;
  switch (column) {
    case 'name':
      return shot.name;
    case 'duration':
      return formatSeconds(shot.duration);
    case 'framing':
      return shot.framing ?? '';
    case 'prompt':
      return shot.prompt ?? '';
    default:
      return '';
  }
}

export function shotListCellId(shotId: string, column: ShotListColumn): string {
  return `shot-list-${shotId}-${column}`;
}

/** /project/{id}/shots: the assistant director's document, edited in place from the keyboard. */
export function ShotListPage() {
  const { projectId } = useParams({ from: '/guarded/project/$projectId/shots' });
  return <ShotList projectId={projectId} />;
}

export function ShotList({ projectId }: { projectId: string }) {
  const router = useRouter();
  const runAction = useRunAction();
  const shots = useProjectShots(projectId);
  const { board, editor, selection } = shots;
  const filters = useStore(filtersStore);
  const sort = useStore(shotListSort);
  const [activeColumn, setActiveColumn] = useState<ShotListColumn>('name');
  const [editing, setEditing] = useState<Editing | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const rows = useMemo(() => visibleRows(board, filters, sort), [board, filters, sort]);
  const rowIds = useMemo(() => rows.map((entry) => entry.shot.id), [rows]);
  // Rows get callbacks that never change, so a shot update re-renders only that shot's row.
  const latest = useRef({
    rowIds,
    board,
    commit: (_next: Editing, _then?: CommitThen) => false as boolean,
    live: (_next: Editing) => {},
    editing: null as Editing | null,
  });
  const activeId = useStore(selection, (s) => s.active);
  const activeRow = activeId === null ? -1 : rowIds.indexOf(activeId);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // Scrolling re-renders in React's own time, not synchronously inside every scroll event.
    useFlushSync: false,
  });

  // Coming back (from the shot lab, say), the table opens where the selected shot is (revealTarget).
  const revealed = useRef(false);
  useEffect(() => {
    if (revealed.current || rowIds.length === 0) return;
    revealed.current = true;
    const target = revealTarget(selection.get());
    const index = target === null ? -1 : rowIds.indexOf(target);
    if (index > 0) requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'center' }));
  }, [rowIds, selection, virtualizer]);

  const focusGrid = useCallback(() => scrollRef.current?.focus({ preventScroll: true }), []);
  const edits = useShotEditCommands({
    board,
    editor,
    selection,
    onDuplicated: (last) => {
      const index = rowIds.indexOf(last);
      if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
    },
    onDeleted: () => requestAnimationFrame(focusGrid),
  });
  usePageContext(editContext, { ...edits.edit, searchField: () => searchRef.current });
  usePageContext(shotView, { projectId, selection, editor });
  useCoverageTarget(projectId, board, selection);

  const moveTo = (rowIndex: number, column: ShotListColumn, extend = false) => {
    const id = rowIds[Math.max(0, Math.min(rowIds.length - 1, rowIndex))];
    if (id === undefined) return;
    setActiveColumn(column);
    selection.set((current) => (extend ? selectRange(current, rowIds, id) : selectOnly(id)));
    virtualizer.scrollToIndex(rowIds.indexOf(id), { align: 'auto' });
  };

  const startEditing = (initial?: string) => {
    if (activeId === null || EDITABLE[activeColumn] === undefined) return false;
    const entry = board.byId.get(activeId);
    if (!entry) return false;
    const next: Editing = {
      shotId: activeId,
      column: activeColumn,
      draft: initial ?? draftOf(entry, activeColumn),
      session: newSession(),
    };
    setEditing(next);
    // A first character typed on the cell is an edit already.
    if (initial !== undefined) live(next);
    return true;
  };

  /** What the cell holds as it is typed: to the shot (and the save manager) when it reads as a value. */
  const live = (next: Editing) => {
    const parsed = parseDraft(next.column, next.draft);
    if ('updates' in parsed)
      editor.editFields(next.shotId, parsed.updates, editLabel(next.column), next.session);
  };

  const commit = (next: Editing, then: CommitThen = 'stay') => {
    const parsed = parseDraft(next.column, next.draft);
    if ('error' in parsed) {
      setEditing({ ...next, error: parsed.error });
      return false;
    }
    editor.editFields(next.shotId, parsed.updates, editLabel(next.column), next.session);
    editor.settleTyping();
    setEditing(null);
    const at = COLUMN_IDS.indexOf(next.column);
    if (then === 'right') setActiveColumn(COLUMN_IDS[Math.min(COLUMN_IDS.length - 1, at + 1)] ?? next.column);
    if (then === 'left') setActiveColumn(COLUMN_IDS[Math.max(0, at - 1)] ?? next.column);
    if (then === 'down') moveTo(rowIds.indexOf(next.shotId) + 1, next.column);
    requestAnimationFrame(focusGrid);
    return true;
  };

  latest.current = { rowIds, board, commit, live, editing };

  // Escape: the cell and the shot go back to what they held before the edit.
  const cancel = useCallback(() => {
    const current = latest.current.editing;
    if (current) editor.cancelTyping(current.session);
    setEditing(null);
    requestAnimationFrame(focusGrid);
  }, [focusGrid, editor]);

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod || event.altKey) return;
    const column = COLUMN_IDS.indexOf(activeColumn);
    const row = activeRow === -1 ? 0 : activeRow;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const go = (r: number, c: number) => {
      event.preventDefault();
      moveTo(
        r,
        COLUMN_IDS[Math.max(0, Math.min(COLUMN_IDS.length - 1, c))] ?? activeColumn,
        event.shiftKey && r !== row,
      );
    };
    switch (event.key) {
      case 'ArrowDown':
        return go(activeRow === -1 ? 0 : row + 1, column);
      case 'ArrowUp':
        return go(row - 1, column);
      case 'ArrowRight':
        return go(row, column + 1);
      case 'ArrowLeft':
        return go(row, column - 1);
      case 'PageDown':
        return go(row + page, column);
      case 'PageUp':
        return go(row - page, column);
      case 'Home':
        return go(event.shiftKey ? 0 : row, event.shiftKey ? column : 0);
      case 'End':
        return go(event.shiftKey ? rows.length - 1 : row, event.shiftKey ? column : COLUMN_IDS.length - 1);
      case 'Enter':
      case 'F2':
        event.preventDefault();
        if (!startEditing() && event.key === 'Enter' && activeId) {
          router.history.push(shotLabPath(projectId, activeId));
        }
        return;
      case 'Escape':
        if (selection.get().ids.size > 1) {
          event.preventDefault();
          selection.set((current) => (current.active ? selectOnly(current.active) : current));
        }
        return;
      default:
        // Typing on an editable cell starts editing it with that character, as a spreadsheet does.
        if (
          event.key.length === 1 &&
          event.key !== ' ' &&
          (EDITABLE[activeColumn] === 'text' || EDITABLE[activeColumn] === 'number')
        ) {
          if (startEditing(event.key)) event.preventDefault();
        }
    }
  };

  const onRowPointer = useCallback(
    (shotId: string, column: ShotListColumn, event: React.MouseEvent) => {
      if (event.button !== 0) return;
      setActiveColumn(column);
      selection.set((current) => {
        if (event.shiftKey) {
          return selectRange(current, latest.current.rowIds, shotId, event.ctrlKey || event.metaKey);
        }
        if (event.ctrlKey || event.metaKey) return toggle(current, shotId);
        return selectOnly(shotId);
      });
      if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement)) {
        requestAnimationFrame(focusGrid);
      }
    },
    [selection, focusGrid],
  );

  const onRowDoubleClick = useCallback(
    (shotId: string, column: ShotListColumn) => {
      const entry = latest.current.board.byId.get(shotId);
      if (!entry || EDITABLE[column] === undefined) return;
      setActiveColumn(column);
      selection.set(selectOnly(shotId));
      setEditing({ shotId, column, draft: draftOf(entry, column), session: newSession() });
    },
    [selection],
  );
  const onDraft = useCallback((editing: Editing, draft: string) => {
    const next = { shotId: editing.shotId, column: editing.column, draft, session: editing.session };
    setEditing((current) => (current ? next : current));
    latest.current.live(next);
  }, []);
  const onCommit = useCallback((next: Editing, then?: CommitThen) => latest.current.commit(next, then), []);

  const hasShots = board.shots.length > 0;
  const items = virtualizer.getVirtualItems();
  // aria-activedescendant may only name a cell that is in the document (rows are virtualised).
  const activeCell =
    activeId !== null && editing === null && items.some((item) => item.index === activeRow)
      ? shotListCellId(activeId, activeColumn)
      : undefined;

  return (
    <div className="page page--full shots-page">
      <ShotListToolbar
        board={board}
        filters={filters}
        shown={rows.length}
        searchRef={searchRef}
        onLeaveSearch={focusGrid}
        selection={selection}
      />
      <ShotsPageStatus
        shots={shots}
        announcement={edits.announcement}
        icon={ListVideo}
        skeletonClass="sl-skeleton"
      >
        {Array.from({ length: 10 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <Skeleton key={i} height={20} />
        ))}
      </ShotsPageStatus>
      {/* biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows */}
      <div
        ref={scrollRef}
        className="sl-scroll"
        role="grid"
        aria-label="Shot list"
        aria-multiselectable="true"
        aria-rowcount={rows.length + 1}
        aria-colcount={COLUMN_IDS.length}
        aria-activedescendant={activeCell}
        tabIndex={0}
        hidden={!hasShots}
        onKeyDown={onGridKeyDown}
      >
        {/* biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows */}
        <div role="rowgroup" className="sl-head">
          {/* biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows */}
          <div role="row" aria-rowindex={1} className="sl-row sl-row--head">
            {SHOT_LIST_COLUMNS.map((column, index) => {
              const sorted = sort.column === column.id;
              return (
                // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
                <div
                  key={column.id}
                  role="columnheader"
                  aria-colindex={index + 1}
                  aria-sort={sorted ? sort.direction : 'none'}
                  className={`sl-cell sl-col--${column.id}`}
                >
                  <button
                    type="button"
                    className={cx('sl-sort', sorted && 'is-sorted')}
                    tabIndex={-1}
                    onClick={() => runAction(sortActionId(column.id))}
                    title={`Sort by ${column.label.toLowerCase()}`}
                  >
                    {column.label}
                    {sorted ? (
                      sort.direction === 'ascending' ? (
                        <ArrowUp size={12} aria-hidden="true" />
                      ) : (
                        <ArrowDown size={12} aria-hidden="true" />
                      )
                    ) : null}
                  </button>
                </div>
              );
            })}
          </div>
        </div>
        {/* biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows */}
        <div role="rowgroup" className="sl-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const entry = rows[item.index];
            if (!entry) return null;
            const rowEditing = editing?.shotId === entry.shot.id ? editing : null;
            return (
              <ShotRow
                key={entry.shot.id}
                entry={entry}
                rowIndex={item.index + 2}
                top={item.start}
                scene={board.scenesById.get(entry.sceneId)}
                selection={selection}
                activeColumn={activeId === entry.shot.id ? activeColumn : null}
                editing={rowEditing}
                onPointer={onRowPointer}
                onDoubleClick={onRowDoubleClick}
                onDraft={onDraft}
                onCommit={onCommit}
                onCancel={cancel}
              />
            );
          })}
        </div>
        {hasShots && rows.length === 0 ? (
          <p className="sl-none">
            No shot matches these filters.{' '}
            <ActionButton actionId="shotList.clearFilters" variant="link">
              Clear filters
            </ActionButton>
          </p>
        ) : null}
      </div>
      {edits.dialog}
    </div>
  );
}

/** Title, filters and actions: memoised, so scrolling the table does not render them again. */
const ShotListToolbar = memo(function ShotListToolbar({
  board,
  filters,
  shown,
  searchRef,
  onLeaveSearch,
  selection,
}: {
  board: ShotBoard;
  filters: ShotListFilters;
  shown: number;
  searchRef: React.RefObject<HTMLInputElement | null>;
  onLeaveSearch: () => void;
  selection: Store<Selection>;
}) {
  // The selection's actions are enabled by it: re-render when it becomes empty or not.
  useStore(selection, (current) => current.ids.size > 0);
  const stale = useStaleCounts(board);
  const sceneOptions = useMemo(() => {
    const options = [{ value: ALL, label: 'All scenes' }];
    for (const scene of board.scenesById.values()) {
      options.push({ value: scene.id, label: `${String(scene.number).padStart(2, '0')} · ${scene.name}` });
    }
    if (board.shots.some((entry) => entry.sceneId === UNASSIGNED_SCENE_ID)) {
      options.push({ value: UNASSIGNED_SCENE_ID, label: UNASSIGNED_SCENE_NAME });
    }
    return options;
  }, [board]);
  const statusOptions = useMemo(
    () => [
      { value: ALL, label: 'All statuses' },
      ...SHOT_STATUSES.map((s) => ({ value: s, label: SHOT_STATUS_LABELS[s] })),
    ],
    [],
  );
  const filtered = filters.scene !== ALL || filters.status !== ALL || filters.text.trim() !== '';
  if (board.shots.length === 0) {
    return (
      <header className="shots-toolbar">
        <div className="shots-toolbar__title">
          <h1 className="page__title">Shot list</h1>
        </div>
      </header>
    );
  }
  return (
    <header className="shots-toolbar">
      <div className="shots-toolbar__title">
        <h1 className="page__title">Shot list</h1>
        <p className="shots-toolbar__facts mono">
          {filtered ? `${shown} of ${board.shots.length}` : board.shots.length} shots ·{' '}
          {formatClock(board.totalDuration)}
        </p>
      </div>
      <div className="shots-toolbar__filters">
        <FilterSearch
          label="Filter shots"
          inputRef={searchRef}
          placeholder="Filter shots…"
          value={filters.text}
          onValueChange={(text) => filtersStore.set((f) => ({ ...f, text }))}
          onLeave={onLeaveSearch}
          shortcut="Ctrl /"
          keyshortcuts="Control+/"
        />
        <Select
          aria-label="Filter by scene"
          value={filters.scene}
          onValueChange={(scene) => filtersStore.set((f) => ({ ...f, scene }))}
          options={sceneOptions}
          className="shots-toolbar__select"
        />
        <Select
          aria-label="Filter by status"
          value={filters.status}
          onValueChange={(status) => filtersStore.set((f) => ({ ...f, status }))}
          options={statusOptions}
          className="shots-toolbar__select"
        />
      </div>
      <div className="shots-toolbar__actions">
        <ActionButton actionId="nav.storyboard" variant="ghost" icon={LayoutGrid}>
          Frames
        </ActionButton>
        <ActionButton actionId="shotList.exportCsv" variant="ghost" icon={FileSpreadsheet}>
          CSV
        </ActionButton>
        <ActionButton actionId="shots.timeToDialogue" variant="ghost" icon={Clock}>
          Time to dialogue
        </ActionButton>
        <span className="shots-toolbar__divider" aria-hidden="true" />
        <ActionButton actionId="shot.generateImage" icon={ImagePlus}>
          Generate image
        </ActionButton>
        <ActionButton actionId="generate.renderStaleImages" icon={RefreshCw}>
          Render stale images <StaleCount count={stale.staleImages} />
        </ActionButton>
        <ActionButton actionId="generate.renderStaleVideos" icon={Film}>
          Render stale videos <StaleCount count={stale.staleVideos} />
        </ActionButton>
      </div>
    </header>
  );
});

interface ShotRowProps {
  entry: LaidShot;
  rowIndex: number;
  top: number;
  scene: { name: string; color: string } | undefined;
  selection: Store<Selection>;
  activeColumn: ShotListColumn | null;
  editing: Editing | null;
  onPointer: (shotId: string, column: ShotListColumn, event: React.MouseEvent) => void;
  onDoubleClick: (shotId: string, column: ShotListColumn) => void;
  onDraft: (editing: Editing, draft: string) => void;
  onCommit: (editing: Editing, then?: CommitThen) => boolean;
  onCancel: () => void;
}

const ShotRow = memo(
  function ShotRow({
    entry,
    rowIndex,
    top,
    scene,
    selection,
    activeColumn,
    editing,
    onPointer,
    onDoubleClick,
    onDraft,
    onCommit,
    onCancel,
  }: ShotRowProps) {
    const { shot } = entry;
    useRenderCount(`list:${shot.id}`);
    const selected = useIsSelected(selection, shot.id);
    const live = useShotProgress(shot.id);
    const dirty = useIsDirty(shot.id);
    const derived = deriveShotStatus(shot, live);
    const statusLabel =
      derived.status === 'processing' && derived.progress
        ? `${SHOT_STATUS_LABELS.processing} ${derived.progress}%`
        : SHOT_STATUS_LABELS[derived.status];
    const content: Record<ShotListColumn, React.ReactNode> = {
      number: (
        <span className="sl-number">
          <span className="mono">{formatShotNumber(entry.index)}</span>
          {dirty ? <DirtyMark /> : null}
        </span>
      ),
      scene: (
        <span
          className="sl-scene"
          style={{ ['--scene-color' as string]: sceneColorVar(scene?.color ?? null) }}
        >
          <span className="sl-scene__dot" aria-hidden="true" />
          <span className="sl-truncate">{scene ? scene.name : UNASSIGNED_SCENE_NAME}</span>
        </span>
      ),
      name: <span className="sl-truncate">{shot.name}</span>,
      framing: (
        <span className="sl-truncate">
          {framingLabel(shot.framing) || <span className="sl-empty">—</span>}
        </span>
      ),
      duration: <span className="mono">{formatSeconds(shot.duration)} s</span>,
      status: (
        <span title={derived.error ? `${statusLabel}: ${derived.error}` : undefined}>
          <StatusBadge status={derived.status} label={statusLabel} />
        </span>
      ),
      prompt: (
        <span className="sl-truncate sl-prompt">{shot.prompt || <span className="sl-empty">—</span>}</span>
      ),
    };
    return (
      // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
      <div
        role="row"
        aria-rowindex={rowIndex}
        aria-selected={selected}
        className={cx('sl-row', selected && 'is-selected', activeColumn !== null && 'is-active')}
        style={{ transform: `translateY(${top}px)` }}
        data-shot-id={shot.id}
      >
        {SHOT_LIST_COLUMNS.map((column, index) => {
          const isEditing = editing?.column === column.id;
          return (
            // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
            <div
              key={column.id}
              id={shotListCellId(shot.id, column.id)}
              role="gridcell"
              aria-colindex={index + 1}
              aria-readonly={EDITABLE[column.id] === undefined || undefined}
              className={cx(
                'sl-cell',
                `sl-col--${column.id}`,
                activeColumn === column.id && 'is-active-cell',
                isEditing && 'is-editing',
              )}
              onMouseDown={(event) => onPointer(shot.id, column.id, event)}
              onDoubleClick={() => onDoubleClick(shot.id, column.id)}
            >
              {isEditing && editing ? (
                <CellEditor
                  editing={editing}
                  onDraft={onDraft}
                  onCommit={onCommit}
                  onCancel={onCancel}
                  label={column.label}
                />
              ) : (
                content[column.id]
              )}
            </div>
          );
        })}
      </div>
    );
  },
  (a, b) =>
    a.entry.shot === b.entry.shot &&
    a.entry.index === b.entry.index &&
    a.entry.sceneId === b.entry.sceneId &&
    a.rowIndex === b.rowIndex &&
    a.top === b.top &&
    a.activeColumn === b.activeColumn &&
    a.editing === b.editing &&
    a.selection === b.selection &&
    a.scene?.name === b.scene?.name &&
    a.scene?.color === b.scene?.color &&
    a.onPointer === b.onPointer &&
    a.onDoubleClick === b.onDoubleClick,
);

function CellEditor({
  editing,
  onDraft,
  onCommit,
  onCancel,
  label,
}: {
  editing: Editing;
  onDraft: (editing: Editing, draft: string) => void;
  onCommit: (editing: Editing, then?: CommitThen) => boolean;
  onCancel: () => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement | HTMLSelectElement | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.focus();
    // The caret at the end: Enter edits what is there, a typed first character continues.
    if (element instanceof HTMLInputElement)
      element.setSelectionRange(element.value.length, element.value.length);
    // Only when the editor opens.
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(editing, 'stay');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      onCommit(editing, event.shiftKey ? 'left' : 'right');
    }
  };
  const common = {
    'aria-label': `Edit ${label.toLowerCase()}`,
    'aria-invalid': editing.error ? true : undefined,
    title: editing.error,
    onKeyDown,
    onBlur: () => onCommit(editing),
    className: cx('sl-editor', editing.error && 'has-error'),
  };
  const kind = EDITABLE[editing.column];
  if (kind === 'framing') {
    return (
      <select
        ref={ref as React.RefObject<HTMLSelectElement>}
        value={editing.draft}
        onChange={(event) => onDraft(editing, event.target.value)}
        {...common}
      >
        <option value="">No framing</option>
        {FRAMING_TYPES.map((framing) => (
          <option key={framing} value={framing}>
            {framingLabel(framing)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      ref={ref as React.RefObject<HTMLInputElement>}
      type="text"
      inputMode={kind === 'number' ? 'decimal' : undefined}
      value={editing.draft}
      onChange={(event) => onDraft(editing, event.target.value)}
      {...common}
    />
  );
}
