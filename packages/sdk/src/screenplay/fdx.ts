import { emphasisSpans } from './emphasis.js';
import type {
  CharacterElement,
  Screenplay,
  ScriptDiagnostic,
  ScriptElement,
  TitlePageEntry,
} from './fountain.types.js';
import {
  CREDIT_LINE,
  continuesDialogue,
  createScreenplay,
  DATE_LINE,
  isTransitionText,
  isUppercaseCue,
  matchHeadingPrefix,
  parseCue,
} from './screenplay.model.js';
import { ScriptFormatError } from './script-format-error.js';
import {
  childElements,
  escapeXml,
  escapeXmlAttribute,
  parseXml,
  textContent,
  type XmlElement,
  XmlSyntaxError,
} from './xml.js';

/**
 * Final Draft (.fdx) import and export. Paragraph types map to the model as documented in
 * docs/screenplay.md; Text runs with Bold/Italic/Underline styles become Fountain emphasis.
 */
export function parseFdx(xml: string): Screenplay {
  const root = readRoot(xml);
  const content = childElements(root, 'Content')[0];
  if (!content) {
    throw new ScriptFormatError({
      format: 'fdx',
      line: root.line,
      reason: 'The <FinalDraft> element has no <Content>',
    });
  }
  const reader = new FdxContentReader();
  for (const paragraph of childElements(content, 'Paragraph')) reader.paragraph(paragraph);
  return createScreenplay(readTitlePage(root), reader.elements, reader.diagnostics);
}

function readRoot(xml: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) {
      throw new ScriptFormatError({
        format: 'fdx',
        line: error.line,
        column: error.column,
        reason: error.reason,
      });
    }
    throw error;
  }
  if (root.name !== 'FinalDraft') {
    throw new ScriptFormatError({
      format: 'fdx',
      line: root.line,
      reason: `Not a Final Draft document: the root element is <${root.name}>, expected <FinalDraft>`,
    });
  }
  return root;
}

/** Fountain's emphasis markers and the backslash are escaped, so they stay literal characters. */
function escapeFountain(text: string): string {
  return text.replace(/[\\*_]/g, (char) => `\\${char}`);
}

/** The paragraph's Text runs joined, each styled run wrapped in Fountain emphasis markers. */
function paragraphText(paragraph: XmlElement): string {
  const runs = childElements(paragraph, 'Text');
  if (runs.length === 0) return escapeFountain(textContent(paragraph));
  return runs
    .map((run) => {
      const text = escapeFountain(textContent(run));
      const style = (run.attributes.Style ?? '').split('+');
      const bold = style.includes('Bold');
      const italic = style.includes('Italic');
      const underline = style.includes('Underline');
      const core = text.trim();
      if (core === '' || !(bold || italic || underline)) return text;
      const stars = '*'.repeat((bold ? 2 : 0) + (italic ? 1 : 0));
      const under = underline ? '_' : '';
      const lead = text.slice(0, text.indexOf(core));
      const tail = text.slice(text.indexOf(core) + core.length);
      return `${lead}${under}${stars}${core}${stars}${under}${tail}`;
    })
    .join('');
}

class FdxContentReader {
  readonly elements: ScriptElement[] = [];
  readonly diagnostics: ScriptDiagnostic[] = [];

  paragraph(paragraph: XmlElement, dual?: { cues: number }): void {
    const inner = childElements(paragraph, 'DualDialogue')[0];
    if (inner) {
      const state = { cues: 0 };
      for (const child of childElements(inner, 'Paragraph')) this.paragraph(child, state);
      return;
    }
    const type = paragraph.attributes.Type ?? 'Action';
    const text = paragraphText(paragraph);
    if (text.trim() === '') return;
    if (paragraph.attributes.StartsNewPage === 'Yes' && this.elements.length > 0) {
      this.elements.push({ type: 'page_break', line: paragraph.line, endLine: paragraph.line });
    }
    const element = this.toElement(type, text.trim(), paragraph);
    if (element.type === 'character' && dual) {
      element.dual = dual.cues === 0 ? 'left' : 'right';
      dual.cues++;
    }
    this.elements.push(element);
  }

