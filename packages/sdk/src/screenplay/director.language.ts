import model from 'wink-eng-lite-web-model';
import winkNLP, { type PartOfSpeech } from 'wink-nlp';

/**
 * The director's part-of-speech tagger: wink-nlp with its English lite model (offline, a few hundred
 * kilobytes of model, about 0.05 ms a sentence). It is built on first use, so importing the screenplay
 * engine (to validate or analyse a script) costs nothing, and bundlers leave it out of code that never
 * directs a scene.
 */
export type { PartOfSpeech };

export interface TaggedWord {
  /** The token in lower case. */
  word: string;
  pos: PartOfSpeech;
}

type Tagger = ReturnType<typeof winkNLP>;

let tagger: Tagger | undefined;
const cache = new Map<string, TaggedWord[]>();
const CACHE_LIMIT = 20_000;

function instance(): Tagger {
  tagger ??= winkNLP(model, ['pos']);
  return tagger;
}

/**
 * Tags a sentence. Screenplay capitals ('the phone RINGS') confuse any tagger trained on prose, so
 * the caller passes the sentence as prose would write it (see `proseCase`).
 */
export function tagSentence(sentence: string): TaggedWord[] {
  const cached = cache.get(sentence);
  if (cached) return cached;
  const nlp = instance();
  const tokens = nlp.readDoc(sentence).tokens();
  const words = tokens.out(nlp.its.value) as string[];
  const tags = tokens.out(nlp.its.pos) as PartOfSpeech[];
  const tagged = words.map((word, i) => ({ word: word.toLowerCase(), pos: tags[i] ?? 'X' }));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(sentence, tagged);
  return tagged;
}

/** 'A DOG BARKS below.' → 'A dog barks below.': words in capitals lowered, the first letter kept. */
export function proseCase(sentence: string): string {
  return sentence.replace(/\p{Lu}[\p{Lu}'’-]+/gu, (word, offset: number) =>
    offset === 0 ? word.charAt(0) + word.slice(1).toLowerCase() : word.toLowerCase(),
  );
}

export function isVerb(pos: PartOfSpeech): boolean {
  return pos === 'VERB' || pos === 'AUX';
}

export function isNoun(pos: PartOfSpeech): boolean {
  return pos === 'NOUN' || pos === 'PROPN';
}
