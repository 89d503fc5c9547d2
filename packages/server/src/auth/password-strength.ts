import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * Judged: the first this many characters (zxcvbn's matching grows fast with length; a long
 * password whose start is weak is weak, a strong start makes it strong).
 */
const JUDGED_CHARS = 64;

/** Why zxcvbn's warning makes a password easy to guess, in words. */
const WARNINGS: Record<string, string> = {
  topTen: 'it is one of the ten most used passwords',
  topHundred: 'it is one of the hundred most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is too close to a commonly used password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'names are easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: 'it contains your email address or username',
  straightRow: 'it is a row of keys',
  keyPattern: 'it is a pattern of keys',
  simpleRepeat: 'it repeats one character',
  extendedRepeat: 'it repeats a group of characters',
  sequences: 'it is a sequence like abc or 123',
  recentYears: 'it is a recent year',
  dates: 'it is a date',
  l33t: 'swapping letters for look-alike symbols is well known',
  reverseWords: 'a reversed word is easy to guess',
  pwned: 'it appeared in a data breach',
};

let estimator: ZxcvbnFactory | undefined;

/**
 * Null when `password` is strong enough (zxcvbn score at least `minScore`, with the common-password
 * and diceware lists and the user's own email and name counted as known words); else the reason, a
 * sentence for the registration form. Synchronous and up to a tenth of a second: it runs off the
 * event loop (workers/off-thread.ts).
 */
export function passwordWeakness(input: {
  password: string;
  userInputs: string[];
  minScore: number;
}): string | null {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const result = estimator.check(input.password.slice(0, JUDGED_CHARS), input.userInputs);
  if (result.score >= input.minScore) return null;
  const why = (result.feedback.warning && WARNINGS[result.feedback.warning]) || 'it is too easy to guess';
  return `Too easy to guess: ${why}. Use a longer phrase of unrelated words`;
}
