import type { DialogueDelivery, DialogueManner } from '../contract/audio.js';
import type { Pacing } from '../contract/constants.js';
import {
  type CharacterVoice,
  VOICE_PITCH,
  VOICE_SPEED,
  VOICE_VARIANTS_BY_KIND,
  type VoiceVariant,
} from '../contract/voices.js';
import { deliveryOf, readScreenplay } from './director.reading.js';
import { DIALOGUE_PAUSES, PACING_RULES, PARENTHETICAL_PAUSE_SECONDS } from './director.rules.js';
import { plainText } from './emphasis.js';
import type { CharacterElement, Screenplay, ScriptElement } from './fountain.types.js';
import { characterKey } from './screenplay.model.js';

/**
 * The scratch track's view of a script (issue 31): every dialogue line with its speaker, the
 * parenthetical before it, the cue's extension and the delivery it asks for, in script order. One
 * speech with a parenthetical between its lines ('(beat)', '(whispering)') is several lines.
 */
export interface ScriptDialogueLine {
  /** 0-based, among the script's dialogue lines. */
  order: number;
  /** The film scene (1-based), as the first pass numbers scenes and shots' sources record them. */
  sceneNumber: number;
  /** Index of the dialogue element in `screenplay.elements`: shots' sources span these. */
  elementIndex: number;
  /** The speaker as the script's people know them: 'MARA' for cues 'MARA' and 'YOUNG MARA'. */
  character: string;
  /** The cue as written (without extension): 'YOUNG MARA'. */
  cue: string;
  /** The words, plain text on one line. */
  text: string;
  /** '(whispering)', parentheses included; null when none stands before the line. */
  parenthetical: string | null;
  extension: string | null;
  delivery: DialogueDelivery;
  manner: DialogueManner;
}

const MANNERS: ReadonlyArray<readonly [RegExp, DialogueManner]> = [
  [
    /\b(?:whisper\w*|under (?:his|her|their) breath|sotto voce|hush(?:ed)?|barely audible|mouth(?:s|ing)?)\b/i,
    'whispered',
  ],
  [/\b(?:shout\w*|yell\w*|scream\w*|bellow\w*|roar\w*|scream|at the top of)\b/i, 'shouted'],
  [/\b(?:quiet(?:ly)?|soft(?:ly)?|low|murmur\w*|gently|mutter\w*|to (?:him|her)self)\b/i, 'quiet'],
  [
    /\b(?:loud(?:ly|er)?|calling|calls? out|raising (?:his|her|their) voice|angr(?:y|ily)|furious)\b/i,
    'raised',
  ],
];

/** How loud a parenthetical (or an extension such as '(SHOUTING)') says a line is. */
export function dialogueManner(parenthetical: string | null | undefined): DialogueManner {
  if (!parenthetical) return 'normal';
  for (const [pattern, manner] of MANNERS) if (pattern.test(parenthetical)) return manner;
  return 'normal';
}

const AGE_QUALIFIER = /^(?:YOUNG|YOUNGER|OLD|OLDER|LITTLE|TEEN|TEENAGE|ADULT|BABY|ELDERLY|CHILD|KID)\s+/;
const JOINT_CUE = /\s+(?:AND|&)\s+|\s*\/\s*/;

/**
 * Whose voice speaks a cue: 'YOUNG MARA' is MARA when MARA also speaks (one character, one voice);
 * a joint cue ('MARA AND JOE') is its first speaker who also speaks alone.
 */
function speakerOf(key: string, cues: ReadonlySet<string>): string {
  const parts = key.split(JOINT_CUE).map((part) => part.trim());
  const first = parts.length > 1 ? parts.find((part) => cues.has(part)) : undefined;
  const name = first ?? key;
  const bare = name.replace(AGE_QUALIFIER, '');
  return bare !== name && cues.has(bare) ? bare : name;
}

function oneLine(text: string): string {
  return plainText(text).replace(/\s+/g, ' ').trim();
}

