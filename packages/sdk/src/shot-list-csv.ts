import Papa from 'papaparse';
import { type Asset } from './contract/asset.js';
import { ReelbenchError } from './contract/errors.js';
import { FRAMING_TYPES, type FramingType, MAX_SHOT_DURATION, TEXT_LIMITS } from './contract/primitives.js';
import { type Shot } from './contract/shot.js';

/** The shot list's columns, in order: the assistant director's everyday document (issue 27). */
export const SHOT_LIST_CSV_COLUMNS = [
  'Scene',
  'Shot',
  'Name',
  'Framing',
  'Camera move',
  'Duration (s)',
  'Characters',
  'Location',
  'Props',
  'Image',
  'Video',
  'Script text',
  'Shot id',
] as const;

/**
 * One cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break (quotes
 * doubled). A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab or carriage return
 * first) is prefixed with an apostrophe, so an exported name can never execute on import into a sheet.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The scene a shot belongs to: its scene id's number (`scene-3` → 3), else the number its name starts with (`3.2 …`). */
function sceneOf(shot: Shot): string {
  const fromId = /(\d+)\s*$/.exec(shot.scene_id ?? '');
  if (fromId) return fromId[1] ?? '';
  const fromName = /^(\d+)\.\d+\b/.exec(shot.name);
  return fromName?.[1] ?? '';
}

function status(generation: Shot['generation_status'], stale: boolean | undefined, has: boolean): string {
  if (!has) return generation === 'pending' ? 'not rendered' : generation;
  return stale ? 'stale' : 'rendered';
}

/**
 * The shot list as CSV (UTF-8 with a byte order mark, so Excel reads accents; CRLF line ends, as
 * RFC 4180 says): one row per shot in the order given (the server lists a project's shots in
 * timeline order), the characters, location and props named by the assets placed in the shot.
 */
export function shotListCsv(
  shots: readonly Shot[],
  assets: readonly Pick<Asset, 'id' | 'name' | 'type'>[],
): string {
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  const rows = shots.map((shot, index) => {
    const placed = shot.assets.flatMap((placement) => {
      const asset = byId.get(placement.assetId);
      return asset ? [asset] : [];
    });
    const named = (type: string) =>
      placed
        .filter((asset) => asset.type === type)
        .map((asset) => asset.name)
        .join('; ');
    return [
      sceneOf(shot),
      index + 1,
      shot.name,
      shot.framing ?? '',
      shot.camera_move ?? '',
      Math.round(shot.duration * 100) / 100,
      named('character'),
      named('location'),
      named('prop'),
      status(shot.generation_status, shot.image_stale, Boolean(shot.image_url || shot.s3_image_key)),
      status(shot.video_generation_status, shot.video_stale, Boolean(shot.video_url || shot.s3_video_key)),
      shot.script_text ?? '',
      shot.id,
    ];
  });
  const lines = [SHOT_LIST_CSV_COLUMNS, ...rows].map((row) => row.map((cell) => csvCell(cell)).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** One shot an edited shot list changes: each field that differs, from and to. */
export interface ShotListCsvChange {
  shotId: string;
  /** 1-based line of the row in the file (the header is line 1). */
  line: number;
  name?: { from: string; to: string };
  framing?: { from: FramingType | null; to: FramingType };
  duration?: { from: number; to: number };
}

export interface ShotListCsvReading {
  changes: ShotListCsvChange[];
  /** Rows that change nothing because they could not be read or name no shot of the project. */
  skipped: { line: number; reason: string }[];
}

/** A cell as written by shotListCsv, back to its text: the formula guard's apostrophe dropped. */
function cellText(value: string | undefined): string {
  const text = (value ?? '').trim();
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * An edited shot list (the CSV shotListCsv writes, opened and saved in a spreadsheet) read against
 * the project's shots: rows are matched by their Shot id, and a shot's name, framing and duration
 * are changed where the row says otherwise. Nothing is applied here: the caller previews the changes
 * and applies them. A file without the Shot id column is refused; a row that cannot be read is
 * skipped with its reason, never guessed.
 */
export function readShotListCsv(text: string, shots: readonly Shot[]): ShotListCsvReading {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...rows] = parsed.data;
  const column = (name: string) =>
    header.findIndex((cell) => cell.trim().toLowerCase() === name.toLowerCase());
  const idColumn = column('Shot id');
  if (idColumn < 0) {
    throw new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message:
        'Cannot read the CSV file: it has no "Shot id" column (export the shot list as CSV and edit that)',
    });
  }
  const nameColumn = column('Name');
  const framingColumn = column('Framing');
  const durationColumn = column('Duration (s)');
  const byId = new Map(shots.map((shot) => [shot.id.toLowerCase(), shot]));
  const reading: ShotListCsvReading = { changes: [], skipped: [] };
  for (const [index, row] of rows.entries()) {
    const line = index + 2;
    const shotId = cellText(row[idColumn]).toLowerCase();
    const shot = byId.get(shotId);
    if (!shot) {
      reading.skipped.push({ line, reason: shotId ? `No shot ${shotId} in this project` : 'No shot id' });
      continue;
    }
    const change: ShotListCsvChange = { shotId: shot.id, line };
    if (nameColumn >= 0) {
      const name = cellText(row[nameColumn]);
      if (name === '') {
        reading.skipped.push({ line, reason: 'A shot needs a name' });
        continue;
      }
      if (name.length > TEXT_LIMITS.name) {
        reading.skipped.push({
          line,
          reason: `A name is at most ${TEXT_LIMITS.name} characters`,
        });
        continue;
      }
      if (name !== shot.name) change.name = { from: shot.name, to: name };
    }
    if (framingColumn >= 0) {
      const framing = cellText(row[framingColumn]).toLowerCase();
      if (framing !== '' && framing !== (shot.framing ?? '')) {
        if (!(FRAMING_TYPES as readonly string[]).includes(framing)) {
          reading.skipped.push({
            line,
            reason: `'${framing}' is not a framing (${FRAMING_TYPES.join(', ')})`,
          });
          continue;
        }
        change.framing = { from: shot.framing ?? null, to: framing as FramingType };
      }
    }
    if (durationColumn >= 0) {
      const written = cellText(row[durationColumn]).replace(',', '.');
      const seconds = Number(written);
      if (written === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_SHOT_DURATION) {
        reading.skipped.push({
          line,
          reason: `'${written}' is not a duration in seconds (more than 0, at most ${MAX_SHOT_DURATION})`,
        });
        continue;
      }
      if (round(seconds) !== round(shot.duration)) change.duration = { from: shot.duration, to: seconds };
    }
    if (change.name || change.framing || change.duration) reading.changes.push(change);
  }
  return reading;
}
