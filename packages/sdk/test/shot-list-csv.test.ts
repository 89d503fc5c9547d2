import { describe, expect, it } from 'vitest';
import { type Shot, shotSchema } from '../src/contract/shot.js';
import { csvCell, readShotListCsv, SHOT_LIST_CSV_COLUMNS, shotListCsv } from '../src/shot-list-csv.js';

const PROJECT = '22222222-2222-4222-8222-222222222222';
const MARA = '33333333-3333-4333-8333-333333333333';
const DINER = '44444444-4444-4444-8444-444444444444';
const KEY = '55555555-5555-4555-8555-555555555555';

function shot(n: number, fields: Record<string, unknown>): Shot {
  return shotSchema.parse({ id: `00000000-0000-4000-8000-00000000000${n}`, projectId: PROJECT, ...fields });
}

describe('the shot list as CSV', () => {
  it('writes one row per shot in the order the server lists them, with the cast the shot places and its render status', () => {
    const csv = shotListCsv(
      [
        shot(1, {
          name: '1.1 Establishing – DINER',
          scene_id: 'scene-1',
          start_time: 0,
          duration: 3.5,
          framing: 'establishing',
          camera_move: 'slow push in',
          assets: [{ assetId: MARA }, { assetId: DINER }],
          script_text: 'Rain on the windows.\nMara waits.',
        }),
        shot(2, {
          name: '1.2 Insert – the brass key',
          start_time: 3.5,
          duration: 1.5,
          framing: 'insert',
          assets: [{ assetId: KEY }],
          script_text: 'She pockets the key, "for now".',
          s3_image_key: `projects/${PROJECT}/shots/x.png`,
          image_stale: true,
        }),
      ],
      [
        { id: MARA, name: 'MARA', type: 'character' },
        { id: DINER, name: 'DINER', type: 'location' },
        { id: KEY, name: 'brass key', type: 'prop' },
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(SHOT_LIST_CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      '1,1,1.1 Establishing – DINER,establishing,slow push in,3.5,MARA,DINER,,not rendered,not rendered,"Rain on the windows.\nMara waits.",00000000-0000-4000-8000-000000000001',
    );
    expect(lines[2]).toBe(
      '1,2,1.2 Insert – the brass key,insert,,1.5,,,brass key,stale,not rendered,"She pockets the key, ""for now"".",00000000-0000-4000-8000-000000000002',
    );
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(null)).toBe('');
  });
});

describe('an edited shot list read back', () => {
  const shots = [
    shot(1, { name: '1.1 Establishing – DINER', framing: 'establishing', duration: 3.5, start_time: 0 }),
    shot(2, { name: '=1.2 Medium – MARA', framing: 'medium', duration: 2.37, start_time: 3.5 }),
    shot(3, { name: '1.3 Close-up – the key', framing: 'close', duration: 1.5, start_time: 5.87 }),
  ];
  const exported = shotListCsv(shots, []);

  it('changes nothing when read back as it was written (a formula-guarded name included)', () => {
    expect(readShotListCsv(exported, shots)).toEqual({ changes: [], skipped: [] });
  });

  it('takes the names, framings and durations a spreadsheet changed, row by row, and skips what it cannot read', () => {
    const rows = exported.slice(1).split('\r\n');
    rows[1] = (rows[1] ?? '').replace('1.1 Establishing – DINER,establishing,,3.5', 'Diner at night,wide,,4');
    rows[2] = (rows[2] ?? '').replace(',medium,', ',dutch angle,');
    rows[3] = (rows[3] ?? '').replace(',1.5,', ',"2,25",');
    rows.push('9,9,Ghost,wide,,2,,,,,,,00000000-0000-4000-8000-00000000000f');
    const reading = readShotListCsv(rows.join('\r\n'), shots);
    expect(reading.changes).toEqual([
      {
        shotId: shots[0]?.id,
        line: 2,
        name: { from: '1.1 Establishing – DINER', to: 'Diner at night' },
        framing: { from: 'establishing', to: 'wide' },
        duration: { from: 3.5, to: 4 },
      },
      { shotId: shots[2]?.id, line: 4, duration: { from: 1.5, to: 2.25 } },
    ]);
    expect(reading.skipped).toEqual([
      { line: 3, reason: expect.stringMatching(/^'dutch angle' is not a framing/) },
      { line: 5, reason: 'No shot 00000000-0000-4000-8000-00000000000f in this project' },
    ]);
  });

  it('refuses a file without the Shot id column', () => {
    expect(() => readShotListCsv('Scene,Name\n1,Diner\n', shots)).toThrow(/no "Shot id" column/);
  });
});
