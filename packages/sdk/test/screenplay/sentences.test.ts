import { describe, expect, it } from 'vitest';
import { sentenceRanges, splitByWords } from '../../src/screenplay/sentences.js';

function splitSentences(text: string): string[] {
  return sentenceRanges(text).map(([start, end]) => text.slice(start, end));
}

describe('splitSentences', () => {
  it.each([
    {
      title: 'splits at . ! ? and … followed by a space, and at line breaks',
      text: 'He runs. She waits! Why? Later… Gone\nNext line',
      sentences: ['He runs.', 'She waits!', 'Why?', 'Later…', 'Gone', 'Next line'],
    },
    {
      title: 'keeps abbreviations, initials, closing quotes and ellipses with their sentence',
      text: 'Dr. Hale meets J. Smith. "Go now." She leaves... Then silence.',
      sentences: ['Dr. Hale meets J. Smith.', '"Go now."', 'She leaves...', 'Then silence.'],
    },
    {
      title: 'keeps markup as written',
      text: 'She is **not** ready. _Ever._',
      sentences: ['She is **not** ready.', '_Ever._'],
    },
  ])('$title', ({ text, sentences }) => {
    expect(splitSentences(text)).toEqual(sentences);
  });
});

describe('splitByWords', () => {
  it('cuts a range into pieces of at most n words, each a range of the text', () => {
    const text = '  one two three four five  ';
    const pieces = splitByWords(text, [0, text.length], 2).map(([start, end]) => text.slice(start, end));
    expect(pieces).toEqual(['one two', 'three four', 'five']);
  });
});
