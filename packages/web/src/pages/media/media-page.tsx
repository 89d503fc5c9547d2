import { ChevronLeft, ChevronRight, ImageIcon, Images, Play } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { ActionButton } from '../../shell/action-button.js';
import { formatShotNumber, framingLabel } from '../../shots/model.js';
import { SceneRowHeader } from '../../shots/scene-row-header.js';
import { ShotsPageStatus } from '../../shots/shots-page-status.js';
import { ShotsToolbar } from '../../shots/shots-toolbar.js';
import { aspectValue, useProjectShots } from '../../shots/use-project-shots.js';
import { createStore, useStore } from '../../state/store.js';
import { Button } from '../../ui/button.js';
import { EmptyState, Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { Modal } from '../../ui/modal.js';
import { Select } from '../../ui/select.js';
import { type FrameGridSizes, useGridCursor, useGridFrame, useGridRows } from '../../ui/use-virtual-grid.js';
import { VirtualGrid } from '../../ui/virtual-grid.js';
import { useProjectId } from '../project/project-layout.js';
import {
  MEDIA_STATUS_LABELS,
  type MediaFilters,
  type MediaItem,
  type MediaStatus,
  mediaLayout,
} from './media-model.js';
import '../../styles/shots.css';
import '../../styles/media.css';

const MEDIA_GRID: FrameGridSizes = { minCell: 220, headerHeight: 56, metaHeight: 52, rowGap: 18 };

/** The filters, kept for the tab. */
export const mediaFilters = createStore<MediaFilters>({ kind: 'all', status: 'all' });

const itemDomId = (item: MediaItem) => `media-${item.id.replace(':', '-')}`;

/**
 * /project/{id}/media: every generated image and video of the project by scene and shot, filterable
 * by kind and status, virtualised; arrows move, Enter opens one large (arrows move there too, Escape
 * closes, a video plays).
 */
export function MediaPage(props: { projectId?: string } = {}) {
  const projectId = useProjectId(props.projectId);
  const shots = useProjectShots(projectId);
  const { board, aspect } = shots;
  const filters = useStore(mediaFilters);
  const frame = useGridFrame(MEDIA_GRID);
  const { columns } = frame;
  const layout = useMemo(() => mediaLayout(board, filters, columns), [board, filters, columns]);
  const grid = useGridRows(frame, layout.rows, { aspect: aspectValue(aspect) });
  const [open, setOpen] = useState<number | null>(null);
  const cursor = useGridCursor(layout, grid, { cellId: itemDomId, onEnter: setOpen });
  const { current, setActive, reveal } = cursor;

  const hasShots = board.shots.length > 0;
  const counts = useMemo(() => {
    let images = 0;
    let videos = 0;
    for (const entry of board.shots) {
      if (entry.shot.image_url) images += 1;
      if (entry.shot.video_url) videos += 1;
    }
    return { images, videos };
  }, [board]);

  return (
    <div className="page page--full shots-page media-page">
      <ShotsToolbar
        title="Media"
        facts={
          hasShots ? (
            <>
              {counts.images} {counts.images === 1 ? 'image' : 'images'} · {counts.videos}{' '}
              {counts.videos === 1 ? 'video' : 'videos'} · {layout.items.length} shown
            </>
          ) : null
        }
      >
        <div className="shots-toolbar__filters">
          <Select
            aria-label="Kind"
            value={filters.kind}
            onValueChange={(kind) => mediaFilters.set((f) => ({ ...f, kind: kind as MediaFilters['kind'] }))}
            options={[
              { value: 'all', label: 'Images and videos' },
              { value: 'image', label: 'Images' },
              { value: 'video', label: 'Videos' },
            ]}
          />
          <Select
            aria-label="Status"
            value={filters.status}
            onValueChange={(status) =>
              mediaFilters.set((f) => ({ ...f, status: status as MediaFilters['status'] }))
            }
            options={[
              { value: 'all', label: 'Any status' },
              ...(Object.keys(MEDIA_STATUS_LABELS) as MediaStatus[]).map((status) => ({
                value: status,
                label: MEDIA_STATUS_LABELS[status],
              })),
            ]}
          />
        </div>
      </ShotsToolbar>
      <ShotsPageStatus shots={shots} icon={Images}>
        <Skeleton width={260} height={18} />
      </ShotsPageStatus>
      {hasShots && layout.items.length === 0 ? (
        <EmptyState
          icon={ImageIcon}
          title={
            counts.images + counts.videos === 0 ? 'Nothing rendered yet' : 'No media matches these filters'
          }
          actions={<ActionButton actionId="generate.renderAllImages" variant="primary" />}
        >
          Render the shots' images and videos, and every one of them shows here by scene.
        </EmptyState>
      ) : null}
      <VirtualGrid
        {...grid}
        label="Media"
        className="media-scroll"
        {...cursor.props}
        headerKey={(row) => row.group.key}
        renderHeader={(row) => (
          <SceneRowHeader
            group={row.group}
            columns={columns}
            facts={`${row.count} ${row.count === 1 ? 'item' : 'items'}`}
          />
        )}
        renderCells={(row) =>
          layout.items.slice(row.first, row.first + row.count).map((item, i) => (
            <MediaCell
              key={item.id}
              item={item}
              active={row.first + i === current}
              aspect={aspect.replace(':', ' / ')}
              onOpen={() => {
                setActive(row.first + i);
                setOpen(row.first + i);
              }}
            />
          ))
        }
      />
      <Lightbox
        items={layout.items}
        index={open}
        onMove={(index) => {
          setOpen(index);
          setActive(index);
          reveal(index);
        }}
        onClose={() => {
          setOpen(null);
          requestAnimationFrame(() => frame.scrollRef.current?.focus({ preventScroll: true }));
        }}
      />
    </div>
  );
}

function MediaCell({
  item,
  active,
  aspect,
  onOpen,
}: {
  item: MediaItem;
  active: boolean;
  aspect: string;
  onOpen: () => void;
}) {
  const { shot, index } = item.entry;
  return (
    // biome-ignore lint/a11y: A cell of the virtualised grid; the grid handles the keyboard
    <div
      id={itemDomId(item)}
      role="gridcell"
      aria-selected={active}
      className={cx('sb-cell media-cell', active && 'is-active')}
      data-kind={item.kind}
      onClick={onOpen}
    >
      <div className="sb-frame" style={{ aspectRatio: aspect }}>
        {item.kind === 'image' ? (
          <img src={item.url} alt="" loading="lazy" decoding="async" />
        ) : (
          <video src={item.url} muted preload="metadata" playsInline />
        )}
        <span className={cx('media-cell__kind', `media-cell__kind--${item.kind}`)}>
          {item.kind === 'video' ? (
            <Play size={12} aria-hidden="true" />
          ) : (
            <ImageIcon size={12} aria-hidden="true" />
          )}
          {item.kind === 'video' ? 'Video' : 'Image'}
        </span>
        {item.status !== 'completed' ? (
          <span className={cx('frame-status', `frame-status--${item.status}`)}>
            {MEDIA_STATUS_LABELS[item.status]}
          </span>
        ) : null}
      </div>
      <p className="media-cell__line">
        <span className="mono media-cell__number">{formatShotNumber(index)}</span>
        <span className="media-cell__name">{shot.name}</span>
        <span className="media-cell__meta mono">{framingLabel(shot.framing)}</span>
      </p>
    </div>
  );
}

function Lightbox({
  items,
  index,
  onMove,
  onClose,
}: {
  items: MediaItem[];
  index: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const item = index === null ? undefined : items[index];
  useEffect(() => {
    if (index === null) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.target instanceof HTMLVideoElement) return;
      if (event.key === 'ArrowLeft' && index > 0) {
        event.preventDefault();
        onMove(index - 1);
      } else if (event.key === 'ArrowRight' && index < items.length - 1) {
        event.preventDefault();
        onMove(index + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, items.length, onMove]);
  const title = item
    ? `Shot ${formatShotNumber(item.entry.index)} · ${item.entry.shot.name} · ${item.kind === 'video' ? 'Video' : 'Image'}`
    : '';
  return (
    <Modal
      open={item !== undefined}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={
        item ? `${index === null ? 0 : index + 1} of ${items.length} · ← → move · Esc closes` : undefined
      }
      size="fullscreen"
      className="lightbox"
    >
      {item ? (
        <div className="lightbox__stage">
          {item.kind === 'image' ? (
            <img key={item.id} src={item.url} alt={title} className="lightbox__media" />
          ) : (
            <video
              key={item.id}
              src={item.url}
              className="lightbox__media"
              controls
              autoPlay
              muted
              loop
              playsInline
            />
          )}
          <div className="lightbox__nav">
            <Button
              variant="ghost"
              icon={ChevronLeft}
              disabled={index === 0}
              onClick={() => index !== null && onMove(index - 1)}
            >
              Previous
            </Button>
            <span className="lightbox__facts mono">
              {item.entry.shot.script_text || item.entry.shot.action || ''}
            </span>
            <Button
              variant="ghost"
              icon={ChevronRight}
              disabled={index === null || index >= items.length - 1}
              onClick={() => index !== null && onMove(index + 1)}
            >
              Next
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
