import { DEFAULT_SHOT_NAME, parseImageKey } from '@reelbench/sdk/contract';
import { type FfmpegLocation, type FfmpegSearch, resolveFfmpeg } from '../../media/ffmpeg-path.js';
import type { RenderedImage, ShotImageRequest } from '../generation.types.js';
import { placementImageKey } from '../placement-image-key.js';
import type { GenerationOperations } from '../provider.js';
import { renderClip } from './animatic.js';
import { assessImage } from './assess.js';
import { renderAssetImage } from './asset-renderer.js';
import { composeBatch, composeGrid, composeSingle } from './compose.js';
import { enhanceImage } from './enhance.js';
import { renderFrame } from './frame-renderer.js';
import { DEFAULT_FRAMING } from './framing.js';
import { removeBackground } from './matte.js';
import { type SetSpec, setFor } from './sets.js';
import { speakOffline } from './speech-espeak.js';

export interface LocalProviderOptions extends FfmpegSearch {
  /** Where animatic clips are written; the system temp directory by default. */
  tempDir?: string;
}

/**
 * A shot's storyboard frame: the first placed location is the backdrop (its image, or its rendered
 * view), every other placed asset is a cut-out or a silhouette where the placement puts it.
 * Opaque asset images are matted from their border colour by the frame renderer.
 */
export async function renderShotImage(request: ShotImageRequest): Promise<RenderedImage> {
  const sources = new Map(request.assets.map((source) => [source.asset.id, source]));
  const placed = request.shot.assets.flatMap((placement) => {
    const source = sources.get(placement.assetId);
    return source ? [{ placement, source }] : [];
  });
  const location = placed.find(({ source }) => source.asset.type === 'location');
  // A location without an image is drawn as its set, straight at the frame's size and framing.
  const set =
    location && !location.source.image
      ? locationSet(location.source.asset, location.placement, request.prompt)
      : null;
  const backdrop =
    location && !set
      ? (location.source.image ??
        (
          await renderAssetImage(
            location.source.asset,
            placementImageKey(location.source.asset, location.placement),
          )
        ).png)
      : null;
  const placements = placed
    .filter(({ source }) => source.asset.type !== 'location')
    .map(({ placement, source }) => ({
      image: source.image,
      name: source.asset.name,
      type: source.asset.type,
      x: placement.position.x,
      y: placement.position.y,
      scale: placement.scale,
      rotation: placement.rotation,
      direction: placement.selectedDirection ?? null,
      description: source.asset.description ?? null,
    }));
  const frame = await renderFrame({
    aspect: request.aspect,
    framing: request.shot.framing ?? DEFAULT_FRAMING,
    style: request.style,
    ...(request.look ? { grade: request.look.grade } : {}),
    shot: {
      name: request.shot.name || DEFAULT_SHOT_NAME,
      action: request.shot.action,
      description: request.shot.description,
    },
    backdrop,
    set,
    cameraMove: request.shot.camera_move ?? null,
    placements,
  });
  return { ...frame, meta: { ...frame.meta, skippedPlacements: request.shot.assets.length - placed.length } };
}

/**
 * The set a placed location without an image is drawn as: its class from its name and description,
 * INT/EXT and the light from this shot's prompt (else the asset's scene headings). A placement that
 * selects another view (a rotation key) is drawn from that view's rendered image instead.
 */
function locationSet(
  asset: ShotImageRequest['assets'][number]['asset'],
  placement: ShotImageRequest['shot']['assets'][number],
  prompt: string | undefined,
): SetSpec | null {
  const view = parseImageKey(placementImageKey(asset, placement))?.view;
  if (view && view !== 'wide') return null;
  return setFor({ name: asset.name, description: asset.description ?? null, prompt: prompt ?? null });
}

/** The embedded provider: every operation, offline and deterministic (video needs ffmpeg). */
export function createLocalProvider(options: LocalProviderOptions = {}): GenerationOperations {
  let ffmpeg: FfmpegLocation | undefined;
  const locateFfmpeg = () => {
    ffmpeg ??= resolveFfmpeg(options);
    return ffmpeg;
  };
  const assetImages = { renderAssetImage };
  return {
    shotImage: { renderShot: renderShotImage },
    assetImage: assetImages,
    characterRotation: assetImages,
    enhance: { enhance: enhanceImage },
    backgroundRemoval: { removeBackground },
    assessment: { assess: assessImage },
    composition: { single: composeSingle, batch: composeBatch, grid: composeGrid },
    video: {
      renderClip: async (request) =>
        renderClip(request, {
          ffmpeg: locateFfmpeg(),
          ...(options.tempDir ? { tempDir: options.tempDir } : {}),
        }),
    },
    speech: { speak: speakOffline },
  };
}
