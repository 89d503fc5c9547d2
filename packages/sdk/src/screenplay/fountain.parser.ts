import type {
  BoneyardElement,
  Screenplay,
  ScriptDiagnostic,
  ScriptElement,
  TitlePageEntry,
} from './fountain.types.js';
import {
  continuesDialogue,
  createScreenplay,
  isTransitionText,
  isUppercaseCue,
  matchHeadingPrefix,
  parseCue,
} from './screenplay.model.js';

/**
 * A line-based parser for Fountain 1.1 (https://fountain.io/syntax). One pass removes the boneyard
 * and keeps line numbers; a second pass is a state machine over the remaining lines, deciding each
 * line by its first character, its case and whether the lines around it are blank. Every step is
 * linear: no regular expression can backtrack over a whole line.
 */
export function parseFountain(source: string): Screenplay {
  const rawLines = splitLines(source);
  const { entries, bodyStart } = parseTitlePage(rawLines);
  const body = removeBoneyard(rawLines, bodyStart);
  const elements = new FountainBodyParser(body).parse();
  return createScreenplay(entries, mergeByLine(elements, body.boneyard), body.diagnostics);
}

export function splitLines(source: string): string[] {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  return text.split(/\r\n|\r|\n/);
}

const TITLE_KEYS = new Set([
  'title',
  'credit',
  'author',
  'authors',
  'source',
  'notes',
  'draft date',
  'date',
  'contact',
  'copyright',
  'revision',
  'revisions',
]);

function isIndented(line: string): boolean {
  return line.startsWith('\t') || line.startsWith('   ');
}

/** 'Draft date: 2026' → ['Draft date', '2026']; null when the line is not a `Key:` line. */
function splitTitleKey(line: string): [string, string] | null {
  const colon = line.indexOf(':');
  if (colon <= 0 || colon > 40 || isIndented(line)) return null;
  const key = line.slice(0, colon).trim();
  if (!/^[A-Za-z][A-Za-z0-9 _-]*$/.test(key)) return null;
  return [key, line.slice(colon + 1).trim()];
}

/** A `Key: value` line of a title page (any key; not indented). */
export function isTitleKeyLine(line: string): boolean {
  return splitTitleKey(line) !== null;
}

/** A line that would open a title page if it were the first of the script. */
export function opensTitlePage(line: string): boolean {
  const pair = splitTitleKey(line);
  return pair !== null && TITLE_KEYS.has(pair[0].toLowerCase().replace(/\s+/g, ' '));
}

/** The title page is a run of `Key: value` lines at the very top, the first key a known one. */
function parseTitlePage(lines: string[]): { entries: TitlePageEntry[]; bodyStart: number } {
  let first = 0;
  while (first < lines.length && (lines[first] ?? '').trim() === '') first++;
  if (!opensTitlePage(lines[first] ?? '')) return { entries: [], bodyStart: 0 };
  const entries: TitlePageEntry[] = [];
  const values: string[][] = [];
  let i = first;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') break;
    const pair = isIndented(line) ? null : splitTitleKey(line);
    const current = entries[entries.length - 1];
    if (pair || !current) {
      const [key, value] = pair ?? ['Notes', line.trim()];
      entries.push({ type: 'title_entry', key, value: '', line: i + 1, endLine: i + 1 });
      values.push(value === '' ? [] : [value]);
      continue;
    }
    values[values.length - 1]?.push(line.trim());
    current.endLine = i + 1;
  }
  entries.forEach((entry, index) => {
    entry.value = (values[index] ?? []).join('\n');
  });
  return { entries, bodyStart: i };
}

interface BodyLines {
  texts: string[];
  /** 1-based source line of each text. */
  lineNumbers: number[];
  boneyard: BoneyardElement[];
  diagnostics: ScriptDiagnostic[];
}

/**
 * Boneyard `/* ... *\/` over whole lines is taken out (it is transparent: the lines around it read
 * as if it were not there) and kept as elements. A boneyard inside one line stays in the text; an
 * unclosed one is kept as text and reported.
 */
