import { beforeAll, describe, expect, it } from 'vitest';
import { READING_WORDS_PER_MINUTE } from '../../src/contract/constants.js';
import { analyzeScreenplay, type ScriptAnalysis } from '../../src/screenplay/analyze.js';
import { parseFdx } from '../../src/screenplay/fdx.js';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import { paginate } from '../../src/screenplay/page-model.js';
import { FEATURE_TIMEOUT_MS, readFixture, useGeneratedScreenplay } from './screenplay-fixtures.js';

describe('analyzeScreenplay on a dialogue scene with three speakers', () => {
  const analysis = analyzeScreenplay(parseFountain(readFixture('interrogation.fountain')));

  it('reports the scene with its place, time, page, length and who is in it', () => {
    expect(analysis.scenes).toEqual([
      {
        number: 1,
        heading: 'INT. INTERROGATION ROOM - NIGHT',
        intExt: 'INT',
        location: 'INTERROGATION ROOM',
        timeOfDay: 'NIGHT',
        page: 1,
        eighths: '5/8',
        lengthEighths: 5,
        wordCount: analysis.wordCount,
        characters: ['OKAFOR', 'RUIZ', 'NELL'],
        line: 1,
      },
    ]);
  });

  it('counts each character’s lines, speeches and words without extensions', () => {
    expect(analysis.characters).toEqual([
      {
        name: 'OKAFOR',
        dialogueLines: 5,
        speeches: 4,
        words: 25,
        scenes: [1],
        firstAppearance: { scene: 1, line: 3 },
      },
      {
        name: 'RUIZ',
        dialogueLines: 3,
        speeches: 3,
        words: 10,
        scenes: [1],
        firstAppearance: { scene: 1, line: 3 },
      },
      {
        name: 'NELL',
        dialogueLines: 3,
        speeches: 3,
        words: 12,
        scenes: [1],
        firstAppearance: { scene: 1, line: 3 },
      },
    ]);
  });
});

describe('analyzeScreenplay on a short script with every element', () => {
  const analysis = analyzeScreenplay(parseFountain(readFixture('night-ferry.fountain')));

  it('reads the title and every heading into INT/EXT, location and time of day', () => {
    expect(analysis.title).toBe('Night Ferry');
    expect(
      analysis.scenes.map(({ number, sceneNumber, intExt, location, timeOfDay }) => [
        number,
        sceneNumber,
        intExt,
        location,
        timeOfDay,
      ]),
    ).toEqual([
      [1, '1', 'EXT', 'HARBOR', 'NIGHT'],
      [2, undefined, 'INT', 'FERRY CABIN', 'CONTINUOUS'],
      [3, undefined, 'EST', 'LIGHTHOUSE', 'DAWN'],
      [4, undefined, 'INT/EXT', "ELI'S TRUCK - MOVING", 'DAY'],
      [5, undefined, null, null, null],
      [6, '2A', 'INT/EXT', 'PIER', 'NIGHT'],
      [7, undefined, 'EXT', 'ROOFTOP', 'DAY'],
    ]);
    expect(analysis.locations).toEqual([
      { name: 'HARBOR', scenes: [1] },
      { name: 'FERRY CABIN', scenes: [2] },
      { name: 'LIGHTHOUSE', scenes: [3] },
      { name: "ELI'S TRUCK - MOVING", scenes: [4] },
      { name: 'PIER', scenes: [6] },
      { name: 'ROOFTOP', scenes: [7] },
    ]);
  });

  it('finds characters by cue and by name in the action, keeping a forced name as written', () => {
    expect(
      analysis.characters.map(({ name, speeches, words, scenes, firstAppearance }) => [
        name,
        speeches,
        words,
        scenes,
        firstAppearance,
      ]),
    ).toEqual([
      ['JUNE', 2, 9, [1, 2], { scene: 1, line: 14 }],
      ['ELI', 2, 7, [2, 4], { scene: 2, line: 21 }],
      ['McCLANE', 1, 1, [4], { scene: 4, line: 41 }],
    ]);
    expect(analysis.scenes[1]?.characters).toEqual(['JUNE', 'ELI']);
  });

  it('counts printed words only and the reading time at 200 words a minute', () => {
    const small = analyzeScreenplay(
      parseFountain('INT. A - DAY\n\nShe waits.\n\n[[not printed]]\n\nMARA\nHello there.\n'),
    );
    expect(small.wordCount).toBe(3 + 2 + 1 + 2);
    expect(small.readingTimeMinutes).toBe(1);
    expect(analysis.readingTimeMinutes).toBe(Math.ceil(analysis.wordCount / READING_WORDS_PER_MINUTE));
  });

  it('counts the speech of a dual dialogue for both speakers', () => {
    const dual = analyzeScreenplay(parseFdx(readFixture('night-ferry.fdx')));
    expect(dual.characters.map(({ name, speeches }) => [name, speeches])).toEqual([
      ['JUNE', 2],
      ['ELI', 1],
    ]);
  });
});

describe('analyzeScreenplay on the generated 120-page screenplay', { timeout: FEATURE_TIMEOUT_MS }, () => {
  const generated = useGeneratedScreenplay(120);
  let analysis: ScriptAnalysis;
  beforeAll(() => {
    analysis = analyzeScreenplay(generated.screenplay);
  });

  it('reports every scene and one page as one minute', () => {
    expect(analysis.scenes.map((scene) => scene.line)).toEqual(
      generated.screenplay.scenes.map((scene) => scene.line),
    );
    const model = paginate(generated.screenplay);
    expect(analysis.pageCount).toBe(model.pageCount);
    expect(analysis.estimatedScreenTimeSeconds).toBe(Math.round(model.pages * 60));
    expect(analysis.readingTimeMinutes).toBe(Math.ceil(analysis.wordCount / READING_WORDS_PER_MINUTE));
  });

  it('attributes every cue to one of the ten characters, extensions removed', () => {
    const cues = generated.screenplay.elements.filter((element) => element.type === 'character').length;
    expect(analysis.characters.reduce((sum, character) => sum + character.speeches, 0)).toBe(cues);
    expect(analysis.characters.map((character) => character.name).sort()).toEqual([
      'DETECTIVE OKAFOR',
      'DR. HALE',
      'ELI',
      'JUNE',
      'KIT',
      'MARA VOSS',
      'NELL',
      'OLD MAN',
      'RUIZ',
      'THE STRANGER',
    ]);
    for (const character of analysis.characters) {
      expect(character.firstAppearance.scene).toBe(character.scenes[0]);
      expect(character.dialogueLines).toBeGreaterThanOrEqual(character.speeches);
    }
  });

  it('lists the ten locations and the scenes at each', () => {
    expect(analysis.locations).toHaveLength(10);
    const located = analysis.scenes.filter((scene) => scene.location !== null).map((scene) => scene.number);
    expect(analysis.locations.flatMap((location) => location.scenes).sort((a, b) => a - b)).toEqual(located);
  });
});
