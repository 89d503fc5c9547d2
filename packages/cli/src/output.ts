import type { ErrorBody } from '@reelbench/sdk/contract';

export interface OutStream {
  write(chunk: string | Uint8Array): unknown;
  isTTY?: boolean;
}

export type Env = Record<string, string | undefined>;
export type OutputMode = 'human' | 'json' | 'quiet';

/** Colour only on a terminal, never with --no-color or NO_COLOR set (https://no-color.org). */
export function colorEnabled(stream: OutStream, env: Env, colorFlag: boolean): boolean {
  return stream.isTTY === true && colorFlag && !env.NO_COLOR;
}

const ANSI = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
} as const;
export type Style = keyof typeof ANSI;
export type Paint = (style: Style, text: string) => string;

export function painter(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text;
  return (style, text) => `\u001b[${ANSI[style][0]}m${text}\u001b[${ANSI[style][1]}m`;
}

/** What a command hands back; Output prints the part that fits the mode. */
export interface CommandResult {
  /** The --json document. */
  json: unknown;
  /** What a person reads on stdout. */
  text: string;
  /** What --quiet prints, e.g. ids one per line; nothing when absent. */
  quiet?: string;
  /** Sentences for stderr in every mode: what did not succeed (with exitCode). */
  failures?: string[];
  exitCode?: number;
}

export interface OutputOptions {
  mode: OutputMode;
  stdout: OutStream;
  stderr: OutStream;
  colorOut: boolean;
  colorErr: boolean;
}

function line(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/** Human lines, one JSON document (--json) or the bare minimum (--quiet). */
export class Output {
  readonly mode: OutputMode;
  /** Styles text for stdout. */
  readonly paint: Paint;
  readonly #stdout: OutStream;
  readonly #stderr: OutStream;
  readonly #paintErr: Paint;

  constructor(options: OutputOptions) {
    this.mode = options.mode;
    this.#stdout = options.stdout;
    this.#stderr = options.stderr;
    this.paint = painter(options.colorOut);
    this.#paintErr = painter(options.colorErr);
  }

  result(result: CommandResult): void {
    if (this.mode === 'json') this.json(result.json);
    else this.#stdout.write(line(this.mode === 'quiet' ? (result.quiet ?? '') : result.text));
    for (const failure of result.failures ?? []) this.#errorLine(failure);
  }

  /** stdout's one document in --json mode. */
  json(document: unknown): void {
    this.#stdout.write(`${JSON.stringify(document, null, 2)}\n`);
  }

  /** A status line for people, on stderr so that stdout stays clean; silent with --json and --quiet. */
  progress(message: string): void {
    if (this.mode === 'human') this.#stderr.write(`${this.#paintErr('dim', message)}\n`);
  }

  /** The one sentence on stderr; with --json the error body is stdout's one document. */
  error(sentence: string, body: ErrorBody): void {
    if (this.mode === 'json') this.json(body);
    this.#errorLine(sentence);
  }

  #errorLine(sentence: string): void {
    this.#stderr.write(`${this.#paintErr('red', 'error:')} ${sentence}\n`);
  }
}

/** Columns padded to their widest cell; the header line is bold on a colour terminal. */
export function table(headers: string[], rows: string[][], paint: Paint): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ');
  return [paint('bold', format(headers)), ...rows.map(format)].join('\n');
}

/** 'Label   value' lines for one record. */
export function fields(entries: [string, string][], paint: Paint): string {
  const width = Math.max(...entries.map(([label]) => label.length));
  return entries.map(([label, value]) => `${paint('bold', label.padEnd(width))}  ${value}`).join('\n');
}