function removeBoneyard(lines: string[], start: number): BodyLines {
  const body: BodyLines = { texts: [], lineNumbers: [], boneyard: [], diagnostics: [] };
  const keep = (text: string, index: number) => {
    body.texts.push(text);
    body.lineNumbers.push(index + 1);
  };
  let unclosedSeen = false;
  for (let i = start; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const open = unclosedSeen ? -1 : raw.indexOf('/*');
    if (open < 0) {
      keep(raw, i);
      continue;
    }
    const closeSameLine = raw.indexOf('*/', open + 2);
    if (closeSameLine >= 0) {
      const wholeLine = raw.slice(0, open).trim() === '' && raw.slice(closeSameLine + 2).trim() === '';
      if (wholeLine) {
        const text = raw.slice(open + 2, closeSameLine);
        body.boneyard.push({ type: 'boneyard', text, line: i + 1, endLine: i + 1 });
      } else keep(raw, i);
      continue;
    }
    const closeLine = findClosingLine(lines, i + 1);
    if (closeLine < 0) {
      unclosedSeen = true;
      body.diagnostics.push({
        line: i + 1,
        column: open + 1,
        severity: 'error',
        code: 'UNCLOSED_BONEYARD',
        message: 'Boneyard opened with /* is never closed with */',
      });
      keep(raw, i);
      continue;
    }
    const before = raw.slice(0, open);
    if (before.trim() !== '') keep(before, i);
    const closing = lines[closeLine] ?? '';
    const closeAt = closing.indexOf('*/');
    const hidden = [raw.slice(open + 2), ...lines.slice(i + 1, closeLine), closing.slice(0, closeAt)];
    body.boneyard.push({ type: 'boneyard', text: hidden.join('\n'), line: i + 1, endLine: closeLine + 1 });
    const after = closing.slice(closeAt + 2);
    if (after.trim() !== '') keep(after, closeLine);
    i = closeLine;
  }
  return body;
}

function findClosingLine(lines: string[], from: number): number {
  for (let j = from; j < lines.length; j++) {
    if ((lines[j] ?? '').includes('*/')) return j;
  }
  return -1;
}

function mergeByLine(elements: ScriptElement[], boneyard: BoneyardElement[]): ScriptElement[] {
  if (boneyard.length === 0) return elements;
  const merged: ScriptElement[] = [];
  let b = 0;
  for (const element of elements) {
    while (b < boneyard.length && (boneyard[b]?.line ?? 0) < element.line)
      merged.push(boneyard[b++] as ScriptElement);
    merged.push(element);
  }
  while (b < boneyard.length) merged.push(boneyard[b++] as ScriptElement);
  return merged;
}

type OpenKind = 'action' | 'dialogue' | 'centered' | 'lyrics';

interface OpenBlock {
  kind: OpenKind;
  lines: string[];
  line: number;
  endLine: number;
  forced: boolean;
  inDialogue: boolean;
}

const HELD_BLANK = '  ';

/** '.' and a letter or digit force a heading; '...' does not. */
export function isForcedHeading(text: string): boolean {
  return text.charAt(0) === '.' && /^[\p{L}\p{N}]$/u.test(text.charAt(1));
}

/** '12A' from 'INT. HOUSE - DAY #12A#'. */
function splitSceneNumber(text: string): { text: string; sceneNumber?: string } {
  const trimmed = text.trimEnd();
  if (!trimmed.endsWith('#') || trimmed.length < 3) return { text: trimmed };
  const open = trimmed.lastIndexOf('#', trimmed.length - 2);
  const number = trimmed.slice(open + 1, -1);
  if (open < 0 || !/^[A-Za-z0-9.-]+$/.test(number)) return { text: trimmed };
  return { text: trimmed.slice(0, open).trimEnd(), sceneNumber: number };
}

