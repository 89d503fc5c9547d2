import {
  detectFormat,
  parseFdx,
  parseFountain,
  parsePlainText,
  type ScriptFormat,
  ScriptFormatError,
  toFdx,
  toFountain,
  toPlainText,
} from '@reelbench/sdk';
import { errorBody } from '../../state/errors.js';
import type { ToastInput } from '../../state/toasts.js';

/** What the import file picker offers. */
export const IMPORT_ACCEPT = '.fountain,.fdx,.txt,.spmd';

export const IMPORT_TOAST = 'Script imported';
export const IMPORT_FAILED_TOAST = 'Import failed';

const FORMAT_NAMES: Record<ScriptFormat, string> = {
  fountain: 'Fountain',
  fdx: 'Final Draft',
  text: 'plain text',
};

/** A file the engine cannot read, with where it stopped reading. */
export class ScriptImportError extends Error {
  constructor(
    readonly fileName: string,
    readonly line: number,
    readonly reason: string,
    readonly column?: number,
  ) {
    const where = column === undefined ? `line ${line}` : `line ${line}, column ${column}`;
    super(`${fileName}, ${where}: ${reason}`);
    this.name = 'ScriptImportError';
  }
}

export interface ImportedScript {
  /** The script as Fountain, ready for the editor. */
  content: string;
  /** What the file was read as. */
  format: ScriptFormat;
  fileName: string;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

function formatOf(fileName: string, text: string): ScriptFormat {
  switch (extensionOf(fileName)) {
    case 'fdx':
      return 'fdx';
    case 'fountain':
    case 'spmd':
      return 'fountain';
    default:
      // .txt is Fountain, a laid-out page of plain text, or a Final Draft file saved as text.
      return detectFormat(text);
  }
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * Reads a dropped or picked file into Fountain, locally with the SDK's screenplay engine: Final
 * Draft and laid-out plain text are converted, Fountain is kept as written. Throws
 * ScriptImportError (with the line) for a file the engine cannot read.
 */
export function importScript(fileName: string, raw: string): ImportedScript {
  const text = (raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw).replace(/\r\n?/g, '\n');
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    throw new ScriptImportError(
      fileName,
      lineOfOffset(text, nul),
      'This is not a text file: it holds binary data',
    );
  }
  if (text.trim() === '') throw new ScriptImportError(fileName, 1, 'The file is empty');
  const format = formatOf(fileName, text);
  try {
    switch (format) {
      case 'fdx':
        return { content: toFountain(parseFdx(text)), format, fileName };
      case 'text':
        return { content: toFountain(parsePlainText(text)), format, fileName };
      default:
        return { content: text, format, fileName };
    }
  } catch (error) {
    if (error instanceof ScriptFormatError) {
      throw new ScriptImportError(fileName, error.line, error.reason, error.column);
    }
    throw error;
  }
}

/** Where an import lands: the editor, replacing its content as one undoable change. */
export interface ImportTarget {
  /** The script as it is now (asked before replacing a non-empty one). */
  current: () => string;
  replace: (content: string) => void;
  /**
   * Asked when the import would replace a script that has text: true to replace it (one undoable
   * change), false to keep it.
   */
  confirmReplace: (imported: ImportedScript & { encoding: DecodedText }) => Promise<boolean>;
}

export interface FileLike {
  name: string;
  arrayBuffer: () => Promise<ArrayBuffer>;
}

/** A text file's characters and how they were read. */
export interface DecodedText {
  text: string;
  /** The WHATWG name of the encoding used ('utf-8', 'windows-1252', 'utf-16le'…). */
  encoding: string;
  /** True when the file did not say (no byte order mark) and was not UTF-8: the encoding is a guess. */
  guessed: boolean;
}

/** chardet's names that TextDecoder knows by another (ISO-8859-1 is read as its superset, windows-1252). */
const DECODER_LABELS: Record<string, string> = {
  'ISO-8859-1': 'windows-1252',
  'ISO-2022-JP': 'iso-2022-jp',
};

function decoderFor(name: string): TextDecoder | null {
  try {
    return new TextDecoder(DECODER_LABELS[name] ?? name);
  } catch {
    return null;
  }
}

/** Windows-1252's characters at 0x80–0x9F (where ISO-8859-1 has control codes); 0 where it has none. */
const WINDOWS_1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

/**
 * Decodes with `decoder`; for windows-1252, the C1 range as Windows-1252 has it (browsers do this
 * already; Node's decoder, used by the tests, reads those bytes as ISO-8859-1 control codes).
 */
function decodeWith(decoder: TextDecoder, bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  if (decoder.encoding !== 'windows-1252') return text;
  return text.replace(/[\u0080-\u009f]/g, (char) => {
    const code = WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? 0;
    return code === 0 ? char : String.fromCharCode(code);
  });
}

/**
 * Reads a text file's bytes: a byte order mark says the encoding; else UTF-8 when the bytes are valid
 * UTF-8; else the encoding chardet finds likeliest (loaded only then), which is a guess — the caller
 * says so ("Decoded as windows-1252"). Windows-1252 when nothing better is found.
 */
export async function decodeText(bytes: Uint8Array): Promise<DecodedText> {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', guessed: false };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return {
      text: new TextDecoder('utf-16le').decode(bytes.subarray(2)),
      encoding: 'utf-16le',
      guessed: false,
    };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return {
      text: new TextDecoder('utf-16be').decode(bytes.subarray(2)),
      encoding: 'utf-16be',
      guessed: false,
    };
  }
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true }).decode(bytes),
      encoding: 'utf-8',
      guessed: false,
    };
  } catch {
    // Not UTF-8: find out what it is.
  }
  const { analyse } = await import('chardet');
  for (const match of analyse(bytes)) {
    if (match.name === 'UTF-8') continue;
    const decoder = decoderFor(match.name);
    if (decoder) return { text: decodeWith(decoder, bytes), encoding: decoder.encoding, guessed: true };
  }
  const fallback = new TextDecoder('windows-1252');
  return { text: decodeWith(fallback, bytes), encoding: fallback.encoding, guessed: true };
}

