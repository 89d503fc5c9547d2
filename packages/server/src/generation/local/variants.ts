import sharp from 'sharp';
import { readImageInfo, readingImage } from './sharp-io.js';

/** Widths of the display variants every stored image gets; narrower images keep their width. */
export const IMAGE_VARIANT_WIDTHS = { thumbnail: 256, medium: 768 } as const;
export const WEBP_QUALITY = 80;

export type ImageVariantName = 'thumbnail' | 'medium' | 'optimized';

export interface ImageVariant {
  buffer: Buffer;
  width: number;
  height: number;
  format: 'webp';
  contentType: 'image/webp';
}

export type ImageVariants = Record<ImageVariantName, ImageVariant>;

async function webp(image: Buffer, width: number | null): Promise<ImageVariant> {
  const pipeline = sharp(image);
  if (width !== null) pipeline.resize({ width, withoutEnlargement: true });
  const { data, info } = await pipeline.webp({ quality: WEBP_QUALITY }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height, format: 'webp', contentType: 'image/webp' };
}

/** thumbnailUrl (256 wide), mediumUrl (768 wide) and optimizedUrl (full size) of a stored image, as WebP q80. */
export async function makeImageVariants(image: Buffer): Promise<ImageVariants> {
  const what = 'The stored image';
  await readImageInfo(image, what);
  const [thumbnail, medium, optimized] = await readingImage(what, () =>
    Promise.all([
      webp(image, IMAGE_VARIANT_WIDTHS.thumbnail),
      webp(image, IMAGE_VARIANT_WIDTHS.medium),
      webp(image, null),
    ]),
  );
  return { thumbnail, medium, optimized };
}

/** Storage keys of the variants beside the original: `shots/a.png` → `shots/a.thumbnail.webp`, …. */
export function variantStorageKeys(key: string): Record<ImageVariantName, string> {
  const slash = key.lastIndexOf('/');
  const dot = key.lastIndexOf('.');
  const stem = dot > slash + 1 ? key.slice(0, dot) : key;
  return {
    thumbnail: `${stem}.thumbnail.webp`,
    medium: `${stem}.medium.webp`,
    optimized: `${stem}.optimized.webp`,
  };
}
