import {
  BUILT_IN_STYLE_GRADES,
  type ColourGrade,
  FIRST_PASS_DEFAULTS,
  VISUAL_STYLES,
  type VisualStyle,
} from '@reelbench/sdk/contract';

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

/** The renderer's form of a colour grade (a style package's `grade`). */
export function gradeOf(recipe: ColourGrade): StyleGrade {
  return {
    recomb: saturationMatrix(recipe.saturation, recipe.tint),
    slope: recipe.contrast,
    offset: recipe.contrast.map(
      (contrast, channel) => 128 * (1 - contrast) + (recipe.lift[channel] ?? 0),
    ) as Rgb,
    vignette: recipe.vignette,
  };
}

export const STYLE_GRADES = Object.fromEntries(
  Object.entries(BUILT_IN_STYLE_GRADES).map(([style, recipe]) => [style, gradeOf(recipe)]),
) as Record<VisualStyle, StyleGrade>;

/** A shot's style_package_id when it names a visual style, else the first-pass default. */
export function resolveVisualStyle(value: string | null | undefined): VisualStyle {
  const match = VISUAL_STYLES.find((style) => style.value === value);
  return match ? match.value : FIRST_PASS_DEFAULTS.style;
}