/**
 * Import from a file: its bytes decoded (decodeText), read by the screenplay engine; the editor's
 * content is replaced only when the whole file was read and, over a script with text, only once the
 * user has said so. A failure is an error toast naming the file and the line; a guessed encoding is a
 * warning toast naming it. The editor keeps what it had unless the import was applied.
 */
export async function importFile(
  file: FileLike,
  target: ImportTarget,
  notify: (toast: ToastInput) => unknown,
): Promise<(ImportedScript & { encoding: DecodedText }) | null> {
  let imported: ImportedScript & { encoding: DecodedText };
  try {
    const decoded = await decodeText(new Uint8Array(await file.arrayBuffer()));
    imported = { ...importScript(file.name, decoded.text), encoding: decoded };
  } catch (error) {
    const message = error instanceof ScriptImportError ? error.message : `${file.name}: ${errorBody(error)}`;
    notify({ type: 'error', title: IMPORT_FAILED_TOAST, message });
    return null;
  }
  const current = target.current();
  if (current.trim() !== '' && current !== imported.content && !(await target.confirmReplace(imported))) {
    return null;
  }
  target.replace(imported.content);
  const converted =
    imported.format === 'fountain' ? '' : ` (converted from ${FORMAT_NAMES[imported.format]})`;
  notify({ type: 'success', title: IMPORT_TOAST, message: `${imported.fileName}${converted}` });
  if (imported.encoding.guessed) {
    notify({
      type: 'warning',
      title: decodedAsTitle(imported.encoding.encoding),
      message: `${imported.fileName} did not say how its text is encoded. Check accented letters and symbols; Ctrl+Z undoes the import.`,
    });
  }
  return imported;
}

/** The warning shown when an import's encoding was a guess: 'Decoded as windows-1252'. */
export function decodedAsTitle(encoding: string): string {
  return `Decoded as ${encoding}`;
}

export type ExportFormat = ScriptFormat;

export interface ExportedScript {
  text: string;
  mime: string;
  extension: string;
}

const EXPORTS: Record<ExportFormat, { mime: string; extension: string }> = {
  fountain: { mime: 'text/plain;charset=utf-8', extension: 'fountain' },
  fdx: { mime: 'application/xml;charset=utf-8', extension: 'fdx' },
  text: { mime: 'text/plain;charset=utf-8', extension: 'txt' },
};

/** The editor's Fountain as a file: Fountain as written, Final Draft and plain text through the engine. */
export function exportScript(content: string, format: ExportFormat): ExportedScript {
  const { mime, extension } = EXPORTS[format];
  if (format === 'fountain') {
    return { text: content.endsWith('\n') ? content : `${content}\n`, mime, extension };
  }
  const screenplay = parseFountain(content);
  return { text: format === 'fdx' ? toFdx(screenplay) : toPlainText(screenplay), mime, extension };
}

/** 'My Film: Part 2' → 'my-film-part-2'; 'script' when nothing is left. */
export function fileBaseName(name: string | undefined): string {
  const base = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return base === '' ? 'script' : base.slice(0, 80);
}

/** Downloads through a Blob URL, revoked once the browser has started the download. */
export function downloadText(fileName: string, text: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
