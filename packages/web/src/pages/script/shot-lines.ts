import {
  type DiffLine,
  diffLines,
  headingLocationKey,
  parseScript,
  type ScriptFormat,
  type Shot,
} from '@reelbench/sdk';

/** A shot as the gutter names it. */
export interface ShotRef {
  id: string;
  name: string;
}

/** The lines of a text a shot was made from, 1-based and inclusive. */
export interface ShotSpan extends ShotRef {
  from: number;
  to: number;
}

type SourcedShot = Pick<Shot, 'id' | 'name' | 'source'>;

/**
 * The lines of `base` (the saved script a first pass ran on) each shot was made from: the first and
 * last screenplay element of its source. A shot whose elements do not sit in its scene of `base` (a
 * shot of an older pass over other text) or that has no element span (a remote director's) is left out.
 */
export function sourceSpans(
  base: string,
  format: ScriptFormat | 'auto',
  shots: readonly SourcedShot[],
): ShotSpan[] {
  const sourced = shots.filter((shot) => shot.source?.from !== undefined && shot.source.to !== undefined);
  if (sourced.length === 0 || base.trim() === '') return [];
  const { elements, scenes } = parseScript(base, format);
  const spans: ShotSpan[] = [];
  for (const shot of sourced) {
    const source = shot.source as NonNullable<Shot['source']>;
    const first = elements[source.from as number];
    const last = elements[source.to as number];
    const scene = scenes[source.sceneNumber - 1];
    if (first === undefined || last === undefined || scene === undefined) continue;
    const inScene = (index: number) => index >= scene.headingIndex && index < scene.endIndex;
    if (!inScene(source.from as number) || !inScene(source.to as number)) continue;
    if (headingLocationKey(scene.heading.text) !== headingLocationKey(source.sceneHeading)) continue;
    spans.push({ id: shot.id, name: shot.name, from: first.line, to: last.endLine });
  }
  return spans;
}

/** A run of changed lines: the older text's lines it removed, the newer text's lines it added. */
interface Hunk {
  removed: number[];
  added: number[];
  /** The older text's line just before the change (0 at the top). */
  after: number;
}

function hunksOf(diff: readonly DiffLine[]): Hunk[] {
  const hunks: Hunk[] = [];
  let current: Hunk | null = null;
  let lastOld = 0;
  for (const line of diff) {
    if (line.kind === 'same') {
      current = null;
      lastOld = line.oldLine;
      continue;
    }
    if (current === null) {
      current = { removed: [], added: [], after: lastOld };
      hunks.push(current);
    }
    if (line.kind === 'removed') current.removed.push(line.oldLine);
    else current.added.push(line.newLine);
  }
  return hunks;
}

/** What the script page's gutter marks on the current text, by 1-based line. */
export interface ScriptMarks {
  /** The shots each line feeds, in script order. */
  shots: Map<number, ShotRef[]>;
  /** Lines written or changed since the last pass. */
  edited: Set<number>;
  /** Lines above which text of the last pass's script was deleted. */
  removedAbove: Set<number>;
}

/**
 * The current text's marks: each shot's span of `base` followed through the edits since (a kept line
 * stays with its shot; a line rewritten in the span still feeds it; lines written inside the span
 * join it), and the lines edited since `base`. Without a base (no pass kept yet) nothing is marked.
 */
export function scriptMarks(base: string | null, current: string, spans: readonly ShotSpan[]): ScriptMarks {
  const marks: ScriptMarks = { shots: new Map(), edited: new Set(), removedAbove: new Set() };
  if (base === null) return marks;
  const diff = diffLines(base, current);
  const newLineOf = new Map<number, number>();
  for (const line of diff) if (line.kind === 'same') newLineOf.set(line.oldLine, line.newLine);
  const hunks = hunksOf(diff);
  const lineCount = current.split(/\r\n?|\n/).length;

  for (const hunk of hunks) {
    for (const line of hunk.added) marks.edited.add(line);
    if (hunk.added.length === 0 && hunk.removed.length > 0) {
      // A deletion: mark the line that now follows it (or the last line when it was at the end).
      const next = newLineOf.get((hunk.removed[hunk.removed.length - 1] as number) + 1);
      marks.removedAbove.add(next ?? lineCount);
    }
  }

  const add = (line: number, shot: ShotRef) => {
    const list = marks.shots.get(line);
    if (list === undefined) marks.shots.set(line, [shot]);
    else if (!list.some((known) => known.id === shot.id)) list.push(shot);
  };
  for (const span of spans) {
    const shot = { id: span.id, name: span.name };
    for (let old = span.from; old <= span.to; old++) {
      const line = newLineOf.get(old);
      if (line !== undefined) add(line, shot);
    }
    for (const hunk of hunks) {
      const rewritten = hunk.removed.some((old) => old >= span.from && old <= span.to);
      const inside = hunk.removed.length === 0 && hunk.after >= span.from && hunk.after < span.to;
      if (rewritten || inside) for (const line of hunk.added) add(line, shot);
    }
  }
  return marks;
}
