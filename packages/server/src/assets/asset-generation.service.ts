import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type AssetConfig,
  type AssetDefinition,
  type AssetImageGenerationReply,
  type AssetType,
  MESSAGES,
  parseImageKey,
  type Rotation,
  SERVER_EVENTS,
  type User,
} from '@reelbench/sdk/contract';
import { validation } from '../common/domain-error.js';
import { throwIfCancelled } from '../generation/generation.errors.js';
import { ProviderRegistry } from '../generation/provider.js';
import { RenderSlots } from '../generation/render-slots.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobContext } from '../jobs/job-handlers.js';
import type { JobPayloads } from '../jobs/job-types.js';
import { ProjectsService } from '../projects/project.service.js';
import { storedConfig } from './asset.mapper.js';
import { AssetsService, homeProjectId, type ImageWrite } from './asset.service.js';
import { defineAsset } from './asset-definition.js';
import { AssetImageStore } from './asset-image-store.js';
import { isBaseImageKey } from './asset-images.js';
import { ASSET_JOB_TYPES, definedFields, generatedEntry, jobOwner, providerCall } from './asset-jobs.js';

export const ROTATION_NEEDS_CHARACTER = (type: AssetType) =>
  `Rotations are generated for characters only; this asset is a ${type}`;

/** What a generateImage job carries: the checked request. */
export type GenerateImagePayload = JobPayloads['unified-asset:generateImage'];

/** The job's result, stored after each image so a resumed job carries on where it stopped. */
export interface GenerateImageResult {
  assetId: string;
  imageKey: string;
  /** Dependent images the new base image made stale. */
  invalidatedKeys: string[];
  /** Those of them regenerated from the new base so far. */
  regenerated: string[];
}

function asResult(value: unknown, payload: GenerateImagePayload): GenerateImageResult | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const result = value as Partial<GenerateImageResult>;
  const valid =
    result.assetId === payload.assetId &&
    result.imageKey === payload.imageKey &&
    Array.isArray(result.invalidatedKeys) &&
    Array.isArray(result.regenerated);
  return valid ? (result as GenerateImageResult) : undefined;
}

/** A character's turned images (not its base) go to the characterRotation operation; the rest to assetImage. */
export function operationFor(config: AssetConfig, key: string): 'assetImage' | 'characterRotation' {
  const rotation = parseImageKey(key)?.rotation;
  return config.type === 'character' && rotation !== undefined && !isBaseImageKey(config, key)
    ? 'characterRotation'
    : 'assetImage';
}

/**
 * Asset image generation as jobs: the request checks ownership and the key, queues a job and answers
 * when it ends. The job renders through the configured provider (inside the process's render slots),
 * stores the PNG with its WebP variants and writes the entry under the asset's row lock. A new base
 * image makes its dependent images stale, and the same job regenerates each of them from it.
 */
