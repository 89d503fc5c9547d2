import { MESSAGES, ReelbenchError } from '../contract/errors.js';
import { SCRIPT_FORMATS, type ScriptFormat } from '../contract/script.js';

export function isScriptFormat(value: unknown): value is ScriptFormat {
  return typeof value === 'string' && (SCRIPT_FORMATS as readonly string[]).includes(value);
}

export interface ScriptFormatErrorInit {
  format: ScriptFormat;
  line: number;
  column?: number;
  reason: string;
}

/**
 * A script that cannot be read (a broken Final Draft file): the catalogue's validation error,
 * 'Script validation failed', with the line (and column) of the problem in `details`.
 */
export class ScriptFormatError extends ReelbenchError {
  readonly format: ScriptFormat;
  readonly line: number;
  readonly column: number | undefined;
  readonly reason: string;

  constructor(init: ScriptFormatErrorInit) {
    const where =
      init.column === undefined ? `line ${init.line}` : `line ${init.line}, column ${init.column}`;
    super({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.scriptValidationFailed,
      details: [{ path: where, message: init.reason }],
      context: { format: init.format, line: init.line, column: init.column },
    });
    this.name = 'ScriptFormatError';
    this.format = init.format;
    this.line = init.line;
    this.column = init.column;
    this.reason = init.reason;
  }
}

/** An unknown format name: the catalogue's validation error with the accepted names. */
export function unsupportedFormatError(format: unknown): ReelbenchError {
  return new ReelbenchError({
    code: 'VALIDATION_ERROR',
    message: MESSAGES.scriptValidationFailed,
    details: [
      { path: 'format', message: `Unsupported format '${String(format)}': use ${SCRIPT_FORMATS.join(', ')}` },
    ],
  });
}
