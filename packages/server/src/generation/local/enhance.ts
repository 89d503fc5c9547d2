import sharp from 'sharp';
import { PNG_OPTIONS, readImageInfo, readingImage } from '../../media/sharp-io.js';
import type { EnhanceOptions, RenderedImage } from '../generation.types.js';
import { localImage } from './local-image.js';

/** Upscaling stops at this many pixels on the longest side. */
export const ENHANCE_MAX_DIMENSION = 4096;
const UPSCALE_FACTOR = 2;

/**
 * The local enhancer: stretch the luminance range (normalise), scale up 2× with Lanczos (capped at
 * ENHANCE_MAX_DIMENSION) and unsharp-mask the result. Alpha is kept.
 */
export async function enhanceImage(image: Buffer, options: EnhanceOptions = {}): Promise<RenderedImage> {
  const what = 'The image to enhance';
  const info = await readImageInfo(image, what);
  const longest = Math.max(info.width, info.height);
  const factor =
    options.upscale === false ? 1 : Math.max(1, Math.min(UPSCALE_FACTOR, ENHANCE_MAX_DIMENSION / longest));
  const width = Math.round(info.width * factor);
  const height = Math.round(info.height * factor);
  const normalise = options.normalise !== false;
  const sharpen = options.sharpen !== false;
  const png = await readingImage(what, () => {
    const pipeline = sharp(image);
    if (factor > 1) pipeline.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
    if (normalise) pipeline.normalise();
    if (sharpen) pipeline.sharpen({ sigma: 1 });
    return pipeline.png(PNG_OPTIONS).toBuffer();
  });
  return localImage(
    png,
    { width, height },
    {
      upscale: Math.round(factor * 1000) / 1000,
      normalised: normalise,
      sharpened: sharpen,
      sourceWidth: info.width,
      sourceHeight: info.height,
    },
  );
}
