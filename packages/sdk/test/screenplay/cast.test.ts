import { describe, expect, it } from 'vitest';
import { castName, parseScript, scriptCast } from '../../src/screenplay/index.js';

const SCRIPT = `INT. LIGHTHOUSE - NIGHT

MARA, 30s, oilskin coat, climbs the stairs. She picks up the brass KEY.

MARA
Who moved the ledger?

DR. HALE
Nobody.

EXT. LIGHTHOUSE - DAY

Dr. Hale waits by the door.
`;

describe('scriptCast', () => {
  it('names each speaker by their first appearance, each location by its headings, each prop by its line', () => {
    const screenplay = parseScript(SCRIPT, 'auto');
    const cast = scriptCast(screenplay);
    expect(cast).toEqual([
      {
        type: 'character',
        name: 'Mara',
        key: 'MARA',
        // Her own introduction, not the rest of the paragraph (issue 25).
        description: 'MARA, 30s, oilskin coat, climbs the stairs.',
      },
      { type: 'character', name: 'Dr. Hale', key: 'DR. HALE', description: 'First line: “Nobody.”' },
      {
        type: 'location',
        name: 'Lighthouse',
        key: 'LIGHTHOUSE',
        description: 'Scene headings: INT. LIGHTHOUSE - NIGHT; EXT. LIGHTHOUSE - DAY',
      },
      { type: 'prop', name: 'Key', key: 'KEY', description: 'First seen: She picks up the brass KEY.' },
    ]);
  });

  it('titles names written in capitals, and leaves mixed case alone', () => {
    expect(castName("O'BRIEN")).toBe("O'Brien");
    expect(castName("LEO'S CAR")).toBe("Leo's Car");
    expect(castName('HARBOR MARKET - NORTH')).toBe('Harbor Market - North');
    expect(castName('McClane')).toBe('McClane');
  });
});
