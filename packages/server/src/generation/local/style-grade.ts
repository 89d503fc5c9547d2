import { FIRST_PASS_DEFAULTS, VISUAL_STYLES, type VisualStyle } from '@reelbench/sdk/contract';

type Rgb = [number, number, number];
type Matrix = [Rgb, Rgb, Rgb];

/** A colour grade: a 3x3 channel mix, then out = slope * in + offset per channel, then a vignette. */
export interface StyleGrade {
  recomb: Matrix;
  slope: Rgb;
  offset: Rgb;
  /** Opacity of the black at the frame corners, 0 for none. */
  vignette: number;
}

interface GradeRecipe {
  saturation: number;
  /** Channel gains applied after the saturation mix: the tint. */
  tint: Rgb;
  /** Contrast per channel about mid-grey (128). */
  contrast: Rgb;
  /** Added after the contrast, in 0..255 steps. */
  lift: Rgb;
  vignette: number;
}

/** Rec. 709 luma weights. */
const LUMA: Rgb = [0.2126, 0.7152, 0.0722];

function saturationMatrix(saturation: number, tint: Rgb): Matrix {
  const row = (channel: 0 | 1 | 2): Rgb =>
    LUMA.map((weight, column) => {
      const mixed = (1 - saturation) * weight + (column === channel ? saturation : 0);
      return Math.round(mixed * tint[channel] * 10_000) / 10_000;
    }) as Rgb;
  return [row(0), row(1), row(2)];
}

function grade(recipe: GradeRecipe): StyleGrade {
  return {
    recomb: saturationMatrix(recipe.saturation, recipe.tint),
    slope: recipe.contrast,
    offset: recipe.contrast.map(
      (contrast, channel) => 128 * (1 - contrast) + (recipe.lift[channel] ?? 0),
    ) as Rgb,
    vignette: recipe.vignette,
  };
}

export const STYLE_GRADES: Record<VisualStyle, StyleGrade> = {
  // Desaturated and warm, a little crushed, dark corners.
  'gritty-filmic': grade({
    saturation: 0.6,
    tint: [1.06, 1, 0.86],
    contrast: [1.12, 1.12, 1.12],
    lift: [2, -2, -6],
    vignette: 0.5,
  }),
  // Teal shadows (red pulled down at the bottom), magenta highlights (red and blue steeper), punchy.
  'stylized-sci-fi': grade({
    saturation: 1.3,
    tint: [1, 1, 1],
    contrast: [1.4, 1.15, 1.35],
    lift: [-22, 4, 16],
    vignette: 0.3,
  }),
  // Neutral: what the camera saw.
  documentary: grade({
    saturation: 0.92,
    tint: [1, 1, 1],
    contrast: [1, 1, 1],
    lift: [0, 0, 0],
    vignette: 0,
  }),
  // Soft, lifted and warm.
  'warm-commercial': grade({
    saturation: 1.05,
    tint: [1.07, 1.01, 0.88],
    contrast: [0.9, 0.9, 0.9],
    lift: [14, 9, 4],
    vignette: 0,
  }),
};

/** A shot's style_package_id when it names a visual style, else the first-pass default. */
export function resolveVisualStyle(value: string | null | undefined): VisualStyle {
  const match = VISUAL_STYLES.find((style) => style.value === value);
  return match ? match.value : FIRST_PASS_DEFAULTS.style;
}
