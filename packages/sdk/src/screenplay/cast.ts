import type { CastType, FirstPassScene, FirstPassShot } from '../contract/index.js';
import { TEXT_LIMITS } from '../contract/index.js';
import { clip } from './director.text.js';
import { plainText } from './emphasis.js';
import type { Screenplay, ScriptElement } from './fountain.types.js';
import { NameMatcher } from './name-matcher.js';
import { characterKey, normalizeCharacterName } from './screenplay.model.js';

/** One character, location or prop the script names, described from the script. */
export interface ScriptCastMember {
  type: CastType;
  /** As an asset is named: 'MARA' becomes 'Mara', 'HARBOR MARKET' 'Harbor Market'. */
  name: string;
  /** The key the first pass uses for it (a character's normalised cue, a place or prop in capitals). */
  key: string;
  description: string;
}

const DESCRIPTION_CHARS = 600;

/** A place's or prop's key: plain text, single spaces, capitals (as the director matches them). */
export function castKey(name: string): string {
  return plainText(name).replace(/\s+/g, ' ').trim().toUpperCase();
}

/** 'DR. HALE' → 'Dr. Hale', "O'BRIEN" → "O'Brien", "LEO'S CAR" → "Leo's Car"; mixed case stays as written. */
export function castName(name: string): string {
  const trimmed = plainText(name).replace(/\s+/g, ' ').trim();
  if (trimmed !== trimmed.toUpperCase()) return clip(trimmed, TEXT_LIMITS.name);
  const titled = trimmed
    .toLowerCase()
    // A word starts after a space, a hyphen, a dot or a bracket, and after the apostrophe of O'Brien
    // (one letter before it), not of Leo's.
    .replace(
      /(^|[\s\-.(/]|(?<=(?:^|\s)\p{L})')(\p{L})/gu,
      (_, before, letter) => before + letter.toUpperCase(),
    );
  return clip(titled, TEXT_LIMITS.name);
}

function oneLine(text: string): string {
  return plainText(text).replace(/\s+/g, ' ').trim();
}

/** Each speaker's first appearance: the first action naming them, else their first line of dialogue. */
function characterDescriptions(elements: readonly ScriptElement[]): Map<string, string> {
  const speakers: string[] = [];
  for (const element of elements) {
    if (element.type === 'character') {
      const key = characterKey(element);
      if (key !== '' && !speakers.includes(key)) speakers.push(key);
    }
  }
  const matcher = new NameMatcher(speakers, true);
  const found = new Map<string, string>();
  elements.forEach((element, index) => {
    if (element.type === 'action') {
      for (const name of matcher.find(oneLine(element.text))) {
        const key = normalizeCharacterName(name);
        if (!found.has(key)) found.set(key, oneLine(element.text));
      }
    } else if (element.type === 'character') {
      const key = characterKey(element);
      const next = elements[index + 1];
      if (!found.has(key) && next?.type === 'dialogue') found.set(key, `First line: “${oneLine(next.text)}”`);
    }
  });
  return new Map(speakers.map((key) => [key, clip(found.get(key) ?? '', DESCRIPTION_CHARS)]));
}

/**
 * The cast a script names, in order of appearance: its speaking characters (described by their first
 * appearance), the locations of its scenes (by their scene headings) and the props its shots are about
 * (by the line they appear in). The first pass gives the scenes, locations and props.
 */
export function scriptCast(
  screenplay: Screenplay,
  pass: { shots: readonly FirstPassShot[]; scenes: readonly FirstPassScene[] },
): ScriptCastMember[] {
  const characters = [...characterDescriptions(screenplay.elements)].map(
    ([key, description]): ScriptCastMember => ({ type: 'character', name: castName(key), key, description }),
  );
  const headings = new Map<string, { name: string; headings: string[] }>();
  for (const scene of pass.scenes) {
    const first = pass.shots[scene.shotIndexes[0] ?? -1];
    const location = first?.location ?? '';
    if (location === '') continue;
    const key = castKey(location);
    const entry = headings.get(key) ?? { name: location, headings: [] };
    const heading = oneLine(scene.heading);
    if (heading !== '' && !entry.headings.includes(heading)) entry.headings.push(heading);
    headings.set(key, entry);
  }
  const locations = [...headings].map(
    ([key, entry]): ScriptCastMember => ({
      type: 'location',
      name: castName(entry.name),
      key,
      description: clip(`Scene headings: ${entry.headings.join('; ')}`, DESCRIPTION_CHARS),
    }),
  );
  const props = new Map<string, ScriptCastMember>();
  for (const shot of pass.shots) {
    for (const prop of shot.props ?? []) {
      const key = castKey(prop);
      if (key === '' || props.has(key)) continue;
      const line = oneLine(shot.script_text || shot.action);
      props.set(key, {
        type: 'prop',
        name: castName(prop),
        key,
        description: clip(line === '' ? '' : `First seen: ${line}`, DESCRIPTION_CHARS),
      });
    }
  }
  return [...characters, ...locations, ...props.values()];
}
