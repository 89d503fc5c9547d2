import { type Asset, type AssetImageEntry, supportedImageKeys } from '@reelbench/sdk';

/** The url to show an entry at a cell's size: medium, else the image, else the thumbnail. */
export function displayUrl(entry: AssetImageEntry | undefined): string | null {
  if (!entry) return null;
  return entry.mediumUrl ?? entry.url ?? entry.optimizedUrl ?? entry.thumbnailUrl;
}

/** The keys of the asset whose image waits for its new base image. */
export function staleKeys(asset: Asset): string[] {
  return supportedImageKeys(asset.config).filter((key) => asset.images[key]?.metadata.stale === true);
}
