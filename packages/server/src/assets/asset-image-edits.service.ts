import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type Asset,
  type AssetAssessment,
  type AssetImageEntry,
  type AssetType,
  buildImageKey,
  imageKeySchema,
  MESSAGES,
  normalizeImageKey,
  parseImageKey,
  SERVER_MESSAGES,
  TEXT_LIMITS,
  type User,
  variantNameSchema,
} from '@reelbench/sdk/contract';
import { notFound, validation } from '../common/domain-error.js';
import { throwIfCancelled } from '../generation/generation.errors.js';
import { ProviderRegistry } from '../generation/provider.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobContext } from '../jobs/job-handlers.js';
import type { JobPayloads } from '../jobs/job-types.js';
import type { AssetEntity } from './asset.entity.js';
import { storedConfig } from './asset.mapper.js';
import { AssetsService, homeProjectId } from './asset.service.js';
import { AssetImageStore, NO_STORED_IMAGE_UNDER } from './asset-image-store.js';
import { readImages } from './asset-images.js';
import { ASSET_JOB_TYPES, definedFields, jobOwner, providerCall } from './asset-jobs.js';

export const INVALID_IMAGE_KEY = 'Image keys are variant, variant-rotation or variant-view';
type EnhancePayload = JobPayloads['asset:enhance-image'];
type BgRemovalPayload = JobPayloads['asset:ensure-bg-removed'];

/** Bytes of a stored image the job reads; a missing image is the caller's VALIDATION_ERROR. */
function storedKeyOf(entry: AssetImageEntry | undefined, key: string): string {
  if (entry?.s3Key === null || entry?.s3Key === undefined) throw validation(NO_STORED_IMAGE_UNDER(key));
  return entry.s3Key;
}

/**
 * Work on an image the asset already has: enhance (a job, stored back under the same key), assess
 * (a quick measurement, answered at once) and background removal (an idempotent job that keeps the
 * original's key in the entry's metadata).
 */
@Injectable()
export class AssetImageEditsService implements OnModuleInit {
  constructor(
    private readonly assets: AssetsService,
    private readonly jobs: JobsService,
    private readonly registry: ProviderRegistry,
    private readonly images: AssetImageStore,
  ) {}

  onModuleInit(): void {
    this.jobs.register(ASSET_JOB_TYPES.enhanceImage, { run: (ctx) => this.runEnhance(ctx) });
    this.jobs.register(ASSET_JOB_TYPES.ensureBgRemoved, {
      run: (ctx) => this.runBgRemoval(ctx),
    });
  }

  // ------------------------------------------------------------------ enhance

  async enhance(
    user: User,
    input: { assetId: string; imageKey: string; instruction?: string | undefined },
  ): Promise<{ jobId: string; asset: Asset; imageKey: string }> {
    const asset = await this.assets.requireAsset(user, input.assetId);
    const imageKey = this.assets.supportedKey(asset, input.imageKey);
    storedKeyOf(readImages(asset.images)[imageKey], imageKey);
    this.registry.get('enhance');
    const job = await this.jobs.runAndWait(
      {
        user,
        projectId: homeProjectId(asset),
        type: ASSET_JOB_TYPES.enhanceImage,
        payload: { assetId: asset.id, imageKey, ...definedFields({ instruction: input.instruction }) },
      },
      MESSAGES.imageGenerationFailed,
    );
    return { jobId: job.id, asset: await this.assets.getById(user, asset.id), imageKey };
  }

  /** The enhanced image replaces the entry's bytes; it is no longer a cut-out, so bgRemoved is dropped. */
  private async runEnhance(ctx: JobContext<EnhancePayload>): Promise<{ assetId: string; imageKey: string }> {
    const { job, payload, signal } = ctx;
    const ownerId = jobOwner(job);
    const asset = await this.assets.findForJob(ownerId, payload.assetId);
    const source = storedKeyOf(readImages(asset.images)[payload.imageKey], payload.imageKey);
    const bytes = await this.images.readStored(asset, source, payload.imageKey);
    const enhancer = this.registry.get('enhance');
    const rendered = await providerCall(signal, () =>
      this.images.onStoredImage(() => enhancer.enhance(bytes)),
    );
    const at = new Date().toISOString();
    const written = await this.images.store(
      ownerId,
      asset,
      payload.imageKey,
      rendered.png,
      (s3Key, current) => {
        if (current?.s3Key !== source) return undefined;
        const { bgRemoved: _bgRemoved, originalS3Key: _original, ...metadata } = current.metadata;
        return {
          ...current,
          s3Key,
          generatedAt: at,
          isCustomUpload: false,
          status: 'completed',
          metadata: {
            ...metadata,
            ...rendered.meta,
            variants: true,
            jobId: job.id,
            enhancedFrom: source,
            ...(payload.instruction ? { instruction: payload.instruction } : {}),
          },
        };
      },
    );
    if (!written.written) throw notFound(`Image ${payload.imageKey}`);
    return { assetId: asset.id, imageKey: payload.imageKey };
  }

