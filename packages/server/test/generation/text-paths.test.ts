import { describe, expect, it } from 'vitest';
import {
  fitText,
  normaliseText,
  type TextStyle,
  textPathData,
  textWidth,
  wrapText,
} from '../../src/generation/local/text-paths.js';

const style: TextStyle = { size: 20, weight: 'regular' };

describe('caption text', () => {
  it('measures with the shipped font: wider text, larger size and bold all measure wider', () => {
    expect(textWidth('WWW', style)).toBeGreaterThan(textWidth('iii', style));
    expect(textWidth('Harbour', { ...style, size: 40 })).toBeCloseTo(2 * textWidth('Harbour', style), 6);
    expect(textWidth('Harbour', { ...style, weight: 'bold' })).toBeGreaterThan(textWidth('Harbour', style));
  });

  it('fits a line to a width, cutting with an ellipsis', () => {
    expect(fitText('Short', 500, style)).toBe('Short');
    const cut = fitText('A very long shot name that cannot fit in a narrow band', 200, style);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, style)).toBeLessThanOrEqual(200);
    expect(textWidth(`${cut.slice(0, -1)}x…`, style)).toBeGreaterThan(textWidth(cut, style));
    expect(fitText('Wide', 1, style)).toBe('');
    expect(fitText('😀😀😀😀😀😀😀😀😀😀😀😀', 60, style)).not.toMatch(/[\uD800-\uDBFF]…$/);
  });

  it('wraps words into at most the given lines', () => {
    const lines = wrapText('one two three four five six seven eight nine ten eleven twelve', 120, style, 2);
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(textWidth(line, style)).toBeLessThanOrEqual(120);
    expect(lines[1]?.endsWith('…')).toBe(true);
    expect(wrapText('', 120, style, 2)).toEqual([]);
    expect(wrapText('fits', 120, style, 2)).toEqual(['fits']);
  });

  it('flattens control characters and white space to single spaces', () => {
    expect(normaliseText('  a\tb\n\nc\u0000d ')).toBe('a b c d');
  });

  it('draws text as path data, the same every time', () => {
    const path = textPathData('Harbour', 10, 30, style);
    expect(path).toMatch(/^M[\d.-]/);
    expect(textPathData('Harbour', 10, 30, style)).toBe(path);
    expect(textPathData('Harbour', 20, 30, style)).not.toBe(path);
  });
});
