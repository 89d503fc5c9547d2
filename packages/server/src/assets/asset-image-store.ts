import { Injectable } from '@nestjs/common';
import type { AssetImageEntry } from '@reelbench/sdk/contract';
import { validation } from '../common/domain-error.js';
import { imageFailure } from '../generation/generation.errors.js';
import { MediaStore } from '../generation/media-store.js';
import { RenderSlots } from '../generation/render-slots.js';
import { assetPrefix } from '../storage/storage-key.js';
import type { AssetEntity } from './asset.entity.js';
import { AssetsService, assetNotFound, homeProjectId, type ImageWrite } from './asset.service.js';

export const NO_STORED_IMAGE_UNDER = (key: string) =>
  `Image ${key} has no stored image yet: generate or upload one first`;

/**
 * The steps the asset image jobs share around a provider's work: reading the asset's stored image,
 * working on it in one of the process's render slots, and storing a new PNG under the asset and
 * writing its entry under the asset's row lock.
 */
@Injectable()
export class AssetImageStore {
  constructor(
    private readonly assets: AssetsService,
    private readonly media: MediaStore,
    private readonly slots: RenderSlots,
  ) {}

  /** The asset's own stored image: a key outside the asset and its project is never read. */
  async readStored(
    asset: { id: string; projectId: string | null },
    s3Key: string,
    imageKey: string,
  ): Promise<Buffer> {
    const bytes = await this.media.read(s3Key, { projectId: asset.projectId ?? '', assetId: asset.id });
    if (bytes === undefined) throw validation(NO_STORED_IMAGE_UNDER(imageKey));
    return bytes;
  }

  /** `work` on a stored image in a render slot; an image it cannot read is the caller's error. */
  onStoredImage<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.run(work).catch((error: unknown) => {
      throw imageFailure(error, 'The stored image');
    });
  }

  /**
   * Stores `png` under the asset and writes the entry `next` makes of its storage key (undefined
   * writes nothing) under the asset's row lock. The PNG is deleted again when nothing was written;
   * an asset gone meanwhile is NOT_FOUND.
   */
  async store(
    ownerId: string,
    asset: AssetEntity,
    imageKey: string,
    png: Buffer,
    next: (s3Key: string, current: AssetImageEntry | undefined) => AssetImageEntry | undefined,
    options: { invalidateDependents?: boolean } = {},
  ): Promise<ImageWrite> {
    const s3Key = await this.media.putImage(assetPrefix(homeProjectId(asset), asset.id), png);
    const written = await this.assets.writeImage(
      ownerId,
      asset.id,
      imageKey,
      (current) => next(s3Key, current),
      options,
    );
    if (written === null || !written.written) await this.media.deleteImage(s3Key);
    if (written === null) throw assetNotFound(asset.id);
    return written;
  }
}
