import { describe, expect, it } from 'vitest';
import { countWords, emphasisSpans, plainText, stripEmphasis } from '../../src/screenplay/emphasis.js';

describe('emphasisSpans', () => {
  it('finds italic, bold, bold italic and underline, on offsets of the stripped text', () => {
    expect(emphasisSpans('A *b* **c** ***d*** _e_ f')).toEqual({
      text: 'A b c d e f',
      spans: [
        { start: 2, end: 3, bold: false, italic: true, underline: false },
        { start: 4, end: 5, bold: true, italic: false, underline: false },
        { start: 6, end: 7, bold: true, italic: true, underline: false },
        { start: 8, end: 9, bold: false, italic: false, underline: true },
      ],
    });
  });

  it('nests underline around bold, as Fountain title pages write it', () => {
    expect(emphasisSpans('_**THE LEDGER**_')).toEqual({
      text: 'THE LEDGER',
      spans: [{ start: 0, end: 10, bold: true, italic: false, underline: true }],
    });
  });

  it('leaves unpaired, spaced and escaped markers as text', () => {
    expect(stripEmphasis('5 * 3 = 15')).toBe('5 * 3 = 15');
    expect(stripEmphasis('a *b')).toBe('a *b');
    expect(stripEmphasis('\\*not italic\\*')).toBe('*not italic*');
    expect(stripEmphasis('snake_case_name')).toBe('snake_case_name');
    expect(stripEmphasis('C:\\Users\\mara')).toBe('C:\\Users\\mara');
    expect(stripEmphasis('****')).toBe('****');
  });

  it('never pairs markers across lines', () => {
    expect(emphasisSpans('*one\ntwo*')).toEqual({ text: '*one\ntwo*', spans: [] });
    expect(emphasisSpans('*one*\n*two*').spans).toEqual([
      { start: 0, end: 3, bold: false, italic: true, underline: false },
      { start: 4, end: 7, bold: false, italic: true, underline: false },
    ]);
  });
});

describe('plainText and countWords', () => {
  it('drops inline notes, inline boneyard and emphasis', () => {
    expect(plainText('She *waits*.[[Is it raining?]] /* cut */Then **runs**.')).toBe('She waits. Then runs.');
    expect(plainText('An [[unclosed note')).toBe('An [[unclosed note');
  });

  it('counts words holding a letter or digit', () => {
    expect(countWords('Where were you — at 9? ...')).toBe(5);
    expect(countWords('  \n\t ')).toBe(0);
    expect(countWords("Don't go.\nNow!")).toBe(3);
  });
});
