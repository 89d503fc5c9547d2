import { plainText } from './emphasis.js';
import type {
  CharacterElement,
  SceneBlock,
  Screenplay,
  ScriptDiagnostic,
  ScriptElement,
  TitlePageEntry,
} from './fountain.types.js';

export type IntExt = 'INT' | 'EXT' | 'INT/EXT' | 'EST';

export interface SceneHeadingParts {
  intExt: IntExt | null;
  /** null when the heading names no place ('INT. - DAY', or a forced '.BLACK'). */
  location: string | null;
  timeOfDay: string | null;
}

/** Longest first, so 'INT./EXT' wins over 'INT'. */
const HEADING_PREFIXES: ReadonlyArray<readonly [string, IntExt]> = [
  ['INT./EXT', 'INT/EXT'],
  ['EXT./INT', 'INT/EXT'],
  ['INT/EXT', 'INT/EXT'],
  ['EXT/INT', 'INT/EXT'],
  ['I/E', 'INT/EXT'],
  ['E/I', 'INT/EXT'],
  ['INT', 'INT'],
  ['EXT', 'EXT'],
  ['EST', 'EST'],
];

/**
 * Fountain's scene heading rule: the line starts with one of the prefixes followed by a '.' or a
 * space, in any case. 'INTERIOR DESIGN' and 'ESTATE SALE' are not headings.
 */
export function matchHeadingPrefix(
  text: string,
): { lead: string; prefix: string; intExt: IntExt; rest: string } | null {
  // 'FLASHBACK - INT. DINER - DAY': published scripts open a flashback or a dream on its heading.
  const lead = SEQUENCE_LEAD.exec(text)?.[0] ?? '';
  const body = text.slice(lead.length);
  const head = body.slice(0, 10).toUpperCase();
  for (const [prefix, intExt] of HEADING_PREFIXES) {
    if (!head.startsWith(prefix)) continue;
    const next = body.charAt(prefix.length);
    if (next !== '.' && next !== ' ') continue;
    return { lead, prefix, intExt, rest: body.slice(prefix.length + (next === '.' ? 1 : 0)).trim() };
  }
  return null;
}

/** A sequence named before a heading on its line: 'FLASHBACK - ', 'DREAM SEQUENCE: '. */
const SEQUENCE_LEAD =
  /^(?:FLASHBACK|FLASH[- ]FORWARD|DREAM(?: SEQUENCE)?|NIGHTMARE|MEMORY|FANTASY|FANTASY SEQUENCE)\s*(?:[-–—:]\s*)/i;

const TIMES_OF_DAY = new Set([
  'DAY',
  'NIGHT',
  'MORNING',
  'AFTERNOON',
  'EVENING',
  'DUSK',
  'DAWN',
  'PRE-DAWN',
  'SUNRISE',
  'SUNSET',
  'NOON',
  'MIDNIGHT',
  'TWILIGHT',
  'MAGIC HOUR',
  'CONTINUOUS',
  'LATER',
  'SAME',
  'SAME TIME',
  'SIMULTANEOUS',
]);

function isTimeOfDay(segment: string): boolean {
  const paren = segment.endsWith(')') ? segment.lastIndexOf('(') : -1;
  const bare = (paren > 0 ? segment.slice(0, paren) : segment).trim();
  if (TIMES_OF_DAY.has(bare) || bare.endsWith(' LATER')) return true;
  return bare.split(' ').some((word) => word === 'DAY' || word === 'NIGHT');
}

function isDashOrSpace(char: string): boolean {
  return char === '-' || char === '–' || char === '—' || char === ' ' || char === '\t';
}

function trimDashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isDashOrSpace(text.charAt(start))) start++;
  while (end > start && isDashOrSpace(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

const SEGMENT_SEPARATOR = / [-–—] /;

/** A heading's last segment that is the weather ('RAIN', 'HEAVY SNOW', 'FOG'). */
const WEATHER =
  /^(?:(?:HEAVY|LIGHT|POURING|DRIVING|FREEZING)\s+)?(?:RAIN|RAINING|SNOW|SNOWING|STORM|STORMY|THUNDERSTORM|FOG|FOGGY|MIST|DRIZZLE|DOWNPOUR|SLEET|HAIL|BLIZZARD|WIND|WINDY|HEATWAVE)$/;

/**
 * 'EXT. POLICE STATION - ROOF - NIGHT' → {EXT, 'POLICE STATION - ROOF', 'NIGHT'}; the time of day may
 * also follow a comma ('INT. DINER, NIGHT').
 */
export function parseSceneHeading(text: string): SceneHeadingParts {
  const plain = plainText(text).trim().toUpperCase();
  const prefix = matchHeadingPrefix(plain);
  const segments = trimDashes(prefix ? prefix.rest : plain)
    .split(SEGMENT_SEPARATOR)
    .map((segment) => segment.trim());
  const last = segments[segments.length - 1] ?? '';
  const comma = last.lastIndexOf(',');
  let timeOfDay: string | null = null;
  if (comma > 0 && isTimeOfDay(last.slice(comma + 1).trim())) {
    timeOfDay = last.slice(comma + 1).trim();
    segments[segments.length - 1] = last.slice(0, comma).trim();
  } else if ((segments.length > 1 || prefix !== null) && isTimeOfDay(last)) {
    timeOfDay = last;
    segments.pop();
  } else if (segments.length > 2 && WEATHER.test(last) && isTimeOfDay(segments[segments.length - 2] ?? '')) {
    // 'EXT. CITY STREET - NIGHT - RAIN': the weather goes with the time of day, not the place.
    const weather = segments.pop() as string;
    timeOfDay = `${segments.pop()} - ${weather}`;
  }
  const location = trimDashes(segments.join(' - '));
  return {
    intExt: prefix ? prefix.intExt : null,
    location: prefix && location !== '' ? location : null,
    timeOfDay,
  };
}

/** Heading segments that qualify the shot, not the place: 'CAR - MOVING', 'HOUSE - FLASHBACK'. */
const PLACE_QUALIFIERS = new Set([
  'MOVING',
  'ESTABLISHING',
  'FLASHBACK',
  'PRESENT',
  'PRESENT DAY',
  'DREAM',
  'STOCK',
]);

export interface HeadingPlace {
  /** 'LIGHTHOUSE' of 'LIGHTHOUSE - KEEPER'S KITCHEN'. */
  place: string;
  /** 'KEEPER'S KITCHEN': the part of the place the scene is in, or null. */
  subLocation: string | null;
}

/** A heading's location split into its place and the sub-location within it. */
export function headingPlace(location: string): HeadingPlace {
  const segments = location
    .split(SEGMENT_SEPARATOR)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && !PLACE_QUALIFIERS.has(segment) && !/^\(.*\)$/.test(segment));
  const place = segments[0] ?? location;
  const rest = segments.slice(1).join(' - ');
  return { place, subLocation: rest === '' ? null : rest };
}

/** Fountain: a transition is uppercase and ends in 'TO:'. */
export function isTransitionText(text: string): boolean {
  return text.endsWith('TO:') && text === text.toUpperCase();
}

export interface CueParts {
  name: string;
  extension?: string;
  dualRight: boolean;
}

/** Splits a cue line (without '@') into name, extensions and the dual-dialogue caret. */
export function parseCue(line: string): CueParts {
  let text = line.trim();
  const dualRight = text.endsWith('^');
  if (dualRight) text = text.slice(0, -1).trimEnd();
  const paren = text.indexOf('(');
  if (paren <= 0) return { name: text, dualRight };
  const name = text.slice(0, paren).trimEnd();
  const extension = text.slice(paren).trim();
  return extension === '' ? { name, dualRight } : { name, extension, dualRight };
}

/**
 * Fountain: a cue is entirely uppercase (extensions may be lowercase) and holds at least one letter;
 * a line that opens with '(' is a parenthetical, never a cue.
 */
export function isUppercaseCue(line: string): boolean {
  if (line.trimStart().startsWith('(')) return false;
  const { name } = parseCue(line);
  return name !== '' && name === name.toUpperCase() && name !== name.toLowerCase();
}

/** The name a character is counted under: no emphasis, no extensions, single spaces, uppercase. */
export function normalizeCharacterName(name: string): string {
  return plainText(parseCue(name).name).replace(/\s+/g, ' ').trim().toUpperCase();
}

const cueKeys = new WeakMap<CharacterElement, string>();

/** The normalised name of a cue, worked out once per element. */
export function characterKey(cue: CharacterElement): string {
  let key = cueKeys.get(cue);
  if (key === undefined) {
    key = normalizeCharacterName(cue.name);
    cueKeys.set(cue, key);
  }
  return key;
}

/** Parts of a dialogue block after its cue: they follow without a blank line. */
export function continuesDialogue(element: ScriptElement): boolean {
  switch (element.type) {
    case 'dialogue':
    case 'parenthetical':
      return true;
    case 'lyrics':
    case 'note':
      return element.inDialogue === true;
    default:
      return false;
  }
}

/** Elements that are printed on the page (sections, synopses, notes and boneyard are not). */
export function isPrinted(element: ScriptElement): boolean {
  return !(
    element.type === 'section' ||
    element.type === 'synopsis' ||
    element.type === 'note' ||
    element.type === 'boneyard' ||
    element.type === 'page_break'
  );
}

function buildScenes(elements: readonly ScriptElement[]): SceneBlock[] {
  const scenes: SceneBlock[] = [];
  for (let i = 0; i < elements.length; i++) {
    const element = elements[i];
    if (element?.type !== 'scene_heading') continue;
    const previous = scenes[scenes.length - 1];
    if (previous) closeScene(previous, elements, i);
    scenes.push({
      number: scenes.length + 1,
      heading: element,
      headingIndex: i,
      endIndex: elements.length,
      line: element.line,
      endLine: element.endLine,
    });
  }
  const last = scenes[scenes.length - 1];
  if (last) closeScene(last, elements, elements.length);
  return scenes;
}

function closeScene(scene: SceneBlock, elements: readonly ScriptElement[], endIndex: number): void {
  scene.endIndex = endIndex;
  scene.endLine = elements[endIndex - 1]?.endLine ?? scene.heading.endLine;
}

export function createScreenplay(
  titlePage: TitlePageEntry[],
  elements: ScriptElement[],
  diagnostics: ScriptDiagnostic[] = [],
): Screenplay {
  return { titlePage, elements, scenes: buildScenes(elements), diagnostics };
}

/** A title page credit line: 'Written by', 'A screenplay by', 'by'. */
export const CREDIT_LINE = /^(?:[\w'-]+\s+){0,3}by:?$/i;
/** A title page line that reads as a draft date. */
export const DATE_LINE = /\b(?:19|20)\d{2}\b|draft/i;

/** The value of a title page key, compared without case ('Title', 'title'). */
export function titlePageValue(screenplay: Screenplay, key: string): string | undefined {
  const wanted = key.toLowerCase();
  return screenplay.titlePage.find((entry) => entry.key.toLowerCase() === wanted)?.value;
}
