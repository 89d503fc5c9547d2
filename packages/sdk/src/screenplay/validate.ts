import { MESSAGES, ReelbenchError } from '../contract/errors.js';
import type { ScriptFinding, ScriptFormat, ScriptValidation } from '../contract/script.js';
import { parseScript } from './convert.js';
import { plainText } from './emphasis.js';
import { splitLines } from './fountain.parser.js';
import type { Screenplay, ScriptElement } from './fountain.types.js';
import { paginate } from './page-model.js';
import { characterKey, continuesDialogue, isPrinted, parseSceneHeading } from './screenplay.model.js';
import { isScriptFormat, ScriptFormatError, unsupportedFormatError } from './script-format-error.js';

/** What validateScript returns: the contract's ScriptValidation, the body of POST /api/script/validate. */
export type ScriptValidationResult = ScriptValidation;

/** A line longer than this is reported: no screenplay element is written on one line this long. */
export const MAX_LINE_LENGTH = 1_000;

/**
 * `POST /api/script/validate`: reads the script and reports, line by line, what would break an
 * import or a first pass. `valid` is false when any finding is an error.
 */
export function validateScript(content: string, format: ScriptFormat): ScriptValidationResult {
  if (!isScriptFormat(format)) throw unsupportedFormatError(format);
  if (typeof content !== 'string') {
    throw new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.scriptValidationFailed,
      details: [{ path: 'content', message: 'content must be a string' }],
    });
  }
  if (content.trim() === '') return result(format, [emptyScript()], null);
  let screenplay: Screenplay;
  try {
    screenplay = parseScript(content, format);
  } catch (error) {
    if (!(error instanceof ScriptFormatError)) throw error;
    const finding: ScriptFinding = {
      line: error.line,
      ...(error.column === undefined ? {} : { column: error.column }),
      severity: 'error',
      code: 'FDX_UNREADABLE',
      message: `The Final Draft file cannot be read: ${error.reason}`,
    };
    return result(format, [finding], null);
  }
  const findings = [
    ...screenplay.diagnostics,
    ...(format === 'fountain' ? unclosedNotes(content) : []),
    ...(format === 'fdx' ? [] : longLines(content)),
    ...elementFindings(screenplay.elements),
  ];
  if (!screenplay.elements.some(isPrinted)) findings.push(emptyScript());
  return result(format, findings, screenplay);
}

function emptyScript(): ScriptFinding {
  return {
    line: 1,
    severity: 'error',
    code: 'EMPTY_SCRIPT',
    message: 'The script has no scenes, action or dialogue',
  };
}

function result(
  format: ScriptFormat,
  findings: ScriptFinding[],
  screenplay: Screenplay | null,
): ScriptValidationResult {
  findings.sort((a, b) => a.line - b.line || (a.column ?? 0) - (b.column ?? 0));
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const speakers = new Set(
    screenplay?.elements.flatMap((element) => (element.type === 'character' ? [characterKey(element)] : [])),
  );
  return {
    valid: errors === 0,
    format,
    findings,
    summary: {
      errors,
      warnings: findings.length - errors,
      scenes: screenplay?.scenes.length ?? 0,
      characters: speakers.size,
      pageCount: screenplay ? paginate(screenplay).pageCount : 0,
    },
  };
}

/** Fountain notes cannot span a blank line: a '[[' still open at one is never closed. */
function unclosedNotes(content: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  let open: { line: number; column: number } | null = null;
  const report = () => {
    if (open) {
      findings.push({
        ...open,
        severity: 'error',
        code: 'UNCLOSED_NOTE',
        message: 'Note opened with [[ is never closed with ]]',
      });
    }
    open = null;
  };
  splitLines(content).forEach((line, index) => {
    if (line.trim() === '' && line !== '  ') {
      report();
      return;
    }
    let at = 0;
    for (;;) {
      const marker = open ? line.indexOf(']]', at) : line.indexOf('[[', at);
      if (marker < 0) break;
      open = open ? null : { line: index + 1, column: marker + 1 };
      at = marker + 2;
    }
  });
  report();
  return findings;
}

function longLines(content: string): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  splitLines(content).forEach((line, index) => {
    if (line.length <= MAX_LINE_LENGTH) return;
    findings.push({
      line: index + 1,
      column: MAX_LINE_LENGTH + 1,
      severity: 'warning',
      code: 'LONG_LINE',
      message: `Line is ${line.length} characters long (more than ${MAX_LINE_LENGTH})`,
    });
  });
  return findings;
}

/** The element after `index` that is not a note or boneyard. */
function nextContent(elements: readonly ScriptElement[], index: number): ScriptElement | undefined {
  for (let i = index + 1; i < elements.length; i++) {
    const element = elements[i];
    if (element && element.type !== 'note' && element.type !== 'boneyard') return element;
  }
  return undefined;
}

function elementFindings(elements: readonly ScriptElement[]): ScriptFinding[] {
  const findings: ScriptFinding[] = [];
  let inBlock = false;
  elements.forEach((element, index) => {
    if (element.type === 'note' || element.type === 'boneyard') return;
    if (element.type === 'character') {
      const next = nextContent(elements, index);
      const speaks =
        next !== undefined &&
        (next.type === 'dialogue' || next.type === 'lyrics' || next.type === 'parenthetical');
      if (!speaks) {
        findings.push({
          line: element.line,
          severity: 'warning',
          code: 'CUE_WITHOUT_DIALOGUE',
          message: `Character cue ${element.name} has no dialogue`,
        });
      }
      inBlock = true;
      return;
    }
    if (continuesDialogue(element) && !inBlock) {
      findings.push({
        line: element.line,
        severity: 'error',
        code: 'DIALOGUE_WITHOUT_CUE',
        message: 'Dialogue without a character cue',
      });
    }
    inBlock = continuesDialogue(element) && inBlock;
    findings.push(...elementWarnings(element));
  });
  return findings;
}

function elementWarnings(element: ScriptElement): ScriptFinding[] {
  if (element.type === 'scene_heading') {
    const { intExt, location } = parseSceneHeading(element.text);
    if (intExt !== null && location === null) {
      return [
        {
          line: element.line,
          severity: 'warning',
          code: 'HEADING_WITHOUT_LOCATION',
          message: `Scene heading '${element.text}' names no location`,
        },
      ];
    }
  }
  if (element.type === 'action') {
    const text = plainText(element.text).trim();
    if (text.startsWith('(') && text.endsWith(')') && !text.includes('\n')) {
      return [
        {
          line: element.line,
          severity: 'warning',
          code: 'PARENTHETICAL_OUTSIDE_DIALOGUE',
          message: 'A parenthetical outside a dialogue block reads as action',
        },
      ];
    }
  }
  return [];
}

/** The catalogue error the server answers an invalid script with: the errors as details. */
export function scriptValidationError(validation: ScriptValidationResult): ReelbenchError {
  return new ReelbenchError({
    code: 'VALIDATION_ERROR',
    message: MESSAGES.scriptValidationFailed,
    details: validation.findings
      .filter((finding) => finding.severity === 'error')
      .map((finding) => ({
        path:
          finding.column === undefined
            ? `line ${finding.line}`
            : `line ${finding.line}, column ${finding.column}`,
        message: finding.message,
      })),
    context: { format: validation.format, summary: validation.summary },
  });
}
