import type { ColourGrade } from '@reelbench/sdk';
import { gradeColour, SWATCHES } from './styles-actions.js';

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
