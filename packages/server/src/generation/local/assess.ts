import { QUALITY_DEFAULTS } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { readImageInfo, readingImage } from '../../media/sharp-io.js';
import type { ImageAssessment } from '../generation.types.js';

/** Images are measured at this size at most, so the numbers do not depend on the resolution. */
const ANALYSIS_SIZE = 512;
const BLACK = 0.02;
const WHITE = 0.98;

/**
 * Calibration, measured on a local 1280x720 render: crisp 8e-3, blurred with sigma 1 5e-3, sigma 4
 * 1e-4 (which must fail the quality loop's minScore 6), sigma 6 8e-6.
 */
const SHARPNESS = { blurry: 2e-4, soft: 1e-3, floor: 3e-5, full: 3e-3 } as const;
const EXPOSURE = { under: 0.3, over: 0.7, tolerance: 0.1, span: 0.35, clippedFree: 0.02 } as const;
const CONTRAST = { low: 0.08, full: 0.18 } as const;
const WEIGHTS = { sharpness: 0.45, exposure: 0.35, contrast: 0.2 } as const;

interface LumaStats {
  mean: number;
  stdDev: number;
  black: number;
  white: number;
  laplacianVariance: number;
}

function lumaStats(luma: Buffer, width: number, height: number): LumaStats {
  const count = width * height;
  let sum = 0;
  let squares = 0;
  let black = 0;
  let white = 0;
  for (let index = 0; index < count; index += 1) {
    const value = (luma[index] as number) / 255;
    sum += value;
    squares += value * value;
    if (value <= BLACK) black += 1;
    if (value >= WHITE) white += 1;
  }
  const mean = sum / count;
  // Laplacian [0 1 0; 1 -4 1; 0 1 0] over the interior pixels.
  let lapSum = 0;
  let lapSquares = 0;
  let lapCount = 0;
  for (let y = 1; y < height - 1; y += 1) {
    for (let x = 1; x < width - 1; x += 1) {
      const index = y * width + x;
      const laplacian =
        ((luma[index - 1] as number) +
          (luma[index + 1] as number) +
          (luma[index - width] as number) +
          (luma[index + width] as number) -
          4 * (luma[index] as number)) /
        255;
      lapSum += laplacian;
      lapSquares += laplacian * laplacian;
      lapCount += 1;
    }
  }
  const lapMean = lapCount === 0 ? 0 : lapSum / lapCount;
  return {
    mean,
    stdDev: Math.sqrt(Math.max(0, squares / count - mean * mean)),
    black: black / count,
    white: white / count,
    laplacianVariance: lapCount === 0 ? 0 : Math.max(0, lapSquares / lapCount - lapMean * lapMean),
  };
}

const clamp10 = (value: number) => Math.min(10, Math.max(0, value));
const round1 = (value: number) => Math.round(value * 10) / 10;
const fixed = (value: number, digits: number) => value.toFixed(digits);
const percent = (share: number) => `${Math.round(share * 100)}%`;

function sharpnessScore(variance: number): number {
  if (variance <= SHARPNESS.floor) return 0;
  return clamp10(
    (10 * Math.log10(variance / SHARPNESS.floor)) / Math.log10(SHARPNESS.full / SHARPNESS.floor),
  );
}

function exposureScore(stats: LumaStats): number {
  const distance = Math.abs(stats.mean - 0.5);
  const exposure = 10 * (1 - Math.max(0, distance - EXPOSURE.tolerance) / EXPOSURE.span);
  const clipped = Math.max(0, stats.black + stats.white - EXPOSURE.clippedFree);
  return clamp10(exposure - 25 * clipped);
}

function contrastScore(stdDev: number): number {
  return clamp10((10 * stdDev) / CONTRAST.full);
}

function reasonsFor(stats: LumaStats): string[] {
  const variance = stats.laplacianVariance.toPrecision(2);
  const luma = fixed(stats.mean, 2);
  const spread = fixed(stats.stdDev, 2);
  const reasons = [
    stats.laplacianVariance < SHARPNESS.blurry
      ? `blurry (Laplacian variance ${variance})`
      : stats.laplacianVariance < SHARPNESS.soft
        ? `slightly soft (Laplacian variance ${variance})`
        : `sharp (Laplacian variance ${variance})`,
    stats.mean < EXPOSURE.under
      ? `underexposed (mean luma ${luma})`
      : stats.mean > EXPOSURE.over
        ? `overexposed (mean luma ${luma})`
        : `well exposed (mean luma ${luma})`,
  ];
  if (stats.black > EXPOSURE.clippedFree)
    reasons.push(`crushed shadows (${percent(stats.black)} of pixels at black)`);
  if (stats.white > EXPOSURE.clippedFree)
    reasons.push(`blown highlights (${percent(stats.white)} of pixels at white)`);
  reasons.push(
    stats.stdDev < CONTRAST.low
      ? `low contrast (luma std-dev ${spread})`
      : `good contrast (luma std-dev ${spread})`,
  );
  return reasons;
}

/**
 * Scores an image 0..10 from what can be measured: sharpness (variance of the Laplacian), exposure
 * (mean luma's distance from mid-grey, clipped pixels) and contrast (luma standard deviation).
 */
export async function assessImage(
  image: Buffer,
  minScore: number = QUALITY_DEFAULTS.minScore,
): Promise<ImageAssessment> {
  const what = 'The image to assess';
  await readImageInfo(image, what);
  const { data, info } = await readingImage(what, () =>
    sharp(image)
      .flatten({ background: '#808080' })
      .resize(ANALYSIS_SIZE, ANALYSIS_SIZE, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  const stats = lumaStats(data, info.width, info.height);
  const scores = {
    sharpness: round1(sharpnessScore(stats.laplacianVariance)),
    exposure: round1(exposureScore(stats)),
    contrast: round1(contrastScore(stats.stdDev)),
  };
  const score = round1(
    WEIGHTS.sharpness * scores.sharpness +
      WEIGHTS.exposure * scores.exposure +
      WEIGHTS.contrast * scores.contrast,
  );
  return {
    score,
    passes: score >= minScore,
    reasons: reasonsFor(stats),
    metrics: {
      sharpness: stats.laplacianVariance,
      exposure: stats.mean,
      clipped: stats.black + stats.white,
      contrast: stats.stdDev,
    },
    scores,
  };
}
