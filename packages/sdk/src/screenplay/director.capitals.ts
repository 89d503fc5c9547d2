import { isNoun, isVerb, proseCase, type TaggedWord, tagSentence } from './director.language.js';

/**
 * Capitals in action mean three things (FILM.md): a character's first appearance ('MARA QUINN (30s),
 * soaked'), an object that matters ('the LETTER') or a sound ('a DOOR SLAMS'); writers also capitalise
 * camera directions ('we PUSH IN'). This module reads each run of capitals in a sentence and says which.
 */

/** The camera's vocabulary: a run of capitals starting with one of these is a direction, never a thing. */
const CAMERA_TERMS =
  /^(?:PUSH(?:ES|ING)? (?:IN|OUT)|PULL(?:S|ING)? (?:BACK|OUT|AWAY)|PAN(?:S|NING)?|TILT(?:S|ING)?|ZOOM(?:S|ING)?|DOLLY|DOLLIES|TRACK(?:S|ING)?|CRANE(?:S)?|RACK FOCUS|FOCUS|LOOK(?:S|ING)? (?:UP|DOWN)|ANGLE|ANGLES|CLOSE ON|CLOSE UP|CLOSE-UP|CLOSEUP|WIDE|WIDER|POV|INSERT|FREEZE FRAME|FREEZE|SLOW MOTION|SLO-MO|SLOW-MO|SPLIT SCREEN|OFF SCREEN|ON SCREEN|OFFSCREEN|ONSCREEN|O\.S\.|O\.C\.|V\.O\.|CONT'D|MOS|SFX|VFX|CU|ECU|OTS|INT|EXT|SUPER|TITLE|FLASHBACK|MONTAGE|INTERCUT|CONTINUOUS|BACK TO SCENE|REVERSE|OVERHEAD|AERIAL|HANDHELD|STEADICAM)\b/;

/**
 * Nouns that name a sound: in capitals they are the sound itself, acting or not ('A KNOCK at the
 * door.', 'A SCREAM echoes down the hall.', 'FOOTSTEPS overhead.'). Words that are as often a thing
 * handled ('RING', 'BELL', 'WHISTLE', 'HORN', 'ALARM') are left to the grammar.
 */
const SOUND_NOUNS =
  /^(?:KNOCK|KNOCKS|KNOCKING|BANG|BANGS|BANGING|CRASH|CRASHES|THUD|THUDS|THUMP|THUMPS|THUMPING|SCREAM|SCREAMS|SCREAMING|SHRIEK|SHRIEKS|SCREECH|GUNSHOT|GUNSHOTS|GUNFIRE|EXPLOSION|EXPLOSIONS|BLAST|THUNDER|THUNDERCLAP|CRACK|SLAM|SPLASH|RUMBLE|ROAR|HISS|CREAK|CREAKS|CREAKING|SNAP|BOOM|WAIL|HOWL|HOWLING|BARKING|FOOTSTEPS|LAUGHTER|APPLAUSE|MUSIC|STATIC|FEEDBACK|SIREN|SIRENS|CLATTER|CLANG|CLANK|CLICK|CLICKS|BEEP|BEEPS|BEEPING|BUZZ|BUZZING|WHOOSH|SOBBING|SOBS|GASP|GASPS|SHOUTS|SHOUTING|YELLS|CHEERS|CHEERING|POUNDING|TICKING|DRIPPING|RINGING|SILENCE)$/;

/** Determiners and possessives that may open a noun phrase in capitals ('THE', 'HER'). */
const NOUN_PHRASE_OPENERS = new Set(['A', 'AN', 'THE', 'HIS', 'HER', 'THEIR', 'ITS', 'OUR', 'MY', 'YOUR']);

/** '(30s)', '(8)', '(late 40s)', '(mid-twenties)': an age after a name introduces a character. */
const AGE =
  /^\((?:[^()]*\d[^()]*|[^()]*(?:teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)[^()]*)\)/i;
const AGE_AFTER_COMMA =
  /^,\s*(?:\d{1,2}s?|(?:early|mid|late)[- ]\d{1,2}s|[a-z-]*(?:teens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))\b/i;

export type CapitalsKind = 'person' | 'prop' | 'sound' | 'camera';

export interface CapitalsRun {
  kind: CapitalsKind;
  /** The run as written, without a leading determiner: 'OLD WOMAN', 'BRASS KEY', 'DOOR SLAMS'. */
  text: string;
  /** For a person: introduced here (an age follows, or it opens the sentence and acts). */
  intro: boolean;
  /** Where it stands in its clause: before the verb (the one acting) or after it. */
  role: 'subject' | 'object';
}

export interface SentenceCapitals {
  runs: CapitalsRun[];
  /** The sentence is a sound and nothing to see ('A FOGHORN MOANS somewhere out in the dark.'). */
  soundOnly: boolean;
}

interface RawRun {
  words: string[];
  /** Index of the run's first word among the sentence's words. */
  at: number;
  /** What follows the run in the sentence, as written. */
  after: string;
}

function letters(word: string): string {
  return word.replace(/[^\p{L}]/gu, '');
}

/** A word in capitals: two letters or more, none lower case ('DR.', "O'BRIEN", 'X-RAY'). */
export function isCapitalsWord(word: string): boolean {
  const only = letters(word);
  return only.length >= 2 && only === only.toUpperCase() && only !== only.toLowerCase();
}

function cleanWord(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+/u, '').replace(/[^\p{L}\p{N}'.]+$/u, '');
}

/** Titles written with a dot before a name: 'MRS. O'HARA', 'DR. HALE', 'SGT. PIKE' are one run. */
const NAME_TITLES = new Set([
  'MR',
  'MRS',
  'MS',
  'MISS',
  'DR',
  'PROF',
  'REV',
  'FR',
  'SGT',
  'CPL',
  'LT',
  'CAPT',
  'CPT',
  'COL',
  'GEN',
  'MAJ',
  'DET',
  'INSP',
  'ST',
  'SR',
  'JR',
]);

/** 'DR.', 'MRS.', 'SGT.': a title written with its dot before a name. */
export function isNameTitle(word: string): boolean {
  return word.endsWith('.') && NAME_TITLES.has(word.slice(0, -1));
}

/** Runs of consecutive words in capitals; punctuation other than a dot after an initial ends a run. */
function capitalRuns(sentence: string): RawRun[] {
  const words = sentence.split(/\s+/).filter((word) => word !== '');
  const runs: RawRun[] = [];
  let current: string[] = [];
  let start = 0;
  const close = (index: number) => {
    if (current.length > 0) runs.push({ words: current, at: start, after: words.slice(index).join(' ') });
    current = [];
  };
  words.forEach((raw, index) => {
    const word = cleanWord(raw);
    const opensQuote = /^["“(]/.test(raw) && current.length > 0;
    if (!isCapitalsWord(word) || opensQuote) {
      close(index);
      return;
    }
    if (current.length === 0) start = index;
    const next = words[index + 1] ?? '';
    const title = isNameTitle(word) && isCapitalsWord(cleanWord(next));
    current.push(title ? word : word.replace(/\.$/, word.length <= 3 ? '.' : ''));
    const ends =
      /[,;:!?)"”]$/.test(raw) || (raw.endsWith('.') && !title && !(raw.length <= 3 && isCapitalsWord(next)));
    if (ends) close(index + 1);
  });
  close(words.length);
  return runs;
}

export interface CapitalsReaderOptions {
  /** Is this (a run in capitals, normalised) one of the script's characters, or an alias of one? */
  isCharacter: (name: string) => boolean;
  /** Is this written elsewhere in the script as something handled or looked at (an object)? */
  isThing?: (name: string) => boolean;
}

const PERSON_PRONOUN = /^(?:he|she|him|her|his|hers|they|them|their|theirs|himself|herself|themselves)$/;
const THING_PRONOUN = /^(?:it|its|itself)$/;

/** The first personal pronoun after the run, in its sentence or the next: 'its horn' is a thing's. */
function pronounAfter(text: string): 'person' | 'thing' | null {
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (PERSON_PRONOUN.test(word)) return 'person';
    if (THING_PRONOUN.test(word)) return 'thing';
  }
  return null;
}

/**
 * Reads the capitals of an action sentence. A part-of-speech tagger tells verbs from nouns (a run that
 * holds a verb is a sound: 'SLAMS', 'RINGING'); the sentence's grammar tells who acts (the subject)
 * from what is acted on (the object); the screenplay's conventions do the rest (an age after a name,
 * the characters who speak).
 */
export class CapitalsReader {
  private readonly cache = new Map<string, SentenceCapitals>();

  constructor(private readonly options: CapitalsReaderOptions) {}

  /** Forgets what was read: the script's characters or objects changed. */
  forget(): void {
    this.cache.clear();
  }

  /** `following` is the rest of the paragraph, where a pronoun may say whether a subject is a person. */
  read(sentence: string, following = ''): SentenceCapitals {
    if (!/\p{Lu}\p{Lu}/u.test(sentence)) return { runs: [], soundOnly: false };
    const key = `${sentence}\u0000${/^\s*\p{L}+/u.exec(following)?.[0] ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const read = this.readUncached(sentence, following);
    this.cache.set(key, read);
    return read;
  }

  private readUncached(sentence: string, following: string): SentenceCapitals {
    if (!/\p{Lu}\p{Lu}/u.test(sentence)) return { runs: [], soundOnly: false };
    const raws = capitalRuns(sentence);
    if (raws.length === 0) return { runs: [], soundOnly: false };
    const words = sentence.split(/\s+/).filter((word) => word !== '');
    const tags = alignTags(words, tagSentence(proseCase(sentence)));
    const clauseHasVerb = tags.some((pos, i) => pos !== undefined && isVerb(pos) && !inRun(raws, i));
    const runs = raws.flatMap((raw) => this.classify(raw, words, tags, clauseHasVerb, following));
    const soundOnly =
      runs.length > 0 &&
      runs.every((run) => run.kind === 'sound' || run.kind === 'camera') &&
      runs.some((run) => run.kind === 'sound') &&
      runs.every((run) => run.role === 'subject' || run.kind === 'camera');
    return { runs, soundOnly };
  }

  private classify(
    raw: RawRun,
    words: string[],
    tags: (TaggedWord['pos'] | undefined)[],
    clauseHasVerb: boolean,
    following: string,
  ): CapitalsRun[] {
    let body = raw.words;
    let at = raw.at;
    while (body.length > 1 && NOUN_PHRASE_OPENERS.has(body[0] as string)) {
      body = body.slice(1);
      at++;
    }
    const text = body.join(' ');
    const role = isSubject(words, tags, raw.at) ? 'subject' : 'object';
    if (CAMERA_TERMS.test(text) || /^WE\b/.test(text)) return [{ kind: 'camera', text, intro: false, role }];
    const own = body.map((_, k) => tags[at + k]);
    const name = text.replace(/['’]S$/, '');
    const introduced = AGE.test(raw.after) || AGE_AFTER_COMMA.test(raw.after);
    if (this.options.isCharacter(name) || introduced) {
      return [{ kind: 'person', text: name, intro: introduced, role }];
    }
    const lastCapital = body[body.length - 1] ?? '';
    if (SOUND_NOUNS.test(lastCapital) && !NOUN_PHRASE_OPENERS.has(lastCapital))
      return [{ kind: 'sound', text, intro: false, role }];
    // 'On the floor: a HOSPITAL BRACELET, snapped.': what a colon presents is what the shot shows.
    if (presented(words, raw.at)) return [{ kind: 'prop', text, intro: false, role: 'object' }];
    // 'a SET OF KEYS', 'a BOX OF MATCHES', "a CHILD'S DRAWING": after OF or a possessive comes a
    // noun, whatever the tagger says of it.
    if (
      (body.length >= 3 && body.slice(1, -1).includes('OF')) ||
      body.slice(0, -1).some((word) => /['’]S$/.test(word))
    )
      return [{ kind: 'prop', text, intro: false, role }];
    // After a determiner the run is a noun phrase ('a FLARE GUN'), unless it ends on a verb
    // ('a DOOR SLAMS'); without one, any verb makes it a sound ('She LAUGHS', 'RINGING').
    const before = tags[at - 1];
    const determined = body !== raw.words || before === 'DET';
    const lastPos = own[own.length - 1];
    const lastIsVerb = lastPos !== undefined && isVerb(lastPos);
    if (
      (lastIsVerb && (body.length > 1 || !determined)) ||
      (!determined && own.some((pos) => pos !== undefined && isVerb(pos)))
    ) {
      return [{ kind: 'sound', text, intro: false, role }];
    }
    // A clause needs a verb: 'The phone RINGS', 'Somewhere a DOOR SLAMS', 'Gulls SCREAM' read as nouns.
    const lastWord = body[body.length - 1] ?? '';
    // 'Gulls SCREAM': right after a noun; 'a mirror ball, PARTYGOERS …' starts the list's next item.
    const afterNoun =
      before !== undefined && (isNoun(before) || before === 'PRON') && !/[,;:]$/.test(words[at - 1] ?? '');
    // 'RINGING' is a verb's form; 'RING', 'WING', 'STRING' only end like one (no vowel before ING).
    // 'Two BLACK SUVS', 'the RUSTED GATES': counted or described, the -S is a plural noun's.
    const plural = before === 'NUM' || own[own.length - 2] === 'ADJ';
    const inflected =
      (/(?:S|ED)$/.test(lastWord) && !/SS$/.test(lastWord) && !(plural && lastWord.endsWith('S'))) ||
      /[AEIOUY]\p{Lu}*ING$/u.test(lastWord);
    if (
      !clauseHasVerb &&
      ((inflected && (body.length > 1 || afterNoun)) || (body.length === 1 && afterNoun))
    ) {
      return [{ kind: 'sound', text, intro: false, role: 'subject' }];
    }
    const head = own[own.length - 1];
    if (head !== undefined && !isNoun(head) && head !== 'ADJ' && head !== 'NUM' && head !== 'X') {
      // An adverb or an exclamation in capitals ('SUDDENLY', 'BANG'): a sound at most, never a thing.
      return head === 'INTJ' ? [{ kind: 'sound', text, intro: false, role }] : [];
    }
    // Something in capitals that acts ('A BELL clangs', 'A FERRY idles') is a thing in the place,
    // unless the writer describes it as a person: an aside after the name ('OLD WOMAN, bent double,')
    // or the next sentence going on about them ('She ...').
    const handled = this.options.isThing?.(text) === true;
    // 'A WEDDING RING, black with silt.': a thing handled in the story, named with no verb, is what
    // the shot shows (an insert), not a thing acting in the place.
    if (handled && !clauseHasVerb) return [{ kind: 'prop', text, intro: false, role: 'object' }];
    if (role === 'subject' && !handled) {
      const lastWord = words[raw.at + raw.words.length - 1] ?? '';
      const aside = raw.at <= 1 && lastWord.endsWith(',') && /^\p{Ll}/u.test(raw.after);
      const next = /^\s*(\p{L}+)/u.exec(following)?.[1]?.toLowerCase() ?? '';
      if (aside || (PERSON_PRONOUN.test(next) && pronounAfter(raw.after) !== 'thing'))
        return [{ kind: 'person', text: name, intro: true, role }];
    }
    return [{ kind: 'prop', text, intro: false, role }];
  }
}

/**
 * The run comes right after a colon that sets it out ('Inside: a dead SPARROW'), at most three words in
 * lower case (a determiner, what it is like) between; the colon ends a lead-in, not the sentence's start.
 */
function presented(words: string[], at: number): boolean {
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    const word = words[i] as string;
    if (word.endsWith(':')) return at > 1;
    if (!/^\p{Ll}[\p{Ll}'’-]*$/u.test(word)) return false;
  }
  return false;
}

function inRun(runs: RawRun[], index: number): boolean {
  return runs.some((run) => index >= run.at && index < run.at + run.words.length);
}

/**
 * The tagger's part of speech for each word of the sentence as split on spaces. The tagger splits
 * punctuation off ('soaked,' → 'soaked' ','), so tokens are matched to words in order.
 */
function alignTags(words: string[], tagged: TaggedWord[]): (TaggedWord['pos'] | undefined)[] {
  const out: (TaggedWord['pos'] | undefined)[] = [];
  let t = 0;
  for (const raw of words) {
    const word = cleanWord(raw).toLowerCase().replace(/\.$/, '');
    let found: TaggedWord['pos'] | undefined;
    for (let look = t; look < tagged.length && look < t + 6; look++) {
      const token = tagged[look] as TaggedWord;
      if (token.word.replace(/\.$/, '') === word || (word !== '' && token.word.startsWith(word))) {
        found = token.pos;
        t = look + 1;
        break;
      }
    }
    out.push(found);
  }
  return out;
}

/**
 * A run stands as the subject when only openers (determiners, numbers, adjectives, an adverb such as
 * 'Somewhere') come between it and the start of its clause.
 */
function isSubject(words: string[], tags: (TaggedWord['pos'] | undefined)[], at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const raw = words[i] as string;
    const pos = tags[i];
    if (/[,;:]$/.test(raw) || pos === 'CCONJ' || pos === 'SCONJ') return true;
    if (pos === 'DET' || pos === 'NUM' || pos === 'ADJ' || pos === 'ADV') continue;
    return false;
  }
  return true;
}

/** 'KEY' after 'BRASS KEY' is the same object. */
export function sameObject(a: string, b: string): boolean {
  return a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
}
