import type { Virtualizer } from '@tanstack/react-virtual';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { cx } from '../ui/cx.js';
import { sceneColorVar } from './actions.js';
import { type SceneGroup, UNASSIGNED_SCENE_ID } from './model.js';

/** A header row of a scene grid. */
export interface SceneHeaderRow {
  kind: 'header';
  group: SceneGroup;
}

/** A row of a scene grid: a scene's header, or `count` cells from `first`. */
export type SceneGridRow = SceneHeaderRow | { kind: 'shots' | 'items'; first: number; count: number };

export interface SceneGridProps<R extends SceneGridRow> {
  scrollRef: RefObject<HTMLDivElement | null>;
  label: string;
  className?: string;
  rows: readonly R[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  columns: number;
  cellWidth: number;
  gap: number;
  padX: number;
  /** The DOM id of the active cell, only while its row is mounted. */
  activeDescendant: string | undefined;
  multiselectable?: boolean;
  hidden: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** What a scene's header says after its name (counts, length). */
  facts: (row: Extract<R, SceneHeaderRow>) => ReactNode;
  /** The cells of a row of cells, `first` to `first + count`. */
  cells: (first: number, count: number) => ReactNode;
}

/**
 * The virtualised ARIA grid the storyboard and the media page share: scene header rows and rows of
 * cells, absolutely placed by the virtualiser. The grid holds the focus and names its active cell
 * with aria-activedescendant.
 */
export function SceneGrid<R extends SceneGridRow>(props: SceneGridProps<R>) {
  const { rows, virtualizer, columns, cellWidth, gap, padX } = props;
  return (
    // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
    <div
      ref={props.scrollRef}
      className={cx('sb-scroll', props.className)}
      role="grid"
      aria-label={props.label}
      aria-multiselectable={props.multiselectable ? 'true' : undefined}
      aria-rowcount={rows.length}
      aria-colcount={columns}
      aria-activedescendant={props.activeDescendant}
      tabIndex={0}
      hidden={props.hidden}
      onKeyDown={props.onKeyDown}
    >
      <div className="sb-canvas" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            // biome-ignore lint/a11y: A virtualised ARIA grid row (see the grid above)
            <div
              key={row.kind === 'header' ? `h-${row.group.key}` : `r-${row.first}`}
              role="row"
              aria-rowindex={item.index + 1}
              className={row.kind === 'header' ? 'sb-row sb-row--header' : 'sb-row'}
              style={{ transform: `translateY(${item.start}px)`, height: item.size, paddingInline: padX }}
            >
              {row.kind === 'header' ? (
                <SceneRowHeader
                  group={row.group}
                  columns={columns}
                  facts={props.facts(row as Extract<R, SceneHeaderRow>)}
                />
              ) : (
                <div
                  className="sb-row__cells"
                  style={{ gridTemplateColumns: `repeat(${columns}, ${cellWidth}px)`, columnGap: gap }}
                >
                  {props.cells(row.first, row.count)}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** A scene's header row in a scene grid: its colour swatch, number, name and facts. */
export function SceneRowHeader({
  group,
  facts,
  columns,
}: {
  group: SceneGroup;
  facts: ReactNode;
  columns: number;
}) {
  return (
    // biome-ignore lint/a11y: A virtualised ARIA grid row header (see SceneGrid)
    <div
      role="rowheader"
      aria-colspan={columns}
      className={group.sceneId === UNASSIGNED_SCENE_ID ? 'sb-scene sb-scene--unassigned' : 'sb-scene'}
      style={{ ['--scene-color' as string]: sceneColorVar(group.color) }}
    >
      <span className="sb-scene__swatch" aria-hidden="true" />
      {group.sceneNumber !== null ? (
        <span className="sb-scene__number mono">{String(group.sceneNumber).padStart(2, '0')}</span>
      ) : null}
      <span className="sb-scene__name">{group.name}</span>
      <span className="sb-scene__facts mono">{facts}</span>
    </div>
  );
}
