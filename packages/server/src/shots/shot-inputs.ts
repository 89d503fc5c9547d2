import { createHash } from 'node:crypto';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  FIRST_PASS_DEFAULTS,
  type ShotAssetPlacement,
  VISUAL_STYLES,
  type VisualStyle,
} from '@reelbench/sdk/contract';
import type { AssetEntity } from '../assets/asset.entity.js';
import { storedConfig } from '../assets/asset.mapper.js';
import { readImages } from '../assets/asset-images.js';
import { placementImageKey } from '../generation/placement-image-key.js';
import type { ShotEntity } from './shot.entity.js';

/** What a shot's image is made from, besides the bytes: which asset image each placement shows. */
export interface PlacementSource {
  asset: AssetEntity;
  imageKey: string;
  /** The storage key of that image (its version), or null when the asset has none yet. */
  s3Key: string | null;
}

/** The aspect a shot renders at: the request's, else the one its first pass recorded, else 16:9. */
export function shotAspect(shot: ShotEntity, requested?: AspectRatio): AspectRatio {
  if (requested) return requested;
  const recorded = shot.compositionSettings?.aspect;
  return ASPECT_RATIOS.includes(recorded as AspectRatio)
    ? (recorded as AspectRatio)
    : FIRST_PASS_DEFAULTS.aspect;
}

/** The style package of the shot when it names a visual style, else the default grade. */
export function shotStyle(shot: ShotEntity): VisualStyle {
  const known = VISUAL_STYLES.some((style) => style.value === shot.stylePackageId);
  return known ? (shot.stylePackageId as VisualStyle) : FIRST_PASS_DEFAULTS.style;
}

export function placementsOf(shot: ShotEntity): ShotAssetPlacement[] {
  return shot.assets as ShotAssetPlacement[];
}

/** For each placement whose asset is known: the image it shows (falling back to the default key). */
export function placementSources(
  placements: readonly ShotAssetPlacement[],
  assets: ReadonlyMap<string, AssetEntity>,
): PlacementSource[] {
  return placements.flatMap((placement) => {
    const asset = assets.get(placement.assetId);
    if (asset === undefined) return [];
    const config = storedConfig(asset);
    const images = readImages(asset.images);
    const key = placementImageKey({ config }, placement);
    const entry = images[key] ?? images[config.defaultImageKey];
    return [{ asset, imageKey: key, s3Key: entry?.s3Key ?? null }];
  });
}

function digest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);
}

/**
 * A fingerprint of everything a shot's image is made from: its words, framing, aspect, style,
 * placements and the version of every asset image placed. A stored image whose fingerprint differs
 * from the shot's current one is stale.
 */
export function imageInputs(
  shot: ShotEntity,
  sources: readonly PlacementSource[],
  aspect: AspectRatio,
  prompt?: string,
): string {
  return digest({
    prompt: prompt ?? shot.prompt,
    name: shot.name,
    action: shot.action,
    description: shot.description,
    framing: shot.framing,
    aspect,
    style: shotStyle(shot),
    placements: placementsOf(shot),
    images: sources.map((source) => [source.asset.id, source.imageKey, source.s3Key]),
  });
}

/** A shot's video is made from its current image, duration and framing. */
export function videoInputs(shot: ShotEntity, aspect: AspectRatio): string {
  return digest({
    image: shot.s3ImageKey ?? shot.imageUrl,
    duration: shot.duration,
    framing: shot.framing,
    aspect,
  });
}

/** A recorded fingerprint; media without one (an upload, an edit of one) is never stale. */
function recorded(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Whether the shot's image (or video) exists and was made from other inputs than the shot's current
 * ones: what clients see as `image_stale` / `video_stale`. A render records the inputs, clearing it.
 */
export function outdated(
  shot: ShotEntity,
  assets: ReadonlyMap<string, AssetEntity>,
): { image: boolean; video: boolean } {
  const aspect = shotAspect(shot);
  const recordedImage = recorded(shot.metadata?.imageInputs);
  const recordedVideo = recorded(shot.metadata?.videoInputs);
  const image =
    shot.imageUrl !== null &&
    recordedImage !== undefined &&
    recordedImage !== imageInputs(shot, placementSources(placementsOf(shot), assets), aspect);
  const video =
    shot.videoUrl !== null && recordedVideo !== undefined && recordedVideo !== videoInputs(shot, aspect);
  return { image, video };
}

/** Whether the image (or video) is missing or was made from other inputs than the shot's current ones. */
export function staleness(
  shot: ShotEntity,
  assets: ReadonlyMap<string, AssetEntity>,
): { image: boolean; video: boolean } {
  const changed = outdated(shot, assets);
  return { image: shot.imageUrl === null || changed.image, video: shot.videoUrl === null || changed.video };
}
