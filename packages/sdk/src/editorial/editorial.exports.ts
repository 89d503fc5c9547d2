import { type Cut, cutSchema, type EditorialFormat } from '../contract/editorial.js';
import type { CutImportResult } from './cut.import.js';
import { type EditorialImportOptions, importEdl } from './edl.import.js';
import { type EdlWriteOptions, writeEdl } from './edl.writer.js';
import { type FcpxmlWriteOptions, writeFcpxml } from './fcpxml.writer.js';
import { importOtio } from './otio.reader.js';
import { type OtioWriteOptions, writeOtio } from './otio.writer.js';

export type EditorialExportOptions = EdlWriteOptions & OtioWriteOptions & FcpxmlWriteOptions;

export interface EditorialFile {
  format: EditorialFormat;
  filename: string;
  mimeType: string;
  text: string;
}

const EXTENSIONS: Record<EditorialFormat, string> = { edl: 'edl', otio: 'otio', fcpxml: 'fcpxml' };
const MIME_TYPES: Record<EditorialFormat, string> = {
  edl: 'text/plain; charset=us-ascii',
  otio: 'application/json; charset=utf-8',
  fcpxml: 'application/xml; charset=utf-8',
};

/** A file name for the cut: its name in safe characters, its version and the rate. */
export function editorialFilename(cut: Cut, format: EditorialFormat, frameRate = cut.frameRate): string {
  const stem =
    cut.name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'cut';
  return `${stem}-v${cut.version}-${String(frameRate).replace('.', '')}.${EXTENSIONS[format]}`;
}

/**
 * One entry point for the server and the CLI: the cut, checked against the contract (a ZodError
 * when it breaks a rule), written in a format.
 */
export function exportCut(
  input: Cut,
  format: EditorialFormat,
  options: EditorialExportOptions = {},
): EditorialFile {
  const cut = cutSchema.parse(input);
  let text: string;
  switch (format) {
    case 'edl':
      text = writeEdl(cut, options);
      break;
    case 'otio':
      text = writeOtio(cut, options);
      break;
    case 'fcpxml':
      text = writeFcpxml(cut, options);
      break;
    default: {
      const unknown: never = format;
      throw new RangeError(`Unknown editorial format '${String(unknown)}'`);
    }
  }
  return {
    format,
    filename: editorialFilename(cut, format, options.frameRate ?? cut.frameRate),
    mimeType: MIME_TYPES[format],
    text,
  };
}

export type ImportableFormat = Exclude<EditorialFormat, 'fcpxml'>;

/**
 * An edited EDL or OTIO file applied to the cut (FCPXML is written, not read). `frameRate` is the
 * file's rate when it cannot say it; a file at another rate is converted or refused, never guessed.
 */
export function importCut(
  input: Cut,
  format: ImportableFormat,
  text: string,
  options: EditorialImportOptions = {},
): CutImportResult {
  const cut = cutSchema.parse(input);
  const {
    cut: updated,
    unmatched,
    removed,
    notes,
  } = format === 'edl' ? importEdl(cut, text, options) : importOtio(cut, text, options);
  return { cut: updated, unmatched, removed, notes };
}
