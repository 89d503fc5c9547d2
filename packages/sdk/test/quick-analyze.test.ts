import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { quickAnalyze } from '../src/quick-analyze.js';

const KITCHEN = `FADE IN:

INT. KITCHEN - NIGHT

A kettle screams. JOHN, 40s, kills the flame.

JOHN
Who left this on?

MARY (O.S.)
You did.

  EXT. GARDEN - CONTINUOUS  

MARY
Come and look at the moon.

JOHN
Later.

CUT TO:
`;

const HEIST = `INT./EXT. VAN - MOVING - DAY

ROSA
Everybody knows the plan?

DR. HALE
Some of us wrote it.

JOHN (V.O.)
They did not know the plan.

BEN
Yes.

CLAIRE
Yes.

DANNY
Sure.

ELLIE
Fine.

FRANK
No.

GRACE
Maybe.

HUGO
What plan?

IRIS
The plan.

ROSA
Quiet.

JACK
Ten.

KATE
Eleven.

int. hallway - later

THE END
`;

describe('quickAnalyze on hand-written scripts', () => {
  it('finds scene headings, character cues, words and reading time', () => {
    expect(quickAnalyze(KITCHEN)).toEqual({
      scenes: ['INT. KITCHEN - NIGHT', 'EXT. GARDEN - CONTINUOUS'],
      characters: ['JOHN', 'MARY'],
      wordCount: 38,
      readingTimeMinutes: 1,
    });
  });

  it('keeps at most 10 distinct names in order of first appearance, letter-only lines only', () => {
    const result = quickAnalyze(HEIST);
    expect(result.scenes).toEqual(['INT./EXT. VAN - MOVING - DAY']);
    expect(result.characters).toEqual([
      'ROSA',
      'BEN',
      'CLAIRE',
      'DANNY',
      'ELLIE',
      'FRANK',
      'GRACE',
      'HUGO',
      'IRIS',
      'JACK',
    ]);
  });

  it('rounds reading time up at 200 words a minute', () => {
    expect(quickAnalyze('')).toEqual({ scenes: [], characters: [], wordCount: 0, readingTimeMinutes: 0 });
    expect(quickAnalyze('word '.repeat(200)).readingTimeMinutes).toBe(1);
    expect(quickAnalyze('word '.repeat(201)).readingTimeMinutes).toBe(2);
    expect(quickAnalyze('word\r\n'.repeat(401)).wordCount).toBe(401);
  });
});

describe('quickAnalyze on a generated 5-page Fountain screenplay', () => {
  const tool = fileURLToPath(new URL('../../../../shared/tools/make-screenplay.mjs', import.meta.url));
  const letterOnlyCast = [
    'MARA VOSS',
    'ELI',
    'DETECTIVE OKAFOR',
    'JUNE',
    'THE STRANGER',
    'RUIZ',
    'NELL',
    'OLD MAN',
    'KIT',
  ];
  let script = '';

  beforeAll(() => {
    script = execFileSync(process.execPath, [tool, '--pages', '5'], { encoding: 'utf8' });
  });

  it('finds only INT. and EXT. headings, in order', () => {
    const { scenes } = quickAnalyze(script);
    const headings = script.split('\n').filter((line) => /^(INT|EXT|INT\.\/EXT|I\/E|EST)\./.test(line));
    expect(scenes.length).toBeGreaterThan(3);
    expect(headings.length).toBeGreaterThan(scenes.length);
    expect(scenes).toEqual(headings.filter((line) => line.startsWith('INT.') || line.startsWith('EXT.')));
    expect(scenes.some((scene) => scene.startsWith('INT./EXT.'))).toBe(true);
  });

  it('finds the letter-only cast without extensions, dotted names or transitions', () => {
    const { characters } = quickAnalyze(script);
    expect(characters.length).toBeGreaterThan(4);
    for (const name of characters) expect(letterOnlyCast).toContain(name);
    expect(characters).not.toContain('DR. HALE');
    expect(new Set(characters).size).toBe(characters.length);
  });

  it('counts a few pages of words and the minutes to read them', () => {
    const { wordCount, readingTimeMinutes } = quickAnalyze(script);
    expect(wordCount).toBeGreaterThan(800);
    expect(readingTimeMinutes).toBe(Math.ceil(wordCount / 200));
  });
});

describe("quickAnalyze: names that speak, not the title page or the writer's slugs", () => {
  it('lists no title page value and no slug as a character', () => {
    const script = `Title: LOW WATER
Draft date:
\tSHOOTING DRAFT

INT. PIER - NIGHT

ANGLE ON MARA

She waits.

MARA
Nobody.

THE END
`;
    expect(quickAnalyze(script).characters).toEqual(['MARA']);
  });
});
