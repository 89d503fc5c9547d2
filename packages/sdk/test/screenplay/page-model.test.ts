import { describe, expect, it } from 'vitest';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import {
  elementLines,
  formatEighths,
  PAGE_LINES,
  paginate,
  wrappedLineCount,
  wrapText,
} from '../../src/screenplay/page-model.js';
import { FEATURE_TIMEOUT_MS, useGeneratedScreenplay } from './screenplay-fixtures.js';

function actionParagraphs(count: number): string {
  return Array.from({ length: count }, (_, i) => `Line ${i + 1} of the action.`).join('\n\n');
}

describe('wrapText', () => {
  it('wraps greedily on spaces, cuts words longer than the width and keeps empty lines', () => {
    expect(wrapText('the tide never waits for anyone', 10)).toEqual([
      'the tide',
      'never',
      'waits for',
      'anyone',
    ]);
    expect(wrapText('abcdefghijklmnopqrstuvwxy z', 10)).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxy z']);
    expect(wrapText('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
  });

  it('counts the same lines without building them', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: Math.floor(random() * 40) }, () => {
        const r = random();
        if (r < 0.05) return '\n';
        if (r < 0.1) return '  ';
        return 'x'.repeat(1 + Math.floor(random() * 45));
      }).join(' ');
      const width = 10 + Math.floor(random() * 50);
      expect(wrappedLineCount(text, width), JSON.stringify([text, width])).toBe(wrapText(text, width).length);
    }
  });
});

describe('elementLines', () => {
  it('uses the width of each element and prints nothing for non-printing elements', () => {
    const speech = 'word '.repeat(20).trim();
    const screenplay = parseFountain(
      `MARA\n(${'very '.repeat(9)}quietly)\n${speech}\n\n${speech}\n\n[[a note]]\n`,
    );
    const [cue, parenthetical, dialogue, action, note] = screenplay.elements;
    expect(cue && elementLines(cue)).toBe(1);
    expect(parenthetical && elementLines(parenthetical)).toBe(
      wrapText(`(${'very '.repeat(9)}quietly)`, 25).length,
    );
    expect(dialogue && elementLines(dialogue)).toBe(3);
    expect(action && elementLines(action)).toBe(2);
    expect(note && elementLines(note)).toBe(0);
  });
});

describe('paginate', () => {
  it('puts a blank line between blocks and none at the top of a page', () => {
    const model = paginate(parseFountain(actionParagraphs(29)));
    expect(model.elements[27]).toEqual({ page: 1, position: 54, lines: 1 });
    expect(model.elements[28]).toEqual({ page: 2, position: PAGE_LINES, lines: 1 });
    expect(model.pageCount).toBe(2);
    expect(model.totalLines).toBe(PAGE_LINES + 1);
  });

  it('never leaves a heading alone at the foot of a page', () => {
    const model = paginate(parseFountain(`${actionParagraphs(27)}\n\nINT. HALL - DAY\n\nShe runs.\n`));
    expect(model.elements[27]).toMatchObject({ page: 2, position: PAGE_LINES });
    expect(model.scenes[0]).toMatchObject({ number: 1, page: 2 });
  });

  it('starts a new page at a forced page break', () => {
    const model = paginate(parseFountain('First.\n\n===\n\nSecond.\n'));
    expect(model.elements.map((layout) => layout?.page ?? null)).toEqual([1, null, 2]);
  });

  it('carries a split speech over with (MORE) and a repeated cue', () => {
    const long = 'word '.repeat(7 * 10).trim();
    const model = paginate(parseFountain(`${actionParagraphs(25)}\n\nMARA\n${long}\n`));
    // Page 1 holds 49 lines + blank + cue = 51; 3 lines of speech and (MORE) fill it; 7 more go on page 2 after the cue.
    expect(model.totalLines).toBe(PAGE_LINES + 1 + 7);
  });

  it('prints dual dialogue side by side, as tall as its taller half', () => {
    const single = paginate(
      parseFountain('ELI\nNow!\n\nJUNE\nNot yet, not yet, not yet, not yet, not yet!\n'),
    );
    const dual = paginate(
      parseFountain('ELI\nNow!\n\nJUNE ^\nNot yet, not yet, not yet, not yet, not yet!\n'),
    );
    expect(single.totalLines).toBe(2 + 1 + 3);
    expect(dual.totalLines).toBe(3);
  });

  it('measures scenes in eighths of a page, at least one eighth', () => {
    const model = paginate(
      parseFountain(
        `INT. A - DAY\n\nShort.\n\nINT. B - DAY\n\n${actionParagraphs(27)}\n\nINT. C - DAY\n\nEnd.\n`,
      ),
    );
    expect(
      model.scenes.map(({ page, lengthLines, lengthEighths, eighths }) => [
        page,
        lengthLines,
        lengthEighths,
        eighths,
      ]),
    ).toEqual([
      [1, 4, 1, '1/8'],
      [1, 55, 8, '1'],
      [2, 3, 1, '1/8'],
    ]);
    expect(model.estimatedScreenTimeSeconds).toBe(Math.round((model.totalLines / PAGE_LINES) * 60));
  });

  it('formats eighths the way breakdowns write them', () => {
    expect([1, 7, 8, 11, 16].map(formatEighths)).toEqual(['1/8', '7/8', '1', '1 3/8', '2']);
  });
});

describe('paginate on the generated 120-page screenplay', { timeout: FEATURE_TIMEOUT_MS }, () => {
  const generated = useGeneratedScreenplay(120);

  it('gives every scene a start page in order and a length, running to the next scene or to a forced page break', () => {
    const model = paginate(generated.screenplay);
    const pages = model.scenes.map((scene) => scene.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(model.scenes.every((scene) => scene.lengthEighths >= 1)).toBe(true);
    const { elements, scenes } = generated.screenplay;
    model.scenes.forEach((scene, i) => {
      const next = model.scenes[i + 1]?.position ?? model.totalLines;
      const block = scenes[i];
      const breaks = block
        ? elements.slice(block.headingIndex, block.endIndex).some((e) => e.type === 'page_break')
        : false;
      // The empty rest of a page before a forced break belongs to no scene.
      if (breaks) expect(scene.position + scene.lengthLines).toBeLessThan(next);
      else expect(scene.position + scene.lengthLines).toBe(next);
    });
    expect(model.pageCount).toBe(Math.ceil(model.totalLines / PAGE_LINES));
    // The generator writes about 55 source lines a page; wrapping at the real column widths makes more.
    expect(model.pageCount).toBeGreaterThanOrEqual(120);
    expect(model.pageCount).toBeLessThan(200);
  });
});
