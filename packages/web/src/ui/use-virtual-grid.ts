import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type GridItems, moveByKey, useGridColumns } from './grid-columns.js';

/**
 * A row of a VirtualGrid: a header row (kind 'header') or a row of cells (any other kind), which
 * names the index of its first item.
 */
export interface GridRow {
  kind: string;
  first?: number;
}
export type HeaderRow<Row> = Extract<Row, { kind: 'header' }>;
export type CellsRow<Row> = Exclude<Row, { kind: 'header' }>;

/**
 * A grid of frames (storyboard, media, assets): each cell is a frame as wide as the cell, at its
 * aspect, with a caption of `metaHeight` under it; scene or type header rows between.
 */
export interface FrameGridSizes {
  /** The narrowest a cell may be. */
  minCell: number;
  headerHeight: number;
  /** The height of a cell's caption, under its frame. */
  metaHeight: number;
  /** The space under each row of cells. */
  rowGap: number;
  /** Padding on each side of the rows (24). */
  padX?: number;
  /** Space between cells (16). */
  gap?: number;
}

/**
 * The scroll element of a VirtualGrid and its columns: as many cells of at least `sizes.minCell`
 * as fit, how wide each is, and the spacing the grid lays them out with.
 */
export function useGridFrame(sizes: FrameGridSizes) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { padX = 24, gap = 16 } = sizes;
  const { width, columns, cellWidth } = useGridColumns(scrollRef, { padX, gap, minCell: sizes.minCell });
  return { scrollRef, width, columns, cellWidth, gap, padX, sizes };
}

export type GridFrame = ReturnType<typeof useGridFrame>;

/** The part of VirtualGrid's props that useGridRows provides. */
export interface GridRowsProps<Row> {
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rows: readonly Row[];
  columns: number;
  cellWidth: number;
  gap: number;
  padX: number;
}

/**
 * The virtualiser of a VirtualGrid over `rows` (laid out in `frame.columns`): rows just outside the
 * view are mounted ahead, so their frames are decoded before they scroll in, and the rows are measured
 * again when the layout, the cell width or the aspect change. Returns the grid's props, to spread on
 * VirtualGrid.
 */
export function useGridRows<Row extends GridRow>(
  frame: GridFrame,
  rows: readonly Row[],
  options: {
    /** The frames' width over height: one for the whole grid, or per row. */
    aspect: number | ((row: CellsRow<Row>) => number);
    /** Scrolling re-renders synchronously inside every scroll event (TanStack's default). */
    useFlushSync?: boolean;
  },
): GridRowsProps<Row> {
  const { scrollRef, columns, cellWidth, gap, padX, sizes } = frame;
  const { aspect, useFlushSync } = options;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index];
      if (!row || row.kind === 'header') return sizes.headerHeight;
      const ratio = typeof aspect === 'number' ? aspect : aspect(row as CellsRow<Row>);
      return Math.round(cellWidth / ratio + sizes.metaHeight + sizes.rowGap);
    },
    overscan: 3,
    paddingEnd: 48,
    useFlushSync,
  });
  const sharedAspect = typeof aspect === 'number' ? aspect : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the trigger, not read
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, cellWidth, sharedAspect, rows]);
  return { scrollRef, virtualizer, rows, columns, cellWidth, gap, padX };
}

/** A grid of items laid out in rows (assets, media): which virtual row each item is in. */
export interface ItemGridLayout<Item> extends GridItems {
  items: readonly Item[];
  rowOfItem: readonly number[];
}

/**
 * The active item of a VirtualGrid of items (assets, media): its index (kept inside the items),
 * the arrow keys, Home and End moving it and scrolling it into view, Enter handing it to `onEnter`,
 * and the grid's `props` (its active cell and keys; hidden while it has no item).
 */
export function useGridCursor<Item>(
  layout: ItemGridLayout<Item>,
  grid: Pick<GridRowsProps<unknown>, 'virtualizer'>,
  { cellId, onEnter }: { cellId: (item: Item) => string; onEnter: (index: number) => void },
) {
  const { virtualizer } = grid;
  const [index, setActive] = useState(0);
  const current = Math.min(index, Math.max(0, layout.items.length - 1));
  const item = layout.items[current];
  const row = layout.rowOfItem[current];

  const reveal = useCallback(
    (next: number) => {
      const nextRow = layout.rowOfItem[next];
      if (nextRow !== undefined) virtualizer.scrollToIndex(nextRow, { align: 'auto' });
    },
    [layout, virtualizer],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const next = moveByKey(layout, current, event.key);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
      reveal(next);
    } else if (event.key === 'Enter' && item) {
      event.preventDefault();
      onEnter(current);
    }
  };

  return {
    current,
    item,
    setActive,
    reveal,
    props: {
      active: item && row !== undefined ? { id: cellId(item), row } : undefined,
      hidden: layout.items.length === 0,
      onKeyDown,
    },
  };
}
