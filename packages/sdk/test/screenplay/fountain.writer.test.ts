import { describe, expect, it } from 'vitest';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import type { Screenplay, ScriptElement } from '../../src/screenplay/fountain.types.js';
import { formatFountain, toFountain } from '../../src/screenplay/fountain.writer.js';
import { createScreenplay } from '../../src/screenplay/screenplay.model.js';
import { FEATURE_TIMEOUT_MS, readFixture, useGeneratedScreenplay } from './screenplay-fixtures.js';

/** The model without source lines and the informational `forced` flag of action. */
function shape(screenplay: Screenplay): unknown[] {
  return [
    screenplay.titlePage.map(({ key, value }) => [key, value]),
    ...screenplay.elements.map((element) => {
      const { line: _line, endLine: _end, ...rest } = element;
      return rest.type === 'action' ? { ...rest, forced: undefined } : rest;
    }),
  ];
}

function at(line: number) {
  return { line, endLine: line };
}

describe('toFountain', () => {
  it.each(['night-ferry.fountain', 'interrogation.fountain', 'quiet-hour.fountain'])(
    'writes %s back to the same model',
    (name) => {
      const screenplay = parseFountain(readFixture(name));
      expect(shape(parseFountain(toFountain(screenplay)))).toEqual(shape(screenplay));
    },
  );

  it('forces every element whose plain line would read as something else', () => {
    const elements: ScriptElement[] = [
      { type: 'action', text: 'INT. SOUNDS - ECHO', forced: false, ...at(1) },
      { type: 'action', text: 'BANG!\nThe door gives way.', forced: false, ...at(2) },
      {
        type: 'action',
        text: 'She reads:\n# not a section\n> not a transition\n~ not lyrics\n[[not a note]]',
        forced: false,
        ...at(3),
      },
      { type: 'scene_heading', text: 'SNIPER SCOPE POV', forced: true, ...at(4) },
      { type: 'character', name: 'McCLANE', forced: true, ...at(5) },
      { type: 'dialogue', text: 'Hi.', ...at(6) },
      { type: 'character', name: 'SILENT BOB', forced: false, ...at(7) },
      { type: 'transition', text: 'Fade to black.', forced: true, ...at(8) },
      { type: 'action', text: 'Title: a sign on the wall', forced: false, ...at(9) },
    ];
    const text = toFountain(createScreenplay([], elements));
    expect(text).toBe(
      [
        '!INT. SOUNDS - ECHO',
        '',
        '!BANG!',
        'The door gives way.',
        '',
        'She reads:',
        '!# not a section',
        '!> not a transition',
        '!~ not lyrics',
        '![[not a note]]',
        '',
        '.SNIPER SCOPE POV',
        '',
        '@McCLANE',
        'Hi.',
        '',
        '@SILENT BOB',
        '',
        '> Fade to black.',
        '',
        'Title: a sign on the wall',
        '',
      ].join('\n'),
    );
    expect(parseFountain(text).elements.map((element) => element.type)).toEqual(
      elements.map((element) => element.type),
    );
  });

  it('forces an opening action line that would start a title page', () => {
    const screenplay = createScreenplay(
      [],
      [{ type: 'action', text: 'Title: a sign on the wall', forced: false, ...at(1) }],
    );
    expect(toFountain(screenplay)).toBe('!Title: a sign on the wall\n');
    expect(parseFountain(toFountain(screenplay)).elements[0]).toMatchObject({
      type: 'action',
      text: 'Title: a sign on the wall',
    });
  });

  it('writes an empty screenplay as an empty text', () => {
    expect(toFountain(createScreenplay([], []))).toBe('');
  });
});

describe('toFountain on the generated 120-page screenplay', { timeout: FEATURE_TIMEOUT_MS }, () => {
  const generated = useGeneratedScreenplay(120);

  it('round-trips every element', () => {
    expect(shape(parseFountain(toFountain(generated.screenplay)))).toEqual(shape(generated.screenplay));
  });
});

describe('formatFountain', () => {
  const messy = [
    'Title:   The Tide   ',
    '',
    '',
    '',
    'int.   kitchen  -  day   ',
    '',
    'She pours coffee.    ',
    'It is cold.   ',
    '',
    '',
    'MARA (v.o.)',
    'Where were you?   ',
    '',
    '> fade to black.',
    '',
    'ext kitchen garden - night',
    '',
    "@McCLANE (cont'd)",
    'Yippee.',
    '',
  ].join('\n');

  it('normalises spacing and the casing of headings, cues and transitions', () => {
    expect(formatFountain(messy)).toBe(
      [
        'Title: The Tide',
        '',
        'INT. KITCHEN - DAY',
        '',
        'She pours coffee.',
        'It is cold.',
        '',
        'MARA (V.O.)',
        'Where were you?',
        '',
        '> FADE TO BLACK.',
        '',
        'EXT. KITCHEN GARDEN - NIGHT',
        '',
        "@McCLANE (CONT'D)",
        'Yippee.',
        '',
      ].join('\n'),
    );
  });

  it('is idempotent and leaves no trailing spaces outside deliberate blanks', () => {
    const once = formatFountain(readFixture('night-ferry.fountain'));
    expect(formatFountain(once)).toBe(once);
    expect(once.split('\n').filter((line) => line !== '  ' && /\s$/.test(line))).toEqual([]);
    expect(once).not.toMatch(/\n\n\n/);
  });

  it('keeps inline notes in headings as written', () => {
    expect(formatFountain('\nint. hall - day [[check this]]\n\n')).toBe('INT. HALL - DAY [[check this]]\n');
  });
});

describe('a flashback heading', () => {
  it('parses as a scene heading and is written back as one, without a forcing dot', () => {
    const source = `INT. MOTEL ROOM - NIGHT

Ray sits on the bed.

FLASHBACK - INT. DINER - DAY

Ray, twenty, slides a milkshake across the counter.
`;
    const screenplay = parseFountain(source);
    expect(screenplay.scenes.map((scene) => scene.heading.text)).toEqual([
      'INT. MOTEL ROOM - NIGHT',
      'FLASHBACK - INT. DINER - DAY',
    ]);
    const written = toFountain(screenplay);
    expect(written).toContain('\nFLASHBACK - INT. DINER - DAY\n');
    expect(parseFountain(written).scenes).toHaveLength(2);
  });
});
