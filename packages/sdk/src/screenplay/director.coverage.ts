import type { FramingType, StyleGuide } from '../contract/index.js';
import { countWords, plainText } from './emphasis.js';
import type { CharacterElement, ScriptElement } from './fountain.types.js';
import { characterKey } from './screenplay.model.js';

export interface Speech {
  cue: CharacterElement;
  speaker: string;
  parts: ScriptElement[];
  /** Spoken words (dialogue and sung lyrics). */
  words: number;
  parentheticals: number;
  /** A later piece of a long speech: its lines follow the cue without repeating it. */
  continued: boolean;
}

export function makeSpeech(cue: CharacterElement, parts: ScriptElement[], continued = false): Speech {
  let words = 0;
  let parentheticals = 0;
  for (const part of parts) {
    if (part.type === 'dialogue' || part.type === 'lyrics') words += countWords(plainText(part.text));
    else if (part.type === 'parenthetical') parentheticals++;
  }
  return { cue, speaker: characterKey(cue), parts, words, parentheticals, continued };
}

export type Coverage = 'single' | 'two-shot' | 'over-shoulder' | 'triangular' | 'single-close';

/** Lines shorter than this many words on average play best in a two-shot. */
const QUICK_EXCHANGE_WORDS = 10;

export function chooseCoverage(
  template: StyleGuide['template'],
  speakers: number,
  averageWords: number,
): Coverage {
  if (template === 'single-close') return 'single-close';
  if (speakers < 2) return 'single';
  switch (template) {
    case 'two-shot':
    case 'over-shoulder':
    case 'triangular':
      return template;
    default:
      if (speakers >= 3) return 'triangular';
      return averageWords <= QUICK_EXCHANGE_WORDS ? 'two-shot' : 'over-shoulder';
  }
}

/** The framing of the index-th shot of an exchange. */
export function coverageFraming(
  coverage: Coverage,
  index: number,
  hasListener: boolean,
  long: boolean,
): FramingType {
  switch (coverage) {
    case 'two-shot':
      return 'two-shot';
    case 'single-close':
      return 'close';
    case 'over-shoulder':
      return hasListener ? 'over-shoulder' : 'medium';
    case 'triangular':
      return index % 2 === 0 && hasListener ? 'over-shoulder' : 'medium';
    default:
      return long ? 'close' : 'medium';
  }
}

/**
 * Consecutive speeches share one shot while together they hold at most `maxWords` words;
 * `sameSpeaker` keeps a shot on one speaker (a close-up cannot hold a reply).
 */
export function groupSpeeches(speeches: Speech[], maxWords: number, sameSpeaker: boolean): Speech[][] {
  const groups: Speech[][] = [];
  let group: Speech[] = [];
  let words = 0;
  for (const speech of speeches) {
    const speakerChanges = sameSpeaker && group.length > 0 && group[0]?.speaker !== speech.speaker;
    if (group.length > 0 && (words + speech.words > maxWords || speakerChanges)) {
      groups.push(group);
      group = [];
      words = 0;
    }
    group.push(speech);
    words += speech.words;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Who the speaker talks to: the one who spoke before, else the next other speaker. */
export function listenerFor(
  speaker: string,
  previous: string | undefined,
  speeches: Speech[],
  index: number,
  speakers: string[],
): string | undefined {
  if (previous && previous !== speaker) return previous;
  for (let i = index + 1; i < speeches.length; i++) {
    const next = speeches[i]?.speaker;
    if (next && next !== speaker) return next;
  }
  return speakers.find((name) => name !== speaker);
}

export function describeDialogue(framing: FramingType, speakers: string[], listeners: string[]): string {
  const who = speakers.join(' and ');
  switch (framing) {
    case 'over-shoulder':
      return `Over ${listeners[0] ?? 'the listener'}'s shoulder onto ${who} as they speak.`;
    case 'two-shot':
      return `${[...speakers, ...listeners].join(' and ')} together in frame as they talk.`;
    case 'wide':
      return `Master shot of ${[...speakers, ...listeners].join(', ')} as the exchange begins.`;
    case 'close':
      return `Close on ${who} as they speak.`;
    default:
      return `${who} speaks${listeners.length > 0 ? ` to ${listeners.join(' and ')}` : ''}.`;
  }
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
