import sharp from 'sharp';
import { PNG_OPTIONS, readImageInfo, readingImage } from '../../media/sharp-io.js';
import { invalidInput } from '../generation.errors.js';
import type { MatteOptions, RenderedImage } from '../generation.types.js';
import { localImage } from './local-image.js';
import { rgbToHex } from './palette.js';

export const MATTE_DEFAULTS = { tolerance: 40, feather: 1 } as const;
const MAX_TOLERANCE = 442;
const MAX_FEATHER = 8;

function median(histogram: Uint32Array, count: number): number {
  let seen = 0;
  for (let value = 0; value < 256; value += 1) {
    seen += histogram[value] as number;
    if (seen * 2 >= count) return value;
  }
  return 255;
}

/** The border colour: the per-channel median of every pixel on the image's edge. */
function borderColor(rgba: Buffer, width: number, height: number): [number, number, number] {
  const histograms = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)] as const;
  let count = 0;
  const sample = (x: number, y: number) => {
    const index = (y * width + x) * 4;
    for (let channel = 0; channel < 3; channel += 1) {
      const histogram = histograms[channel as 0 | 1 | 2];
      const value = rgba[index + channel] as number;
      histogram[value] = (histogram[value] as number) + 1;
    }
    count += 1;
  };
  for (let x = 0; x < width; x += 1) {
    sample(x, 0);
    if (height > 1) sample(x, height - 1);
  }
  for (let y = 1; y < height - 1; y += 1) {
    sample(0, y);
    if (width > 1) sample(width - 1, y);
  }
  return [median(histograms[0], count), median(histograms[1], count), median(histograms[2], count)];
}

/**
 * Marks as background (1) every pixel connected to the border through pixels within `tolerance` of
 * the border colour (or already transparent). Enclosed areas of that colour stay foreground.
 */
function floodBackground(rgba: Buffer, width: number, height: number, color: number[], tolerance: number) {
  const background = new Uint8Array(width * height);
  const limit = tolerance * tolerance;
  const [r, g, b] = color as [number, number, number];
  const matches = (pixel: number) => {
    const index = pixel * 4;
    if (rgba[index + 3] === 0) return true;
    const dr = (rgba[index] as number) - r;
    const dg = (rgba[index + 1] as number) - g;
    const db = (rgba[index + 2] as number) - b;
    return dr * dr + dg * dg + db * db <= limit;
  };
  const stack = new Int32Array(width * height);
  let top = 0;
  const visit = (pixel: number) => {
    if (background[pixel] === 0 && matches(pixel)) {
      background[pixel] = 1;
      stack[top] = pixel;
      top += 1;
    }
  };
  for (let x = 0; x < width; x += 1) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (top > 0) {
    top -= 1;
    const pixel = stack[top] as number;
    const x = pixel % width;
    if (x > 0) visit(pixel - 1);
    if (x < width - 1) visit(pixel + 1);
    if (pixel >= width) visit(pixel - width);
    if (pixel < width * (height - 1)) visit(pixel + width);
  }
  return background;
}

/**
 * Alpha from the mask: background 0, foreground its own alpha, except foreground pixels within
 * `feather` of the background, which fade with the share of background around them.
 */
function applyAlpha(rgba: Buffer, width: number, height: number, background: Uint8Array, feather: number) {
  const window = (2 * feather + 1) ** 2;
  let transparent = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      const alphaIndex = pixel * 4 + 3;
      if (background[pixel] === 1) {
        rgba[alphaIndex] = 0;
        transparent += 1;
        continue;
      }
      if (feather === 0) continue;
      let around = 0;
      for (let dy = -feather; dy <= feather; dy += 1) {
        for (let dx = -feather; dx <= feather; dx += 1) {
          const nx = Math.min(width - 1, Math.max(0, x + dx));
          const ny = Math.min(height - 1, Math.max(0, y + dy));
          around += background[ny * width + nx] as number;
        }
      }
      if (around > 0) {
        rgba[alphaIndex] = Math.round(((rgba[alphaIndex] as number) * (window - around)) / window);
      }
    }
  }
  return transparent / (width * height);
}

export interface MatteResult {
  borderColor: string;
  transparentShare: number;
}

/** Border-colour matting of raw RGBA pixels, in place: the alpha of the background becomes 0. */
export function matteRgba(
  rgba: Buffer,
  width: number,
  height: number,
  tolerance: number = MATTE_DEFAULTS.tolerance,
  feather: number = MATTE_DEFAULTS.feather,
): MatteResult {
  const color = borderColor(rgba, width, height);
  const background = floodBackground(rgba, width, height, color, tolerance);
  const transparentShare = applyAlpha(rgba, width, height, background, feather);
  return { borderColor: rgbToHex(color), transparentShare };
}

/** Whether any pixel of raw RGBA data is less than fully opaque. */
export function hasTransparency(rgba: Buffer): boolean {
  for (let index = 3; index < rgba.length; index += 4) {
    if ((rgba[index] as number) < 255) return true;
  }
  return false;
}

/**
 * Border-colour matting: the plain background that generated character and prop sheets have is
 * flooded from the edges and made transparent, with a soft edge. Returns a PNG with alpha.
 */
export async function removeBackground(image: Buffer, options: MatteOptions = {}): Promise<RenderedImage> {
  const tolerance = options.tolerance ?? MATTE_DEFAULTS.tolerance;
  const feather = options.feather ?? MATTE_DEFAULTS.feather;
  if (!Number.isFinite(tolerance) || tolerance < 0 || tolerance > MAX_TOLERANCE) {
    throw invalidInput(`tolerance must be between 0 and ${MAX_TOLERANCE}`);
  }
  if (!Number.isInteger(feather) || feather < 0 || feather > MAX_FEATHER) {
    throw invalidInput(`feather must be a whole number between 0 and ${MAX_FEATHER}`);
  }
  const what = 'The image to cut out';
  await readImageInfo(image, what);
  const { data, info: raw } = await readingImage(what, () =>
    sharp(image).toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  );
  const result = matteRgba(data, raw.width, raw.height, tolerance, feather);
  const png = await sharp(data, { raw: { width: raw.width, height: raw.height, channels: 4 } })
    .png(PNG_OPTIONS)
    .toBuffer();
  return localImage(png, raw, {
    method: 'border-colour',
    borderColor: result.borderColor,
    tolerance,
    feather,
    transparentShare: Math.round(result.transparentShare * 1000) / 1000,
  });
}
