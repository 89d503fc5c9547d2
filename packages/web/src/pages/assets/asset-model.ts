import {
  ASSET_TYPES,
  type Asset,
  type AssetImageEntry,
  type AssetType,
  type Job,
  parseImageKey,
  supportedImageKeys,
} from '@reelbench/sdk';
import { displayUrl } from './asset-images.js';

export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  character: 'Character',
  location: 'Location',
  prop: 'Prop',
  custom: 'Custom',
};

export const ASSET_TYPE_PLURALS: Record<AssetType, string> = {
  character: 'Characters',
  location: 'Locations',
  prop: 'Props',
  custom: 'Custom',
};

/** The shape of each type's generated sheets (the local renderer's sizes), as a CSS aspect ratio. */
export const ASSET_ASPECTS: Record<AssetType, number> = {
  character: 3 / 4,
  location: 16 / 9,
  prop: 1,
  custom: 1,
};

export interface AssetFilters {
  query: string;
  type: AssetType | 'all';
}

/** By type and by name, visual identifier or description, case-insensitively. */
export function matchesFilters(asset: Asset, filters: AssetFilters): boolean {
  if (filters.type !== 'all' && asset.type !== filters.type) return false;
  const needle = filters.query.trim().toLowerCase();
  if (needle === '') return true;
  return [asset.name, asset.visualIdentifier ?? '', asset.description ?? ''].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export type AssetRow =
  | { kind: 'header'; type: AssetType; count: number }
  | { kind: 'items'; type: AssetType; first: number; count: number };

export interface AssetLayout {
  items: Asset[];
  rows: AssetRow[];
  /** Indexes into items, per row of cells, for the arrow keys. */
  itemRows: number[][];
  /** The virtual row of each item. */
  rowOfItem: number[];
}

/**
 * The assets page's grid: each type (characters, locations, props, custom) that has a shown asset
 * gets a header row, then its assets by name in rows of `columns`.
 */
export function assetLayout(assets: readonly Asset[], filters: AssetFilters, columns: number): AssetLayout {
  const items: Asset[] = [];
  const rows: AssetRow[] = [];
  const itemRows: number[][] = [];
  const rowOfItem: number[] = [];
  for (const type of ASSET_TYPES) {
    const shown = assets
      .filter((asset) => asset.type === type && matchesFilters(asset, filters))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    if (shown.length === 0) continue;
    rows.push({ kind: 'header', type, count: shown.length });
    const start = items.length;
    items.push(...shown);
    for (let first = start; first < items.length; first += columns) {
      const count = Math.min(columns, items.length - first);
      const indexes = Array.from({ length: count }, (_, i) => first + i);
      for (const index of indexes) rowOfItem[index] = rows.length;
      rows.push({ kind: 'items', type, first, count });
      itemRows.push(indexes);
    }
  }
  return { items, rows, itemRows, rowOfItem };
}

/** The picture that stands for an asset: its default key's image, else the first image it has. */
export function coverImage(asset: Asset): { key: string; url: string } | null {
  const preferred = displayUrl(asset.images[asset.config.defaultImageKey]);
  if (preferred) return { key: asset.config.defaultImageKey, url: preferred };
  for (const key of supportedImageKeys(asset.config)) {
    const url = displayUrl(asset.images[key]);
    if (url) return { key, url };
  }
  return null;
}

/** How many of the asset's supported keys have an image. */
export function imageCount(asset: Asset): { filled: number; total: number } {
  const keys = supportedImageKeys(asset.config);
  return { filled: keys.filter((key) => displayUrl(asset.images[key]) !== null).length, total: keys.length };
}

// ------------------------------------------------------------------ one asset's image keys

const MODIFIER_LABELS: Record<string, string> = {
  front: 'Front',
  back: 'Back',
  left: 'Left',
  right: 'Right',
  wide: 'Wide',
  close: 'Close',
  left90: 'Left 90°',
  right90: 'Right 90°',
  reverse: 'Reverse',
  aerial: 'Aerial',
  exterior: 'Exterior',
};

export interface ImageSlot {
  key: string;
  variant: string;
  /** Front, Back, Wide…; 'Reference' for the bare variant (no direction). */
  label: string;
  kind: 'reference' | 'rotation' | 'view';
  rotation?: string;
  /** The type's default key: the asset's picture everywhere else. */
  isDefault: boolean;
}

export interface VariantSection {
  variant: string;
  slots: ImageSlot[];
}

/**
 * Every key the asset's config supports (SPEC.md §3), per variant: the default direction first, then
 * the other rotations or views in the order SPEC.md lists them, then the bare variant.
 */
export function imageSections(asset: Pick<Asset, 'config'>): VariantSection[] {
  const { config } = asset;
  const base = parseImageKey(config.defaultImageKey);
  const baseModifier = base?.rotation ?? base?.view;
  // The default direction first, the other directions next, the bare variant last.
  const rank = (slot: ImageSlot, modifier: string | undefined) =>
    modifier === baseModifier ? 0 : slot.kind === 'reference' ? 2 : 1;
  const ranks = new Map<string, number>();
  const sections = new Map<string, ImageSlot[]>();
  for (const key of supportedImageKeys(config)) {
    const parts = parseImageKey(key);
    if (!parts) continue;
    const modifier = parts.rotation ?? parts.view;
    const slot: ImageSlot = {
      key,
      variant: parts.variant,
      label: modifier ? (MODIFIER_LABELS[modifier] ?? modifier) : 'Reference',
      kind: parts.rotation ? 'rotation' : parts.view ? 'view' : 'reference',
      ...(parts.rotation ? { rotation: parts.rotation } : {}),
      isDefault: key === config.defaultImageKey,
    };
    ranks.set(key, rank(slot, modifier));
    const list = sections.get(parts.variant) ?? [];
    list.push(slot);
    sections.set(parts.variant, list);
  }
  return [...sections].map(([variant, slots]) => ({
    variant,
    slots: [...slots].sort((a, b) => (ranks.get(a.key) ?? 1) - (ranks.get(b.key) ?? 1)),
  }));
}

export type SlotStatus = 'empty' | 'pending' | 'processing' | 'completed' | 'stale' | 'failed';

export const SLOT_STATUS_LABELS: Record<SlotStatus, string> = {
  empty: 'No image',
  pending: 'Pending',
  processing: 'Working',
  completed: 'Ready',
  stale: 'Stale',
  failed: 'Failed',
};

/**
 * A cell's status: working while this tab runs something on it; stale when a new base image made
 * it out of date (the server's metadata.stale) until it is generated again; else the entry's own.
 */
export function slotStatus(entry: AssetImageEntry | undefined, busy: boolean): SlotStatus {
  if (busy) return 'processing';
  if (!entry) return 'empty';
  if (entry.metadata.stale === true) return 'stale';
  if (entry.status === 'failed') return 'failed';
  if (entry.status === 'processing' || entry.status === 'queued') return 'processing';
  if (displayUrl(entry) === null) return 'pending';
  return 'completed';
}

/** The base key a stale image was made from, as the server recorded it. */
export function invalidatedBy(entry: AssetImageEntry | undefined): string | null {
  const by = entry?.metadata.invalidatedBy;
  return typeof by === 'string' ? by : null;
}

// ------------------------------------------------------------------ work running on an image

export type ImageOperation =
  | 'upload'
  | 'generate'
  | 'regenerate'
  | 'enhance'
  | 'removeBackground'
  | 'assess'
  | 'remove';

export const OPERATION_LABELS: Record<ImageOperation, string> = {
  upload: 'Uploading',
  generate: 'Generating',
  regenerate: 'Regenerating',
  enhance: 'Enhancing',
  removeBackground: 'Removing background',
  assess: 'Assessing',
  remove: 'Removing',
};

/** The server's job type for each operation that runs as a job. */
export const OPERATION_JOB_TYPES: Partial<Record<ImageOperation, string>> = {
  generate: 'unified-asset:generateImage',
  regenerate: 'unified-asset:generateImage',
  enhance: 'asset:enhance-image',
  removeBackground: 'asset:ensure-bg-removed',
};

/** Something this tab started on one image key, until its request answers. */
export interface RunningOperation {
  id: string;
  assetId: string;
  key: string;
  projectId: string;
  operation: ImageOperation;
  /** Upload percentage; null while unknown. */
  progress: number | null;
  /** Ids of the jobs the tab already knew when this started: the job of this one is none of them. */
  knownJobs: ReadonlySet<string>;
}

/**
 * Which job runs which operation. A generation request answers only when its job has ended, and
 * the job's events do not name the asset, so each operation gets the oldest job of its type and
 * project that appeared after it started and that no earlier operation took (requests are queued
 * in the order they are sent).
 */
export function matchJobs(operations: readonly RunningOperation[], jobs: readonly Job[]): Map<string, Job> {
  const matched = new Map<string, Job>();
  const taken = new Set<string>();
  const ordered = [...jobs].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  for (const operation of operations) {
    const type = OPERATION_JOB_TYPES[operation.operation];
    if (type === undefined) continue;
    const job = ordered.find(
      (candidate) =>
        candidate.type === type &&
        candidate.projectId === operation.projectId &&
        !taken.has(candidate.id) &&
        !operation.knownJobs.has(candidate.id),
    );
    if (!job) continue;
    taken.add(job.id);
    matched.set(operation.id, job);
  }
  return matched;
}

/** The chip's words for a running operation: "Uploading 40%", "Generating · queued", "Generating 50%". */
export function operationText(operation: RunningOperation, job: Job | undefined): string {
  const label = OPERATION_LABELS[operation.operation];
  if (operation.operation === 'upload') {
    return operation.progress === null ? label : `${label} ${operation.progress}%`;
  }
  if (!job) return `${label}…`;
  if (job.status === 'queued') return `${label} · queued`;
  return job.progress > 0 && job.progress < 100 ? `${label} ${Math.round(job.progress)}%` : `${label}…`;
}

/** The progress bar's value for a running operation; null shows an indeterminate bar. */
export function operationProgress(operation: RunningOperation, job: Job | undefined): number | null {
  if (operation.operation === 'upload') return operation.progress;
  if (!job || job.progress <= 0) return null;
  return Math.round(job.progress);
}

/** The reasons of an assessment, one a line ("sharp; well exposed" → two lines). */
export function assessmentReasons(notes: string): string[] {
  return notes
    .split(/;\s*/)
    .map((reason) => reason.trim())
    .filter((reason) => reason !== '');
}
