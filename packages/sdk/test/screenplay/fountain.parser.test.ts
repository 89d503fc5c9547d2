import { describe, expect, it } from 'vitest';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import type { ScriptElement } from '../../src/screenplay/fountain.types.js';
import { FEATURE_TIMEOUT_MS, readFixture, useGeneratedScreenplay } from './screenplay-fixtures.js';

function types(text: string): string[] {
  return parseFountain(text).elements.map((element) => element.type);
}

function only<T extends ScriptElement['type']>(text: string, type: T): Extract<ScriptElement, { type: T }>[] {
  return parseFountain(text).elements.filter(
    (element): element is Extract<ScriptElement, { type: T }> => element.type === type,
  );
}

describe('parseFountain title pages', () => {
  it.each([
    {
      fixture: 'night-ferry.fountain',
      entries: [
        ['Title', '**Night Ferry**'],
        ['Credit', 'Written by'],
        ['Author', 'Ada Quill'],
        ['Draft date', '1 March 2026'],
      ],
    },
    {
      fixture: 'quiet-hour.fountain',
      entries: [
        ['Title', 'THE QUIET HOUR\n_a short film_'],
        ['Credit', 'Written by'],
        ['Authors', 'Ada Quill & Ben Ruiz'],
        ['Source', 'Based on a true story'],
        ['Draft date', '2026-02-14'],
        ['Contact', 'ada@example.com\n+1 555 0100'],
      ],
    },
  ])('reads the title page of $fixture, multi-line values too', ({ fixture, entries }) => {
    const { titlePage } = parseFountain(readFixture(fixture));
    expect(titlePage.map(({ key, value }) => [key, value])).toEqual(entries);
  });
});

