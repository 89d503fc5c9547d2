/**
 * Line diffs of script text (issue 30: script versions, edited lines, the revise preview) on jsdiff
 * (the `diff` package): `diffArrays` over the texts' lines, then `diffWords` inside each changed line.
 * Runs in browsers and Node.
 */

import { diffArrays, diffWords as jsdiffWords } from 'diff';

/** One line of a diff: kept, removed from the older text or added in the newer. Line numbers are 1-based. */
export type DiffLine =
  | { kind: 'same'; text: string; oldLine: number; newLine: number }
  | { kind: 'removed'; text: string; oldLine: number }
  | { kind: 'added'; text: string; newLine: number };

/** A run of a changed line: `changed` when it is not in the line it is paired with. */
export interface DiffSegment {
  text: string;
  changed: boolean;
}

/** Edits beyond this between two texts are shown as one replaced block (jsdiff's `maxEditLength`). */
export const MAX_DIFF_EDITS = 2_000;

/** The texts' lines: '\r\n' and '\r' read as '\n'. */
export function textLines(text: string): string[] {
  return text.split(/\r\n?|\n/);
}

/** The diff of two lists as equal, delete and insert steps; past the cap, the middle all replaced. */
function diffSteps(a: readonly string[], b: readonly string[], maxEdits: number): ('=' | '-' | '+')[] {
  const changes = diffArrays(a as string[], b as string[], { maxEditLength: maxEdits });
  if (changes !== undefined)
    return changes.flatMap((change) =>
      Array<'=' | '-' | '+'>(change.count).fill(change.added ? '+' : change.removed ? '-' : '='),
    );
  // Too many edits to trace: keep the common head and tail, replace everything between.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return [
    ...Array<'='>(head).fill('='),
    ...Array<'-'>(a.length - head - tail).fill('-'),
    ...Array<'+'>(b.length - head - tail).fill('+'),
    ...Array<'='>(tail).fill('='),
  ];
}

/** The line diff of two texts, in reading order (within a change, removed lines before added ones). */
export function diffLines(older: string, newer: string, maxEdits = MAX_DIFF_EDITS): DiffLine[] {
  const a = textLines(older);
  const b = textLines(newer);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  let added: DiffLine[] = [];
  const flush = () => {
    lines.push(...added);
    added = [];
  };
  for (const step of diffSteps(a, b, maxEdits)) {
    if (step === '=') {
      flush();
      lines.push({ kind: 'same', text: a[i] as string, oldLine: i + 1, newLine: j + 1 });
      i++;
      j++;
    } else if (step === '-') {
      lines.push({ kind: 'removed', text: a[i] as string, oldLine: i + 1 });
      i++;
    } else {
      added.push({ kind: 'added', text: b[j] as string, newLine: j + 1 });
      j++;
    }
  }
  flush();
  return lines;
}

/** A run of a text's word diff: in both texts, only in the older or only in the newer. */
export interface WordPart {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/**
 * The word diff of two texts, in reading order (a loss before the gain that replaces it): jsdiff's
 * `diffWords`, which compares words and marks with the spaces around them, so a change does not
 * split on a kept space. The kept parts are spaced as in `newer`.
 */
export function diffWordParts(older: string, newer: string): WordPart[] {
  const parts: WordPart[] = [];
  for (const change of jsdiffWords(older, newer)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = parts[parts.length - 1];
    if (last?.kind === kind) last.text += change.value;
    else parts.push({ kind, text: change.value });
  }
  return parts;
}

/** The `newer` side of a word diff as segments, `changed` where it differs: exactly `newer`. */
function newerSide(older: string, newer: string): DiffSegment[] {
  const out: DiffSegment[] = [];
  for (const part of diffWordParts(older, newer)) {
    if (part.kind === 'removed') continue;
    const changed = part.kind === 'added';
    const last = out[out.length - 1];
    if (last && last.changed === changed) last.text += part.text;
    else out.push({ text: part.text, changed });
  }
  return out;
}

/**
 * The words that differ between a removed line and the added line that replaced it. Each side is
 * diffed as the newer text (jsdiff spaces kept words as in its newer text), so each joins back to
 * its line exactly.
 */
export function diffWords(older: string, newer: string): { removed: DiffSegment[]; added: DiffSegment[] } {
  return { removed: newerSide(newer, older), added: newerSide(older, newer) };
}

/** A diff line with the words that changed in it, when it pairs with a line on the other side. */
export type WordDiffLine = DiffLine & { segments?: DiffSegment[] };

/**
 * The line diff with word highlights: in each change, the k-th removed line pairs with the k-th
 * added line and both carry their changed words.
 */
export function diffWithWords(older: string, newer: string): WordDiffLine[] {
  const lines: WordDiffLine[] = diffLines(older, newer);
  let k = 0;
  while (k < lines.length) {
    if (lines[k]?.kind !== 'removed') {
      k++;
      continue;
    }
    let r = k;
    while (lines[r]?.kind === 'removed') r++;
    let e = r;
    while (lines[e]?.kind === 'added') e++;
    const pairs = Math.min(r - k, e - r);
    for (let p = 0; p < pairs; p++) {
      const removed = lines[k + p] as WordDiffLine;
      const added = lines[r + p] as WordDiffLine;
      const words = diffWords(removed.text, added.text);
      removed.segments = words.removed;
      added.segments = words.added;
    }
    k = e;
  }
  return lines;
}

/** Lines added and removed by a diff. */
export function diffStats(lines: readonly DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'added') added++;
    else if (line.kind === 'removed') removed++;
  }
  return { added, removed };
}

/** A diff to show: its changes with `context` unchanged lines around each, the rest folded. */
export type FoldedDiff<L extends DiffLine = DiffLine> = (
  | { kind: 'line'; line: L }
  | { kind: 'folded'; count: number }
)[];

export function foldUnchanged<L extends DiffLine>(lines: readonly L[], context = 3): FoldedDiff<L> {
  const near = new Uint8Array(lines.length);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++)
      near[k] = 1;
  });
  const out: FoldedDiff<L> = [];
  let folded = 0;
  lines.forEach((line, index) => {
    if (near[index]) {
      if (folded > 0) out.push({ kind: 'folded', count: folded });
      folded = 0;
      out.push({ kind: 'line', line });
    } else folded++;
  });
  if (folded > 0) out.push({ kind: 'folded', count: folded });
  return out;
}
