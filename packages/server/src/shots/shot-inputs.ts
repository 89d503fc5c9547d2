import { createHash } from 'node:crypto';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  BUILT_IN_STYLE_PACKAGES,
  type ColourGrade,
  FIRST_PASS_DEFAULTS,
  isBuiltInStyle,
  type ShotAssetPlacement,
  type StylePackage,
  type VisualStyle,
} from '@reelbench/sdk/contract';
import type { AssetEntity } from '../assets/asset.entity.js';
import { storedConfig } from '../assets/asset.mapper.js';
import { readImages } from '../assets/asset-images.js';
import type { StyleLook } from '../generation/generation.types.js';
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

/** The project's own style packages by id (the built-in ones need no lookup). */
export type StyleLookup = ReadonlyMap<string, OwnStylePackage>;

/**
 * What a shot renders with from one of the project's own style packages: the columns of a
 * style_packages row (the styles domain's table, which shots read by name; styles build on shots).
 */
export interface OwnStylePackage {
  id: string;
  name: string;
  look: string;
  grade: ColourGrade;
  referenceKeys: string[];
  basedOn: string | null;
}
export const NO_STYLES: StyleLookup = new Map();

/** What a shot is rendered with: its package's look, and the fingerprint of that package. */
export interface ShotStyle {
  /** The built-in style the package is (or was duplicated from), else the default. */
  style: VisualStyle;
  look: StyleLook;
  /** A built-in's id; the whole content of an own package (any change to it makes the shot stale). */
  fingerprint: unknown;
}

function builtInStyle(id: VisualStyle): ShotStyle {
  const found = BUILT_IN_STYLE_PACKAGES.find((entry) => entry.id === id) as StylePackage;
  return { style: id, look: { name: found.name, look: found.look, grade: found.grade }, fingerprint: id };
}

/**
 * The shot's style package: a built-in by its visual style, an own package from `styles`; an id that
 * names neither (a package since deleted) renders with the default built-in.
 */
export function shotStyle(
  shot: Pick<ShotEntity, 'stylePackageId'>,
  styles: StyleLookup = NO_STYLES,
): ShotStyle {
  const id = shot.stylePackageId;
  if (isBuiltInStyle(id)) return builtInStyle(id);
  const own = id === null ? undefined : styles.get(id.toLowerCase());
  if (own === undefined) return builtInStyle(FIRST_PASS_DEFAULTS.style);
  return {
    style: isBuiltInStyle(own.basedOn) ? own.basedOn : FIRST_PASS_DEFAULTS.style,
    look: { name: own.name, look: own.look, grade: own.grade },
    fingerprint: { id: own.id, name: own.name, look: own.look, grade: own.grade, refs: own.referenceKeys },
  };
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
 * A fingerprint of everything a shot's image is made from: its words, framing, camera move (drawn on
 * the board), aspect, style, placements and the version of every asset image placed; an asset with
 * no image yet is drawn from its words (a set from the location's name and headings, a figure from
 * the character's description), so those count instead. A stored image whose fingerprint differs
 * from the shot's current one is stale.
 */
export function imageInputs(
  shot: ShotEntity,
  sources: readonly PlacementSource[],
  aspect: AspectRatio,
  styles: StyleLookup,
  prompt?: string,
): string {
  return digest({
    prompt: prompt ?? shot.prompt,
    name: shot.name,
    action: shot.action,
    description: shot.description,
    framing: shot.framing,
    move: shot.cameraMove,
    aspect,
    style: shotStyle(shot, styles).fingerprint,
    placements: placementsOf(shot),
    images: sources.map(({ asset, imageKey, s3Key }) =>
      s3Key === null
        ? [asset.id, imageKey, null, asset.type, asset.name, asset.description]
        : [asset.id, imageKey, s3Key],
    ),
  });
}

/** A shot's video is made from its current image, duration, framing and camera move (the animatic's move). */
export function videoInputs(shot: ShotEntity, aspect: AspectRatio): string {
  return digest({
    image: shot.s3ImageKey ?? shot.imageUrl,
    duration: shot.duration,
    framing: shot.framing,
    move: shot.cameraMove,
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
  styles: StyleLookup,
): { image: boolean; video: boolean } {
  const aspect = shotAspect(shot);
  const recordedImage = recorded(shot.metadata?.imageInputs);
  const recordedVideo = recorded(shot.metadata?.videoInputs);
  const image =
    shot.imageUrl !== null &&
    recordedImage !== undefined &&
    recordedImage !== imageInputs(shot, placementSources(placementsOf(shot), assets), aspect, styles);
  const video =
    shot.videoUrl !== null && recordedVideo !== undefined && recordedVideo !== videoInputs(shot, aspect);
  return { image, video };
}

/** Whether the image (or video) is missing or was made from other inputs than the shot's current ones. */
export function staleness(
  shot: ShotEntity,
  assets: ReadonlyMap<string, AssetEntity>,
  styles: StyleLookup,
): { image: boolean; video: boolean } {
  const changed = outdated(shot, assets, styles);
  return { image: shot.imageUrl === null || changed.image, video: shot.videoUrl === null || changed.video };
}