describe('parseFountain on a short script with every element', () => {
  const screenplay = parseFountain(readFixture('night-ferry.fountain'));

  it('reads every element in order, with its source line', () => {
    expect(screenplay.elements.map((element) => [element.type, element.line])).toEqual([
      ['section', 6],
      ['synopsis', 8],
      ['scene_heading', 10],
      ['action', 12],
      ['character', 14],
      ['dialogue', 15],
      ['scene_heading', 17],
      ['action', 19],
      ['character', 21],
      ['parenthetical', 22],
      ['dialogue', 23],
      ['character', 25],
      ['dialogue', 26],
      ['character', 28],
      ['dialogue', 29],
      ['transition', 31],
      ['scene_heading', 33],
      ['action', 35],
      ['scene_heading', 37],
      ['action', 39],
      ['character', 41],
      ['dialogue', 42],
      ['transition', 44],
      ['scene_heading', 46],
      ['centered', 48],
      ['scene_heading', 50],
      ['lyrics', 52],
      ['page_break', 55],
      ['scene_heading', 57],
      ['note', 59],
      ['action', 61],
      ['boneyard', 63],
      ['action', 68],
    ]);
  });

  it('reads scene headings of every kind, with scene numbers and forcing', () => {
    expect(only(readFixture('night-ferry.fountain'), 'scene_heading')).toEqual([
      {
        type: 'scene_heading',
        text: 'EXT. HARBOR - NIGHT',
        sceneNumber: '1',
        forced: false,
        line: 10,
        endLine: 10,
      },
      { type: 'scene_heading', text: 'INT. FERRY CABIN - CONTINUOUS', forced: false, line: 17, endLine: 17 },
      { type: 'scene_heading', text: 'EST. LIGHTHOUSE - DAWN', forced: false, line: 33, endLine: 33 },
      {
        type: 'scene_heading',
        text: "I/E. ELI'S TRUCK - MOVING - DAY",
        forced: false,
        line: 37,
        endLine: 37,
      },
      { type: 'scene_heading', text: 'BLACK', forced: true, line: 46, endLine: 46 },
      {
        type: 'scene_heading',
        text: 'INT./EXT. PIER - NIGHT',
        sceneNumber: '2A',
        forced: false,
        line: 50,
        endLine: 50,
      },
      { type: 'scene_heading', text: 'EXT. ROOFTOP - DAY', forced: false, line: 57, endLine: 57 },
    ]);
    expect(
      screenplay.scenes.map((scene) => [scene.number, scene.heading.text, scene.line, scene.endLine]),
    ).toEqual([
      [1, 'EXT. HARBOR - NIGHT', 10, 15],
      [2, 'INT. FERRY CABIN - CONTINUOUS', 17, 31],
      [3, 'EST. LIGHTHOUSE - DAWN', 33, 35],
      [4, "I/E. ELI'S TRUCK - MOVING - DAY", 37, 44],
      [5, 'BLACK', 46, 48],
      [6, 'INT./EXT. PIER - NIGHT', 50, 55],
      [7, 'EXT. ROOFTOP - DAY', 57, 68],
    ]);
  });

  it('reads cues with extensions, CONT’D and the forced @ with lower case', () => {
    expect(
      only(readFixture('night-ferry.fountain'), 'character').map(({ name, extension, forced }) => [
        name,
        extension,
        forced,
      ]),
    ).toEqual([
      ['JUNE', '(V.O.)', false],
      ['ELI', undefined, false],
      ['JUNE', undefined, false],
      ['ELI', "(CONT'D)", false],
      ['McCLANE', '(O.S.)', true],
    ]);
  });

  it('reads transitions, the forced transition, centered text, lyrics, notes and boneyard', () => {
    const text = readFixture('night-ferry.fountain');
    expect(only(text, 'transition').map(({ text: t, forced }) => [t, forced])).toEqual([
      ['CUT TO:', false],
      ['SMASH CUT TO BLACK.', true],
    ]);
    expect(only(text, 'centered').map((element) => element.text)).toEqual(['THE END?']);
    expect(only(text, 'lyrics').map((element) => element.text)).toEqual([
      'Row, row, row the boat\ngently down the stream',
    ]);
    expect(only(text, 'note').map((element) => element.text)).toEqual(['This scene may move to act two.']);
    expect(only(text, 'boneyard')).toEqual([
      { type: 'boneyard', text: ' Old ending:\nJUNE\nGoodbye.\n', line: 63, endLine: 66 },
    ]);
    expect(only(text, 'section')).toEqual([
      { type: 'section', text: 'ACT ONE', depth: 1, line: 6, endLine: 6 },
    ]);
    expect(only(text, 'synopsis').map((element) => element.text)).toEqual([
      'Two strangers share the last ferry.',
    ]);
  });

  it('keeps emphasis markers in the text and strips the forcing !', () => {
    const actions = only(readFixture('night-ferry.fountain'), 'action');
    expect(actions[0]?.text).toBe('Rain hammers the pier. A FERRY idles, its horn low and *tired*.');
    expect(actions[2]).toMatchObject({ text: 'THE LIGHT SWEEPS ONCE, TWICE.', forced: true });
    expect(actions.at(-1)).toMatchObject({ text: 'FADE OUT.', forced: false });
  });
});

describe('parseFountain on dialogue with three speakers, dual dialogue and extensions', () => {
  const screenplay = parseFountain(readFixture('interrogation.fountain'));

  it('marks the dual pair left and right', () => {
    const cues = screenplay.elements.filter((element) => element.type === 'character');
    expect(cues.map((cue) => [cue.name, cue.extension, cue.dual])).toEqual([
      ['OKAFOR', undefined, undefined],
      ['NELL', undefined, undefined],
      ['RUIZ', undefined, undefined],
      ['OKAFOR', undefined, undefined],
      ['NELL', undefined, 'left'],
      ['RUIZ', undefined, 'right'],
      ['OKAFOR', "(CONT'D)", undefined],
      ['NELL', '(V.O.)', undefined],
      ['RUIZ', '(O.S.)', undefined],
      ['OKAFOR', undefined, undefined],
    ]);
  });

  it('keeps multi-line dialogue as one element and parentheticals apart', () => {
    const last = screenplay.elements.at(-1);
    expect(last).toEqual({
      type: 'dialogue',
      text: '_Everyone_ lies in this room.\nSome of us are paid for it.',
      line: 34,
      endLine: 35,
    });
    expect(screenplay.elements[5]).toMatchObject({ type: 'parenthetical', text: '(exhausted)' });
  });
});

