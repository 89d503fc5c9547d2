import type { StyleGrade } from './style-grade.js';

/**
 * Per-pixel work on raw 8-bit buffers. Measured here, libvips' composite and recomb of a full
 * 1280x720 frame took 30-40 ms each (they work in float on every pixel); these loops take about
 * 10 ms for a whole frame and touch only the pixels that change.
 *
 * The grade is affine per pixel (a channel mix plus an offset, times the vignette's light), so
 * grading the backdrop and each cut-out separately and then blending them gives the same frame as
 * grading the blend, except where a half-transparent edge pixel clips. That lets a backdrop be
 * graded once and reused.
 */

/** An RGBA tile placed at (left, top) of a larger image; parts outside the image are ignored. */
export interface Tile {
  data: Buffer;
  width: number;
  height: number;
  left: number;
  top: number;
}

/** A grade ready to apply: the mix and curve folded into one matrix and offset, and the vignette. */
export interface GradeMap {
  matrix: [number, number, number, number, number, number, number, number, number];
  offset: [number, number, number];
  /** Light kept at each pixel of the frame, or null without a vignette. */
  light: Float32Array | null;
}

const vignettes = new Map<string, Float32Array>();

/**
 * How much light each pixel keeps under a vignette: 1 inside 55% of the half-diagonal, falling
 * linearly to 1 - strength at the corners.
 */
function vignetteMask(width: number, height: number, strength: number): Float32Array {
  const key = `${width}x${height}@${strength}`;
  const cached = vignettes.get(key);
  if (cached) return cached;
  const mask = new Float32Array(width * height);
  const radius = Math.hypot(width, height) / 2;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const distance = Math.hypot(x + 0.5 - width / 2, y + 0.5 - height / 2) / radius;
      const t = Math.min(1, Math.max(0, (distance - 0.55) / 0.45));
      mask[y * width + x] = 1 - strength * t;
    }
  }
  vignettes.set(key, mask);
  return mask;
}

/** out = slope * (mix . rgb) + offset, folded into one 3x3 matrix and an offset per channel. */
export function gradeMap(grade: StyleGrade, width: number, height: number): GradeMap {
  const [[r0, r1, r2], [g0, g1, g2], [b0, b1, b2]] = grade.recomb;
  const [rSlope, gSlope, bSlope] = grade.slope;
  return {
    matrix: [
      r0 * rSlope,
      r1 * rSlope,
      r2 * rSlope,
      g0 * gSlope,
      g1 * gSlope,
      g2 * gSlope,
      b0 * bSlope,
      b1 * bSlope,
      b2 * bSlope,
    ],
    offset: grade.offset,
    light: grade.vignette > 0 ? vignetteMask(width, height, grade.vignette) : null,
  };
}

/** Grades an RGB image (the whole frame) in place. */
export function applyGrade(image: Buffer, width: number, height: number, grade: GradeMap): void {
  const [r0, r1, r2, g0, g1, g2, b0, b1, b2] = grade.matrix;
  const [rOffset, gOffset, bOffset] = grade.offset;
  const mask = grade.light;
  const pixels = width * height;
  for (let pixel = 0, index = 0; pixel < pixels; pixel += 1, index += 3) {
    const r = image[index] as number;
    const g = image[index + 1] as number;
    const b = image[index + 2] as number;
    const light = mask === null ? 1 : (mask[pixel] as number);
    // A Uint8Array store truncates, so + 0.5 rounds; values are clamped first.
    let value = (r0 * r + r1 * g + r2 * b + rOffset) * light;
    image[index] = value <= 0 ? 0 : value >= 255 ? 255 : value + 0.5;
    value = (g0 * r + g1 * g + g2 * b + gOffset) * light;
    image[index + 1] = value <= 0 ? 0 : value >= 255 ? 255 : value + 0.5;
    value = (b0 * r + b1 * g + b2 * b + bOffset) * light;
    image[index + 2] = value <= 0 ? 0 : value >= 255 ? 255 : value + 0.5;
  }
}

const IDENTITY: GradeMap = { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0], light: null };

/**
 * Alpha-blends an RGBA tile over an RGB image in place, grading each tile pixel first (by default
 * not at all) with the light of the frame position it lands on.
 */
export function blendTile(base: Buffer, baseWidth: number, baseHeight: number, tile: Tile, grade = IDENTITY) {
  const [r0, r1, r2, g0, g1, g2, b0, b1, b2] = grade.matrix;
  const [rOffset, gOffset, bOffset] = grade.offset;
  const mask = grade.light;
  const x0 = Math.max(0, tile.left);
  const y0 = Math.max(0, tile.top);
  const x1 = Math.min(baseWidth, tile.left + tile.width);
  const y1 = Math.min(baseHeight, tile.top + tile.height);
  const over = tile.data;
  for (let y = y0; y < y1; y += 1) {
    let source = ((y - tile.top) * tile.width + (x0 - tile.left)) * 4;
    let pixel = y * baseWidth + x0;
    for (let x = x0; x < x1; x += 1, source += 4, pixel += 1) {
      const alpha = over[source + 3] as number;
      if (alpha === 0) continue;
      const r = over[source] as number;
      const g = over[source + 1] as number;
      const b = over[source + 2] as number;
      const light = mask === null ? 1 : (mask[pixel] as number);
      const keep = (255 - alpha) / 255;
      const take = alpha / 255;
      const target = pixel * 3;
      let value = (r0 * r + r1 * g + r2 * b + rOffset) * light;
      value = Math.min(255, Math.max(0, value));
      base[target] = value * take + (base[target] as number) * keep + 0.5;
      value = (g0 * r + g1 * g + g2 * b + gOffset) * light;
      value = Math.min(255, Math.max(0, value));
      base[target + 1] = value * take + (base[target + 1] as number) * keep + 0.5;
      value = (b0 * r + b1 * g + b2 * b + bOffset) * light;
      value = Math.min(255, Math.max(0, value));
      base[target + 2] = value * take + (base[target + 2] as number) * keep + 0.5;
    }
  }
}
