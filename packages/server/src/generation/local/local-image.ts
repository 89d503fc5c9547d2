import type { ImageMeta, RenderedImage } from '../generation.types.js';

/** A PNG the local provider made, its facts in `meta` after renderer 'local'. */
export function localImage(
  png: Buffer,
  size: { width: number; height: number },
  meta: ImageMeta,
): RenderedImage {
  return { png, width: size.width, height: size.height, meta: { renderer: 'local', ...meta } };
}