describe('parseFountain on a title page, sections, synopses, notes and boneyard', () => {
  const screenplay = parseFountain(readFixture('quiet-hour.fountain'));

  it('reads section depths, synopses, notes over two lines, and a boneyard holding a blank line', () => {
    expect(
      screenplay.elements.map((element) => {
        switch (element.type) {
          case 'section':
            return `section ${element.depth}: ${element.text}`;
          case 'character':
            return `character: ${element.name}`;
          case 'page_break':
            return 'page_break';
          default:
            return `${element.type}: ${element.text}`;
        }
      }),
    ).toEqual([
      'section 1: ACT ONE',
      'section 2: The Arrival',
      'synopsis: Ada arrives at the station after midnight.',
      'note: Music cue: low strings.',
      'scene_heading: EXT. TRAIN STATION - NIGHT',
      'boneyard:  Cut for time:\nEXT. PLATFORM - NIGHT\n\nA train passes.\n',
      'action: Ada steps off the last train.[[Is it raining?]] She waits.',
      'section 3: A beat of silence',
      'synopsis: Nobody comes.',
      'note: Longer note\nthat spans two lines.',
      'character: ADA',
      'dialogue: Hello?',
      'section 1: ACT TWO',
      'scene_heading: INT. STATION CAFE - LATER',
      'action: The cafe is closed.',
    ]);
    expect(screenplay.scenes).toHaveLength(2);
  });
});

describe('parseFountain: the tricky cases', () => {
  it('reads a scene heading without a blank line after it as action', () => {
    expect(only('INT. KITCHEN - DAY\nShe pours coffee.\n', 'action')).toEqual([
      { type: 'action', text: 'INT. KITCHEN - DAY\nShe pours coffee.', forced: false, line: 1, endLine: 2 },
    ]);
    expect(types('\nINT. KITCHEN - DAY\n\nShe pours coffee.\n')).toEqual(['scene_heading', 'action']);
  });

  it('does not take INTERIOR DESIGN or ESTATE SALE for a heading', () => {
    expect(types('INTERIOR DESIGN\n\nESTATE SALE\n\nEXTRA CREDIT\n')).toEqual(['action', 'action', 'action']);
    expect(types('int. kitchen - day\n\nest. city skyline\n\nINT/EXT CAR - NIGHT\n')).toEqual([
      'scene_heading',
      'scene_heading',
      'scene_heading',
    ]);
  });

  it('reads a line in capitals followed by a blank line as action, not a character', () => {
    expect(types('The door opens.\n\nSILENCE.\n\nThen footsteps.\n')).toEqual(['action', 'action', 'action']);
    expect(types('The door opens.\n\nMARA\nWho is there?\n')).toEqual(['action', 'character', 'dialogue']);
  });

  it('does not force a heading with ...', () => {
    expect(types('...\n\n...and then it rains.\n\n.INSERT - THE NOTE\n')).toEqual([
      'action',
      'action',
      'scene_heading',
    ]);
  });

  it('needs a blank line before a cue and a heading', () => {
    expect(types('She turns.\nMARA\nWho?\n')).toEqual(['action']);
  });

  it('reads transitions only with blank lines around and capitals ending in TO:', () => {
    expect(types('\nCUT TO:\n\nEXT. ROAD - DAY\n')).toEqual(['transition', 'scene_heading']);
    expect(types('\nFADE IN:\n\nEXT. ROAD - DAY\n')).toEqual(['action', 'scene_heading']);
    expect(types('\nCut to:\n\n')).toEqual(['action']);
  });

  it('keeps a deliberate blank line (two spaces) inside dialogue', () => {
    expect(only('MARA\nFirst line.\n  \nAfter a pause.\n', 'dialogue')).toEqual([
      { type: 'dialogue', text: 'First line.\n\nAfter a pause.', line: 2, endLine: 4 },
    ]);
  });

  it('reads \\r\\n and \\r line endings and tab-indented title values', () => {
    const text =
      'Title:\r\n\tTHE TIDE\r\nAuthor: Nell\r\n\r\nEXT. BEACH - DAY\r\n\r\nMARA\r\n\tWaves.\r\rNELL\rAgain.\r';
    const screenplay = parseFountain(text);
    expect(screenplay.titlePage.map(({ key, value }) => [key, value])).toEqual([
      ['Title', 'THE TIDE'],
      ['Author', 'Nell'],
    ]);
    expect(screenplay.elements.map((element) => ('text' in element ? element.text : element.type))).toEqual([
      'EXT. BEACH - DAY',
      'character',
      'Waves.',
      'character',
      'Again.',
    ]);
  });

  it('keeps an unclosed boneyard as text and reports it', () => {
    const screenplay = parseFountain('EXT. SEA - DAY\n\n/* never closed\n\nWaves.\n');
    expect(screenplay.elements.map((element) => element.type)).toEqual(['scene_heading', 'action', 'action']);
    expect(screenplay.diagnostics).toEqual([
      {
        line: 3,
        column: 1,
        severity: 'error',
        code: 'UNCLOSED_BONEYARD',
        message: 'Boneyard opened with /* is never closed with */',
      },
    ]);
  });

  it('treats boneyard over whole lines as transparent and keeps inline boneyard in the text', () => {
    expect(types('MARA\n/* (quietly) */\nHello.\n')).toEqual(['character', 'boneyard', 'dialogue']);
    expect(only('He waits /* a long time */ alone.\n', 'action')[0]?.text).toBe(
      'He waits /* a long time */ alone.',
    );
  });

  it('does not take an action line that only opens [[ for a note', () => {
    expect(types('[[ a note that never ends\n\nEXT. SEA - DAY\n')).toEqual(['action', 'scene_heading']);
  });

  it('needs a letter after @ and text after > for a forced cue or transition', () => {
    expect(types('@\n\n>\n')).toEqual(['action', 'action']);
  });

  it('reads a document with no content as an empty screenplay', () => {
    expect(parseFountain('')).toEqual({ titlePage: [], elements: [], scenes: [], diagnostics: [] });
    expect(parseFountain('\n\n   \n').elements).toEqual([]);
  });
});