@Injectable()
export class AssetGenerationService implements OnModuleInit {
  constructor(
    private readonly assets: AssetsService,
    private readonly jobs: JobsService,
    private readonly registry: ProviderRegistry,
    private readonly slots: RenderSlots,
    private readonly images: AssetImageStore,
    private readonly projects: ProjectsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ASSET_JOB_TYPES.generateImage, {
      run: (ctx) => this.runGenerate(ctx),
    });
  }

  // ------------------------------------------------------------------ requests

  async generate(
    user: User,
    input: {
      assetId: string;
      imageKey?: string | undefined;
      prompt?: string | undefined;
      provider?: string | undefined;
    },
  ): Promise<AssetImageGenerationReply> {
    const asset = await this.assets.requireAsset(user, input.assetId);
    const imageKey = this.assets.supportedKey(asset, input.imageKey);
    // An unknown provider (or one without the operation) is the caller's error, before anything is queued.
    this.registry.get(operationFor(storedConfig(asset), imageKey), input.provider);
    const payload: GenerateImagePayload = {
      assetId: asset.id,
      imageKey,
      ...definedFields({ prompt: input.prompt, provider: input.provider }),
    };
    const job = await this.jobs.runAndWait(
      { user, projectId: homeProjectId(asset), type: ASSET_JOB_TYPES.generateImage, payload },
      MESSAGES.imageGenerationFailed,
    );
    const result = asResult(job.result, payload);
    return {
      jobId: job.id,
      asset: await this.assets.getById(user, asset.id),
      imageKey,
      invalidatedKeys: result?.invalidatedKeys ?? [],
    };
  }

  /** character:generate-rotation: the key `${variant}-${rotation}` of a character. */
  async generateRotation(
    user: User,
    input: { assetId: string; rotation: Rotation; variant: string },
  ): Promise<AssetImageGenerationReply> {
    const asset = await this.assets.requireAsset(user, input.assetId);
    if (asset.type !== 'character') throw validation(ROTATION_NEEDS_CHARACTER(asset.type as AssetType));
    return this.generate(user, { assetId: asset.id, imageKey: `${input.variant}-${input.rotation}` });
  }

  /** asset:define: a definition for a new asset of the user's project (see defineAsset). */
  async define(
    user: User,
    input: { projectId: string; type: AssetType; name: string; notes?: string | undefined },
  ): Promise<AssetDefinition> {
    await this.projects.requireOwned(user, input.projectId);
    return defineAsset(input);
  }

  /**
   * Inside another job (the cast from the script): the asset's default image, rendered and stored
   * like a generateImage job's, announced with asset:imageGenerationCompleted.
   */
  async renderDefaultInJob(
    ctx: Pick<JobContext<unknown>, 'job' | 'signal' | 'previousResult' | 'progress'>,
    assetId: string,
    provider?: string,
  ): Promise<void> {
    const ownerId = jobOwner(ctx.job);
    const asset = await this.assets.findForJob(ownerId, assetId);
    const imageKey = storedConfig(asset).defaultImageKey;
    const payload: GenerateImagePayload = { assetId, imageKey, ...definedFields({ provider }) };
    await this.renderAndStore({ ...ctx, payload }, ownerId, imageKey, {
      prompt: null,
      invalidateDependents: true,
    });
  }

  // ------------------------------------------------------------------ job

  /**
   * The image first (unless an earlier attempt stored it), then each dependent it made stale, with
   * progress per image. Cancelled midway, the dependents not yet done stay stale ('pending').
   */
  private async runGenerate(ctx: JobContext<GenerateImagePayload>): Promise<GenerateImageResult> {
    const { job, payload, signal } = ctx;
    const ownerId = jobOwner(job);
    let result = asResult(ctx.previousResult, payload);
    if (result === undefined) {
      const written = await this.renderAndStore(ctx, ownerId, payload.imageKey, {
        prompt: payload.prompt ?? null,
        invalidateDependents: true,
      });
      result = {
        assetId: payload.assetId,
        imageKey: payload.imageKey,
        invalidatedKeys: written.invalidated,
        regenerated: [],
      };
      await this.reportProgress(ctx, result, payload.imageKey);
    }
    for (const key of result.invalidatedKeys) {
      if (result.regenerated.includes(key)) continue;
      throwIfCancelled(signal);
      await this.renderAndStore(ctx, ownerId, key, {
        prompt: null,
        invalidateDependents: false,
        onlyIfStale: true,
      });
      result = { ...result, regenerated: [...result.regenerated, key] };
      await this.reportProgress(ctx, result, key);
    }
    return result;
  }

  private async reportProgress(
    ctx: JobContext<GenerateImagePayload>,
    result: GenerateImageResult,
    key: string,
  ): Promise<void> {
    const total = 1 + result.invalidatedKeys.length;
    const done = 1 + result.regenerated.length;
    await ctx.progress((done / total) * 100, { message: `Generated ${key} (${done}/${total})`, result });
  }

  /**
   * Renders one key and writes it. onlyIfStale writes only over an entry still waiting for its new base
   * (one the user replaced or deleted meanwhile is left alone). Announces asset:imageGenerationCompleted.
   */
  private async renderAndStore(
    ctx: Omit<JobContext<GenerateImagePayload>, 'othersWaiting'>,
    ownerId: string,
    key: string,
    options: { prompt: string | null; invalidateDependents: boolean; onlyIfStale?: boolean },
  ): Promise<ImageWrite> {
    const { job, payload, signal } = ctx;
    const asset = await this.assets.findForJob(ownerId, payload.assetId);
    const config = storedConfig(asset);
    const generator = this.registry.get(operationFor(config, key), payload.provider);
    const subject = { type: config.type, name: asset.name, config, description: asset.description };
    const prompt = options.prompt ?? undefined;
    const rendered = await providerCall(signal, () =>
      this.slots.run(() =>
        generator.renderAssetImage(subject, key, { signal, ...(prompt ? { prompt } : {}) }),
      ),
    );
    const at = new Date();
    const written = await this.images.store(
      ownerId,
      asset,
      key,
      rendered.png,
      (s3Key, current) =>
        options.onlyIfStale && current?.metadata.stale !== true
          ? undefined
          : generatedEntry(s3Key, { prompt: options.prompt, meta: rendered.meta, jobId: job.id, at }),
      { invalidateDependents: options.invalidateDependents },
    );
    if (written.written) {
      await this.assets.emitToRooms(
        written.entity,
        SERVER_EVENTS.assetImageGenerationCompleted,
        (projectId) => ({
          projectId,
          assetId: asset.id,
          imageKey: key,
          jobId: job.id,
          fullAsset: written.asset,
        }),
      );
    }
    return written;
  }
}
