export * from './generation.config.js';
export * from './generation.errors.js';
export * from './generation.types.js';
export { ANIMATIC_FPS, probeDuration, renderClip } from './local/animatic.js';
export { assessImage } from './local/assess.js';
export { ASSET_SHEET_SIZES, renderAssetImage } from './local/asset-renderer.js';
export { COMPOSE_LIMITS, composeBatch, composeGrid, composeSingle } from './local/compose.js';
export { ENHANCE_MAX_DIMENSION, enhanceImage } from './local/enhance.js';
export {
  type FfmpegLocation,
  type FfmpegSource,
  installerFfmpegPath,
  resolveFfmpeg,
} from './local/ffmpeg-path.js';
export { type MediaProbe, probeMedia } from './local/ffmpeg-process.js';
export { renderFrame } from './local/frame-renderer.js';
export { DEFAULT_FRAMING, FRAMING_MOVE, FRAMING_ZOOM } from './local/framing.js';
export { createLocalProvider, type LocalProviderOptions, renderShotImage } from './local/local.provider.js';
export { MATTE_DEFAULTS, removeBackground } from './local/matte.js';
export { framePixelCache, PixelCache } from './local/render-cache.js';
export { resolveVisualStyle, STYLE_GRADES } from './local/style-grade.js';
export {
  IMAGE_VARIANT_WIDTHS,
  type ImageVariant,
  type ImageVariants,
  makeImageVariants,
  variantStorageKeys,
  WEBP_QUALITY,
} from './local/variants.js';
export * from './placement-image-key.js';
export * from './provider.js';