describe('parseFountain on the generated 120-page screenplay', { timeout: FEATURE_TIMEOUT_MS }, () => {
  const generated = useGeneratedScreenplay(120);

  it('finds every scene heading the generator wrote', () => {
    const lines = generated.source.split('\n');
    const headingLines = lines.flatMap((line, index) =>
      /^(?:INT\.|EXT\.|INT\.\/EXT\.|I\/E\.|EST\.) |^\.[A-Z]/.test(line) && lines[index + 1] === ''
        ? [index + 1]
        : [],
    );
    const screenplay = parseFountain(generated.source);
    expect(screenplay.scenes.map((scene) => scene.line)).toEqual(headingLines);
    expect(screenplay.scenes.length).toBeGreaterThan(200);
  });

  it('reads every cue, with extensions and dual dialogue', () => {
    let inBoneyard = false;
    const lines = generated.source.split('\n').map((line) => {
      if (line.startsWith('/*')) inBoneyard = true;
      const visible = inBoneyard ? '' : line;
      if (line.endsWith('*/')) inBoneyard = false;
      return visible;
    });
    const cueLines = lines.flatMap((line, index) =>
      /^(?:MARA VOSS|ELI|DETECTIVE OKAFOR|JUNE|THE STRANGER|DR\. HALE|RUIZ|NELL|OLD MAN|KIT)(?: \(V\.O\.\)| \(O\.S\.\)| \(CONT'D\)| \^)?$/.test(
        line,
      ) && lines[index - 1] === ''
        ? [index + 1]
        : [],
    );
    const cues = parseFountain(generated.source).elements.filter((element) => element.type === 'character');
    expect(cues.map((cue) => cue.line)).toEqual(cueLines);
    expect(cues.filter((cue) => cue.dual === 'right').length).toBe(
      lines.filter((line) => line.endsWith(' ^')).length,
    );
    expect(cues.every((cue) => cue.dual !== 'right' || cues[cues.indexOf(cue) - 1]?.dual === 'left')).toBe(
      true,
    );
  });

  it('reads every element type the generator uses', () => {
    const found = new Set(parseFountain(generated.source).elements.map((element) => element.type));
    expect([...found].sort()).toEqual(
      [
        'action',
        'boneyard',
        'centered',
        'character',
        'dialogue',
        'lyrics',
        'note',
        'page_break',
        'parenthetical',
        'scene_heading',
        'section',
        'synopsis',
        'transition',
      ].sort(),
    );
  });

  it('gives the same model for the same text (deterministic)', () => {
    expect(parseFountain(generated.source)).toEqual(parseFountain(generated.source));
  });
});
