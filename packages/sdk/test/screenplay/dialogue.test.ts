import { describe, expect, it } from 'vitest';
import {
  dialogueManner,
  dialogueShotSeconds,
  parseScript,
  scriptDialogue,
  seedVoice,
  voiceTraits,
} from '../../src/screenplay/index.js';

const SCRIPT = `INT. LIGHTHOUSE - NIGHT

MARA (30s), a keeper in an oilskin coat, climbs the stairs. She listens.

MARA
Who moved the ledger?
(whispering)
Someone was here.

OLD TOM (O.S.)
(shouting)
Mara! The lamp!

EXT. CLIFF - DAWN

MARA (V.O.)
I never saw him again.

YOUNG MARA
Wait for me!
`;

describe('scriptDialogue', () => {
  const lines = scriptDialogue(parseScript(SCRIPT, 'fountain'));

  it('lists every line with its speaker, parenthetical, extension and delivery, in order', () => {
    expect(
      lines.map(({ order, sceneNumber, character, text, parenthetical, extension, delivery, manner }) => ({
        order,
        sceneNumber,
        character,
        text,
        parenthetical,
        extension,
        delivery,
        manner,
      })),
    ).toEqual([
      {
        order: 0,
        sceneNumber: 1,
        character: 'MARA',
        text: 'Who moved the ledger?',
        parenthetical: null,
        extension: null,
        delivery: 'on',
        manner: 'normal',
      },
      {
        order: 1,
        sceneNumber: 1,
        character: 'MARA',
        text: 'Someone was here.',
        parenthetical: '(whispering)',
        extension: null,
        delivery: 'on',
        manner: 'whispered',
      },
      {
        order: 2,
        sceneNumber: 1,
        character: 'OLD TOM',
        text: 'Mara! The lamp!',
        parenthetical: '(shouting)',
        extension: '(O.S.)',
        delivery: 'off-screen',
        manner: 'shouted',
      },
      {
        order: 3,
        sceneNumber: 2,
        character: 'MARA',
        text: 'I never saw him again.',
        parenthetical: null,
        extension: '(V.O.)',
        delivery: 'voice-over',
        manner: 'normal',
      },
      {
        order: 4,
        sceneNumber: 2,
        character: 'MARA',
        text: 'Wait for me!',
        parenthetical: null,
        extension: null,
        delivery: 'on',
        manner: 'normal',
      },
    ]);
    expect(lines[4]?.cue).toBe('YOUNG MARA');
  });

  it('points each line at its dialogue element', () => {
    const screenplay = parseScript(SCRIPT, 'fountain');
    for (const line of lines) {
      const element = screenplay.elements[line.elementIndex];
      expect(element?.type).toBe('dialogue');
    }
  });
});

describe('dialogueManner', () => {
  it('reads how loud a parenthetical asks for', () => {
    expect(dialogueManner('(whispers)')).toBe('whispered');
    expect(dialogueManner('(under her breath)')).toBe('whispered');
    expect(dialogueManner('(yelling)')).toBe('shouted');
    expect(dialogueManner('(quietly)')).toBe('quiet');
    expect(dialogueManner('(calling out)')).toBe('raised');
    expect(dialogueManner('(beat)')).toBe('normal');
    expect(dialogueManner(null)).toBe('normal');
  });
});

describe('voices', () => {
  it('reads age and sex from the name and the description', () => {
    expect(voiceTraits('Mara', 'MARA (30s), a keeper. She listens.')).toEqual({
      age: 'adult',
      gender: 'female',
    });
    expect(voiceTraits('Old Tom', 'The keeper before Mara. His hands shake.')).toEqual({
      age: 'elderly',
      gender: 'male',
    });
    expect(voiceTraits('Pip', 'PIP (8), a boy with a kite.')).toEqual({ age: 'child', gender: 'male' });
    expect(voiceTraits('Little Ann', null)).toEqual({ age: 'child', gender: 'unknown' });
    expect(voiceTraits('Juno', 'a ten-year-old girl')).toEqual({ age: 'child', gender: 'female' });
    expect(voiceTraits('Vic', 'in his sixties, retired')).toEqual({ age: 'elderly', gender: 'male' });
  });

  it('seeds the same voice for the same name, and voices that follow age and sex', () => {
    expect(seedVoice('Mara', 'She listens.')).toEqual(seedVoice('Mara', 'She listens.'));
    const woman = seedVoice('Mara', 'MARA (30s). She listens.');
    const man = seedVoice('Hale', 'HALE (40s). He waits.');
    const child = seedVoice('Pip', 'PIP (8), a boy.');
    const elder = seedVoice('Old Tom', 'OLD TOM (80), he coughs.');
    expect(woman.variant).toMatch(/^(?:f\d|linda|belinda|anika|steph|annie)$/);
    expect(man.variant).toMatch(/^(?:m\d|adam|david|john|paul|robert)$/);
    expect(elder.variant).toBe('grandpa');
    expect(child.pitch).toBeGreaterThan(man.pitch);
    expect(woman.pitch).toBeGreaterThan(man.pitch);
    expect(elder.speed).toBeLessThan(child.speed);
  });
});

describe('dialogueShotSeconds', () => {
  it("adds the pacing's pauses to the lines' spoken length", () => {
    const lines = [
      { durationMs: 1500, parenthetical: null },
      { durationMs: 2000, parenthetical: '(beat)' },
    ];
    // 0.4 head + 3.5 spoken + 0.3 between + 0.5 beat + 0.6 tail
    expect(dialogueShotSeconds(lines, 'balanced')).toBe(5.3);
    expect(dialogueShotSeconds(lines, 'fast')).toBeLessThan(dialogueShotSeconds(lines, 'slow'));
    expect(dialogueShotSeconds([{ durationMs: 200, parenthetical: null }], 'slow')).toBe(3);
  });
});
