import { Injectable } from '@nestjs/common';
import {
  type AspectRatio,
  type AssetType,
  type FramingType,
  type Job,
  MESSAGES,
  type ShotAssetPlacement,
} from '@reelbench/sdk/contract';
import type { AssetEntity } from '../assets/asset.entity.js';
import { storedConfig } from '../assets/asset.mapper.js';
import { notFound } from '../common/domain-error.js';
import {
  GENERATION_MESSAGES,
  GenerationCancelledError,
  throwIfCancelled,
} from '../generation/generation.errors.js';
import type { ImageAssessment, PlacedAssetSource, RenderedImage } from '../generation/generation.types.js';
import { DEFAULT_FRAMING } from '../generation/index.js';
import { MediaStore } from '../generation/media-store.js';
import { ProviderRegistry } from '../generation/provider.js';
import { RenderSlots } from '../generation/render-slots.js';
import type { ShotRenderOptions } from '../jobs/job-types.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { type KeyScope, projectPrefix } from '../storage/storage-key.js';
import type { ShotEntity } from './shot.entity.js';
import { ShotsRepository } from './shot.repository.js';
import {
  imageInputs,
  type PlacementSource,
  placementSources,
  placementsOf,
  type StyleLookup,
  shotAspect,
  shotStyle,
  videoInputs,
} from './shot-inputs.js';
import { type MediaWrite, type MediaWriteInput, ShotMediaRepository } from './shot-media.repository.js';
import { unreferencedKeys } from './shot-takes.js';

export type MediaKind = 'image' | 'video';

export function failureMessage(kind: MediaKind): string {
  return kind === 'image' ? MESSAGES.imageGenerationFailed : GENERATION_MESSAGES.videoFailed;
}

/** The project's placeable assets for one job, and each placed image's bytes, read once per job. */
export interface JobAssets {
  byId: Map<string, AssetEntity>;
  images: Map<string, Promise<Buffer | null>>;
  /** The project's own style packages, read once per job. */
  styles: StyleLookup;
}

/** One shot's render in a generation job: the job, the shot, the job's options and assets, and its cancel signal. */
export interface ShotRenderTask {
  job: Job;
  shot: ShotEntity;
  options: ShotRenderOptions;
  assets: JobAssets;
  signal: AbortSignal;
}

type ProjectRef = Pick<ProjectEntity, 'id' | 'ownerId' | 'seriesId'>;

/**
 * Render-and-store for shot jobs: each render goes through the configured provider in one of the
 * server's render slots; what is stored (with its WebP variants) is recorded on the shot with the
 * inputs it was made from, so a later change to any of those makes the shot stale.
 */
@Injectable()
export class ShotRenderService {
  constructor(
    private readonly shots: ShotsRepository,
    private readonly shotMedia: ShotMediaRepository,
    private readonly registry: ProviderRegistry,
    private readonly media: MediaStore,
    private readonly slots: RenderSlots,
  ) {}

  async assetsOf(project: ProjectRef): Promise<Map<string, AssetEntity>> {
    const assets = await this.shots.accessibleAssets(project);
    return new Map(assets.map((asset) => [asset.id, asset]));
  }

  async jobAssets(project: ProjectRef): Promise<JobAssets> {
    const [byId, styles] = await Promise.all([this.assetsOf(project), this.shots.projectStyles(project.id)]);
    return { byId, images: new Map(), styles };
  }

  /** A stored object of the shot's project (see MediaStore.read). */
  read(key: string, scope: KeyScope): Promise<Buffer | undefined> {
    return this.media.read(key, scope);
  }

  displayUrl(key: string): Promise<string> {
    return this.media.displayUrl(key);
  }

