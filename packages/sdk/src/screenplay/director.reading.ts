import type { FirstPassTransition } from '../contract/index.js';
import { CapitalsReader, isNameTitle } from './director.capitals.js';
import { isVerb, proseCase, tagSentence } from './director.language.js';
import { plainText } from './emphasis.js';
import type {
  ActionElement,
  CenteredElement,
  CharacterElement,
  LyricsElement,
  Screenplay,
  ScriptElement,
} from './fountain.types.js';
import { handledThings } from './props.js';
import {
  characterKey,
  continuesDialogue,
  headingPlace,
  parseSceneHeading,
  type SceneHeadingParts,
} from './screenplay.model.js';
import { sentenceRanges } from './sentences.js';

/**
 * How a director reads the page before covering it (FILM.md "Reading the page"): what is structure
 * (front matter, transitions, THE END), what is the writer directing the camera (slugs), which scenes
 * there are (a cold open before the first heading is one; a '.MARA' slug is not), who speaks on
 * screen, in voice-over or off screen, and who the characters are.
 */

export type Delivery = 'on' | 'voice-over' | 'off-screen';

export type SlugKind =
  | 'angle'
  | 'close'
  | 'wide'
  | 'pov'
  | 'insert'
  | 'back'
  | 'freeze'
  | 'series'
  | 'end-series'
  | 'intercut'
  | 'later'
  | 'super'
  /** 'BEGIN FLASHBACK:' before a heading: structure for the reader, nothing for the camera. */
  | 'marker';

export interface Slug {
  kind: SlugKind;
  /** The line as written. */
  text: string;
  /** Who or what the camera is on ('MARA', 'the letter'), '' when the slug names nobody. */
  subject: string;
  /** Words after a colon on the same line ('CLOSE ON the letter: "Come home."'): the slug's own shot. */
  content: string;
  /** How a point of view is seen ('THROUGH THE REAR WINDOW' of "HOPE'S POV - THROUGH THE REAR WINDOW"). */
  detail?: string;
}

export type Beat =
  | { type: 'action'; index: number; element: ActionElement | CenteredElement | LyricsElement }
  | { type: 'speech'; index: number; cue: CharacterElement; parts: ScriptElement[]; delivery: Delivery }
  | { type: 'dual'; index: number; speeches: { cue: CharacterElement; parts: ScriptElement[] }[] }
  | { type: 'slug'; index: number; slug: Slug }
  | { type: 'transition'; index: number; transition: FirstPassTransition | null };

export interface FilmScene {
  /** 1-based, in film order: a prologue before the first heading counts. */
  number: number;
  /** The heading as written; for a prologue the line that places it, or ''. */
  heading: string;
  /** Index of the heading element, or -1 for a prologue. */
  headingIndex: number;
  parts: SceneHeadingParts;
  /** 'LIGHTHOUSE' of 'INT. LIGHTHOUSE - KITCHEN - NIGHT'; null when the scene names no place. */
  place: string | null;
  subLocation: string | null;
  /** Material before the first heading. */
  prologue: boolean;
  beats: Beat[];
}

export interface FilmReading {
  scenes: FilmScene[];
  roster: Roster;
  capitals: CapitalsReader;
  /**
   * People only ever heard through a device ('NEWSREADER (ON TV)', 'DISPATCHER (ON RADIO)'), each
   * with the device: they are never in the room, and the action that names them shows the device.
   */
  devices: Map<string, string>;
}

// ---------------------------------------------------------------- transitions and structure

const TRANSITION_KINDS: ReadonlyArray<readonly [RegExp, FirstPassTransition['kind'] | null]> = [
  [/^(?:CUT|SMASH(?: CUT)?) TO BLACK\b/, 'cut-to-black'],
  [/DISSOLVE/, 'dissolve'],
  [/^FADE\b/, 'fade'],
  [/SMASH/, 'smash-cut'],
  [/MATCH/, 'match-cut'],
  [/WIPE/, 'wipe'],
  [/IRIS/, 'iris'],
  [/JUMP CUT/, 'jump-cut'],
  [/TO:$/, null],
];

