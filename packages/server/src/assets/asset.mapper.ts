import {
  type Asset,
  type AssetConfig,
  type AssetImageEntry,
  type AssetType,
  assetConfigSchema,
  defaultAssetConfig,
  type StreamlinedAsset,
} from '@reelbench/sdk/contract';
import { variantStorageKeys } from '../media/variants.js';
import type { FileUrls } from '../storage/file-urls.js';
import { isValidStorageKey } from '../storage/storage-key.js';
import type { AssetEntity } from './asset.entity.js';
import { readImages } from './asset-images.js';

/** The stored config, or the type's default when none (or an unreadable one) is stored. */
export function storedConfig(entity: AssetEntity): AssetConfig {
  const type = entity.type as AssetType;
  const parsed = assetConfigSchema.safeParse(entity.config);
  return parsed.success && parsed.data.type === type ? parsed.data : defaultAssetConfig(type);
}

/**
 * Entries keep their storage key; the URLs are signed now, so a stored image never expires. A
 * generated image (metadata.variants) has WebP thumbnail, medium and optimized files beside it; an
 * upload has only the original, so all four URLs are the original's.
 */
async function withUrls(entry: AssetImageEntry, urls: FileUrls): Promise<AssetImageEntry> {
  if (entry.s3Key === null || !isValidStorageKey(entry.s3Key)) return entry;
  const url = await urls.displayUrl(entry.s3Key);
  if (entry.metadata.variants !== true)
    return { ...entry, url, optimizedUrl: url, thumbnailUrl: url, mediumUrl: url };
  const keys = variantStorageKeys(entry.s3Key);
  const [thumbnailUrl, mediumUrl, optimizedUrl] = await Promise.all([
    urls.displayUrl(keys.thumbnail),
    urls.displayUrl(keys.medium),
    urls.displayUrl(keys.optimized),
  ]);
  return { ...entry, url, optimizedUrl, thumbnailUrl, mediumUrl };
}

export async function toAsset(entity: AssetEntity, urls: FileUrls): Promise<Asset> {
  const entries = await Promise.all(
    Object.entries(readImages(entity.images)).map(
      async ([key, entry]) => [key, await withUrls(entry, urls)] as const,
    ),
  );
  return {
    id: entity.id,
    type: entity.type as AssetType,
    name: entity.name,
    description: entity.description,
    images: Object.fromEntries(entries),
    config: storedConfig(entity),
    metadata: entity.metadata,
    projectId: entity.projectId,
    seriesId: entity.seriesId,
    visualIdentifier: entity.visualIdentifier,
    isSeriesLevel: entity.isSeriesLevel,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/** Without metadata, and each image with its display URLs and status only (no prompts, no metadata). */
export function toStreamlinedAsset(asset: Asset): StreamlinedAsset {
  const { metadata: _metadata, images, ...rest } = asset;
  return {
    ...rest,
    images: Object.fromEntries(
      Object.entries(images).map(([key, { url, thumbnailUrl, mediumUrl, status }]) => [
        key,
        { url, thumbnailUrl, mediumUrl, status },
      ]),
    ),
  };
}