  // ------------------------------------------------------------------ assess

  /** A measurement of the stored image (sharpness, exposure, contrast): quick, so answered at once. */
  async assess(
    user: User,
    input: { assetId: string; imageKey?: string | undefined },
  ): Promise<AssetAssessment> {
    const asset = await this.assets.requireAsset(user, input.assetId);
    const imageKey = this.assets.supportedKey(asset, input.imageKey);
    const bytes = await this.images.readStored(
      asset,
      storedKeyOf(readImages(asset.images)[imageKey], imageKey),
      imageKey,
    );
    const assessor = this.registry.get('assessment');
    const assessment = await this.images.onStoredImage(() => assessor.assess(bytes));
    return {
      assetId: asset.id,
      imageKey,
      score: assessment.score,
      notes: assessment.reasons.join('; ').slice(0, TEXT_LIMITS.description),
      metrics: { ...assessment.metrics },
    };
  }

  // ------------------------------------------------------------------ background removal

  /** POST …/images/:key/ensure-bg-removed. */
  async ensureImageBgRemoved(user: User, assetId: string, key: string): Promise<Asset> {
    const asset = await this.assets.requireAsset(user, assetId);
    const normalised = normalizeImageKey(asset.type as AssetType, key);
    if (!imageKeySchema.safeParse(normalised).success) {
      throw validation(INVALID_IMAGE_KEY, [{ path: 'key', message: INVALID_IMAGE_KEY }]);
    }
    return this.ensureBgRemoved(user, asset, normalised);
  }

  /** POST …/variants/:key/ensure-bg-removed: the variant's image in the default direction. */
  async ensureVariantBgRemoved(user: User, assetId: string, variant: string): Promise<Asset> {
    const asset = await this.assets.requireAsset(user, assetId);
    if (!variantNameSchema.safeParse(variant).success) {
      throw validation(SERVER_MESSAGES.invalidVariantName, [
        { path: 'key', message: SERVER_MESSAGES.invalidVariantName },
      ]);
    }
    const direction = parseImageKey(storedConfig(asset).defaultImageKey);
    const key = buildImageKey({
      variant,
      ...(direction?.rotation ? { rotation: direction.rotation } : {}),
      ...(direction?.view ? { view: direction.view } : {}),
    });
    return this.ensureBgRemoved(user, asset, key);
  }

  /** Idempotent: an image already cut out is answered as it is, without a job. */
  private async ensureBgRemoved(user: User, asset: AssetEntity, key: string): Promise<Asset> {
    const entry = readImages(asset.images)[key];
    if (entry?.s3Key === null || entry?.s3Key === undefined) throw notFound(`Image ${key}`);
    if (entry.metadata.bgRemoved !== true) {
      this.registry.get('backgroundRemoval');
      await this.jobs.runAndWait(
        {
          user,
          projectId: homeProjectId(asset),
          type: ASSET_JOB_TYPES.ensureBgRemoved,
          payload: { assetId: asset.id, imageKey: key },
        },
        MESSAGES.imageGenerationFailed,
      );
    }
    return this.assets.getById(user, asset.id);
  }

  /**
   * Mattes the stored image and stores the cut-out (with variants) as the entry's image, keeping the
   * original's key in metadata.originalS3Key. Another request that got there first leaves nothing to do.
   */
  private async runBgRemoval(
    ctx: JobContext<BgRemovalPayload>,
  ): Promise<{ assetId: string; imageKey: string }> {
    const { job, payload, signal } = ctx;
    const ownerId = jobOwner(job);
    const asset = await this.assets.findForJob(ownerId, payload.assetId);
    const entry = readImages(asset.images)[payload.imageKey];
    if (entry?.s3Key === null || entry?.s3Key === undefined) throw notFound(`Image ${payload.imageKey}`);
    const result = { assetId: asset.id, imageKey: payload.imageKey };
    if (entry.metadata.bgRemoved === true) return result;
    const source = entry.s3Key;
    const bytes = await this.images.readStored(asset, source, payload.imageKey);
    const remover = this.registry.get('backgroundRemoval');
    const rendered = await providerCall(signal, () =>
      this.images.onStoredImage(() => remover.removeBackground(bytes)),
    );
    throwIfCancelled(signal);
    await this.images.store(ownerId, asset, payload.imageKey, rendered.png, (s3Key, current) => {
      if (current?.s3Key !== source || current.metadata.bgRemoved === true) return undefined;
      return {
        ...current,
        s3Key,
        metadata: {
          ...current.metadata,
          variants: true,
          bgRemoved: true,
          bgRemovedAt: new Date().toISOString(),
          originalS3Key: source,
        },
      };
    });
    return result;
  }
}
