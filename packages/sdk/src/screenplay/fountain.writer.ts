import { isForcedHeading, opensTitlePage, parseFountain } from './fountain.parser.js';
import type {
  ActionElement,
  CharacterElement,
  Screenplay,
  ScriptElement,
  TitlePageEntry,
} from './fountain.types.js';
import {
  continuesDialogue,
  createScreenplay,
  isTransitionText,
  isUppercaseCue,
  matchHeadingPrefix,
} from './screenplay.model.js';

const HELD_BLANK = '  ';
/** Characters that force another element when they start a line. */
const LINE_MARKERS = new Set(['!', '#', '=', '~', '>']);

function isWholeNote(text: string): boolean {
  return text.startsWith('[[') && text.endsWith(']]');
}

/** Would this action line read as something else? Then it is written with a '!'. */
function actionNeedsForcing(line: string, opensParagraph: boolean, opensScript: boolean): boolean {
  const text = line.trim();
  if (text === '') return false;
  if (LINE_MARKERS.has(text.charAt(0)) || isWholeNote(text)) return true;
  if (!opensParagraph) return false;
  if (opensScript && opensTitlePage(line)) return true;
  return (
    isForcedHeading(text) ||
    text.startsWith('@') ||
    isUppercaseCue(text) ||
    matchHeadingPrefix(text) !== null ||
    isTransitionText(text)
  );
}

function actionLines(element: ActionElement, opensScript: boolean): string[] {
  return element.text.split('\n').map((line, index) => {
    if (line.trim() === '') return HELD_BLANK;
    if (!actionNeedsForcing(line, index === 0, opensScript && index === 0)) return line;
    const indent = line.length - line.trimStart().length;
    return `${line.slice(0, indent)}!${line.slice(indent)}`;
  });
}

function cueLine(element: CharacterElement, speaks: boolean): string {
  const cue = element.extension ? `${element.name} ${element.extension}` : element.name;
  const first = element.name.charAt(0);
  const forced = !speaks || !isUppercaseCue(cue) || LINE_MARKERS.has(first) || first === '.' || first === '[';
  return `${forced ? '@' : ''}${cue}${element.dual === 'right' ? ' ^' : ''}`;
}

function lines(text: string, prefix: string, suffix = ''): string[] {
  return text.split('\n').map((line) => `${prefix}${line}${suffix}`);
}

function elementLines(element: ScriptElement, speaks: boolean, opensScript: boolean): string[] {
  switch (element.type) {
    case 'scene_heading': {
      const forced = matchHeadingPrefix(element.text) === null ? '.' : '';
      const number = element.sceneNumber ? ` #${element.sceneNumber}#` : '';
      return [`${forced}${element.text}${number}`];
    }
    case 'action':
      return actionLines(element, opensScript);
    case 'character':
      return [cueLine(element, speaks)];
    case 'dialogue':
      return element.text.split('\n').map((line) => (line.trim() === '' ? HELD_BLANK : line));
    case 'parenthetical':
      return [element.text];
    case 'transition':
      return [isTransitionText(element.text) ? element.text : `> ${element.text}`];
    case 'centered':
      return lines(element.text, '> ', ' <');
    case 'section':
      return [`${'#'.repeat(element.depth)} ${element.text}`];
    case 'synopsis':
      return [`= ${element.text}`];
    case 'note':
      return [`[[${element.text}]]`];
    case 'lyrics':
      return lines(element.text, '~');
    case 'page_break':
      return ['==='];
    case 'boneyard':
      return [`/*${element.text}*/`];
  }
}

function titlePageLines(entries: readonly TitlePageEntry[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const values = entry.value.split('\n').filter((line) => line.trim() !== '');
    if (values.length === 1) out.push(`${entry.key}: ${values[0]}`);
    else out.push(`${entry.key}:`, ...values.map((line) => `    ${line}`));
  }
  return out;
}

/** The next element that is not boneyard, which is transparent to Fountain's line rules. */
function nextVisible(elements: readonly ScriptElement[], from: number): ScriptElement | undefined {
  for (let i = from; i < elements.length; i++) {
    const element = elements[i];
    if (element && element.type !== 'boneyard') return element;
  }
  return undefined;
}

/**
 * The canonical Fountain text of a screenplay: one blank line between blocks, none inside a
 * dialogue block, and a forcing character wherever the plain line would read as another element.
 */
export function toFountain(screenplay: Screenplay): string {
  const out = titlePageLines(screenplay.titlePage);
  const { elements } = screenplay;
  let previous: ScriptElement | null = null;
  let pendingBoneyard: string[][] = [];
  elements.forEach((element, index) => {
    if (element.type === 'boneyard') {
      pendingBoneyard.push(elementLines(element, false, false));
      return;
    }
    const inBlock = previous !== null && continuesDialogue(element);
    const separator = inBlock ? [] : out.length > 0 ? [''] : [];
    out.push(...separator);
    for (const boneyard of pendingBoneyard) out.push(...boneyard, ...separator);
    pendingBoneyard = [];
    const next = nextVisible(elements, index + 1);
    const speaks = next !== undefined && continuesDialogue(next);
    out.push(...elementLines(element, speaks, previous === null && screenplay.titlePage.length === 0));
    previous = element;
  });
  for (const boneyard of pendingBoneyard) out.push(...(out.length > 0 ? [''] : []), ...boneyard);
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------- formatter

/** Uppercases text but leaves inline notes as written. */
function upperOutsideNotes(text: string): string {
  const open = text.indexOf('[[');
  if (open < 0) return text.toUpperCase();
  const close = text.indexOf(']]', open);
  if (close < 0) return text.toUpperCase();
  return `${text.slice(0, open).toUpperCase()}${text.slice(open, close + 2)}${upperOutsideNotes(text.slice(close + 2))}`;
}

/** 'int  kitchen - day' → 'INT. KITCHEN - DAY'. */
function normalizeHeading(text: string): string {
  const collapsed = upperOutsideNotes(text.replace(/\s+/g, ' ').trim());
  const match = matchHeadingPrefix(collapsed);
  return match ? `${match.lead}${match.prefix}. ${match.rest}` : collapsed;
}

function normalizeElement(element: ScriptElement): ScriptElement {
  switch (element.type) {
    case 'scene_heading':
      return { ...element, text: normalizeHeading(element.text) };
    case 'character': {
      const name =
        element.forced && !isUppercaseCue(element.name) ? element.name : element.name.toUpperCase();
      const extension = element.extension?.toUpperCase().replace(/\s+/g, ' ');
      return { ...element, name, ...(extension ? { extension } : {}) };
    }
    case 'transition':
      return { ...element, text: upperOutsideNotes(element.text) };
    default:
      return element;
  }
}

/**
 * Normalises a Fountain script: one blank line between blocks, no trailing spaces (the parser
 * trims them; a deliberate blank inside dialogue stays two spaces, as Fountain asks), headings,
 * transitions and cue extensions in capitals, heading prefixes written 'INT. ', 'EXT. ', ...
 */
export function formatFountain(text: string): string {
  const screenplay = parseFountain(text);
  return toFountain(
    createScreenplay(screenplay.titlePage, screenplay.elements.map(normalizeElement), screenplay.diagnostics),
  );
}
