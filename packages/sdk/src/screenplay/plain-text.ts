import { plainText } from './emphasis.js';
import { splitLines } from './fountain.parser.js';
import type { Screenplay, ScriptElement, TitlePageEntry } from './fountain.types.js';
import { ELEMENT_WIDTHS, printedText, wrapText } from './page-model.js';
import {
  CREDIT_LINE,
  continuesDialogue,
  createScreenplay,
  DATE_LINE,
  isPrinted,
  isUppercaseCue,
  matchHeadingPrefix,
  parseCue,
} from './screenplay.model.js';

/** Columns of a screenplay page in a monospaced text file, counted from the action margin. */
export const PLAIN_TEXT_INDENTS = { dialogue: 10, parenthetical: 15, character: 20 } as const;
const PAGE_WIDTH = ELEMENT_WIDTHS.action;
/** A cue sits at least this far right of the action margin in an indented layout. */
const CUE_MIN_INDENT = 15;
const TAB_WIDTH = 8;

interface TextLine {
  text: string;
  indent: number;
  line: number;
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const char of line) {
    if (char === '\t') out += ' '.repeat(TAB_WIDTH - (out.length % TAB_WIDTH));
    else out += char;
  }
  return out;
}

/** Page furniture of a script pasted from a PDF: page numbers, (MORE), (CONTINUED), CONT'D. */
const PAGE_ARTIFACT = /^(?:\d+[A-Z]?\.?|\(MORE\)|\(?CONTINUED\)?:?|CONT(?:INUED|'D)\.?:?)$/i;
const TRANSITIONS = new Set(['FADE IN:', 'FADE OUT.', 'FADE TO BLACK.', 'CUT TO BLACK.']);

function isTransitionLine(text: string): boolean {
  return text === text.toUpperCase() && (text.endsWith('TO:') || TRANSITIONS.has(text));
}

/** '12 INT. HOUSE - DAY 12' → {'INT. HOUSE - DAY', '12'}: PDFs print scene numbers at both margins. */
function headingOf(text: string): { text: string; sceneNumber?: string } | null {
  const number = /^\d+[A-Z]?(?= )/.exec(text)?.[0];
  if (number === undefined) return matchHeadingPrefix(text) ? { text } : null;
  let body = text.slice(number.length).trim();
  if (body.endsWith(` ${number}`)) body = body.slice(0, -number.length).trim();
  return matchHeadingPrefix(body) ? { text: body, sceneNumber: number } : null;
}

/**
 * Reads a script pasted as plain text, typically from a PDF: headings in capitals at the margin,
 * cues indented far right, dialogue indented less, hard-wrapped lines joined back into paragraphs.
 * With no indentation at all it falls back to Fountain's blank-line rules.
 */
export function parsePlainText(source: string): Screenplay {
  const all: TextLine[] = splitLines(source).map((raw, index) => {
    const text = expandTabs(raw).trimEnd();
    return { text: text.trim(), indent: text.length - text.trimStart().length, line: index + 1 };
  });
  const lines = all.filter((line) => !PAGE_ARTIFACT.test(line.text));
  const content = lines.filter((line) => line.text !== '');
  const margin = content.reduce((min, line) => Math.min(min, line.indent), Number.POSITIVE_INFINITY);
  const indented = content.some(
    (line) => line.indent - margin >= CUE_MIN_INDENT && isUppercaseCue(line.text),
  );
  const bodyStart = titlePageEnd(lines, Number.isFinite(margin) ? margin : 0);
  const titlePage = bodyStart > 0 ? readTitlePage(lines.slice(0, bodyStart)) : [];
  const reader = new PlainTextReader(lines.slice(bodyStart), Number.isFinite(margin) ? margin : 0, indented);
  return createScreenplay(titlePage, reader.read());
}

/**
 * The title page is what comes before the first heading or FADE IN:, when it holds a credit line
 * or is all centred.
 */
function titlePageEnd(lines: TextLine[], margin: number): number {
  const first = lines.findIndex((line) => headingOf(line.text) !== null || isTransitionLine(line.text));
  if (first <= 0) return 0;
  const before = lines.slice(0, first).filter((line) => line.text !== '');
  const credited = before.some((line) => CREDIT_LINE.test(line.text));
  const centred =
    before.length > 0 && before.every((line) => line.indent - margin >= PLAIN_TEXT_INDENTS.dialogue);
  return credited || centred ? first : 0;
}

function readTitlePage(lines: TextLine[]): TitlePageEntry[] {
  const entries: TitlePageEntry[] = [];
  let key = 'Title';
  let previousBlank = false;
  for (const { text, line } of lines) {
    if (text === '') {
      previousBlank = true;
      continue;
    }
    if (CREDIT_LINE.test(text)) key = 'Credit';
    else if (key === 'Credit') key = 'Author';
    else if (DATE_LINE.test(text)) key = 'Draft date';
    else if (entries.length > 0 && previousBlank) key = 'Contact';
    previousBlank = false;
    const existing = entries.find((entry) => entry.key === key);
    if (existing) {
      existing.value = `${existing.value}\n${text}`;
      existing.endLine = line;
    } else entries.push({ type: 'title_entry', key, value: text, line, endLine: line });
  }
  return entries;
}

class PlainTextReader {
  private readonly elements: ScriptElement[] = [];
  private inDialogue = false;

  constructor(
    private readonly lines: TextLine[],
    private readonly margin: number,
    private readonly indented: boolean,
  ) {}

  read(): ScriptElement[] {
    for (let i = 0; i < this.lines.length; i++) {
      const current = this.lines[i] as TextLine;
      if (current.text === '') {
        this.inDialogue = false;
        continue;
      }
      const prevBlank = i === 0 || this.lines[i - 1]?.text === '';
      const nextBlank = i + 1 >= this.lines.length || this.lines[i + 1]?.text === '';
      this.line(current, prevBlank, nextBlank);
    }
    return this.elements;
  }

  private line(current: TextLine, prevBlank: boolean, nextBlank: boolean): void {
    const { text, line } = current;
    const span = { line, endLine: line };
    const offset = current.indent - this.margin;
    const cueShape = isUppercaseCue(text) && !nextBlank;
    // A cue straight after dialogue: the speech went on over a page break, (MORE) and all.
    const cueInLayout = this.indented && offset >= CUE_MIN_INDENT && cueShape;
    if (this.inDialogue && !cueInLayout && (!this.indented || offset > 0)) {
      this.dialogueLine(current);
      return;
    }
    this.inDialogue = false;
    const heading = headingOf(text);
    if (heading) {
      this.elements.push({ type: 'scene_heading', ...heading, forced: false, ...span });
      return;
    }
    if (isTransitionLine(text) && (prevBlank || offset >= CUE_MIN_INDENT)) {
      this.elements.push({ type: 'transition', text, forced: !text.endsWith('TO:'), ...span });
      return;
    }
    if (this.indented ? cueInLayout : cueShape && prevBlank) {
      const { name, extension } = parseCue(text);
      this.elements.push({
        type: 'character',
        name,
        ...(extension ? { extension } : {}),
        forced: false,
        ...span,
      });
      this.inDialogue = true;
      return;
    }
    this.append('action', text, line, prevBlank);
  }

  private dialogueLine({ text, line }: TextLine): void {
    const last = this.elements[this.elements.length - 1];
    const openParenthetical = last?.type === 'parenthetical' && !last.text.endsWith(')');
    if (openParenthetical || text.startsWith('(')) {
      if (openParenthetical && last) {
        last.text = `${last.text} ${text}`;
        last.endLine = line;
      } else this.elements.push({ type: 'parenthetical', text, line, endLine: line });
      return;
    }
    this.append('dialogue', text, line, false);
  }

  /** Indented (PDF) text is hard-wrapped: its lines join with spaces; flush text keeps its lines. */
  private append(type: 'action' | 'dialogue', text: string, line: number, startsParagraph: boolean): void {
    const last = this.elements[this.elements.length - 1];
    if (last?.type === type && !startsParagraph) {
      last.text = `${last.text}${this.indented ? ' ' : '\n'}${text}`;
      last.endLine = line;
      return;
    }
    this.elements.push(
      type === 'action'
        ? { type, text, forced: false, line, endLine: line }
        : { type, text, line, endLine: line },
    );
  }
}

// ---------------------------------------------------------------- export

function indentLines(lines: string[], indent: number): string[] {
  const pad = ' '.repeat(indent);
  return lines.map((line) => (line === '' ? '' : `${pad}${line}`));
}

function centerLines(lines: string[]): string[] {
  return lines.map((line) => `${' '.repeat(Math.max(0, Math.floor((PAGE_WIDTH - line.length) / 2)))}${line}`);
}

function elementLines(element: ScriptElement): string[] {
  const text = printedText(element);
  switch (element.type) {
    case 'scene_heading': {
      const heading = text.toUpperCase();
      const number = element.sceneNumber;
      return [number ? `${number} ${heading} ${number}` : heading];
    }
    case 'character':
      return indentLines([text.toUpperCase()], PLAIN_TEXT_INDENTS.character);
    case 'parenthetical':
      return indentLines(wrapText(text, ELEMENT_WIDTHS.parenthetical), PLAIN_TEXT_INDENTS.parenthetical);
    case 'dialogue':
    case 'lyrics':
      return indentLines(wrapText(text, ELEMENT_WIDTHS.dialogue), PLAIN_TEXT_INDENTS.dialogue);
    case 'transition':
      return [text.padStart(PAGE_WIDTH)];
    case 'centered':
      return centerLines(wrapText(text, PAGE_WIDTH));
    default:
      return wrapText(text, ELEMENT_WIDTHS.action);
  }
}

function titlePageText(entries: readonly TitlePageEntry[]): string[] {
  if (entries.length === 0) return [];
  const centered = ['title', 'credit', 'author', 'authors', 'source'];
  const out: string[] = [];
  for (const entry of entries.filter((e) => centered.includes(e.key.toLowerCase()))) {
    out.push(...centerLines(plainText(entry.value).split('\n')), '');
  }
  for (const entry of entries.filter((e) => !centered.includes(e.key.toLowerCase()))) {
    out.push(...entry.value.split('\n'), '');
  }
  return [...out, '', ''];
}

/** Lays the script out as a monospaced text page: what a reader would print or paste. */
export function toPlainText(screenplay: Screenplay): string {
  const out = titlePageText(screenplay.titlePage);
  let previous: ScriptElement | null = null;
  for (const element of screenplay.elements) {
    if (!isPrinted(element)) continue;
    const inBlock = previous !== null && continuesDialogue(element);
    if (previous !== null && !inBlock) out.push('');
    out.push(...elementLines(element));
    previous = element;
  }
  return `${out.join('\n')}\n`;
}