  async renderShotImage(
    shot: ShotEntity,
    options: ShotRenderOptions,
    assets: JobAssets,
    signal: AbortSignal,
    framing?: FramingType,
  ): Promise<{ rendered: RenderedImage; inputs: string; aspect: AspectRatio }> {
    const aspect = shotAspect(shot, options.aspect);
    const placements = options.placements ?? placementsOf(shot);
    const { sources, request } = await this.placedAssets(placements, assets);
    const generator = this.registry.get('shotImage', options.provider);
    const style = shotStyle(shot, assets.styles);
    throwIfCancelled(signal);
    const rendered = await this.slots.run(() => {
      throwIfCancelled(signal);
      return generator.renderShot({
        shot: {
          name: shot.name,
          action: shot.action,
          description: shot.description,
          framing: (framing ?? shot.framing ?? DEFAULT_FRAMING) as FramingType,
          camera_move: shot.cameraMove ?? null,
          assets: placements,
        },
        aspect,
        style: style.style,
        look: style.look,
        assets: request,
        signal,
        ...definedPrompt(options.prompt ?? shot.prompt),
      });
    });
    throwIfCancelled(signal);
    return { rendered, inputs: imageInputs(shot, sources, aspect, assets.styles, options.prompt), aspect };
  }

  async renderImage({ job, shot, options, assets, signal }: ShotRenderTask): Promise<ShotEntity> {
    const { rendered, inputs } = await this.renderShotImage(shot, options, assets, signal);
    return this.storeShotImage(job, shot, rendered, inputs, signal);
  }

  async storeShotImage(
    job: Job,
    shot: ShotEntity,
    image: Pick<RenderedImage, 'png' | 'pixels'>,
    inputs: string,
    signal: AbortSignal,
  ): Promise<ShotEntity> {
    const key = await this.media.putImage(
      `${projectPrefix(shot.projectId)}shots/${shot.id}/`,
      image.png,
      image.pixels,
    );
    if (signal.aborted) {
      await this.media.deleteImage(key);
      throw new GenerationCancelledError();
    }
    return this.writeMedia(shot.id, key, (stored) => this.media.deleteImage(stored), {
      kind: 'image',
      replacedBy: job.type,
      values: { imageUrl: await this.media.displayUrl(key), s3ImageKey: key, generationStatus: 'completed' },
      media: { imageInputs: inputs, imageJob: job.id, imageGeneration: job.type },
      clear: ['imageJobId'],
    });
  }

  /** The animatic from the shot's current image (rendered first when it has none) at its current duration. */
  async renderVideo({ job, shot, options, assets, signal }: ShotRenderTask): Promise<ShotEntity> {
    let current = shot;
    let image = current.s3ImageKey === null ? undefined : await this.media.read(current.s3ImageKey, current);
    if (image === undefined) {
      const { rendered, inputs } = await this.renderShotImage(current, options, assets, signal);
      current = await this.storeShotImage(job, current, rendered, inputs, signal);
      image = rendered.png;
    }
    const aspect = shotAspect(current, options.aspect);
    const generator = this.registry.get('video', options.provider);
    const clip = await this.slots.run(() => {
      throwIfCancelled(signal);
      return generator.renderClip({
        image: image as Buffer,
        durationSeconds: current.duration,
        framing: (current.framing ?? null) as FramingType | null,
        cameraMove: current.cameraMove ?? null,
        aspect,
        signal,
      });
    });
    if (signal.aborted) throw new GenerationCancelledError();
    const key = await this.media.putClip(
      `${projectPrefix(current.projectId)}shots/${current.id}/`,
      clip.path,
    );
    return this.writeMedia(current.id, key, (stored) => this.media.deleteObject(stored), {
      kind: 'video',
      replacedBy: job.type,
      values: {
        videoUrl: await this.media.displayUrl(key),
        s3VideoKey: key,
        videoGenerationStatus: 'completed',
      },
      media: {
        videoInputs: videoInputs(current, aspect),
        videoJob: job.id,
        videoGeneration: job.type,
        video: {
          durationSeconds: clip.durationSeconds,
          frames: clip.frames,
          fps: clip.fps,
          width: clip.width,
          height: clip.height,
          // Which encoder settings made it: a rough cut stream-copies clips whose settings match its own.
          ...(typeof clip.meta.encoder === 'string' ? { encoder: clip.meta.encoder } : {}),
        },
      },
      clear: ['videoJobId'],
    });
  }

