import { describe, expect, it } from 'vitest';
import {
  type DiffLine,
  diffLines,
  diffStats,
  diffWithWords,
  diffWords,
  foldUnchanged,
} from '../../src/screenplay/text-diff.js';

/** The newer text rebuilt from a diff: what it keeps and adds, in order. */
const newer = (lines: readonly DiffLine[]) =>
  lines.filter((line) => line.kind !== 'removed').map((line) => line.text);
const older = (lines: readonly DiffLine[]) =>
  lines.filter((line) => line.kind !== 'added').map((line) => line.text);

/** The longest common subsequence's length, by the textbook table. */
function lcs(a: readonly string[], b: readonly string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      (table[i] as number[])[j] =
        a[i - 1] === b[j - 1]
          ? ((table[i - 1] as number[])[j - 1] as number) + 1
          : Math.max((table[i - 1] as number[])[j] as number, (table[i] as number[])[j - 1] as number);
  return (table[a.length] as number[])[b.length] as number;
}

/** A small deterministic generator, so the random texts are the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('diffLines', () => {
  it('keeps, removes and adds lines with their numbers on each side', () => {
    const lines = diffLines(
      'INT. HOUSE\n\nRain.\nMara waits.\n',
      'INT. HOUSE\n\nSnow.\nMara waits.\nShe sits.\n',
    );
    expect(lines).toEqual([
      { kind: 'same', text: 'INT. HOUSE', oldLine: 1, newLine: 1 },
      { kind: 'same', text: '', oldLine: 2, newLine: 2 },
      { kind: 'removed', text: 'Rain.', oldLine: 3 },
      { kind: 'added', text: 'Snow.', newLine: 3 },
      { kind: 'same', text: 'Mara waits.', oldLine: 4, newLine: 4 },
      { kind: 'added', text: 'She sits.', newLine: 5 },
      { kind: 'same', text: '', oldLine: 5, newLine: 6 },
    ]);
    expect(diffStats(lines)).toEqual({ added: 2, removed: 1 });
  });

  it('finds nothing between equal texts and everything against an empty one', () => {
    expect(diffLines('a\nb', 'a\nb').every((line) => line.kind === 'same')).toBe(true);
    expect(diffStats(diffLines('', 'a\nb'))).toEqual({ added: 2, removed: 1 });
  });

  it('rebuilds both texts from any diff, with the fewest changes on small cases', () => {
    const next = random(7);
    const words = ['A', 'B', 'C', 'D', ''];
    for (let round = 0; round < 200; round++) {
      const a = Array.from({ length: Math.floor(next() * 12) }, () => words[Math.floor(next() * 5)]);
      const b = Array.from({ length: Math.floor(next() * 12) }, () => words[Math.floor(next() * 5)]);
      const lines = diffLines(a.join('\n'), b.join('\n'));
      expect(older(lines)).toEqual(a.join('\n').split('\n'));
      expect(newer(lines)).toEqual(b.join('\n').split('\n'));
      const [x, y] = [a.join('\n').split('\n'), b.join('\n').split('\n')];
      expect(diffStats(lines).removed).toBe(x.length - lcs(x, y));
    }
    // A move of one line costs one removal and one addition, not a rewrite of everything between.
    expect(diffStats(diffLines('1\n2\n3\n4\n5', '2\n3\n4\n5\n1'))).toEqual({ added: 1, removed: 1 });
  });

  it('shows texts too different to trace as one replaced block, still exact', () => {
    const a = Array.from({ length: 50 }, (_, i) => `a${i}`).join('\n');
    const b = Array.from({ length: 50 }, (_, i) => `b${i}`).join('\n');
    const lines = diffLines(`head\n${a}\ntail`, `head\n${b}\ntail`, 10);
    expect(diffStats(lines)).toEqual({ added: 50, removed: 50 });
    expect(lines[0]).toMatchObject({ kind: 'same', text: 'head' });
    expect(lines[lines.length - 1]).toMatchObject({ kind: 'same', text: 'tail' });
  });
});

describe('word highlights', () => {
  it('marks only the words that changed in a rewritten line', () => {
    const words = diffWords(
      "Kids. It'll be kids from the estate.",
      "Kids. It'll be the Pryce boys from the estate.",
    );
    expect(words.removed.filter((s) => s.changed).map((s) => s.text)).toEqual(['kids']);
    expect(words.added.filter((s) => s.changed).map((s) => s.text.trim())).toEqual(['the Pryce boys']);
    expect(words.added.map((s) => s.text).join('')).toBe("Kids. It'll be the Pryce boys from the estate.");
  });

  it('gives each side back exactly, spaces included', () => {
    const words = diffWords('Where were you?', 'Where were you? Tell me.');
    expect(words.removed).toEqual([{ text: 'Where were you?', changed: false }]);
    expect(words.added).toEqual([
      { text: 'Where were you? ', changed: false },
      { text: 'Tell me.', changed: true },
    ]);
    const spaced = diffWords('She  runs to  the door.', 'She walks to the  door.');
    expect(spaced.removed.map((s) => s.text).join('')).toBe('She  runs to  the door.');
    expect(spaced.added.map((s) => s.text).join('')).toBe('She walks to the  door.');
    expect(spaced.removed.filter((s) => s.changed).map((s) => s.text.trim())).toEqual(['runs']);
  });

  it('pairs the removed and added lines of a change in order', () => {
    const lines = diffWithWords('A\nold one\nold two\nZ', 'A\nnew one\nZ');
    expect(lines.map((line) => [line.kind, line.segments?.map((s) => s.changed) ?? null])).toEqual([
      ['same', null],
      ['removed', [true, false]],
      ['removed', null],
      ['added', [true, false]],
      ['same', null],
    ]);
  });
});

describe('foldUnchanged', () => {
  it('keeps the changes with their context and folds the rest', () => {
    const a = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const b = a.replace('line 10', 'LINE TEN');
    const folded = foldUnchanged(diffLines(a, b), 2);
    expect(folded.map((item) => (item.kind === 'folded' ? item.count : item.line.kind))).toEqual([
      8,
      'same',
      'same',
      'removed',
      'added',
      'same',
      'same',
      7,
    ]);
  });
});