  private toElement(type: string, text: string, paragraph: XmlElement): ScriptElement {
    const span = { line: paragraph.line, endLine: paragraph.endLine };
    const centered = paragraph.attributes.Alignment === 'Center';
    switch (type) {
      case 'Scene Heading': {
        const number = paragraph.attributes.Number?.trim() || sceneNumberOf(paragraph);
        return {
          type: 'scene_heading',
          text,
          ...(number ? { sceneNumber: number } : {}),
          forced: matchHeadingPrefix(text) === null,
          ...span,
        };
      }
      case 'Character':
        return characterElement(text, span);
      case 'Dialogue':
        return { type: 'dialogue', text, ...span };
      case 'Parenthetical':
        return { type: 'parenthetical', text: text.startsWith('(') ? text : `(${text})`, ...span };
      case 'Transition':
        return { type: 'transition', text, forced: !isTransitionText(text), ...span };
      case 'New Act':
        return { type: 'section', text, depth: 1, ...span };
      case 'End of Act':
        return { type: 'centered', text, ...span };
      case 'Lyrics': {
        const previous = this.elements[this.elements.length - 1];
        const inDialogue =
          previous !== undefined && (previous.type === 'character' || continuesDialogue(previous));
        return { type: 'lyrics', text, ...(inDialogue ? { inDialogue: true } : {}), ...span };
      }
      case 'Action':
      case 'General':
      case 'Shot':
      case 'Cast List':
        if (type === 'General' && text.startsWith('[[') && text.endsWith(']]')) {
          return { type: 'note', text: text.slice(2, -2), ...span };
        }
        return centered
          ? { type: 'centered', text, ...span }
          : { type: 'action', text, forced: type === 'Shot', ...span };
      default:
        this.diagnostics.push({
          line: paragraph.line,
          severity: 'warning',
          code: 'FDX_UNKNOWN_PARAGRAPH',
          message: `Paragraph type '${type}' is not known; it was read as action`,
        });
        return { type: 'action', text, forced: false, ...span };
    }
  }
}

function sceneNumberOf(paragraph: XmlElement): string | undefined {
  const number = childElements(paragraph, 'SceneProperties')[0]?.attributes.Number?.trim();
  return number === '' ? undefined : number;
}

function characterElement(text: string, span: { line: number; endLine: number }): CharacterElement {
  const { name, extension } = parseCue(text);
  return {
    type: 'character',
    name,
    ...(extension === undefined ? {} : { extension }),
    forced: !isUppercaseCue(text),
    ...span,
  };
}

/** Final Draft's title page is free text; the usual layout tells the keys apart. */
function readTitlePage(root: XmlElement): TitlePageEntry[] {
  const titlePage = childElements(root, 'TitlePage')[0];
  const content = titlePage ? childElements(titlePage, 'Content')[0] : undefined;
  if (!content) return [];
  const entries: TitlePageEntry[] = [];
  const add = (key: string, value: string, line: number) => {
    const existing = entries.find((entry) => entry.key === key);
    if (existing) {
      existing.value = `${existing.value}\n${value}`;
      existing.endLine = line;
    } else entries.push({ type: 'title_entry', key, value, line, endLine: line });
  };
  let previousKey = '';
  for (const paragraph of childElements(content, 'Paragraph')) {
    const text = paragraphText(paragraph).trim();
    if (text === '') {
      previousKey = '';
      continue;
    }
    const centered = paragraph.attributes.Alignment === 'Center';
    const has = (key: string) => entries.some((entry) => entry.key === key);
    let key: string;
    if (centered && CREDIT_LINE.test(text)) key = 'Credit';
    else if (centered && /^based on/i.test(text)) key = 'Source';
    else if (centered && (previousKey === 'Credit' || previousKey === 'Author')) key = 'Author';
    else if (centered) key = has('Title') && previousKey !== 'Title' ? 'Notes' : 'Title';
    else if (DATE_LINE.test(text) && (!has('Draft date') || previousKey === 'Draft date')) key = 'Draft date';
    else key = 'Contact';
    add(key, text, paragraph.line);
    previousKey = key;
  }
  return entries;
}

// ---------------------------------------------------------------- export

const TITLE_ORDER = ['title', 'credit', 'author', 'authors', 'source'];

function textRuns(text: string): string {
  const { text: plain, spans } = emphasisSpans(text);
  const runs: string[] = [];
  let at = 0;
  const plainRun = (end: number) => {
    if (end > at) runs.push(`<Text>${escapeXml(plain.slice(at, end))}</Text>`);
  };
  for (const span of spans) {
    plainRun(span.start);
    const style = [span.bold && 'Bold', span.italic && 'Italic', span.underline && 'Underline'].filter(
      Boolean,
    );
    runs.push(`<Text Style="${style.join('+')}">${escapeXml(plain.slice(span.start, span.end))}</Text>`);
    at = span.end;
  }
  plainRun(plain.length);
  return runs.length > 0 ? runs.join('') : '<Text></Text>';
}