/** Every dialogue line of the script, in order (dual dialogue: the left speech, then the right). */
export function scriptDialogue(screenplay: Screenplay): ScriptDialogueLine[] {
  const reading = readScreenplay(screenplay);
  const cues = new Set(
    screenplay.elements.flatMap((element) => (element.type === 'character' ? [characterKey(element)] : [])),
  );
  const indexOf = new Map<ScriptElement, number>(screenplay.elements.map((element, i) => [element, i]));
  const lines: ScriptDialogueLine[] = [];
  const speak = (sceneNumber: number, cue: CharacterElement, parts: readonly ScriptElement[]) => {
    const character = speakerOf(characterKey(cue), cues);
    const extension = cue.extension?.trim() || null;
    const delivery: DialogueDelivery = deliveryOf(cue);
    let parenthetical: string | null = null;
    for (const part of parts) {
      if (part.type === 'parenthetical') {
        parenthetical = oneLine(part.text);
        continue;
      }
      if (part.type !== 'dialogue' && part.type !== 'lyrics') continue;
      const text = oneLine(part.text);
      if (text === '') continue;
      lines.push({
        order: lines.length,
        sceneNumber,
        elementIndex: indexOf.get(part) ?? -1,
        character,
        cue: oneLine(cue.name),
        text,
        parenthetical,
        extension,
        delivery,
        manner: dialogueManner(parenthetical ?? extension),
      });
      parenthetical = null;
    }
  };
  for (const scene of reading.scenes) {
    for (const beat of scene.beats) {
      if (beat.type === 'speech') speak(scene.number, beat.cue, beat.parts);
      else if (beat.type === 'dual')
        for (const speech of beat.speeches) speak(scene.number, speech.cue, speech.parts);
    }
  }
  return lines;
}

// ---------------------------------------------------------------- voices

/** FNV-1a, 32 bits: the seed of a character's voice. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type VoiceAge = 'child' | 'young' | 'adult' | 'elderly';
export type VoiceGender = 'female' | 'male' | 'unknown';

const NUMBER_WORDS: Record<string, number> = {
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** An age the text states: '(8)', '(60s)', 'in her forties', 'a ten-year-old'. */
function statedAge(text: string): number | null {
  const paren = /\((\d{1,2})(s)?\)/.exec(text);
  if (paren) return Number(paren[1]) + (paren[2] ? 5 : 0);
  const decade = /\b(?:in (?:his|her|their) |early |late |mid-?)?(\d0)s\b/i.exec(text);
  if (decade) return Number(decade[1]) + 5;
  const yearOld = /\b(\d{1,2}|[a-z]+)[- ]years?[- ]old\b/i.exec(text);
  if (yearOld) {
    const word = yearOld[1]?.toLowerCase() ?? '';
    const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];
    if (value !== undefined) return value;
  }
  const words =
    /\b(?:in (?:his|her|their) )(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/i.exec(
      text,
    );
  if (words) return (NUMBER_WORDS[(words[1] ?? '').toLowerCase().replace(/ies$/, 'y')] ?? 40) + 5;
  return null;
}

const CHILD_WORDS = /\b(?:LITTLE|CHILD|KID|BABY|TODDLER|BOY|GIRL|SON|DAUGHTER)\b/i;
const YOUNG_WORDS = /\b(?:YOUNG|YOUNGER|TEEN|TEENAGE|TEENAGER|ADOLESCENT|STUDENT)\b/i;
const OLD_WORDS =
  /\b(?:OLD|OLDER|ELDERLY|AGED|AGEING|AGING|GRAY-HAIRED|GREY-HAIRED|GRANDMOTHER|GRANDFATHER|GRANDMA|GRANDPA|GRANNY|WIDOW(?:ER)?|RETIRED)\b/i;
