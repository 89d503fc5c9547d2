/**
 * Line diffs of script text (issue 30: script versions, edited lines, the revise preview): Myers'
 * O(ND) algorithm on the lines between the common head and tail, then word-level changes inside each
 * changed line. Runs in browsers and Node; no dependency.
 */

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

/** Edits beyond this between two texts are shown as one replaced block (the trace grows as D²). */
export const MAX_DIFF_EDITS = 2_000;

/** The texts' lines: '\r\n' and '\r' read as '\n'. */
export function textLines(text: string): string[] {
  return text.split(/\r\n?|\n/);
}

/**
 * The shortest edit script from `a` to `b` (as equal, delete and insert steps), or null when it
 * takes more than `maxEdits` edits.
 */
function myers<T>(a: readonly T[], b: readonly T[], maxEdits: number): ('=' | '-' | '+')[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
      let x = down ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  // Walk back through the trace: each d's V (saved before its round) tells which diagonal came before.
  const steps: ('=' | '-' | '+')[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const saved = trace[d] as Int32Array;
    const at = (k: number) => saved[k + d + 1] as number;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      steps.push('=');
      x--;
      y--;
    }
    steps.push(down ? '+' : '-');
    if (down) y--;
    else x--;
  }
  while (x > 0 && y > 0) {
    steps.push('=');
    x--;
    y--;
  }
  return steps.reverse();
}

/** The diff of two lists: the common head and tail first, Myers between (or all replaced past the cap). */
function diffSteps<T>(a: readonly T[], b: readonly T[], maxEdits: number): ('=' | '-' | '+')[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const middle = myers(midA, midB, maxEdits) ?? [
    ...midA.map(() => '-' as const),
    ...midB.map(() => '+' as const),
  ];
  return [...Array(head).fill('='), ...middle, ...Array(tail).fill('=')];
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

/** Words, runs of spaces and single marks: what a changed line is compared by. */
function tokens(line: string): string[] {
  return line.match(/[\p{L}\p{N}_'’]+|\s+|[^\p{L}\p{N}_'’\s]/gu) ?? [];
}

function segments(parts: readonly string[], changed: readonly boolean[]): DiffSegment[] {
  const out: DiffSegment[] = [];
  parts.forEach((text, index) => {
    const flag = changed[index] as boolean;
    const last = out[out.length - 1];
    if (last && last.changed === flag) last.text += text;
    else out.push({ text, changed: flag });
  });
  return out;
}

/** The words that differ between a removed line and the added line that replaced it. */
export function diffWords(older: string, newer: string): { removed: DiffSegment[]; added: DiffSegment[] } {
  const a = tokens(older);
  const b = tokens(newer);
  const removed = a.map(() => false);
  const added = b.map(() => false);
  let i = 0;
  let j = 0;
  for (const step of diffSteps(a, b, MAX_DIFF_EDITS)) {
    if (step === '=') {
      i++;
      j++;
    } else if (step === '-') removed[i++] = true;
    else added[j++] = true;
  }
  return { removed: segments(a, removed), added: segments(b, added) };
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
