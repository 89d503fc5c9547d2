import type { LaidShot, SceneGroup, ShotBoard } from '../../shots/model.js';

export type MediaKind = 'image' | 'video';
export type MediaStatus = 'completed' | 'stale' | 'processing';
export const MEDIA_STATUS_LABELS: Record<MediaStatus, string> = {
  completed: 'Up to date',
  stale: 'Stale',
  processing: 'Re-rendering',
};

/** One generated image or video of a shot. */
export interface MediaItem {
  id: string;
  entry: LaidShot;
  kind: MediaKind;
  url: string;
  status: MediaStatus;
}

export interface MediaFilters {
  kind: MediaKind | 'all';
  status: MediaStatus | 'all';
}

const BUSY = new Set(['queued', 'processing']);

function statusOf(stale: boolean | undefined, generation: string): MediaStatus {
  if (BUSY.has(generation)) return 'processing';
  return stale === true ? 'stale' : 'completed';
}

/** A shot's generated media: its image, then its video (only those that exist). */
export function mediaOf(entry: LaidShot): MediaItem[] {
  const { shot } = entry;
  const items: MediaItem[] = [];
  if (shot.image_url)
    items.push({
      id: `${shot.id}:image`,
      entry,
      kind: 'image',
      url: shot.image_url,
      status: statusOf(shot.image_stale, shot.generation_status),
    });
  if (shot.video_url)
    items.push({
      id: `${shot.id}:video`,
      entry,
      kind: 'video',
      url: shot.video_url,
      status: statusOf(shot.video_stale, shot.video_generation_status),
    });
  return items;
}

export type MediaRow =
  | { kind: 'header'; group: SceneGroup; count: number }
  | { kind: 'items'; first: number; count: number };

export interface MediaLayout {
  items: MediaItem[];
  rows: MediaRow[];
  /** Indexes into items, per item row, for up/down movement. */
  itemRows: number[][];
  /** Virtual row of each item. */
  rowOfItem: number[];
}

/** Every shown item in timeline order, grouped by scene: a header row, then rows of `columns` items. */
export function mediaLayout(board: ShotBoard, filters: MediaFilters, columns: number): MediaLayout {
  const items: MediaItem[] = [];
  const rows: MediaRow[] = [];
  const itemRows: number[][] = [];
  const rowOfItem: number[] = [];
  for (const group of board.groups) {
    const groupItems = board.shots
      .slice(group.first, group.first + group.count)
      .flatMap(mediaOf)
      .filter(
        (item) =>
          (filters.kind === 'all' || item.kind === filters.kind) &&
          (filters.status === 'all' || item.status === filters.status),
      );
    if (groupItems.length === 0) continue;
    rows.push({ kind: 'header', group, count: groupItems.length });
    const start = items.length;
    items.push(...groupItems);
    for (let first = start; first < items.length; first += columns) {
      const count = Math.min(columns, items.length - first);
      const indexes = Array.from({ length: count }, (_, i) => first + i);
      for (const index of indexes) rowOfItem[index] = rows.length;
      rows.push({ kind: 'items', first, count });
      itemRows.push(indexes);
    }
  }
  return { items, rows, itemRows, rowOfItem };
}

export { moveByKey } from '../../ui/grid-columns.js';