const FEMALE_WORDS =
  /\b(?:SHE|HER|HERS|HERSELF|WOMAN|WOMEN|GIRL|LADY|MOTHER|MUM|MOM|MA|DAUGHTER|SISTER|AUNT|AUNTIE|GRANDMOTHER|GRANDMA|GRANNY|WIFE|QUEEN|PRINCESS|MRS|MS|MISS|MADAM|NUN|ACTRESS|WAITRESS|WIDOW|SHE'S)\b/i;
const MALE_WORDS =
  /\b(?:HE|HIM|HIS|HIMSELF|MAN|MEN|BOY|GUY|GENTLEMAN|FATHER|DAD|PA|SON|BROTHER|UNCLE|GRANDFATHER|GRANDPA|HUSBAND|KING|PRINCE|MR|SIR|MONK|PRIEST|WIDOWER|HE'S)\b/i;

/** What the name and the script say of a character's age and sex; words close to the name count first. */
export function voiceTraits(
  name: string,
  description: string | null | undefined,
): {
  age: VoiceAge;
  gender: VoiceGender;
} {
  const text = `${name} ${description ?? ''}`;
  const years = statedAge(text);
  let age: VoiceAge = 'adult';
  if (years !== null) age = years < 13 ? 'child' : years < 20 ? 'young' : years >= 65 ? 'elderly' : 'adult';
  else if (OLD_WORDS.test(name)) age = 'elderly';
  else if (CHILD_WORDS.test(name)) age = 'child';
  else if (YOUNG_WORDS.test(name)) age = 'young';
  else if (OLD_WORDS.test(text)) age = 'elderly';
  else if (/\b(?:LITTLE|CHILD|KID|BABY|TODDLER)\b/i.test(text)) age = 'child';
  else if (YOUNG_WORDS.test(text)) age = 'young';
  const female = FEMALE_WORDS.exec(text);
  const male = MALE_WORDS.exec(text);
  let gender: VoiceGender = 'unknown';
  if (female && (!male || female.index < male.index)) gender = 'female';
  else if (male) gender = 'male';
  return { age, gender };
}

function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length] as T;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * A character's voice, the same every time for the same name and description: the variant from the
 * sex the script gives them (or, when it says nothing, from the name), pitch and speed from their age,
 * each spread a little by the name so two men of an age do not sound alike.
 */
export function seedVoice(name: string, description?: string | null): CharacterVoice {
  const seed = hash32(name.trim().toUpperCase());
  const { age, gender } = voiceTraits(name, description);
  const female = gender === 'female' || (gender === 'unknown' && (seed >>> 7) % 2 === 1);
  let variants: readonly VoiceVariant[] = female
    ? VOICE_VARIANTS_BY_KIND.female
    : VOICE_VARIANTS_BY_KIND.male;
  if (age === 'elderly')
    variants = female ? VOICE_VARIANTS_BY_KIND.elderlyFemale : VOICE_VARIANTS_BY_KIND.elderlyMale;
  const spread = ((seed >>> 11) % 13) - 6; // -6..6
  const basePitch = { child: 80, young: 64, adult: 50, elderly: 40 }[age] + (female ? 12 : -8);
  const baseSpeed = { child: 175, young: 170, adult: VOICE_SPEED.neutral, elderly: 140 }[age];
  return {
    pitch: clamp(basePitch + spread, VOICE_PITCH.min, VOICE_PITCH.max),
    speed: clamp(baseSpeed + ((seed >>> 17) % 21) - 10, VOICE_SPEED.min, VOICE_SPEED.max),
    variant: pick(variants, seed),
  };
}

// ---------------------------------------------------------------- timing

/** Whether a parenthetical asks for a beat before its line: '(beat)', '(pause)', '(then)'. */
export function isBeat(parenthetical: string | null | undefined): boolean {
  return parenthetical ? /\b(?:beat|pause|then)\b/i.test(parenthetical) : false;
}

/**
 * A dialogue shot's length: its lines' clips end to end with the pacing's pauses (a head before the
 * first, a gap between lines, a tail after the last, a beat per '(beat)' or '(pause)' parenthetical),
 * never shorter than the pacing's shortest shot; rounded up to a tenth of a second.
 */
export function dialogueShotSeconds(
  lines: readonly { durationMs: number; parenthetical: string | null }[],
  pacing: Pacing,
): number {
  const pauses = DIALOGUE_PAUSES[pacing];
  const spoken = lines.reduce((sum, line) => sum + line.durationMs, 0) / 1000;
  const beats = lines.filter((line) => isBeat(line.parenthetical));
  const seconds =
    pauses.head +
    spoken +
    pauses.between * Math.max(0, lines.length - 1) +
    beats.length * PARENTHETICAL_PAUSE_SECONDS +
    pauses.tail;
  return Math.max(PACING_RULES[pacing].minShotSeconds, Math.ceil(seconds * 10 - 1e-9) / 10);
}
