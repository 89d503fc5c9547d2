import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The element's inner width, kept current as it resizes (0 until it is laid out). The element may
 * appear after the first render (a page that shows a skeleton while it loads): it is looked for after
 * every render, and measured from when it is there.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  const [element, setElement] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (ref.current !== element) setElement(ref.current);
  });
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

export interface GridSpacing {
  /** Padding on each side of the rows. */
  padX: number;
  /** Space between cells. */
  gap: number;
  /** The narrowest a cell may be. */
  minCell: number;
}

/** As many cells of at least minCell as fit in `width`, at least one, sharing the space equally. */
export function gridColumns(width: number, { padX, gap, minCell }: GridSpacing) {
  const inner = Math.max(0, width - padX * 2);
  const columns = Math.max(1, Math.floor((inner + gap) / (minCell + gap)));
  const cellWidth = inner > 0 ? (inner - gap * (columns - 1)) / columns : minCell;
  return { columns, cellWidth };
}

/**
 * The columns of a virtualised grid of frames (storyboard, media, assets) in the scroll element
 * `ref`: its width, how many cells fit and how wide each is.
 */
export function useGridColumns(ref: RefObject<HTMLElement | null>, spacing: GridSpacing) {
  const width = useElementWidth(ref);
  return { width, ...gridColumns(width, spacing) };
}

/** A grid's items in rows, headers left out: for the arrow keys. */
export interface GridItems {
  items: readonly unknown[];
  /** Indexes into items, per row of cells. */
  itemRows: number[][];
}

/** The item index a key moves to from `current` (Left/Right by one, Up/Down by a row, Home/End). */
export function moveByKey(layout: GridItems, current: number, key: string): number | null {
  const last = layout.items.length - 1;
  if (last < 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  if (key === 'ArrowLeft') return Math.max(0, current - 1);
  if (key === 'ArrowRight') return Math.min(last, current + 1);
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return null;
  const rowIndex = layout.itemRows.findIndex((row) => row.includes(current));
  const row = layout.itemRows[rowIndex];
  if (!row) return current;
  const column = row.indexOf(current);
  const target = layout.itemRows[rowIndex + (key === 'ArrowUp' ? -1 : 1)];
  if (!target) return current;
  return target[Math.min(column, target.length - 1)] ?? current;
}
