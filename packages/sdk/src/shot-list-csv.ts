import type { Asset, Shot } from './contract/entities.js';

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
 * RFC 4180 says): one row per shot in timeline order, the characters, location and props named by
 * the assets placed in the shot.
 */
export function shotListCsv(
  shots: readonly Shot[],
  assets: readonly Pick<Asset, 'id' | 'name' | 'type'>[],
): string {
  const byId = new Map(assets.map((asset) => [asset.id, asset]));
  const rows = [...shots]
    .sort((a, b) => a.start_time - b.start_time)
    .map((shot, index) => {
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
