import { randomUUID } from 'node:crypto';
import { MAX_SHOT_TAKES } from '@reelbench/sdk/contract';
import { projectPrefix } from '../storage/storage-key.js';
import type { ShotEntity } from './shot.entity.js';
import type { ShotValues } from './shot.mapper.js';

export type TakeKind = 'image' | 'video';

/** What replaced the media of a take made by restoring another. */
export const RESTORE = 'shot:useTake';

/** What a shot's metadata records about its current media: fingerprints, the job and job type that made them. */
export const MEDIA_METADATA_KEYS = [
  'imageInputs',
  'imageJob',
  'imageGeneration',
  'videoInputs',
  'videoJob',
  'videoGeneration',
  'video',
] as const;

/**
 * A take as stored in the shot's metadata (`metadata.takes`, newest first, at most MAX_SHOT_TAKES):
 * the shot's media columns and the media metadata they came with, so restoring one brings back its
 * staleness too.
 */
export interface StoredTake {
  id: string;
  kind: TakeKind;
  generation: string | null;
  replacedBy: string;
  createdAt: string;
  imageUrl: string | null;
  s3ImageKey: string | null;
  videoUrl: string | null;
  s3VideoKey: string | null;
  generationStatus: string;
  videoGenerationStatus: string;
  media: Record<string, unknown>;
}

function isStoredTake(value: unknown): value is StoredTake {
  if (typeof value !== 'object' || value === null) return false;
  const take = value as Partial<StoredTake>;
  return typeof take.id === 'string' && (take.kind === 'image' || take.kind === 'video');
}

/** The shot's takes, newest first. */
export function takesOf(shot: Pick<ShotEntity, 'metadata'>): StoredTake[] {
  const takes = shot.metadata?.takes;
  return Array.isArray(takes) ? takes.filter(isStoredTake) : [];
}

function mediaMetadata(shot: Pick<ShotEntity, 'metadata'>): Record<string, unknown> {
  const media: Record<string, unknown> = {};
  for (const key of MEDIA_METADATA_KEYS) {
    const value = shot.metadata?.[key];
    if (value !== undefined) media[key] = value;
  }
  return media;
}

/**
 * The shot's current media as a take. Null when there is nothing to keep: a generation keeps one only
 * when the shot has the kind of media it replaces (the other kind stays on the shot); a restore when
 * the shot has any media.
 */
export function snapshotTake(shot: ShotEntity, kind: TakeKind, replacedBy: string): StoredTake | null {
  const image = shot.imageUrl !== null || shot.s3ImageKey !== null;
  const video = shot.videoUrl !== null || shot.s3VideoKey !== null;
  const keep = replacedBy === RESTORE ? image || video : kind === 'image' ? image : video;
  if (!keep) return null;
  const generation = shot.metadata?.[kind === 'image' ? 'imageGeneration' : 'videoGeneration'];
  return {
    id: randomUUID(),
    kind,
    generation: typeof generation === 'string' ? generation : null,
    replacedBy,
    createdAt: new Date().toISOString(),
    imageUrl: shot.imageUrl,
    s3ImageKey: shot.s3ImageKey,
    videoUrl: shot.videoUrl,
    s3VideoKey: shot.s3VideoKey,
    generationStatus: shot.generationStatus,
    videoGenerationStatus: shot.videoGenerationStatus,
    media: mediaMetadata(shot),
  };
}

/** `take` in front of `takes`, capped at MAX_SHOT_TAKES: the takes kept and the oldest ones dropped. */
export function withTake(
  takes: readonly StoredTake[],
  take: StoredTake | null,
): { kept: StoredTake[]; dropped: StoredTake[] } {
  const all = take === null ? [...takes] : [take, ...takes];
  return { kept: all.slice(0, MAX_SHOT_TAKES), dropped: all.slice(MAX_SHOT_TAKES) };
}

/** The shot's metadata without its current media's records (its takes and anything else stay). */
export function withoutMediaMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...metadata };
  for (const key of MEDIA_METADATA_KEYS) delete rest[key];
  return rest;
}

const BUSY = new Set(['queued', 'processing']);

/**
 * The shot's columns and metadata with `take` restored: its media, their records and statuses. A shot
 * queued or processing keeps that status (the job will replace the media in turn).
 */
export function restoredValues(shot: ShotEntity, take: StoredTake, takes: StoredTake[]): ShotValues {
  const settled = (current: string, stored: string, url: string | null) =>
    BUSY.has(current) ? current : url !== null ? 'completed' : BUSY.has(stored) ? 'pending' : stored;
  return {
    imageUrl: take.imageUrl,
    s3ImageKey: take.s3ImageKey,
    videoUrl: take.videoUrl,
    s3VideoKey: take.s3VideoKey,
    generationStatus: settled(shot.generationStatus, take.generationStatus, take.imageUrl),
    videoGenerationStatus: settled(shot.videoGenerationStatus, take.videoGenerationStatus, take.videoUrl),
    metadata: { ...withoutMediaMetadata(shot.metadata ?? {}), ...take.media, takes },
  };
}

/**
 * Storage keys of dropped takes that nothing else uses (not the shot's current media nor a kept take)
 * and that are the shot's own generated media: those may be deleted.
 */
export function unreferencedKeys(
  shot: ShotEntity,
  kept: readonly StoredTake[],
  dropped: readonly StoredTake[],
) {
  const used = new Set<string>();
  for (const key of [shot.s3ImageKey, shot.s3VideoKey]) if (key !== null) used.add(key);
  for (const take of kept)
    for (const key of [take.s3ImageKey, take.s3VideoKey]) if (key !== null) used.add(key);
  const own = `${projectPrefix(shot.projectId)}shots/${shot.id}/`;
  const images = new Set<string>();
  const videos = new Set<string>();
  for (const take of dropped) {
    if (take.s3ImageKey !== null && !used.has(take.s3ImageKey) && take.s3ImageKey.startsWith(own))
      images.add(take.s3ImageKey);
    if (take.s3VideoKey !== null && !used.has(take.s3VideoKey) && take.s3VideoKey.startsWith(own))
      videos.add(take.s3VideoKey);
  }
  return { images: [...images], videos: [...videos] };
}
