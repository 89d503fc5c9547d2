import type { EditorialFormat } from '../contract/editorial.js';
import { ReelbenchError } from '../contract/errors.js';

export interface EditorialFormatErrorInit {
  format: EditorialFormat;
  reason: string;
  line?: number;
}

/** An editorial file that cannot be read at all: a validation error with the reason in `details`. */
export class EditorialFormatError extends ReelbenchError {
  readonly format: EditorialFormat;
  readonly reason: string;
  readonly line: number | undefined;

  constructor(init: EditorialFormatErrorInit) {
    super({
      code: 'VALIDATION_ERROR',
      message: `Cannot read the ${init.format.toUpperCase()} file: ${init.reason}`,
      details: [{ path: init.line === undefined ? init.format : `line ${init.line}`, message: init.reason }],
      context: { format: init.format, ...(init.line === undefined ? {} : { line: init.line }) },
    });
    this.name = 'EditorialFormatError';
    this.format = init.format;
    this.reason = init.reason;
    this.line = init.line;
  }
}
