import type { CastType } from '../contract/index.js';
import { TEXT_LIMITS } from '../contract/index.js';
import { sameObject } from './director.capitals.js';
import { type FilmReading, type FilmScene, type Roster, readScreenplay } from './director.reading.js';
import { clip } from './director.text.js';
import { plainText } from './emphasis.js';
import type { Screenplay } from './fountain.types.js';
import { NameMatcher } from './name-matcher.js';
import { normalizeCharacterName } from './screenplay.model.js';
import { sentenceRanges } from './sentences.js';

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

const PRONOUN = /\b(?:he|she|him|her|his|hers|they|them|their)\b/i;

interface Appearance {
  index: number;
  description: string;
}

/**
 * The cast a script names, from the director's reading of it (director.reading.ts), in order of
 * appearance: its characters (every speaker, joint cues split, and everyone the action introduces,
 * aliases and ages merged), the places of its scenes (one each, sub-locations under their place)
 * and the physical objects its action handles in capitals or its slugs put the camera on. Each is
 * described by its own introduction: the sentence that introduces the character or first shows the
 * object, the first line that shows the place.
 */
export function scriptCast(screenplay: Screenplay): ScriptCastMember[] {
  const reading = readScreenplay(screenplay);
  const { roster } = reading;
  const characters = characterAppearances(screenplay, roster);
  const members: ScriptCastMember[] = [...characters]
    .sort((a, b) => a[1].index - b[1].index)
    .map(([key, found]) => ({
      type: 'character',
      name: castName(key),
      key,
      description: clip(found.description, DESCRIPTION_CHARS),
    }));
  members.push(...locationsOf(reading.scenes, roster));
  members.push(...propsOf(reading));
  return members;
}

function characterAppearances(screenplay: Screenplay, roster: Roster): Map<string, Appearance> {
  const found = new Map<string, Appearance>();
  const firstIndex = new Map<string, number>();
  const matcher = new NameMatcher(roster.names, true);
  const { elements } = screenplay;
  elements.forEach((element, index) => {
    if (element.type === 'character') {
      for (const name of roster.speakersOf(castKey(element.name))) {
        if (!firstIndex.has(name)) firstIndex.set(name, index);
        // The first line said, past a parenthetical ('(filtered, over radio)').
        const next = elements.slice(index + 1, index + 4).find((part) => part.type !== 'parenthetical');
        if (!found.has(name) && !roster.introductions.has(name) && next?.type === 'dialogue')
          found.set(name, { index, description: `First line: “${oneLine(next.text)}”` });
      }
    } else if (element.type === 'action') {
      const text = plainText(element.text);
      for (const [start, end] of sentenceRanges(text)) {
        const sentence = text.slice(start, end);
        for (const name of matcher.find(sentence)) {
          const key = roster.canonical(normalizeCharacterName(name)) ?? name;
          if (!firstIndex.has(key)) firstIndex.set(key, index);
          if (!found.has(key) && !roster.introductions.has(key))
            found.set(key, { index, description: oneLine(sentence) });
        }
      }
    }
  });
  for (const [name, intro] of roster.introductions) {
    found.set(name, { index: intro.index, description: oneLine(intro.sentence) });
    if (!firstIndex.has(name)) firstIndex.set(name, intro.index);
  }
  const out = new Map<string, Appearance>();
  for (const name of roster.names) {
    const description = found.get(name)?.description ?? '';
    out.set(name, { index: firstIndex.get(name) ?? Number.MAX_SAFE_INTEGER, description });
  }
  return out;
}

function locationsOf(scenes: readonly FilmScene[], roster: Roster): ScriptCastMember[] {
  const matcher = new NameMatcher(roster.names, true);
  const byPlace = new Map<string, { name: string; headings: string[]; within: string[]; shown: string }>();
  for (const scene of scenes) {
    if (!scene.place) continue;
    const key = castKey(scene.place);
    const entry = byPlace.get(key) ?? { name: scene.place, headings: [], within: [], shown: '' };
    const heading = oneLine(scene.heading);
    if (heading !== '' && !entry.headings.includes(heading)) entry.headings.push(heading);
    if (scene.subLocation && !entry.within.includes(scene.subLocation)) entry.within.push(scene.subLocation);
    if (entry.shown === '') entry.shown = placeLine(scene, matcher);
    byPlace.set(key, entry);
  }
  return [...byPlace].map(([key, entry]) => {
    const parts = [
      entry.shown,
      entry.within.length > 0 ? `Within it: ${entry.within.map(castName).join(', ')}.` : '',
      `Scene headings: ${entry.headings.join('; ')}`,
    ].filter((part) => part !== '');
    return {
      type: 'location',
      name: castName(entry.name),
      key,
      description: clip(parts.join(' '), DESCRIPTION_CHARS),
    };
  });
}

/** The first sentence of a scene that shows the place: it names no one and refers to no one. */
function placeLine(scene: FilmScene, matcher: NameMatcher): string {
  for (const beat of scene.beats) {
    if (beat.type !== 'action' || beat.element.type !== 'action') continue;
    const text = plainText(beat.element.text);
    for (const [start, end] of sentenceRanges(text)) {
      const sentence = text.slice(start, end);
      if (matcher.find(sentence).length === 0 && !PRONOUN.test(sentence) && !/\p{Lu}\p{Lu}/u.test(sentence))
        return oneLine(sentence);
    }
    return '';
  }
  return '';
}

function propsOf(reading: FilmReading): ScriptCastMember[] {
  const props = new Map<string, ScriptCastMember>();
  const add = (name: string, line: string) => {
    const key = castKey(name.replace(/^(?:the|a|an)\s+/i, ''));
    if (
      key === '' ||
      [...props.keys()].some((known) => sameObject(known, key)) ||
      reading.roster.isPerson(key)
    )
      return;
    props.set(key, {
      type: 'prop',
      name: castName(name.replace(/^(?:the|a|an)\s+/i, '')),
      key,
      description: clip(line === '' ? '' : `First seen: ${oneLine(line)}`, DESCRIPTION_CHARS),
    });
  };
  for (const scene of reading.scenes) {
    for (const beat of scene.beats) {
      if (
        beat.type === 'slug' &&
        (beat.slug.kind === 'insert' || beat.slug.kind === 'close') &&
        beat.slug.subject !== ''
      ) {
        if (!reading.roster.isPerson(beat.slug.subject.toUpperCase())) add(beat.slug.subject, beat.slug.text);
        continue;
      }
      if (beat.type !== 'action' || beat.element.type !== 'action') continue;
      const text = plainText(beat.element.text);
      if (!/\p{Lu}\p{Lu}/u.test(text)) continue;
      for (const [start, end] of sentenceRanges(text)) {
        const sentence = text.slice(start, end);
        for (const run of reading.capitals.read(sentence, text.slice(end)).runs)
          if (run.kind === 'prop' && run.role === 'object') add(run.text, sentence);
      }
    }
  }
  return [...props.values()];
}
