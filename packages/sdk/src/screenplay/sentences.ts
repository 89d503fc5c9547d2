const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'jr',
  'sr',
  'det',
  'lt',
  'sgt',
  'capt',
  'col',
  'gen',
  'prof',
  'rev',
  'vs',
  'no',
  'mt',
  'ft',
]);

/** The longest abbreviation above, with an opening quote or bracket. */
const MAX_ABBREVIATION = 5;

function isSentenceEnd(code: number): boolean {
  return code === 46 || code === 33 || code === 63 || code === 0x2026;
}

function isClosing(code: number): boolean {
  return code === 34 || code === 39 || code === 41 || code === 0x201d || code === 0x2019;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10;
}

/** 'Dr.' and the initial in 'J. Smith' do not end a sentence. */
function endsWithAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && dot - start <= MAX_ABBREVIATION && !isSpace(text.charCodeAt(start - 1))) start--;
  if (dot - start > MAX_ABBREVIATION) return false;
  const word = text.slice(start, dot).replace(/^[("'“‘]+/, '');
  if (word.length === 1 && word >= 'A' && word <= 'Z') return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

/** [start, end) offsets of a sentence in its text, surrounding spaces excluded. */
export type TextRange = readonly [number, number];

/**
 * Finds the sentences of a text as written (markup kept): a sentence ends at '.', '!', '?' or '…'
 * (with any closing quotes or brackets) followed by a space, and at every line break.
 */
export function sentenceRanges(text: string): TextRange[] {
  const out: TextRange[] = [];
  let start = 0;
  const push = (end: number) => {
    let from = start;
    let to = end;
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    if (to > from) out.push([from, to]);
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) {
      push(i);
      continue;
    }
    if (!isSentenceEnd(code)) continue;
    let end = i + 1;
    while (end < text.length && (isSentenceEnd(text.charCodeAt(end)) || isClosing(text.charCodeAt(end))))
      end++;
    const atBoundary = end === text.length || isSpace(text.charCodeAt(end));
    if (atBoundary && !(code === 46 && end === i + 1 && endsWithAbbreviation(text, i))) push(end);
    i = end - 1;
  }
  push(text.length);
  return out;
}

/** Cuts a range into pieces of at most `words` words each. */
export function splitByWords(text: string, [start, end]: TextRange, words: number): TextRange[] {
  const pieces: TextRange[] = [];
  let pieceStart = -1;
  let wordEnd = start;
  let count = 0;
  let i = start;
  while (i < end) {
    while (i < end && isSpace(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const wordStart = i;
    while (i < end && !isSpace(text.charCodeAt(i))) i++;
    wordEnd = i;
    if (pieceStart < 0) pieceStart = wordStart;
    count++;
    if (count === words) {
      pieces.push([pieceStart, wordEnd]);
      pieceStart = -1;
      count = 0;
    }
  }
  if (pieceStart >= 0) pieces.push([pieceStart, wordEnd]);
  return pieces;
}
