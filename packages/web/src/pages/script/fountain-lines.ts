/**
 * Our Fountain mode (https://fountain.io/syntax): every line of a script gets one kind, decided the
 * way the SDK's parser reads it — by its first character, its case and whether the lines around it
 * are blank — so what the editor colours is what the engine imports, analyses and exports. Pure and
 * linear: the editor runs it over the whole document on each change. The line rules themselves
 * (title keys, headings, cues, transitions) are the SDK's.
 */

import {
  isForcedHeading,
  isTitleKeyLine,
  isTransitionText,
  isUppercaseCue,
  matchHeadingPrefix,
  opensTitlePage,
  parseCue,
} from '@reelbench/sdk';

export type FountainLineKind =
  | 'blank'
  | 'title-key'
  | 'title-value'
  | 'scene-heading'
  | 'character'
  | 'dialogue'
  | 'parenthetical'
  | 'lyrics'
  | 'transition'
  | 'centered'
  | 'section'
  | 'synopsis'
  | 'note'
  | 'boneyard'
  | 'page-break'
  | 'action';

export interface FountainLine {
  kind: FountainLineKind;
  /** Characters of a forcing marker at the start of the line ('.', '@', '>', '!', '~', '#', '='). */
  marker: number;
}

/** Two spaces alone keep a blank line inside dialogue or action (Fountain's "held" blank). */
const HELD_BLANK = '  ';

/** INT., EXT., EST., INT./EXT., I/E… followed by '.' or a space, in any case. */
export function isSceneHeadingText(text: string): boolean {
  return matchHeadingPrefix(text) !== null;
}

const line = (kind: FountainLineKind, marker = 0): FountainLine => ({ kind, marker });

/** The title page: `Key: value` lines at the very top, the first key a known one, up to a blank line. */
function classifyTitlePage(lines: readonly string[], out: FountainLine[]): number {
  let first = 0;
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++;
  if (!opensTitlePage(lines[first] ?? '')) return 0;
  let i = first;
  for (; i < lines.length; i++) {
    const text = lines[i] ?? '';
    if (text.trim() === '') break;
    out[i] = line(isTitleKeyLine(text) ? 'title-key' : 'title-value');
  }
  return i;
}

/**
 * Whole-line boneyard `/* … *\/` is transparent: the lines around it read as if it were not there.
 * An unclosed one stays text (the validator reports it). Returns the indices that remain.
 */
function markBoneyard(lines: readonly string[], start: number, out: FountainLine[]): number[] {
  const body: number[] = [];
  let unclosedSeen = false;
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const open = unclosedSeen ? -1 : raw.indexOf('/*');
    if (open < 0) {
      body.push(i);
      continue;
    }
    const closeSameLine = raw.indexOf('*/', open + 2);
    if (closeSameLine >= 0) {
      if (raw.slice(0, open).trim() === '' && raw.slice(closeSameLine + 2).trim() === '')
        out[i] = line('boneyard');
      else body.push(i);
      continue;
    }
    let close = -1;
    for (let j = i + 1; j < lines.length; j++) {
      if ((lines[j] ?? '').includes('*/')) {
        close = j;
        break;
      }
    }
    if (close < 0) {
      unclosedSeen = true;
      body.push(i);
      continue;
    }
    for (let j = i; j <= close; j++) out[j] = line('boneyard');
    i = close;
  }
  return body;
}