/** Lines that join shots, written as transitions or (out of place) as action. */
const TRANSITION_LINE =
  /^(?:FADE (?:IN|OUT|UP|TO BLACK|TO WHITE|FROM BLACK|FROM WHITE)|(?:CUT|SMASH(?: CUT)?) TO BLACK|DISSOLVE(?: TO)?|IRIS (?:IN|OUT)|WIPE(?: TO)?|[A-Z .'-]* TO)\s*[.:!]*$/;

/** Structure that is not the film: titles and the end. */
const STRUCTURE_LINE =
  /^(?:THE END|END|END CREDITS|(?:OPENING|MAIN|END) TITLES?|(?:ROLL )?(?:OPENING |END )?CREDITS(?: ROLL)?|TITLE SEQUENCE|CONTINUED|\(CONTINUED\)|MORE|\(MORE\))\s*[.:!]*$/;

export function isStructureLine(text: string): boolean {
  return STRUCTURE_LINE.test(text);
}

/** A transition line ('DISSOLVE TO:', 'FADE OUT.'): its kind, or null for a plain cut. */
export function readTransition(text: string): { transition: FirstPassTransition | null } | null {
  const line = plainText(text).trim();
  if (line === '' || line !== line.toUpperCase() || !TRANSITION_LINE.test(line)) return null;
  for (const [pattern, kind] of TRANSITION_KINDS) {
    if (pattern.test(line)) return { transition: kind === null ? null : { kind, text: line } };
  }
  return { transition: null };
}

// ---------------------------------------------------------------- slugs

/** Words laid over the picture: 'SUPER: "Port Ellen, 1998"', 'TITLE: THREE DAYS EARLIER'. */
export const SUPER_LINE = /^(?:SUPER|SUPERIMPOSE|TITLE CARD|TITLE|CAPTION|CHYRON)\b/;

const SLUG_KEYWORDS: ReadonlyArray<readonly [RegExp, SlugKind]> = [
  [/^(?:EXTREME CLOSE[- ]?UP|ECU|CLOSE[- ]?UP|CLOSE SHOT|CLOSE|CU)(?: ON)?\b/, 'close'],
  [/^(?:WIDE SHOT|WIDE ANGLE|WIDER|WIDE|ESTABLISHING SHOT)(?: ON)?\b/, 'wide'],
  [
    /^(?:REVERSE ANGLE|ANGLE|NEW ANGLE|ANOTHER ANGLE|REVERSE|MEDIUM SHOT|MEDIUM|TWO SHOT|OVER THE SHOULDER|BACK ON|ON)(?: ON)?\b/,
    'angle',
  ],
  [/^(?:INSERT|INSERT SHOT)\b/, 'insert'],
  [/^BACK TO (?:SCENE|PRESENT|REALITY)\b/, 'back'],
  [/^(?:END (?:OF )?(?:MONTAGE|SERIES OF SHOTS|FLASHBACK|INTERCUT|SEQUENCE))\b/, 'end-series'],
  [/^(?:FREEZE[- ]FRAME|FREEZE)\b/, 'freeze'],
  [/^(?:BEGIN|START)\s+(?:FLASHBACK|FLASH[- ]FORWARD|DREAM(?: SEQUENCE)?|MEMORY|FANTASY)\b/, 'marker'],
  // 'PRE-LAP:' on its own line: the next line's sound starts under this picture (its cue says how).
  [/^PRE-?LAP\b:?$/, 'marker'],
  [
    /^(?:(?:BEGIN|START)\s+)?(?:SERIES OF SHOTS|MONTAGE|QUICK CUTS|FLASHBACK(?: SEQUENCE)?|SEQUENCE)\b/,
    'series',
  ],
  [/^(?:INTERCUT|INTERCUTTING)\b/, 'intercut'],
  [/^(?:LATER|MOMENTS LATER|A MOMENT LATER|SECONDS LATER|MINUTES LATER)\b/, 'later'],
  [SUPER_LINE, 'super'],
];

/** "JUNE'S POV", 'SNIPER SCOPE POV', 'POV - JUNE'; a qualifier may follow ("HOPE'S POV - THROUGH THE WINDOW"). */
const POV = /^(?:(?:(.+?)['’]S POV|(.+?) POV)(?:\s*[-–—]\s*(.+))?|POV(?:\s*[-–—:]\s*|\s+OF\s+|\s+)?(.*))$/;

function subjectAndContent(rest: string): { subject: string; content: string } {
  const trimmed = rest.replace(/^\s*(?:[-–—:]\s*)?/, '').trim();
  const colon = trimmed.indexOf(':');
  if (colon < 0) return { subject: trimmed.replace(/[.!]+$/, ''), content: '' };
  return { subject: trimmed.slice(0, colon).trim(), content: trimmed.slice(colon + 1).trim() };
}

/**
 * A writer's slug ('ANGLE ON MARA', 'CLOSE ON the letter', "JUNE'S POV", 'INSERT - THE LETTER',
 * 'BACK TO SCENE', 'FREEZE FRAME'): one line whose keyword is written in capitals. `isName` says
 * whether a bare line in capitals ('MARA') names a character.
 */
export function readSlug(text: string, isName: (name: string) => boolean): Slug | null {
  const line = plainText(text).trim();
  if (line === '' || line.includes('\n') || line.length > 120) return null;
  const head = line.split(/[:\s]/)[0] ?? '';
  if (head !== head.toUpperCase() || !/\p{Lu}/u.test(head)) return null;
  const upperPart = line.split(':')[0] ?? line;
  const pov = upperPart === upperPart.toUpperCase() ? POV.exec(upperPart.replace(/[.!]+$/, '')) : null;
  if (pov) {
    const who = (pov[1] ?? pov[2] ?? pov[4] ?? '').trim();
    const content = line.includes(':') ? line.slice(line.indexOf(':') + 1).trim() : '';
    const detail = pov[3]?.trim();
    return { kind: 'pov', text: line, subject: who, content, ...(detail ? { detail } : {}) };
  }
  for (const [pattern, kind] of SLUG_KEYWORDS) {
    const match = pattern.exec(line);
    if (!match) continue;
    const rest = line.slice(match[0].length);
    if (rest !== '' && !/^[\s:\-–—.]/.test(rest)) continue;
    const { subject, content } = subjectAndContent(rest);
    if (kind === 'angle' && subject === '' && !/^(?:REVERSE|ANGLE|NEW ANGLE|ANOTHER ANGLE)/.test(line))
      continue;
    return { kind, text: line, subject, content };
  }
  const bare = line.replace(/[.!]+$/, '');
  if (bare === bare.toUpperCase() && isName(bare))
    return { kind: 'angle', text: line, subject: bare, content: '' };
  return null;
}

// ---------------------------------------------------------------- characters

const DELIVERY_VOICE_OVER = /\b(?:V\.?\s?O\.?|V\/O|VOICE[- ]?OVER|PRE-?LAP|NARRATING|NARRATION)(?![A-Z])/i;
const DELIVERY_OFF_SCREEN =
  /\b(?:O\.?\s?S\.?|O\.?\s?C\.?|OFF(?:[- ]?SCREEN| CAMERA)?|ON (?:THE )?(?:PHONE|RADIO|TV|SPEAKER|INTERCOM)|OVER (?:THE )?(?:PHONE|RADIO|INTERCOM)|INTO (?:THE )?(?:PHONE|RADIO)|FILTERED|THROUGH (?:THE )?DOOR)(?![A-Z])/i;

export function deliveryOf(cue: Pick<CharacterElement, 'extension'>): Delivery {
  const extension = cue.extension ?? '';
  if (DELIVERY_VOICE_OVER.test(extension)) return 'voice-over';
  if (DELIVERY_OFF_SCREEN.test(extension)) return 'off-screen';
  return 'on';
}

/** The device a cue's extension says a line comes through: '(ON TV)' → TV, '(OVER RADIO)' → RADIO. */
const DEVICE_EXTENSION =
  /\b(?:ON|OVER|INTO|THROUGH|FROM)\s+(?:THE\s+|A\s+)?(PHONE|TELEPHONE|RADIO|TV|TELEVISION|SPEAKER|SPEAKERPHONE|INTERCOM|WALKIE(?:-TALKIE)?|SCREEN|MONITOR|LAPTOP|VIDEO|TANNOY|P\.?A\.?)(?![A-Z])/i;

export function deviceOf(cue: Pick<CharacterElement, 'extension'>): string | null {
  const device = DEVICE_EXTENSION.exec(cue.extension ?? '')?.[1];
  return device === undefined ? null : device.toUpperCase();
}

/** The people every one of whose lines comes through a device, each with the first device. */
function heardThroughDevices(elements: readonly ScriptElement[], roster: Roster): Map<string, string> {
  const devices = new Map<string, string>();
  const inPerson = new Set<string>();
  for (const element of elements) {
    if (element.type !== 'character') continue;
    const device = deviceOf(element);
    for (const name of roster.speakersOf(characterKey(element))) {
      if (device === null) inPerson.add(name);
      else if (!devices.has(name)) devices.set(name, device);
    }
  }
  for (const name of inPerson) devices.delete(name);
  return devices;
}

/** Words that make another name of the same person: YOUNG MARA is MARA. */
const AGE_WORDS = 'YOUNG|YOUNGER|OLD|OLDER|LITTLE|TEEN|TEENAGE|ADULT|BABY|ELDERLY|CHILD|KID';
const AGE_QUALIFIERS = new RegExp(`^(?:${AGE_WORDS})\\s+`);
/** 'YOUNG LUCY' in an action line (a name in capitals after an age). */
const AGE_ALIAS_IN_ACTION = new RegExp(`\\b(?:${AGE_WORDS}) [A-Z][A-Z'’.-]*(?: [A-Z][A-Z'’.-]+)?`, 'g');
const JOINT_CUE = /\s+(?:AND|&)\s+|\s*\/\s*/;
/** A rank or calling before a name, written out ('DETECTIVE', 'NURSE'); the dotted ones are isNameTitle's. */
const NAME_RANK =
  /^(?:DOCTOR|DETECTIVE|OFFICER|AGENT|CAPTAIN|SERGEANT|LIEUTENANT|PROFESSOR|NURSE|FATHER|SISTER|MOTHER|BROTHER|UNCLE|AUNT|COACH|JUDGE|SENATOR|MAYOR|MISS|MISTER|SIR|LADY|LORD)$/;

export interface Introduction {
  index: number;
  sentence: string;
  /** The name the sentence gives ('MARA QUINN', 'YOUNG MARA'). */
  as: string;
}

/**
 * The people a scene shows at another age ('YOUNG RAY' in a flashback): the canonical name and the
 * name the scene gives them, from its cues and its action ('YOUNG LUCY (10) …').
 */
export function ageAliases(scene: FilmScene, roster: Roster): Map<string, string> {
  const aliases = new Map<string, string>();
  const note = (name: string) => {
    if (!AGE_QUALIFIERS.test(name)) return;
    const person = roster.canonical(name);
    if (person !== null && person !== name && !aliases.has(person)) aliases.set(person, name);
  };
  for (const beat of scene.beats) {
    if (beat.type === 'speech') note(characterKey(beat.cue));
    else if (beat.type === 'dual') for (const speech of beat.speeches) note(characterKey(speech.cue));
    else if (beat.type === 'action')
      for (const found of plainText(beat.element.text).matchAll(AGE_ALIAS_IN_ACTION)) note(found[0]);
  }
  return aliases;
}

/**
 * The script's people: every speaking cue (joint cues such as 'MARA AND JOE' are both of them) and
 * everyone the action introduces, each under one name however it is written ('YOUNG MARA', 'MARA
 * QUINN' and 'MARA' are one person when MARA speaks).
 */
export class Roster {
  /** Canonical names in order of first appearance. */
  readonly names: string[] = [];
  private readonly canonicalOf = new Map<string, string>();
  private readonly speakers = new Set<string>();
  /**
   * Where each person is introduced: the element and the sentence. A person first introduced by an
   * age ('YOUNG MARA (8)…' in a flashback) and later by their own name keeps the first place and
   * takes the own-name sentence: the asset and the voice are the grown person.
   */
  readonly introductions = new Map<string, Introduction>();

  constructor(cueKeys: Iterable<string>) {
    const keys = [...cueKeys];
    const singles = new Set(keys.flatMap((key) => (JOINT_CUE.test(key) ? [] : [key])));
    for (const key of keys) for (const name of this.split(key, singles)) this.speakers.add(name);
    for (const name of this.speakers) this.add(name);
  }

  /** 'MARA AND JOE' → ['MARA', 'JOE'] when either speaks alone elsewhere. */
  private split(key: string, singles: Set<string>): string[] {
    const parts = key.split(JOINT_CUE).map((part) => part.trim());
    if (parts.length > 1 && parts.every((part) => part !== '') && parts.some((part) => singles.has(part)))
      return parts;
    return [key];
  }

  private readonly found = new Map<string, string | null>();

  private add(name: string): string {
    this.found.clear();
    const known = this.canonical(name);
    if (known !== null) {
      this.canonicalOf.set(name, known);
      // 'YOUNG MARA' speaking before MARA stands for MARA, who is then a person of the script
      // from that first line on (she was left out of the names, and of the cast).
      if (!this.canonicalOf.has(known)) {
        this.canonicalOf.set(known, known);
        this.names.push(known);
      }
      return known;
    }
    this.names.push(name);
    this.canonicalOf.set(name, name);
    return name;
  }

  /** The person a name stands for, or null. */
  canonical(name: string): string | null {
    const cached = this.found.get(name);
    if (cached !== undefined) return cached;
    const person = this.lookUp(name);
    this.found.set(name, person);
    return person;
  }

  private lookUp(name: string): string | null {
    const direct = this.canonicalOf.get(name);
    if (direct !== undefined) return direct;
    const bare = name.replace(AGE_QUALIFIERS, '');
    if (bare !== name) {
      const found = this.canonicalOf.get(bare);
      if (found !== undefined) return found;
    }
    // 'MARA QUINN' introduced in the action is the MARA who speaks; 'DETECTIVE OKAFOR' is OKAFOR;
    // 'DR. LENA SOKOLOVA' is the LENA who speaks (the first name after a title).
    const words = name.split(' ');
    if (words.length > 1) {
      const title = words[0] ?? '';
      const given = words.length > 2 && (isNameTitle(title) || NAME_RANK.test(title)) ? words[1] : undefined;
      for (const word of [given, words[0], words[words.length - 1]]) {
        if (word && this.speakers.has(word)) return this.canonicalOf.get(word) ?? word;
      }
    }
    for (const speaker of this.speakers) {
      // 'MARA' is the 'MARA QUINN' who speaks; 'RAY' is not 'YOUNG RAY' (the younger self is Ray).
      if (AGE_QUALIFIERS.test(speaker)) continue;
      const parts = speaker.split(' ');
      if (parts.length > 1 && (parts[0] === name || parts[parts.length - 1] === name) && name.length > 2)
        return this.canonicalOf.get(speaker) ?? speaker;
    }
    return null;
  }

  /** Names a joint cue stands for, canonical. */
  speakersOf(key: string): string[] {
    const parts = key.split(JOINT_CUE).map((part) => part.trim());
    const known = parts.map((part) => this.canonical(part));
    if (parts.length > 1 && known.every((name) => name !== null)) return known as string[];
    return [this.canonical(key) ?? key];
  }

  isPerson(name: string): boolean {
    return this.canonical(name) !== null;
  }

  introduce(name: string, index: number, sentence: string): string {
    const canonical = this.add(name);
    const first = this.introductions.get(canonical);
    // The own name's sentence describes the person; an age's ('YOUNG MARA (8)') only until it comes.
    if (first === undefined) this.introductions.set(canonical, { index, sentence, as: name });
    else if (AGE_QUALIFIERS.test(first.as) && !AGE_QUALIFIERS.test(name))
      this.introductions.set(canonical, { index: first.index, sentence, as: name });
    return canonical;
  }
}

// ---------------------------------------------------------------- scenes

const PROLOGUE_PLACE_WORDS = 12;

/**
 * A prologue takes its place from its own first line when that line names a place and does nothing
 * (no verb): 'BLACK WATER UNDER A PIER, NIGHT.', 'A RIVER.'.
 */
function prologuePlace(text: string): { place: string; timeOfDay: string | null; line: string } | null {
  const first = plainText(text).split('\n')[0]?.trim() ?? '';
  const range = sentenceRanges(first)[0];
  if (!range) return null;
  const sentence = first.slice(...range);
  const words = sentence.split(/\s+/);
  if (words.length > PROLOGUE_PLACE_WORDS || /["“”]/.test(sentence)) return null;
  // Written in capitals as a heading would be, or a few words of prose naming a place ('A river.').
  const capitals = !/\p{Ll}/u.test(sentence);
  if (!capitals && (words.length > 3 || words.some((word) => /[^s]s\W*$/i.test(word)))) return null;
  if (tagSentence(proseCase(sentence)).some((token) => isVerb(token.pos))) return null;
  const bare = sentence.replace(/[.!]+$/, '').trim();
  const parts = parseSceneHeading(`INT. ${bare}`);
  const place = (parts.location ?? bare).replace(/^(?:A|AN|THE)\s+/, '');
  return place === '' ? null : { place, timeOfDay: parts.timeOfDay, line: sentence };
}

function isPrintedAction(element: ScriptElement): boolean {
  return element.type === 'action' || element.type === 'centered' || element.type === 'lyrics';
}

/**
 * Everything before 'FADE IN:' (when the script has one before its first heading) is front matter:
 * an epigraph, a dedication, OPENING TITLES. So is centred text before the first action.
 */
function prologueStart(elements: readonly ScriptElement[], end: number): number {
  let start = 0;
  for (let i = 0; i < end; i++) {
    const element = elements[i] as ScriptElement;
    const text = 'text' in element ? plainText(element.text).trim() : '';
    if ((element.type === 'transition' || element.type === 'action') && /^FADE IN\b/.test(text)) start = i;
  }
  return start;
}

export function readScreenplay(screenplay: Screenplay): FilmReading {
  const { elements } = screenplay;
  const cueKeys = elements.flatMap((element) =>
    element.type === 'character' ? [characterKey(element)] : [],
  );
  const roster = new Roster(cueKeys);
  const things = new Set<string>();
  const capitals = new CapitalsReader({
    isCharacter: (name) => roster.isPerson(name),
    isThing: (name) => things.has(name) || things.has(name.split(' ').at(-1) ?? name),
  });
  prescanPeople(elements, roster, capitals, things);
  const isName = (name: string) => roster.isPerson(name);
  const scenes: FilmScene[] = [];
  const firstHeading = screenplay.scenes[0]?.headingIndex ?? elements.length;
  const start = prologueStart(elements, firstHeading);
  const before = readBeats(elements, start, firstHeading, isName);
  const filmed = before.filter((beat) => beat.type !== 'transition');
  if (filmed.length > 0) {
    const firstAction = filmed.find((beat) => beat.type === 'action');
    const located =
      firstAction && filmed[0] === firstAction && firstAction.element.type === 'action'
        ? prologuePlace(firstAction.element.text)
        : null;
    scenes.push({
      number: 1,
      heading: located?.line ?? '',
      headingIndex: -1,
      parts: { intExt: null, location: located?.place ?? null, timeOfDay: located?.timeOfDay ?? null },
      place: located?.place ?? null,
      subLocation: null,
      prologue: true,
      beats: located ? dropLine(before, located.line) : before,
    });
  } else if (before.length > 0) {
    // A transition with nothing to film (FADE IN:) joins the first scene's opening.
    scenes.push({
      number: -1,
      heading: '',
      headingIndex: -1,
      parts: { intExt: null, location: null, timeOfDay: null },
      place: null,
      subLocation: null,
      prologue: true,
      beats: before,
    });
  }
  for (const block of screenplay.scenes) {
    const beats = readBeats(elements, block.headingIndex + 1, block.endIndex, isName);
    const heading = block.heading;
    const previous = scenes[scenes.length - 1];
    const slug = heading.forced && previous && previous.number >= 0 ? readSlug(heading.text, isName) : null;
    if (slug && previous) {
      previous.beats.push({ type: 'slug', index: block.headingIndex, slug }, ...beats);
      continue;
    }
    const parts = parseSceneHeading(heading.text);
    const where = parts.location ? headingPlace(parts.location) : null;
    scenes.push({
      number: 0,
      heading: heading.text,
      headingIndex: block.headingIndex,
      parts,
      place: where?.place ?? null,
      subLocation: where?.subLocation ?? null,
      prologue: false,
      beats,
    });
  }
  // A leading transition-only 'scene' (FADE IN:) hands its beats to the first real scene.
  const lead = scenes[0];
  if (lead && lead.number === -1) {
    scenes.shift();
    scenes[0]?.beats.unshift(...lead.beats);
  }
  scenes.forEach((scene, index) => {
    scene.number = index + 1;
  });
  return { scenes, roster, capitals, devices: heardThroughDevices(elements, roster) };
}

function dropLine(beats: Beat[], line: string): Beat[] {
  return beats.flatMap((beat): Beat[] => {
    if (beat.type !== 'action' || beat.element.type !== 'action') return [beat];
    const text = beat.element.text;
    const at = plainText(text).indexOf(line);
    if (at < 0 || !plainText(text).startsWith(line)) return [beat];
    const rest = plainText(text).slice(line.length).trim();
    return rest === '' ? [] : [{ ...beat, element: { ...beat.element, text: rest } }];
  });
}

function readBeats(
  elements: readonly ScriptElement[],
  from: number,
  to: number,
  isName: (name: string) => boolean,
): Beat[] {
  const beats: Beat[] = [];
  for (let i = from; i < to; i++) {
    const element = elements[i] as ScriptElement;
    switch (element.type) {
      case 'character': {
        const parts: ScriptElement[] = [];
        while (i + 1 < to && continuesDialogue(elements[i + 1] as ScriptElement))
          parts.push(elements[++i] as ScriptElement);
        const previous = beats[beats.length - 1];
        if (element.dual === 'right' && previous?.type === 'speech' && previous.cue.dual === 'left') {
          beats[beats.length - 1] = {
            type: 'dual',
            index: previous.index,
            speeches: [
              { cue: previous.cue, parts: previous.parts },
              { cue: element, parts },
            ],
          };
          break;
        }
        beats.push({
          type: 'speech',
          index: i - parts.length,
          cue: element,
          parts,
          delivery: deliveryOf(element),
        });
        break;
      }
      case 'transition': {
        const read = readTransition(element.text);
        beats.push({ type: 'transition', index: i, transition: read?.transition ?? null });
        break;
      }
      case 'action':
      case 'centered':
      case 'lyrics': {
        const text = plainText(element.text).trim();
        if (text === '') break;
        if (element.type !== 'lyrics') {
          const transition = readTransition(text);
          if (transition) {
            beats.push({ type: 'transition', index: i, transition: transition.transition });
            break;
          }
          if (isStructureLine(text.toUpperCase() === text ? text : '')) break;
          const slug = element.type === 'action' ? readSlug(firstLine(text), isName) : null;
          if (slug) {
            beats.push({ type: 'slug', index: i, slug });
            const rest = text.split('\n').slice(1).join('\n').trim();
            if (rest !== '') beats.push({ type: 'action', index: i, element: { ...element, text: rest } });
            break;
          }
        }
        beats.push({ type: 'action', index: i, element });
        break;
      }
      default:
        break;
    }
  }
  return beats;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}

/** Reads every action sentence once before directing: who is introduced, what is handled as an object. */
function prescanPeople(
  elements: readonly ScriptElement[],
  roster: Roster,
  capitals: CapitalsReader,
  things: Set<string>,
): void {
  const sentences: { index: number; sentence: string; following: string }[] = [];
  elements.forEach((element, index) => {
    if (!isPrintedAction(element) || element.type !== 'action') return;
    const text = plainText(element.text);
    // 'She drops the ring on the counter.': the ring is a thing wherever it is written in capitals.
    for (const thing of handledThings(text)) things.add(thing);
    if (!/\p{Lu}\p{Lu}/u.test(text)) return;
    for (const [start, end] of sentenceRanges(text)) {
      sentences.push({ index, sentence: text.slice(start, end), following: text.slice(end) });
    }
  });
  for (const { sentence, following } of sentences) {
    for (const run of capitals.read(sentence, following).runs)
      if (run.kind === 'prop' && run.role === 'object') things.add(run.text);
  }
  capitals.forget();
  for (const { index, sentence, following } of sentences) {
    for (const run of capitals.read(sentence, following).runs)
      if (run.kind === 'person' && (run.intro || !roster.isPerson(run.text)))
        roster.introduce(run.text, index, sentence);
  }
  capitals.forget();
}
