import type { FramingType, StyleGuide } from '../contract/index.js';
import type { Delivery } from './director.reading.js';
import { PARENTHETICAL_PAUSE_SECONDS, SPEAKING_WORDS_PER_SECOND } from './director.rules.js';
import { countWords, plainText } from './emphasis.js';
import type { CharacterElement, ScriptElement } from './fountain.types.js';
import { ELEMENT_WIDTHS, SECONDS_PER_LINE, wrappedLineCount } from './page-model.js';
import { sentenceRanges } from './sentences.js';

export interface Speech {
  cue: CharacterElement;
  /** Who speaks, as the roster names them (a joint cue has several). */
  speakers: string[];
  delivery: Delivery;
  parts: ScriptElement[];
  /** Element index of the cue. */
  index: number;
  /** Spoken words (dialogue and sung lyrics). */
  words: number;
  parentheticals: number;
  /** A later piece of a long speech: its lines follow the cue without repeating it. */
  continued: boolean;
  /** Dual dialogue: the two speeches said at once (this speech stands for the pair). */
  dual?: Speech[];
}

export function makeSpeech(
  cue: CharacterElement,
  speakers: string[],
  delivery: Delivery,
  parts: ScriptElement[],
  index: number,
  continued = false,
): Speech {
  let words = 0;
  let parentheticals = 0;
  for (const part of parts) {
    if (part.type === 'dialogue' || part.type === 'lyrics') words += countWords(plainText(part.text));
    else if (part.type === 'parenthetical') parentheticals++;
  }
  return { cue, speakers, delivery, parts, index, words, parentheticals, continued };
}

/**
 * A speech plays at the speaking pace, but never shorter than the page gives it (its cue, lines and
 * the blank line before, at a minute a page): a quick 'Fine.' still takes its beat.
 */
export function speechSeconds(speech: Speech): number {
  const spoken =
    speech.words / SPEAKING_WORDS_PER_SECOND + speech.parentheticals * PARENTHETICAL_PAUSE_SECONDS;
  let lines = speech.continued ? 0 : 2;
  for (const part of speech.parts) {
    if (part.type === 'dialogue' || part.type === 'lyrics')
      lines += wrappedLineCount(plainText(part.text), ELEMENT_WIDTHS.dialogue);
    else if (part.type === 'parenthetical')
      lines += wrappedLineCount(part.text, ELEMENT_WIDTHS.parenthetical);
  }
  return Math.max(spoken, lines * SECONDS_PER_LINE);
}

/** How the singles of a conversation are framed, by the template preference. */
export type SingleStyle = 'medium' | 'over-shoulder' | 'close' | 'alternate';

/** Lines shorter than this many words on average play best in medium singles. */
const QUICK_EXCHANGE_WORDS = 10;

export function singleStyle(
  template: StyleGuide['template'],
  speakers: number,
  averageWords: number,
): SingleStyle {
  if (template === 'auto' && speakers >= 3) return 'alternate';
  switch (template) {
    case 'single-close':
      return 'close';
    case 'over-shoulder':
      return 'over-shoulder';
    case 'triangular':
      return 'alternate';
    default:
      // Two people: over-the-shoulders keep both in the geography; a quick three-way, mediums.
      return speakers <= 2 || averageWords > QUICK_EXCHANGE_WORDS ? 'over-shoulder' : 'medium';
  }
}

export function singleFraming(style: SingleStyle, index: number, hasListener: boolean): FramingType {
  if (style === 'close') return 'close';
  if (style === 'medium' || !hasListener) return 'medium';
  if (style === 'alternate') return index % 2 === 0 ? 'over-shoulder' : 'medium';
  return 'over-shoulder';
}

/**
 * A speech longer than `budget` words cut between sentences into pieces under one cue. A
 * parenthetical directs the line after it, so it always opens the next piece, never ends one.
 */
export function splitSpeech(speech: Speech, budget: number): Speech[] {
  if (speech.words <= budget) return [speech];
  const pieces: Speech[] = [];
  let parts: ScriptElement[] = [];
  let words = 0;
  let held: ScriptElement[] = [];
  const close = () => {
    if (parts.some((part) => part.type === 'dialogue' || part.type === 'lyrics')) {
      pieces.push(
        makeSpeech(speech.cue, speech.speakers, speech.delivery, parts, speech.index, pieces.length > 0),
      );
      parts = [];
      words = 0;
    }
  };
  for (const part of speech.parts) {
    if (part.type !== 'dialogue') {
      if (part.type === 'parenthetical') held.push(part);
      else parts.push(part);
      continue;
    }
    let from = -1;
    let to = -1;
    const take = () => {
      if (from >= 0) parts.push({ ...part, text: part.text.slice(from, to) });
      from = -1;
    };
    for (const [start, end] of sentenceRanges(part.text)) {
      const count = countWords(plainText(part.text.slice(start, end)));
      if (words > 0 && words + count > budget) {
        take();
        close();
      }
      if (held.length > 0) {
        take();
        parts.push(...held);
        held = [];
      }
      if (from < 0) from = start;
      to = end;
      words += count;
    }
    take();
  }
  parts.push(...held);
  close();
  if (parts.length > 0) {
    const last = pieces[pieces.length - 1];
    if (last) pieces[pieces.length - 1] = { ...last, parts: [...last.parts, ...parts] };
  }
  return pieces.length > 0 ? pieces : [speech];
}

export function spokenText(speech: Speech): string {
  return speech.parts
    .filter((part) => part.type === 'dialogue' || part.type === 'lyrics' || part.type === 'parenthetical')
    .map((part) => plainText('text' in part ? part.text : ''))
    .join(' ');
}

/** The lines of a speech as written in the script. */
export function speechScript(speech: Speech): string {
  const { cue } = speech;
  const lines = speech.continued ? [] : [cue.extension ? `${cue.name} ${cue.extension}` : cue.name];
  for (const part of speech.parts) {
    if (part.type === 'dialogue' || part.type === 'parenthetical') lines.push(part.text);
    else if (part.type === 'lyrics') lines.push(...part.text.split('\n').map((line) => `~${line}`));
  }
  return lines.join('\n');
}

/** 'MARA' speaking, as the shot's action reads: 'MARA: (quietly) You came.' */
export function speechAction(speech: Speech): string {
  return `${speech.speakers.join(' and ')}: ${spokenText(speech)}`;
}

export function describeSingle(
  framing: FramingType,
  speaker: string,
  listener: string | undefined,
  side: string,
): string {
  const where = side === '' ? '' : ` ${side}`;
  switch (framing) {
    case 'over-shoulder':
      return `Over ${listener ?? 'the listener'}'s shoulder onto ${speaker} as they speak.${where}`;
    case 'close':
      return `Close on ${speaker} as they speak.${where}`;
    default:
      return `${speaker} speaks${listener ? ` to ${listener}` : ''}.${where}`;
  }
}
