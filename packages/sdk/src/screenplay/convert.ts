import type { ScriptFormat } from '../contract/script.js';
import { parseFdx, toFdx } from './fdx.js';
import { parseFountain, splitLines } from './fountain.parser.js';
import type { Screenplay } from './fountain.types.js';
import { toFountain } from './fountain.writer.js';
import { parsePlainText, toPlainText } from './plain-text.js';
import { isUppercaseCue } from './screenplay.model.js';
import { isScriptFormat, unsupportedFormatError } from './script-format-error.js';

/** Share of non-blank lines indented this far that marks a laid-out (PDF) text. */
const INDENTED_SHARE = 0.2;
const INDENTED_COLUMNS = 10;

/**
 * Guesses a script's format: XML is Final Draft; a page laid out with indented cues and dialogue
 * is plain text; anything else is read as Fountain, whose rules also read unmarked scripts.
 */
export function detectFormat(content: string): ScriptFormat {
  const start = content.trimStart();
  if (start.startsWith('<?xml') || start.startsWith('<FinalDraft')) return 'fdx';
  let nonBlank = 0;
  let indented = 0;
  let indentedCues = 0;
  for (const line of splitLines(content)) {
    const text = line.trim();
    if (text === '') continue;
    nonBlank++;
    const indent = line.replace(/\t/g, '        ').length - line.trimStart().length;
    if (indent < INDENTED_COLUMNS) continue;
    indented++;
    if (isUppercaseCue(text)) indentedCues++;
  }
  return indentedCues > 0 && indented >= nonBlank * INDENTED_SHARE ? 'text' : 'fountain';
}

function checkedFormat(format: unknown): ScriptFormat {
  if (!isScriptFormat(format)) throw unsupportedFormatError(format);
  return format;
}

/** Reads a script in any supported format ('auto' detects it) into the screenplay model. */
export function parseScript(content: string, format: ScriptFormat | 'auto' = 'auto'): Screenplay {
  switch (format === 'auto' ? detectFormat(content) : checkedFormat(format)) {
    case 'fdx':
      return parseFdx(content);
    case 'text':
      return parsePlainText(content);
    default:
      return parseFountain(content);
  }
}

export function serializeScript(screenplay: Screenplay, format: ScriptFormat): string {
  switch (checkedFormat(format)) {
    case 'fdx':
      return toFdx(screenplay);
    case 'text':
      return toPlainText(screenplay);
    default:
      return toFountain(screenplay);
  }
}

/** `script:convert`: any format to any format, through the model; Fountain output is canonical. */
export function convertScript(content: string, from: ScriptFormat | 'auto', to: ScriptFormat): string {
  const target = checkedFormat(to);
  return serializeScript(parseScript(content, from), target);
}
