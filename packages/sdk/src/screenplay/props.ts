import { NameMatcher } from './name-matcher.js';

/** Capitalised words in action that are screenplay shorthand, not objects. */
const NOT_PROPS = new Set([
  'A',
  'I',
  'OK',
  'TV',
  'POV',
  'V.O.',
  'O.S.',
  'O.C.',
  "CONT'D",
  'INT',
  'EXT',
  'CU',
  'ECU',
  'OTS',
  'SFX',
  'VFX',
  'MOS',
  'ANGLE',
  'CLOSE',
  'WIDE',
  'BACK',
  'TO',
  'ON',
  'FADE',
  'CUT',
  'SMASH',
  'DISSOLVE',
  'SUPER',
  'TITLE',
  'INSERT',
  'FLASHBACK',
  'MONTAGE',
  'END',
  'THE',
]);

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

/** No phrase in capitals without two capitals in a row: most action lines are skipped at once. */
const TWO_CAPITALS = /\p{Lu}\p{Lu}/u;

function isCapsWord(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** '"REVOLVER,' → 'REVOLVER', 'DR.' → 'DR.': no punctuation before, only dots and apostrophes after. */
function cleanWord(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && !LETTER_OR_DIGIT.test(word.charAt(start))) start++;
  while (end > start && !/[\p{L}\p{N}'.]/u.test(word.charAt(end - 1))) end--;
  return word.slice(start, end);
}

export interface PropFinderOptions {
  /** Normalised names of the script's characters: a name in capitals is a person, not a prop. */
  characters: Iterable<string>;
  /** Names of the project's prop assets, found in any case. */
  propAssets: Iterable<string>;
  /** Also take the object of a handling verb ('picks up the photograph'). */
  handledObjects: boolean;
}

/**
 * Props named in a sentence of action: a noun phrase in capitals ('the REVOLVER'), a prop asset
 * of the project, and with `handledObjects` the thing a character handles.
 */
export class PropFinder {
  private readonly characters: Set<string>;
  private readonly assets: NameMatcher;

  constructor(private readonly options: PropFinderOptions) {
    this.characters = new Set(options.characters);
    this.assets = new NameMatcher(options.propAssets, false);
  }

  find(sentence: string): string[] {
    const found = [...this.assets.find(sentence)];
    if (TWO_CAPITALS.test(sentence) && !isAllCaps(sentence)) found.push(...this.capitalPhrases(sentence));
    if (this.options.handledObjects) found.push(...handledObjects(sentence));
    return [...new Set(found)];
  }

  private capitalPhrases(sentence: string): string[] {
    const words = sentence.split(/\s+/);
    const phrases: string[] = [];
    let run: string[] = [];
    const close = (next: string | undefined) => {
      const phrase = run.join(' ').replace(/\.$/, '');
      const introducesPerson = next?.startsWith('(') === true;
      if (run.length > 0 && !introducesPerson && !this.isCharacter(phrase)) phrases.push(phrase);
      run = [];
    };
    words.forEach((raw, index) => {
      const word = cleanWord(raw);
      if (!isCapsWord(word) || NOT_PROPS.has(word)) {
        close(raw);
        return;
      }
      run.push(word);
      const next = words[index + 1];
      // 'DR. HALE' goes on past the dot; 'the REVOLVER. She' ends there.
      const ends = /[,;:!?]$/.test(raw) || (word.endsWith('.') && !isCapsWord(cleanWord(next ?? '')));
      if (ends) close(next);
    });
    close(undefined);
    return phrases;
  }

  /** 'STRANGER' written for THE STRANGER is the character too. */
  private isCharacter(phrase: string): boolean {
    if (this.characters.has(phrase)) return true;
    for (const name of this.characters) if (` ${name} `.includes(` ${phrase} `)) return true;
    return false;
  }
}

function isAllCaps(text: string): boolean {
  return text === text.toUpperCase();
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
