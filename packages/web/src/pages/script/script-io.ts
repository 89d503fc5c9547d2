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
  replace: (content: string) => void;
}

export interface FileLike {
  name: string;
  text: () => Promise<string>;
}

/**
 * Import from a file: the content is replaced only when the whole file was read; otherwise an
 * error toast names the file and the line, and the editor keeps what it had.
 */
export async function importFile(
  file: FileLike,
  target: ImportTarget,
  notify: (toast: ToastInput) => unknown,
): Promise<ImportedScript | null> {
  let imported: ImportedScript;
  try {
    imported = importScript(file.name, await file.text());
  } catch (error) {
    const message =
      error instanceof ScriptImportError
        ? error.message
        : `${file.name}: ${error instanceof Error ? error.message : String(error)}`;
    notify({ type: 'error', title: IMPORT_FAILED_TOAST, message });
    return null;
  }
  target.replace(imported.content);
  const converted =
    imported.format === 'fountain' ? '' : ` (converted from ${FORMAT_NAMES[imported.format]})`;
  notify({ type: 'success', title: IMPORT_TOAST, message: `${imported.fileName}${converted}` });
  return imported;
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