class FountainBodyParser {
  private readonly elements: ScriptElement[] = [];
  private readonly blank: boolean[];
  private open: OpenBlock | null = null;
  private inDialogue = false;
  private afterBlank = true;
  /** A '[[' with no ']]' before the next blank line: no note can close before this index. */
  private noNoteUntil = -1;

  constructor(private readonly body: BodyLines) {
    this.blank = body.texts.map((text) => text.trim() === '');
  }

  parse(): ScriptElement[] {
    const { texts } = this.body;
    for (let k = 0; k < texts.length; k++) k = this.parseLine(k);
    this.flush();
    return this.elements;
  }

  /** Handles line k (and any lines it swallows); returns the index of the last line consumed. */
  private parseLine(k: number): number {
    const raw = this.body.texts[k] ?? '';
    const lineNumber = this.body.lineNumbers[k] ?? 0;
    if (this.blank[k]) {
      const held = raw === HELD_BLANK && (this.open?.kind === 'action' || this.open?.kind === 'dialogue');
      if (held && this.open) {
        this.open.lines.push('');
        this.open.endLine = lineNumber;
        return k;
      }
      this.flush();
      this.inDialogue = false;
      this.afterBlank = true;
      return k;
    }
    const prevBlank = this.afterBlank;
    this.afterBlank = false;
    const trimmed = raw.trim();
    if (trimmed.startsWith('[[')) {
      const end = this.noteEnd(k);
      if (end >= 0) {
        this.emitNote(k, end);
        this.afterBlank = prevBlank;
        return end;
      }
    }
    if (this.inDialogue) {
      this.dialogueLine(trimmed, lineNumber);
      return k;
    }
    const nextBlank = k + 1 >= this.blank.length || this.blank[k + 1] === true;
    this.bodyLine(raw, trimmed, lineNumber, prevBlank, nextBlank);
    return k;
  }

  private bodyLine(raw: string, trimmed: string, line: number, prevBlank: boolean, nextBlank: boolean): void {
    const first = trimmed.charAt(0);
    if (first === '=' && /^={3,}$/.test(trimmed)) {
      this.single({ type: 'page_break', line, endLine: line });
      this.afterBlank = true;
      return;
    }
    switch (first) {
      case '!':
        this.append('action', raw.replace('!', ''), line, true);
        return;
      case '#': {
        let depth = 1;
        while (trimmed.charAt(depth) === '#') depth++;
        this.single({ type: 'section', text: trimmed.slice(depth).trim(), depth, line, endLine: line });
        this.afterBlank = true;
        return;
      }
      case '=':
        this.single({ type: 'synopsis', text: trimmed.slice(1).trim(), line, endLine: line });
        this.afterBlank = true;
        return;
      case '~':
        this.append('lyrics', trimmed.slice(1).trimStart(), line, false);
        return;
      case '>':
        if (trimmed.endsWith('<') && trimmed.length > 1) {
          this.append('centered', trimmed.slice(1, -1).trim(), line, false);
          return;
        }
        if (prevBlank && trimmed.length > 1) {
          this.single({
            type: 'transition',
            text: trimmed.slice(1).trim(),
            forced: true,
            line,
            endLine: line,
          });
          return;
        }
        break;
      case '.':
        if (prevBlank && isForcedHeading(trimmed)) {
          this.heading(trimmed.slice(1), true, line);
          return;
        }
        break;
      case '@':
        if (prevBlank && parseCue(trimmed.slice(1)).name !== '') {
          this.cue(trimmed.slice(1), true, line);
          return;
        }
        break;
    }
    if (prevBlank && nextBlank && matchHeadingPrefix(trimmed)) this.heading(trimmed, false, line);
    else if (prevBlank && nextBlank && isTransitionText(trimmed))
      this.single({ type: 'transition', text: trimmed, forced: false, line, endLine: line });
    // A heading-shaped line is never a cue: without a blank line after it, it is action.
    else if (prevBlank && !nextBlank && isUppercaseCue(trimmed) && !matchHeadingPrefix(trimmed))
      this.cue(trimmed, false, line);
    else this.append('action', raw.trimEnd(), line, false);
  }