function paragraphXml(type: string, text: string, attributes: Record<string, string> = {}): string {
  const attrs = Object.entries({ Type: type, ...attributes })
    .map(([key, value]) => ` ${key}="${escapeXmlAttribute(value)}"`)
    .join('');
  return `    <Paragraph${attrs}>${textRuns(text)}</Paragraph>`;
}

function elementXml(element: ScriptElement, attributes: Record<string, string>): string | null {
  switch (element.type) {
    case 'scene_heading':
      return paragraphXml('Scene Heading', element.text, {
        ...(element.sceneNumber ? { Number: element.sceneNumber } : {}),
        ...attributes,
      });
    case 'action':
      return paragraphXml(
        element.forced && element.text === element.text.toUpperCase() ? 'Shot' : 'Action',
        element.text,
        attributes,
      );
    case 'character':
      return paragraphXml(
        'Character',
        element.extension ? `${element.name} ${element.extension}` : element.name,
        attributes,
      );
    case 'dialogue':
      return paragraphXml('Dialogue', element.text, attributes);
    case 'parenthetical':
      return paragraphXml('Parenthetical', element.text, attributes);
    case 'transition':
      return paragraphXml('Transition', element.text, attributes);
    case 'centered':
      return paragraphXml('Action', element.text, { Alignment: 'Center', ...attributes });
    case 'section':
      return paragraphXml('New Act', element.text, attributes);
    case 'lyrics':
      return paragraphXml('Lyrics', element.text, attributes);
    case 'note':
      return paragraphXml('General', `[[${element.text}]]`, attributes);
    default:
      return null;
  }
}

/** The elements of a dual dialogue: from the left cue to the end of the right cue's block. */
function dualBlockEnd(elements: readonly ScriptElement[], leftCue: number): number {
  let i = leftCue + 1;
  while (i < elements.length && continuesDialogue(elements[i] as ScriptElement)) i++;
  const right = elements[i];
  if (right?.type !== 'character' || right.dual !== 'right') return leftCue;
  i++;
  while (i < elements.length && continuesDialogue(elements[i] as ScriptElement)) i++;
  return i - 1;
}

/**
 * Writes a Final Draft document. Synopses and boneyard have no place in Final Draft and are left
 * out; sections become New Act paragraphs and notes General paragraphs in [[ ]].
 */
export function toFdx(screenplay: Screenplay): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no" ?>',
    '<FinalDraft DocumentType="Script" Template="No" Version="5">',
    '  <Content>',
  ];
  const { elements } = screenplay;
  let newPage = false;
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i] as ScriptElement;
    if (element.type === 'page_break') {
      newPage = true;
      continue;
    }
    const attributes: Record<string, string> = newPage ? { StartsNewPage: 'Yes' } : {};
    const end = element.type === 'character' && element.dual === 'left' ? dualBlockEnd(elements, i) : i;
    if (end > i) {
      const inner = elements.slice(i, end + 1).flatMap((part) => elementXml(part, {}) ?? []);
      lines.push(
        '    <Paragraph><DualDialogue>',
        ...inner.map((line) => `  ${line}`),
        '    </DualDialogue></Paragraph>',
      );
      i = end;
      newPage = false;
      continue;
    }
    const xml = elementXml(element, attributes);
    if (xml === null) continue;
    lines.push(xml);
    newPage = false;
  }
  lines.push('  </Content>', ...titlePageXml(screenplay.titlePage), '</FinalDraft>', '');
  return lines.join('\n');
}

function titlePageXml(entries: readonly TitlePageEntry[]): string[] {
  if (entries.length === 0) return [];
  const centered = entries
    .filter((entry) => TITLE_ORDER.includes(entry.key.toLowerCase()))
    .sort((a, b) => TITLE_ORDER.indexOf(a.key.toLowerCase()) - TITLE_ORDER.indexOf(b.key.toLowerCase()));
  const left = entries.filter((entry) => !TITLE_ORDER.includes(entry.key.toLowerCase()));
  const paragraph = (text: string, alignment: string) =>
    `      <Paragraph Alignment="${alignment}">${textRuns(text)}</Paragraph>`;
  const blank = '      <Paragraph Alignment="Left"><Text></Text></Paragraph>';
  const out = ['  <TitlePage>', '    <Content>'];
  for (const entry of centered) out.push(...entry.value.split('\n').map((line) => paragraph(line, 'Center')));
  for (const entry of left)
    out.push(blank, ...entry.value.split('\n').map((line) => paragraph(line, 'Left')));
  out.push('    </Content>', '  </TitlePage>');
  return out;
}
