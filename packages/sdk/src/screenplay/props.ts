import { NameMatcher } from './name-matcher.js';

/** Verbs whose object is a thing in the hand, for the 'insert' template. */
const HANDLING =
  /\b(?:picks up|holds|grabs|hides|pockets|opens|pulls out|takes|lifts|drops|hands over|studies|reads|examines|clutches|slams|unfolds|loads)\s+((?:(?:a|an|the|his|her|their|its)\s+)?[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})/gi;
const STOP_WORDS = new Set([
  'and',
  'but',
  'then',
  'as',
  'while',
  'to',
  'at',
  'with',
  'from',
  'into',
  'onto',
  'of',
]);

export interface PropFinderOptions {
  /** Names of the project's prop assets, found in any case. */
  propAssets: Iterable<string>;
  /** Also take the object of a handling verb ('picks up the photograph'). */
  handledObjects: boolean;
}

/**
 * Objects named in a sentence of action besides those written in capitals (director.capitals.ts reads
 * those): the project's prop assets, and with `handledObjects` the thing a character handles.
 */
export class PropFinder {
  private readonly assets: NameMatcher;

  constructor(private readonly options: PropFinderOptions) {
    this.assets = new NameMatcher(options.propAssets, false);
  }

  find(sentence: string): string[] {
    const found = [...this.assets.find(sentence)];
    if (this.options.handledObjects) found.push(...handledObjects(sentence));
    return [...new Set(found)];
  }
}

/** Words after a handled thing that end its name: 'the ring on the counter' is the ring. */
const AFTER_THING = new Set([
  ...STOP_WORDS,
  'on',
  'in',
  'under',
  'over',
  'off',
  'up',
  'down',
  'out',
  'back',
  'for',
  'by',
  'across',
  'against',
  'away',
  'aside',
  'again',
  'around',
]);
const DETERMINERS = /^(?:a|an|the|his|her|their|its)$/i;
const PRONOUNS = /^(?:it|them|him|her|this|that|these|those|one|something|everything|nothing|anything)$/i;

/** The things a sentence handles, by their head noun in capitals: 'drops the ring on the counter' → RING. */
export function handledThings(sentence: string): string[] {
  const out: string[] = [];
  for (const match of sentence.matchAll(HANDLING)) {
    const words = (match[1] ?? '').split(/\s+/).filter((word) => !DETERMINERS.test(word));
    const end = words.findIndex((word) => AFTER_THING.has(word.toLowerCase()));
    const head = (end < 0 ? words : words.slice(0, end)).at(-1);
    if (head !== undefined && head !== '' && !PRONOUNS.test(head)) out.push(head.toUpperCase());
  }
  return out;
}

function handledObjects(sentence: string): string[] {
  const out: string[] = [];
  for (const match of sentence.matchAll(HANDLING)) {
    const words = (match[1] ?? '').split(/\s+/);
    const stop = words.findIndex((word, i) => i > 0 && STOP_WORDS.has(word.toLowerCase()));
    const phrase = (stop > 0 ? words.slice(0, stop) : words).join(' ');
    if (phrase !== '') out.push(phrase);
  }
  return out;
}
