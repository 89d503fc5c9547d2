/** Larger images are refused before they are decoded: 40 megapixels is 160 MB of RGBA. The ceiling of MAX_IMAGE_PIXELS. */
export const MAX_INPUT_PIXELS = 40_000_000;
