import { describe, expect, it } from 'vitest';
import {
  isUppercaseCue,
  matchHeadingPrefix,
  normalizeCharacterName,
  parseCue,
  parseSceneHeading,
} from '../../src/screenplay/screenplay.model.js';

describe('parseSceneHeading', () => {
  it.each([
    ['EXT. POLICE STATION - ROOF - NIGHT', 'EXT', 'POLICE STATION - ROOF', 'NIGHT'],
    ['int. kitchen - day', 'INT', 'KITCHEN', 'DAY'],
    ['INT./EXT. CAR - MOVING - CONTINUOUS', 'INT/EXT', 'CAR - MOVING', 'CONTINUOUS'],
    ['I/E CAR - MOVING', 'INT/EXT', 'CAR - MOVING', null],
    ['EST. CITY SKYLINE – DUSK', 'EST', 'CITY SKYLINE', 'DUSK'],
    ['INT. HOUSE - DAY (1985)', 'INT', 'HOUSE', 'DAY (1985)'],
    ['INT. HOUSE - MOMENTS LATER', 'INT', 'HOUSE', 'MOMENTS LATER'],
    ['INT. - NIGHT', 'INT', null, 'NIGHT'],
    ['SNIPER SCOPE POV', null, null, null],
    ['**INT. VAULT - NIGHT**', 'INT', 'VAULT', 'NIGHT'],
    ['EXT. CITY STREET - NIGHT - RAIN', 'EXT', 'CITY STREET', 'NIGHT - RAIN'],
    ['EXT. MOORS - DAY - HEAVY SNOW', 'EXT', 'MOORS', 'DAY - HEAVY SNOW'],
    ['EXT. RAIN FOREST - DAY', 'EXT', 'RAIN FOREST', 'DAY'],
  ])('%s', (heading, intExt, location, timeOfDay) => {
    expect(parseSceneHeading(heading)).toEqual({ intExt, location, timeOfDay });
  });

  it('needs a dot or a space after the prefix', () => {
    expect(matchHeadingPrefix('INTERIOR DESIGN')).toBeNull();
    expect(matchHeadingPrefix('EXTRA')).toBeNull();
    expect(matchHeadingPrefix('INT.HALL')).toEqual({ lead: '', prefix: 'INT', intExt: 'INT', rest: 'HALL' });
  });

  it('reads a flashback or a dream named before the heading on its line', () => {
    expect(matchHeadingPrefix('FLASHBACK - INT. DINER - DAY (TEN YEARS EARLIER)')).toEqual({
      lead: 'FLASHBACK - ',
      prefix: 'INT',
      intExt: 'INT',
      rest: 'DINER - DAY (TEN YEARS EARLIER)',
    });
    expect(matchHeadingPrefix('DREAM SEQUENCE: EXT. WHEAT FIELD - DAY')?.rest).toBe('WHEAT FIELD - DAY');
    expect(parseSceneHeading('FLASHBACK - INT. DINER - DAY')).toEqual({
      intExt: 'INT',
      location: 'DINER',
      timeOfDay: 'DAY',
    });
    // Only as the line's opening, and only before a heading.
    expect(matchHeadingPrefix('FLASHBACK')).toBeNull();
    expect(matchHeadingPrefix('FLASHBACK - THE SUMMER OF 1985')).toBeNull();
  });
});

describe('cues', () => {
  it('splits name, extensions and the dual caret', () => {
    expect(parseCue("MARA (V.O.) (CONT'D) ^")).toEqual({
      name: 'MARA',
      extension: "(V.O.) (CONT'D)",
      dualRight: true,
    });
    expect(parseCue('HANS (on the radio)')).toEqual({
      name: 'HANS',
      extension: '(on the radio)',
      dualRight: false,
    });
  });

  it('knows a cue by its capitals, and never one that opens with a parenthesis', () => {
    expect(isUppercaseCue('R2-D2')).toBe(true);
    expect(isUppercaseCue('HANS (on the radio)')).toBe(true);
    expect(isUppercaseCue('McCLANE')).toBe(false);
    expect(isUppercaseCue('(BEAT)')).toBe(false);
    expect(isUppercaseCue('1984')).toBe(false);
  });

  it('counts a character under one normalised name', () => {
    expect(normalizeCharacterName("  mara   *voss* (cont'd)")).toBe('MARA VOSS');
  });
});
