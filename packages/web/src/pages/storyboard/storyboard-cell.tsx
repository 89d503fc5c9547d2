import { memo } from 'react';
import { useAlternates } from '../../shots/coverage.js';
import { useIsDirty } from '../../shots/dirty.js';
import { DirtyMark } from '../../shots/dirty-mark.js';
import { FrameStatus } from '../../shots/frame-status.js';
import {
  cardText,
  deriveShotStatus,
  formatSeconds,
  formatShotNumber,
  framingLabel,
  type ShotWithStaleness,
  slateText,
} from '../../shots/model.js';
import { useShotProgress } from '../../shots/progress.js';
import { useRenderCount } from '../../shots/render-count.js';
import { type Selection, useIsActive, useIsSelected } from '../../shots/selection.js';
import type { Store } from '../../state/store.js';
import { cx } from '../../ui/cx.js';

export function cellId(shotId: string): string {
  return `storyboard-shot-${shotId}`;
}

export interface StoryboardCellProps {
  shot: ShotWithStaleness;
  index: number;
  selection: Store<Selection>;
  aspect: string;
  onPointer: (shotId: string, event: React.MouseEvent) => void;
  /** Right click: the shot's context menu. */
  onMenu: (shotId: string, event: React.MouseEvent) => void;
  onOpen: (shotId: string) => void;
}

/**
 * One frame of the storyboard. Memoised: it re-renders only when its own shot object changes (the
 * cache keeps the objects of unchanged shots), when its selection state changes, or when its own
 * progress or alternates change — never because another shot did.
 */
export const StoryboardCell = memo(function StoryboardCell({
  shot,
  index,
  selection,
  aspect,
  onPointer,
  onMenu,
  onOpen,
}: StoryboardCellProps) {
  useRenderCount(shot.id);
  const selected = useIsSelected(selection, shot.id);
  const active = useIsActive(selection, shot.id);
  const live = useShotProgress(shot.id);
  const alts = useAlternates(shot.id);
  const dirty = useIsDirty(shot.id);
  const derived = deriveShotStatus(shot, live);
  const number = formatShotNumber(index);
  const shown = alts && alts.shown > 0 ? alts.variants[alts.shown - 1] : undefined;
  const imageUrl = shown?.image_url ?? shot.image_url;
  const framing = framingLabel(shown?.framingType ?? shot.framing);
  const caption = cardText(shot, framingLabel(shot.framing));
  const slate = slateText(shot, caption);
  const altCount = alts?.status === 'ready' ? alts.variants.length + 1 : 0;
  return (
    // biome-ignore lint/a11y: A virtualised ARIA grid: the grid holds the focus and points at its active cell with aria-activedescendant; table elements cannot be absolutely positioned rows
    <div
      id={cellId(shot.id)}
      role="gridcell"
      aria-selected={selected}
      className={cx('sb-cell', selected && 'is-selected', active && 'is-active')}
      data-shot-id={shot.id}
      data-status={derived.status}
      onMouseDown={(event) => onPointer(shot.id, event)}
      onDoubleClick={() => onOpen(shot.id)}
      onContextMenu={(event) => onMenu(shot.id, event)}
    >
      <div className={cx('sb-frame', `sb-frame--${derived.status}`)} style={{ aspectRatio: aspect }}>
        {imageUrl ? (
          <img src={imageUrl} alt="" decoding="async" draggable={false} />
        ) : (
          <div className="sb-slate" aria-hidden="true">
            <span className="sb-slate__framing">{framing || 'No framing'}</span>
            {slate ? <span className="sb-slate__text">{slate}</span> : null}
          </div>
        )}
        <div className="sb-frame__top">
          {/* A coverage variant on show is rendered: the shot's own status would mislead. */}
          {shown ? <span /> : <FrameStatus derived={derived} />}
          {altCount > 1 ? (
            <span className="sb-alt" title="C cycles the coverage variants · P promotes the shown one">
              {shown ? `${framingLabel(shown.framingType)} · ` : 'alt '}
              {(alts?.shown ?? 0) + 1}/{altCount}
            </span>
          ) : alts?.status === 'loading' ? (
            <span className="sb-alt">alt …</span>
          ) : null}
        </div>
        {derived.status === 'processing' ? (
          <div
            className={cx('sb-progress', !derived.progress && 'is-indeterminate')}
            role="progressbar"
            aria-label={`Rendering shot ${number}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={derived.progress || undefined}
          >
            <span style={{ width: `${derived.progress || 30}%` }} />
          </div>
        ) : null}
      </div>
      <div className="sb-meta">
        <div className="sb-meta__line">
          <span className="sb-meta__number mono">{number}</span>
          <span className="sb-meta__name" title={shot.name}>
            {caption.title}
          </span>
          {dirty ? <DirtyMark /> : null}
          <span className="sb-meta__duration mono">{formatSeconds(shot.duration)}s</span>
        </div>
        <div className="sb-meta__framing">{framing || '\u00a0'}</div>
        <p className="sb-meta__script">{caption.text || '\u00a0'}</p>
      </div>
    </div>
  );
});