/** Classifies every line of a Fountain script; the result has one entry per line. */
export function classifyFountainLines(lines: readonly string[]): FountainLine[] {
  const out: FountainLine[] = lines.map(() => line('blank'));
  const bodyStart = classifyTitlePage(lines, out);
  const body = markBoneyard(lines, bodyStart, out);
  const text = (k: number) => lines[body[k] ?? -1] ?? '';
  const blank = body.map((index) => (lines[index] ?? '').trim() === '');
  let afterBlank = true;
  let inDialogue = false;
  let noNoteUntil = -1;

  /** The body index closing a note that starts at k, or -1 when the line is not a whole note. */
  const noteEnd = (k: number): number => {
    if (k < noNoteUntil) return -1;
    let j = k;
    for (; j < body.length && (j === k || !blank[j]); j++) {
      const current = text(j);
      const close = current.indexOf(']]', j === k ? current.indexOf('[[') + 2 : 0);
      if (close < 0) continue;
      if (current.slice(close + 2).trim() === '') return j;
      noNoteUntil = j;
      return -1;
    }
    noNoteUntil = j;
    return -1;
  };

  for (let k = 0; k < body.length; k++) {
    const index = body[k] ?? 0;
    const raw = text(k);
    const set = (kind: FountainLineKind, marker = 0) => {
      out[index] = line(kind, marker);
    };
    if (blank[k]) {
      if (!(raw === HELD_BLANK && inDialogue)) {
        inDialogue = false;
        afterBlank = true;
      }
      set('blank');
      continue;
    }
    const prevBlank: boolean = afterBlank;
    afterBlank = false;
    const trimmed = raw.trim();
    if (trimmed.startsWith('[[')) {
      const end = noteEnd(k);
      if (end >= 0) {
        for (let j = k; j <= end; j++) out[body[j] ?? 0] = line('note');
        afterBlank = prevBlank;
        k = end;
        continue;
      }
    }
    const marker = raw.length - raw.trimStart().length;
    if (inDialogue) {
      if (trimmed.startsWith('(')) set('parenthetical');
      else if (trimmed.startsWith('~')) set('lyrics', marker + 1);
      else set('dialogue');
      continue;
    }
    const nextBlank = k + 1 >= body.length || blank[k + 1] === true;
    const first = trimmed.charAt(0);
    if (first === '=' && /^={3,}$/.test(trimmed)) {
      set('page-break');
      afterBlank = true;
      continue;
    }
    if (first === '!') {
      set('action', marker + 1);
      continue;
    }
    if (first === '#') {
      let depth = 1;
      while (trimmed.charAt(depth) === '#') depth++;
      set('section', marker + depth);
      afterBlank = true;
      continue;
    }
    if (first === '=') {
      set('synopsis', marker + 1);
      afterBlank = true;
      continue;
    }
    if (first === '~') {
      set('lyrics', marker + 1);
      continue;
    }
    if (first === '>') {
      if (trimmed.endsWith('<') && trimmed.length > 1) {
        set('centered', marker + 1);
        continue;
      }
      if (prevBlank && trimmed.length > 1) {
        set('transition', marker + 1);
        continue;
      }
    }
    if (first === '.' && prevBlank && isForcedHeading(trimmed)) {
      set('scene-heading', marker + 1);
      continue;
    }
    if (first === '@' && prevBlank && parseCue(trimmed.slice(1)).name !== '') {
      set('character', marker + 1);
      inDialogue = true;
      continue;
    }
    if (prevBlank && nextBlank && isSceneHeadingText(trimmed)) set('scene-heading');
    else if (prevBlank && nextBlank && isTransitionText(trimmed)) set('transition');
    else if (prevBlank && !nextBlank && isUppercaseCue(trimmed) && !isSceneHeadingText(trimmed)) {
      set('character');
      inDialogue = true;
    } else set('action');
  }
  return out;
}

export type InlineKind = 'note' | 'boneyard' | 'bold' | 'italic' | 'underline';

export interface InlineSpan {
  from: number;
  to: number;
  kind: InlineKind;
}

const INLINE_RULES: readonly [RegExp, InlineKind][] = [
  [/\[\[[^\]]*?\]\]/g, 'note'],
  [/\/\*.*?\*\//g, 'boneyard'],
  [/(?<![\\*])\*\*(?=\S)(?:[^*\\]|\\.)+?(?<=\S)\*\*(?!\*)/g, 'bold'],
  [/(?<![\\*])\*(?=[^\s*])(?:[^*\\]|\\.)+?(?<=[^\s*\\])\*(?!\*)/g, 'italic'],
  [/(?<![\\\w])_(?=\S)(?:[^_\\]|\\.)+?(?<=[^\s\\])_(?!\w)/g, 'underline'],
];

/** Notes, inline boneyard and emphasis inside one line, as offsets into it. */
export function inlineSpans(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  if (!/[[/*_]/.test(text)) return spans;
  for (const [pattern, kind] of INLINE_RULES) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      spans.push({ from: match.index, to: match.index + match[0].length, kind });
    }
  }
  return spans.sort((a, b) => a.from - b.from || b.to - a.to);
}
