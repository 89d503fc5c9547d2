import { parseFountain } from '@reelbench/sdk';
import { describe, expect, it } from 'vitest';
import {
  classifyFountainLines,
  type FountainLineKind,
  inlineSpans,
  isSceneHeadingText,
} from '../src/pages/script/fountain-lines.js';

/** The kinds of the text's lines, in order, separated by spaces. */
const kinds = (text: string) =>
  classifyFountainLines(text.split('\n'))
    .map((line) => line.kind)
    .join(' ');

describe('classifyFountainLines', () => {
  it('reads headings, cues, parentheticals, dialogue, transitions and action by their neighbours', () => {
    const script = [
      'INT. DINER - NIGHT',
      '',
      'Rain streaks the windows.',
      '',
      'JOE',
      '(leaning in)',
      "You're still here?",
      '',
      'CUT TO:',
      '',
      'EXT. LOT - DAY',
    ].join('\n');
    expect(kinds(script)).toBe(
      'scene-heading blank action blank character parenthetical dialogue blank transition blank scene-heading',
    );
  });

  it('knows every heading prefix, in any case, and not words that start like one', () => {
    for (const heading of ['INT. A', 'EXT. B', 'EST. C', 'INT./EXT. D', 'I/E E', 'int. kitchen']) {
      expect(isSceneHeadingText(heading)).toBe(true);
    }
    for (const other of ['INTERIOR DESIGN', 'ESTATE SALE', 'EXTRA'])
      expect(isSceneHeadingText(other)).toBe(false);
  });

  it('needs blank lines around a heading and a transition, and a line after a cue', () => {
    expect(kinds('Action.\nINT. HOUSE - DAY\nMore.')).toBe('action action action');
    expect(kinds('\nJOE\n')).toBe('blank action blank');
    expect(kinds('Text\nCUT TO:\n')).toBe('action action blank');
  });

  it('reads forced elements and reports the marker', () => {
    const lines = classifyFountainLines(
      ['.FLASHBACK', '', '@McCLANE', 'Yippee.', '', '> SMASH CUT', '', '!LOUD NOISES', '', '~Row row row']
        .join('\n')
        .split('\n'),
    );
    expect(lines.map((line) => [line.kind, line.marker])).toEqual([
      ['scene-heading', 1],
      ['blank', 0],
      ['character', 1],
      ['dialogue', 0],
      ['blank', 0],
      ['transition', 1],
      ['blank', 0],
      ['action', 1],
      ['blank', 0],
      ['lyrics', 1],
    ]);
    // '...' is not a forced heading.
    expect(kinds('...and then')).toBe('action');
  });

  it('reads centered text, sections, synopses, page breaks and notes', () => {
    expect(kinds('> THE END <\n\n## Act two\n\n= She finds it.\n\n===\n\n[[A note\nover two lines]]')).toBe(
      'centered blank section blank synopsis blank page-break blank note note',
    );
    const [section] = classifyFountainLines(['### Deep']);
    expect(section).toEqual({ kind: 'section', marker: 3 });
  });

  it('reads the title page at the very top only', () => {
    expect(kinds('Title: The Night Shift\nAuthor: Mara\n    and Joe\n\nINT. A - DAY\n')).toBe(
      'title-key title-key title-value blank scene-heading blank',
    );
    expect(kinds('Some action.\n\nTitle: not a title page')).toBe('action blank action');
  });

  it('makes a closed boneyard transparent and leaves an unclosed one as text', () => {
    expect(kinds('\n/* cut\nJOE\nHi.\n*/\nJOE\nHello.')).toBe(
      'blank boneyard boneyard boneyard boneyard character dialogue',
    );
    expect(kinds('/* never closed\n\nJOE\nHi.')).toBe('action blank character dialogue');
  });

  it('keeps dialogue going over a held blank line (two spaces)', () => {
    expect(kinds('JOE\nOne.\n  \nTwo.\n\nAction.')).toBe('character dialogue blank dialogue blank action');
  });

  it('agrees with the SDK parser on a whole script', () => {
    const script = [
      'Title: Agreement',
      'Author: Test',
      '',
      'INT. DINER - NIGHT',
      '',
      'Rain. LENA wipes the counter.',
      '',
      'JOE',
      '(leaning in)',
      'Still here?',
      '',
      'LENA (V.O.)',
      'Somebody has to close.',
      '',
      'CUT TO:',
      '',
      '.FLASHBACK',
      '',
      '> THE END <',
      '',
      '# Act two',
      '',
      '= A synopsis',
      '',
      '===',
      '',
      '[[A note]]',
    ];
    const expected: Record<string, FountainLineKind> = {
      scene_heading: 'scene-heading',
      action: 'action',
      character: 'character',
      parenthetical: 'parenthetical',
      dialogue: 'dialogue',
      transition: 'transition',
      centered: 'centered',
      section: 'section',
      synopsis: 'synopsis',
      page_break: 'page-break',
      note: 'note',
      boneyard: 'boneyard',
      lyrics: 'lyrics',
    };
    const lines = classifyFountainLines(script);
    const screenplay = parseFountain(script.join('\n'));
    expect(screenplay.elements.length).toBeGreaterThan(10);
    for (const element of screenplay.elements) {
      for (let line = element.line; line <= element.endLine; line++) {
        expect([line, lines[line - 1]?.kind]).toEqual([line, expected[element.type]]);
      }
    }
    for (const entry of screenplay.titlePage) expect(lines[entry.line - 1]?.kind).toBe('title-key');
  });
});

describe('inlineSpans', () => {
  it('finds notes, inline boneyard and emphasis', () => {
    const text = 'A *quiet* **loud** _under_ [[note]] /* cut */ end';
    const spans = inlineSpans(text).map((span) => [span.kind, text.slice(span.from, span.to)]);
    expect(spans).toEqual([
      ['italic', '*quiet*'],
      ['bold', '**loud**'],
      ['underline', '_under_'],
      ['note', '[[note]]'],
      ['boneyard', '/* cut */'],
    ]);
  });

  it('ignores escaped and unpaired markers', () => {
    expect(inlineSpans('2 \\* 3 and a lone * star and snake_case_name')).toEqual([]);
  });
});
