import { describe, expect, it } from 'vitest';
import { sentenceRanges, splitByWords } from '../../src/screenplay/sentences.js';

function splitSentences(text: string): string[] {
  return sentenceRanges(text).map(([start, end]) => text.slice(start, end));
}

describe('splitSentences', () => {
  it('splits at . ! ? and … followed by a space, and at line breaks', () => {
    expect(splitSentences('He runs. She waits! Why? Later… Gone\nNext line')).toEqual([
      'He runs.',
      'She waits!',
      'Why?',
      'Later…',
      'Gone',
      'Next line',
    ]);
  });

  it('keeps abbreviations, initials, closing quotes and ellipses with their sentence', () => {
    expect(splitSentences('Dr. Hale meets J. Smith. "Go now." She leaves... Then silence.')).toEqual([
      'Dr. Hale meets J. Smith.',
      '"Go now."',
      'She leaves...',
      'Then silence.',
    ]);
  });

  it('keeps markup as written', () => {
    expect(splitSentences('She is **not** ready. _Ever._')).toEqual(['She is **not** ready.', '_Ever._']);
  });
});

describe('splitByWords', () => {
  it('cuts a range into pieces of at most n words, each a range of the text', () => {
    const text = '  one two three four five  ';
    const pieces = splitByWords(text, [0, text.length], 2).map(([start, end]) => text.slice(start, end));
    expect(pieces).toEqual(['one two', 'three four', 'five']);
  });
});
