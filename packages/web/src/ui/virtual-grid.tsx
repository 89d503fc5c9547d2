import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from './cx.js';
import type { CellsRow, GridRow, GridRowsProps, HeaderRow } from './use-virtual-grid.js';

/** The scroll element, virtualiser, rows and columns come from useGridRows. */
export interface VirtualGridProps<Row extends GridRow> extends GridRowsProps<Row> {
  label: string;
  className?: string;
  /** Several cells may be selected at once (aria-multiselectable). */
  multiselectable?: boolean;
  /** The active cell's element id, and the virtual row it is in (named only while that row is mounted). */
  active: { id: string; row: number } | undefined;
  hidden: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** A header row's key (its cells' rows are keyed by their first item). */
  headerKey: (row: HeaderRow<Row>) => string;
  /** A header row's content: the caller's element with role rowheader. */
  renderHeader: (row: HeaderRow<Row>) => ReactNode;
  /** A row's cells: the caller's elements with role gridcell. */
  renderCells: (row: CellsRow<Row>) => ReactNode;
}

/**
 * A virtualised ARIA grid of frames under headers (storyboard, media, assets): the grid holds the focus and
 * points at its active cell with aria-activedescendant; each mounted row is absolutely positioned
 * by the virtualiser, its cells laid out in `columns` of `cellWidth`.
 */
export function VirtualGrid<Row extends GridRow>({
  scrollRef,
  virtualizer,
  label,
  className,
  multiselectable = false,
  rows,
  columns,
  cellWidth,
  gap,
  padX,
  active,
  hidden,
  onKeyDown,
  headerKey,
  renderHeader,
  renderCells,
}: VirtualGridProps<Row>) {
  const items = virtualizer.getVirtualItems();
  // aria-activedescendant may only name a cell that is in the document (rows are virtualised).
  const activeMounted = active !== undefined && items.some((item) => item.index === active.row);
  return (
    // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
    <div
      ref={scrollRef}
      className={cx('sb-scroll', className)}
      role="grid"
      aria-label={label}
      aria-multiselectable={multiselectable ? 'true' : undefined}
      aria-rowcount={rows.length}
      aria-colcount={columns}
      aria-activedescendant={activeMounted ? active.id : undefined}
      tabIndex={0}
      hidden={hidden}
      onKeyDown={onKeyDown}
    >
      <div className="sb-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((virtual) => {
          const row = rows[virtual.index];
          if (row === undefined) return null;
          const header = row.kind === 'header';
          return (
            // biome-ignore lint/a11y: A virtualised ARIA grid row (see the grid above)
            <div
              key={header ? `h-${headerKey(row as HeaderRow<Row>)}` : `r-${row.first}`}
              role="row"
              aria-rowindex={virtual.index + 1}
              className={header ? 'sb-row sb-row--header' : 'sb-row'}
              style={{
                transform: `translateY(${virtual.start}px)`,
                height: virtual.size,
                paddingInline: padX,
              }}
            >
              {header ? (
                renderHeader(row as HeaderRow<Row>)
              ) : (
                <div
                  className="sb-row__cells"
                  style={{ gridTemplateColumns: `repeat(${columns}, ${cellWidth}px)`, columnGap: gap }}
                >
                  {renderCells(row as CellsRow<Row>)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
