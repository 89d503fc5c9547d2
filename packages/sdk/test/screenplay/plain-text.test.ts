import { describe, expect, it } from 'vitest';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import type { Screenplay } from '../../src/screenplay/fountain.types.js';
import { parsePlainText, toPlainText } from '../../src/screenplay/plain-text.js';
import { readFixture } from './screenplay-fixtures.js';

function summary(screenplay: Screenplay): string[] {
  return screenplay.elements.map((element) => {
    switch (element.type) {
      case 'scene_heading':
        return `heading ${element.sceneNumber ?? '-'} ${element.text}`;
      case 'character':
        return `cue ${element.name}${element.extension ? ` ${element.extension}` : ''}`;
      case 'page_break':
        return 'page_break';
      default:
        return `${element.type} ${element.text}`;
    }
  });
}

describe('parsePlainText on a script pasted from a PDF', () => {
  const screenplay = parsePlainText(readFixture('last-ferry.txt'));

  it('reads the title page before FADE IN:', () => {
    expect(screenplay.titlePage.map(({ key, value, line }) => [key, value, line])).toEqual([
      ['Title', 'THE LAST FERRY', 1],
      ['Credit', 'Written by', 3],
      ['Author', 'Ada Quill', 5],
    ]);
  });

  it('reads indented cues, joins wrapped lines and drops page numbers and (MORE)', () => {
    expect(summary(screenplay)).toEqual([
      'transition FADE IN:',
      'heading 1 EXT. HARBOR - NIGHT',
      'action Rain hammers the pier. A ferry idles at the dock, its horn low and tired.',
      'cue JUNE (V.O.)',
      'dialogue I always take the last boat. It is quieter.',
      'heading 2 INT. FERRY CABIN - CONTINUOUS',
      'action June shakes out her umbrella.',
      'cue ELI',
      'parenthetical (without looking up, not unkindly)',
      'dialogue You dropped something. It looks like a key.',
      "cue ELI (CONT'D)",
      'dialogue Is it yours?',
      'cue JUNE',
      'dialogue NO.',
      'transition CUT TO:',
    ]);
    expect(screenplay.elements[3]).toMatchObject({ line: 16, endLine: 16 });
    expect(screenplay.elements[4]).toMatchObject({ line: 17, endLine: 18 });
  });
});

describe('parsePlainText without indentation', () => {
  it('falls back to blank-line rules and keeps the lines as typed', () => {
    const text =
      'INT. KITCHEN - DAY\n\nShe pours coffee.\nIt is cold.\n\nMARA\nWhere were you?\nOut.\n\nCUT TO:\n';
    expect(summary(parsePlainText(text))).toEqual([
      'heading - INT. KITCHEN - DAY',
      'action She pours coffee.\nIt is cold.',
      'cue MARA',
      'dialogue Where were you?\nOut.',
      'transition CUT TO:',
    ]);
  });

  it('reads an empty text as an empty screenplay', () => {
    expect(parsePlainText('').elements).toEqual([]);
  });
});

describe('toPlainText', () => {
  it('lays a script out with the standard indents', () => {
    const text = toPlainText(parseFountain(readFixture('interrogation.fountain')));
    const lines = text.split('\n');
    expect(lines.slice(0, 8)).toEqual([
      'INT. INTERROGATION ROOM - NIGHT',
      '',
      'A bare table under a humming light. Okafor, Ruiz and Nell',
      'sit in silence.',
      '',
      '                    OKAFOR',
      '          Start from the beginning.',
      '',
    ]);
    expect(lines).toContain('               (exhausted)');
    expect(text).not.toContain('_');
  });

  it('reads back what it writes: headings, cues and dialogue', () => {
    const original = parseFountain(readFixture('night-ferry.fountain'));
    const back = parsePlainText(toPlainText(original));
    const words = (screenplay: Screenplay) =>
      summary(screenplay)
        .filter((line) => /^(heading|cue|dialogue|parenthetical)/.test(line))
        .map((line) => (line.startsWith('cue') ? line.toUpperCase() : line));
    // A forced heading with no INT./EXT. ('.BLACK') has no plain-text form: it reads back as action.
    expect(words(back)).toEqual(words(original).filter((line) => line !== 'heading - BLACK'));
    expect(back.titlePage.map(({ key }) => key)).toEqual(['Title', 'Credit', 'Author', 'Draft date']);
  });
});