  /**
   * Points the shot at its new stored media, the replaced media kept as a take. When the shot was
   * deleted meanwhile the new object is removed again (NOT_FOUND); takes dropped by the cap lose
   * their stored media when nothing else refers to it.
   */
  private async writeMedia(
    shotId: string,
    key: string,
    remove: (key: string) => Promise<unknown>,
    input: MediaWriteInput,
  ): Promise<ShotEntity> {
    const written = await this.shotMedia.writeMedia(shotId, input);
    if (written === null) {
      await remove(key);
      throw notFound('Shot');
    }
    await this.deleteDropped(written);
    return written.shot;
  }

  /** The stored media of takes dropped by the cap that nothing else refers to. */
  private async deleteDropped(written: MediaWrite): Promise<void> {
    if (written.dropped.length === 0) return;
    const { images, videos } = unreferencedKeys(written.shot, written.kept, written.dropped);
    await Promise.all([
      ...images.map((key) => this.media.deleteImage(key).catch(() => undefined)),
      ...videos.map((key) => this.media.deleteObject(key).catch(() => undefined)),
    ]);
  }

  /** A coverage variant's image: the shot rendered at the variant's framing; its key and display url. */
  async renderCoverage(
    shot: ShotEntity,
    options: ShotRenderOptions,
    assets: JobAssets,
    signal: AbortSignal,
    framing: FramingType,
  ): Promise<{ key: string; url: string }> {
    const { rendered } = await this.renderShotImage(shot, options, assets, signal, framing);
    const key = await this.media.putImage(
      `${projectPrefix(shot.projectId)}shots/${shot.id}/coverage/`,
      rendered.png,
    );
    return { key, url: await this.media.displayUrl(key) };
  }

  enhance(image: Buffer, provider?: string): Promise<RenderedImage> {
    const enhancer = this.registry.get('enhance', provider);
    return this.slots.run(() => enhancer.enhance(image));
  }

  /** The assessor and the default enhancer, resolved before any work starts. */
  qualityTools(): {
    assess(image: Buffer, minScore: number): Promise<ImageAssessment>;
    enhance(image: Buffer): Promise<RenderedImage>;
  } {
    const assessor = this.registry.get('assessment');
    const enhancer = this.registry.get('enhance');
    return {
      assess: (image, minScore) => this.slots.run(() => assessor.assess(image, minScore)),
      enhance: (image) => this.slots.run(() => enhancer.enhance(image)),
    };
  }

  /** A contact sheet of the images, stored under the project's compositions; its key. */
  async storeGrid(projectId: string, images: Buffer[], columns: number): Promise<string> {
    const compositor = this.registry.get('composition');
    const grid = await this.slots.run(() => compositor.grid(images, { columns }));
    return this.media.putImage(`${projectPrefix(projectId)}compositions/`, grid.png);
  }

  /** The placed assets and the bytes of the image each placement shows, each image read once per job. */
  private async placedAssets(
    placements: readonly ShotAssetPlacement[],
    assets: JobAssets,
  ): Promise<{ sources: PlacementSource[]; request: PlacedAssetSource[] }> {
    const sources = placementSources(placements, assets.byId);
    const request = await Promise.all(
      sources.map(async (source) => ({
        asset: assetSubject(source.asset),
        image: await this.imageOf(source, assets),
      })),
    );
    return { sources, request };
  }

  private imageOf(source: PlacementSource, assets: JobAssets): Promise<Buffer | null> {
    const key = source.s3Key;
    if (key === null) return Promise.resolve(null);
    let image = assets.images.get(key);
    if (image === undefined) {
      const scope = { projectId: source.asset.projectId ?? '', assetId: source.asset.id };
      image = this.media.read(key, scope).then((bytes) => bytes ?? null);
      assets.images.set(key, image);
    }
    return image;
  }
}

function assetSubject(asset: AssetEntity): PlacedAssetSource['asset'] {
  return {
    id: asset.id,
    type: asset.type as AssetType,
    name: asset.name,
    config: storedConfig(asset),
    description: asset.description,
  };
}

function definedPrompt(prompt: string | null | undefined): { prompt?: string } {
  return prompt ? { prompt } : {};
}
