import type { ColourGrade } from '@reelbench/sdk';

/** Each colour of the preview strip, before the grade: sky, skin, foliage, a neon sign, shadow, paper. */
export const SWATCHES: readonly [number, number, number][] = [
  [96, 140, 200],
  [224, 172, 140],
  [80, 140, 70],
  [230, 60, 150],
  [40, 44, 52],
  [236, 232, 222],
];

const LUMA = [0.2126, 0.7152, 0.0722] as const;
const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** One colour through the grade the way the local renderer applies it (mix, tint, contrast, lift). */
export function gradeColour([r, g, b]: readonly [number, number, number], grade: ColourGrade): string {
  const luma = LUMA[0] * r + LUMA[1] * g + LUMA[2] * b;
  const out = [r, g, b].map((value, channel) => {
    const mixed = (luma + grade.saturation * (value - luma)) * (grade.tint[channel] ?? 1);
    const contrast = grade.contrast[channel] ?? 1;
    return clamp(contrast * mixed + 128 * (1 - contrast) + (grade.lift[channel] ?? 0));
  });
  return `rgb(${out.join(' ')})`;
}

/** The grade seen on six everyday colours, with its vignette darkening the strip's ends. */
export function GradeStrip({ grade, label }: { grade: ColourGrade; label: string }) {
  const colours = SWATCHES.map((swatch) => gradeColour(swatch, grade));
  return (
    <div className="grade-strip" role="img" aria-label={label}>
      {colours.map((colour, index) => (
        <span key={SWATCHES[index]?.join('-')} className="grade-strip__chip" style={{ background: colour }} />
      ))}
      <span className="grade-strip__vignette" style={{ opacity: grade.vignette }} aria-hidden="true" />
    </div>
  );
}
