import { describe, expect, it } from 'vitest';
import { directFirstPass } from '../../src/screenplay/director.js';
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

  it('reads the cast as the director reads the script: people once, objects only, one asset a place', () => {
    const screenplay = parseScript(
      `NARRATOR (V.O.)
Nobody in Port Ellen forgets the winter of the flood.

EXT. HARBOUR WALL - DUSK

MARA QUINN (30s), oilskin coat, walks the wall with a LETTER. A DOG BARKS somewhere below.

JOE (60s) steps out of the lamplight. We PUSH IN on his face.

MARA AND JOE
Hello.

NARRATOR (V.O.)
They had not spoken in ten years.

INT. LIGHTHOUSE - KEEPER'S KITCHEN - NIGHT

A kettle ticks on the stove.

YOUNG MARA (8) hides a BRASS KEY in the flour jar. The phone RINGS.

MARA
I remember this kitchen.

INT. LIGHTHOUSE - LAMP ROOM - NIGHT

The great lens turns.

JOE
Nobody comes up here now.
`,
      'auto',
    );
    const cast = scriptCast(screenplay);
    expect(cast.map((member) => [member.type, member.name])).toEqual([
      ['character', 'Narrator'],
      ['character', 'Mara'],
      ['character', 'Joe'],
      ['location', 'Harbour Wall'],
      ['location', 'Lighthouse'],
      ['prop', 'Letter'],
      ['prop', 'Brass Key'],
    ]);
    const of = (name: string) => cast.find((member) => member.name === name)?.description;
    expect(of('Mara')).toBe('MARA QUINN (30s), oilskin coat, walks the wall with a LETTER.');
    expect(of('Joe')).toBe('JOE (60s) steps out of the lamplight.');
    expect(of('Narrator')).toBe('First line: “Nobody in Port Ellen forgets the winter of the flood.”');
    expect(of('Lighthouse')).toBe(
      "A kettle ticks on the stove. Within it: Keeper's Kitchen, Lamp Room. Scene headings: INT. LIGHTHOUSE - KEEPER'S KITCHEN - NIGHT; INT. LIGHTHOUSE - LAMP ROOM - NIGHT",
    );
    expect(of('Brass Key')).toBe('First seen: YOUNG MARA (8) hides a BRASS KEY in the flour jar.');
  });

  it('keeps the person when the younger self speaks first (YOUNG MARA before MARA)', () => {
    const cast = scriptCast(
      parseScript(
        `INT. FARMHOUSE KITCHEN - DAY (1985)

YOUNG MARA (8), barefoot and furious, drags a chair to the counter.

YOUNG MARA
I can reach it myself.

INT. FARMHOUSE KITCHEN - DAY (2025)

MARA (48), grey at the temples, sets the same chair straight.

MARA
I still can't reach it.
`,
        'auto',
      ),
    );
    const characters = cast.filter((member) => member.type === 'character');
    expect(characters.map((member) => member.name)).toEqual(['Mara']);
    // One asset for the person, described as the script names her, not as the eight-year-old.
    expect(characters[0]?.description).toBe('MARA (48), grey at the temples, sets the same chair straight.');
  });

  it('keeps the grown person when the younger self speaks later (RAY, then YOUNG RAY in a flashback)', () => {
    const screenplay = parseScript(
      `INT. MOTEL ROOM - NIGHT

RAY (30s), unshaven, sits on the end of the bed.

RAY
Nobody saw nothing.

INT. DINER - DAY (TEN YEARS EARLIER)

YOUNG RAY (20) slides a milkshake across the counter.

YOUNG RAY
Don't tell Mom.
`,
      'auto',
    );
    const characters = scriptCast(screenplay).filter((member) => member.type === 'character');
    // Not 'Young Ray': the man of the present is who the script is about.
    expect(characters.map((member) => member.name)).toEqual(['Ray']);
    expect(characters[0]?.description).toBe('RAY (30s), unshaven, sits on the end of the bed.');
    const ray = {
      id: 'ray',
      name: 'RAY',
      type: 'character' as const,
      visualIdentifier: 'unshaven, thirties',
    };
    const shots = directFirstPass(screenplay, {}, { assets: [ray] }).shots;
    const people = shots.filter((shot) => shot.characters.length > 0);
    // One person, one asset, in both scenes.
    expect(people.map((shot) => shot.characters)).toEqual([['RAY'], ['RAY'], ['RAY'], ['RAY']]);
    // The flashback names him as the script does, and keeps the grown man's look out of its prompts.
    expect(people.map((shot) => shot.name)).toEqual([
      '1.2 Medium – RAY (introduction): RAY (30s), unshaven, sits on the end of the bed.',
      '1.3 Medium – RAY speaking',
      '2.2 Medium – YOUNG RAY (20) slides a milkshake across the counter.',
      '2.3 Medium – YOUNG RAY speaking',
    ]);
    for (const shot of people) {
      if (shot.sceneNumber === 1) expect(shot.prompt).toContain('unshaven, thirties');
      else expect(shot.prompt).not.toContain('unshaven, thirties');
    }
  });

  it('knows DR. LENA SOKOLOVA is the LENA who speaks, and describes a voice by its line past a parenthetical', () => {
    const screenplay = parseScript(
      `INT. RESEARCH STATION - COMMS ROOM - DAY

DR. LENA SOKOLOVA (40s) hunches over the radio set, headphones on.

LENA
(into radio)
Base, this is Station Nine. Do you copy?

PILOT (V.O.)
(filtered, over radio)
Station Nine, we read you.
`,
      'auto',
    );
    const characters = scriptCast(screenplay).filter((member) => member.type === 'character');
    expect(characters.map((member) => [member.name, member.description])).toEqual([
      ['Lena', 'DR. LENA SOKOLOVA (40s) hunches over the radio set, headphones on.'],
      ['Pilot', 'First line: “Station Nine, we read you.”'],
    ]);
    // One person: she does not speak to herself.
    const shots = directFirstPass(screenplay).shots;
    expect(shots.flatMap((shot) => shot.characters).every((name) => name === 'LENA')).toBe(true);
    expect(shots.some((shot) => / to LENA$/.test(shot.name))).toBe(false);
  });

  it('titles names written in capitals, and leaves mixed case alone', () => {
    expect(castName("O'BRIEN")).toBe("O'Brien");
    expect(castName("LEO'S CAR")).toBe("Leo's Car");
    expect(castName('HARBOR MARKET - NORTH')).toBe('Harbor Market - North');
    expect(castName('McClane')).toBe('McClane');
  });
});