  private dialogueLine(trimmed: string, line: number): void {
    if (trimmed.startsWith('(') && trimmed.endsWith(')')) {
      this.single({ type: 'parenthetical', text: trimmed, line, endLine: line });
    } else if (trimmed.startsWith('~')) {
      this.append('lyrics', trimmed.slice(1).trimStart(), line, false, true);
    } else {
      this.append('dialogue', trimmed, line, false);
    }
  }

  private heading(text: string, forced: boolean, line: number): void {
    const { text: heading, sceneNumber } = splitSceneNumber(text.trim());
    this.single({
      type: 'scene_heading',
      text: heading,
      ...(sceneNumber === undefined ? {} : { sceneNumber }),
      forced,
      line,
      endLine: line,
    });
  }

  private cue(text: string, forced: boolean, line: number): void {
    const { name, extension, dualRight } = parseCue(text);
    this.flush();
    if (dualRight) this.markPreviousCueLeft();
    this.elements.push({
      type: 'character',
      name,
      ...(extension === undefined ? {} : { extension }),
      ...(dualRight ? { dual: 'right' as const } : {}),
      forced,
      line,
      endLine: line,
    });
    this.inDialogue = true;
  }

  /** The cue before a '^' cue is the left half of the dual dialogue, if only its block lies between. */
  private markPreviousCueLeft(): void {
    for (let i = this.elements.length - 1; i >= 0; i--) {
      const element = this.elements[i];
      if (!element) return;
      if (element.type === 'character') {
        if (element.dual === undefined) element.dual = 'left';
        return;
      }
      if (!continuesDialogue(element)) return;
    }
  }

  /** The index of the line that closes a note starting at line k, or -1 if it is not a whole note. */
  private noteEnd(k: number): number {
    if (k < this.noNoteUntil) return -1;
    const { texts } = this.body;
    let j = k;
    for (; j < texts.length && (j === k || !this.blank[j]); j++) {
      const text = texts[j] ?? '';
      const close = text.indexOf(']]', j === k ? text.indexOf('[[') + 2 : 0);
      if (close < 0) continue;
      if (text.slice(close + 2).trim() === '') return j;
      // Every '[[' before line j meets this same ']]' first, with the same text after it.
      this.noNoteUntil = j;
      return -1;
    }
    this.noNoteUntil = j;
    return -1;
  }

  private emitNote(k: number, end: number): void {
    const { texts, lineNumbers } = this.body;
    const joined = texts
      .slice(k, end + 1)
      .map((text) => text.trim())
      .join('\n');
    const text = joined.slice(2, joined.lastIndexOf(']]'));
    this.flush();
    this.elements.push({
      type: 'note',
      text,
      ...(this.inDialogue ? { inDialogue: true } : {}),
      line: lineNumbers[k] ?? 0,
      endLine: lineNumbers[end] ?? 0,
    });
  }

  private single(element: ScriptElement): void {
    this.flush();
    this.elements.push(element);
  }

  private append(kind: OpenKind, text: string, line: number, forced: boolean, inDialogue = false): void {
    if (this.open?.kind !== kind) {
      this.flush();
      this.open = { kind, lines: [], line, endLine: line, forced, inDialogue };
    }
    this.open.lines.push(text);
    this.open.endLine = line;
  }

  private flush(): void {
    const open = this.open;
    if (!open) return;
    this.open = null;
    const span = { line: open.line, endLine: open.endLine };
    const text = open.lines.join('\n');
    switch (open.kind) {
      case 'action':
        this.elements.push({ type: 'action', text, forced: open.forced, ...span });
        return;
      case 'dialogue':
        this.elements.push({ type: 'dialogue', text, ...span });
        return;
      case 'centered':
        this.elements.push({ type: 'centered', text, ...span });
        return;
      case 'lyrics':
        this.elements.push({
          type: 'lyrics',
          text,
          ...(open.inDialogue ? { inDialogue: true } : {}),
          ...span,
        });
        return;
    }
  }
}
