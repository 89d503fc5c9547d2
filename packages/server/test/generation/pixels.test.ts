import { describe, expect, it } from 'vitest';
import {
  applyGrade,
  enlargeGraded,
  type GradeMap,
  gradeMap,
  shadeRows,
} from '../../src/generation/local/pixels.js';
import { STYLE_GRADES } from '../../src/generation/local/style-grade.js';

const UNGRADED: GradeMap = { matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1], offset: [0, 0, 0], light: null };

function raw(channels: number, width: number, height: number, values: number[]) {
  return { data: Buffer.from(values), width, height, channels };
}

/** A deterministic pseudo-random RGB image. */
function noise(width: number, height: number) {
  const values: number[] = [];
  let seed = 7;
  for (let index = 0; index < width * height * 3; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    values.push(seed % 256);
  }
  return raw(3, width, height, values);
}

describe('enlargeGraded', () => {
  it('interpolates between pixel centres and holds the edge pixels', () => {
    const source = raw(3, 2, 1, [0, 0, 0, 200, 100, 40]);
    const out = enlargeGraded(source, 4, 1, UNGRADED);
    // Output centres fall at source x = -0.25 (held at 0), 0.25, 0.75 and 1.25 (held at 1).
    expect([...out]).toEqual([0, 0, 0, 50, 25, 10, 150, 75, 30, 200, 100, 40]);
  });

  it('composites alpha over black and reads grey as equal channels', () => {
    const translucent = enlargeGraded(raw(4, 1, 1, [200, 100, 50, 128]), 2, 2, UNGRADED);
    expect([...translucent]).toEqual([100, 50, 25, 100, 50, 25, 100, 50, 25, 100, 50, 25]);
    const grey = enlargeGraded(raw(2, 1, 1, [90, 255]), 1, 1, UNGRADED);
    expect([...grey]).toEqual([90, 90, 90]);
    const greyRgb = enlargeGraded(raw(1, 2, 2, [10, 20, 30, 40]), 3, 3, UNGRADED);
    const asRgb = enlargeGraded(
      raw(3, 2, 2, [10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40]),
      3,
      3,
      UNGRADED,
    );
    expect([...greyRgb]).toEqual([...asRgb]);
  });

  it('grades like applyGrade after a plain enlargement, vignette included', () => {
    const source = noise(40, 30);
    for (const style of ['stylized-sci-fi', 'gritty-filmic'] as const) {
      const grade = gradeMap(STYLE_GRADES[style], 96, 72);
      const graded = enlargeGraded(source, 96, 72, grade);
      const after = enlargeGraded(source, 96, 72, UNGRADED);
      applyGrade(after, 96, 72, grade);
      let largest = 0;
      for (let index = 0; index < graded.length; index += 1) {
        largest = Math.max(largest, Math.abs((graded[index] ?? 0) - (after[index] ?? 0)));
      }
      // The plain enlargement rounds to 8 bits before grading; the fused one does not.
      expect(largest).toBeLessThanOrEqual(2);
      // And the grade did change the picture.
      expect(graded.equals(enlargeGraded(source, 96, 72, UNGRADED))).toBe(false);
    }
  });
});

describe('shadeRows', () => {
  it('darkens only the rows of the band', () => {
    const image = Buffer.alloc(2 * 4 * 3, 200);
    shadeRows(image, 2, 2, 2, 0.28);
    expect([...image.subarray(0, 12)]).toEqual(Array(12).fill(200));
    expect([...image.subarray(12)]).toEqual(Array(12).fill(56));
  });
});
