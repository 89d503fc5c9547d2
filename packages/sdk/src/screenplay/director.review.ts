import type {
  FirstPassShot,
  FirstPassSound,
  FirstPassTransition,
  FramingType,
  StyleGuide,
} from '../contract/index.js';
import { TEXT_LIMITS } from '../contract/index.js';
import {
  deliveryOf,
  type FilmReading,
  isStructureLine,
  readScreenplay,
  readSlug,
  readTransition,
} from './director.reading.js';
import { type CameraMove, FRAMING_LABELS } from './director.rules.js';
import { buildPrompt, clip } from './director.text.js';
import { plainText } from './emphasis.js';
import type { Screenplay } from './fountain.types.js';
import { normalizeCharacterName, parseCue } from './screenplay.model.js';

/**
 * The film grammar every breakdown must keep, whoever made the shots (the embedded director or a
 * language model): a transition, a slug or a title line is never a shot (a dissolve or a fade joins
 * the shots around it); an insert is of an object, never a person, a sound or a camera direction;
 * a voice-over line plays over the picture, never on a single of its speaker; an off-screen line is
 * covered on whoever hears it.
 */
export interface ReviewedShots {
  shots: FirstPassShot[];
  /** What was changed and why, one line per change. */
  changes: string[];
}

const SINGLES: ReadonlySet<FramingType> = new Set(['medium', 'close', 'extreme-close', 'over-shoulder']);

export function reviewShots(
  screenplay: Screenplay,
  shots: readonly FirstPassShot[],
  styleGuide: StyleGuide,
  reading: FilmReading = readScreenplay(screenplay),
): ReviewedShots {
  const changes: string[] = [];
  const titleValues = new Set(
    screenplay.titlePage.flatMap((entry) =>
      entry.value.split('\n').map((line) => plainText(line).trim().toUpperCase()),
    ),
  );
  // Speakers heard only in voice-over (a narrator): a single of them is never right.
  const onScreen = new Set<string>();
  const voiced = new Set<string>();
  for (const element of screenplay.elements) {
    if (element.type !== 'character') continue;
    const names = reading.roster.speakersOf(normalizeCharacterName(element.name));
    for (const name of names) (deliveryOf(element) === 'voice-over' ? voiced : onScreen).add(name);
  }
  const voiceOnly = new Set([...voiced].filter((name) => !onScreen.has(name)));
  const isName = (name: string) => reading.roster.isPerson(name);
  const out: FirstPassShot[] = [];
  let carried: FirstPassTransition | null = null;
  let carriedSounds: FirstPassSound[] = [];
  shots.forEach((original, index) => {
    const shot: FirstPassShot = { ...original, characters: [...original.characters] };
    const lines = plainText(shot.script_text).trim();
    const only = lines === '' ? plainText(shot.action || shot.description).trim() : lines;
    const transition = only.includes('\n') ? null : readTransition(only);
    if (
      transition ||
      isStructureLine(only.toUpperCase() === only ? only : '') ||
      titleValues.has(only.toUpperCase())
    ) {
      if (transition?.transition) carried = transition.transition;
      changes.push(
        `shot ${index + 1} ('${clip(only, 40)}') is not a shot: ${transition ? 'a transition' : 'structure'}`,
      );
      return;
    }
    if (!only.includes('\n') && lines !== '' && readSlug(only, isName) && !/:/.test(only)) {
      changes.push(`shot ${index + 1} ('${clip(only, 40)}') is a writer's slug, not a shot`);
      return;
    }
    if (shot.framing === 'insert') {
      const subjects = [...(shot.props ?? []), insertSubject(shot.name)].filter((name) => name !== '');
      const read = reading.capitals.read(only.split('\n')[0] ?? '');
      const person = subjects
        .map((name) =>
          reading.roster.canonical(
            plainText(name)
              .toUpperCase()
              .replace(/^(?:THE|A|AN)\s+/, ''),
          ),
        )
        .find((name) => name !== null);
      const noise = subjects.find((name) =>
        read.runs.some(
          (run) =>
            (run.kind === 'sound' || run.kind === 'camera') &&
            run.text.includes(plainText(name).toUpperCase()),
        ),
      );
      if (person) {
        reframe(
          shot,
          'medium',
          [person, ...shot.characters.filter((name) => name !== person)],
          `${person}: ${only}`,
          styleGuide,
        );
        delete shot.props;
        changes.push(`shot ${index + 1}: an insert of ${person}, a person, is a medium shot of them`);
      } else if (noise !== undefined) {
        const previous = out[out.length - 1];
        const sound: FirstPassSound = { kind: 'effect', text: clip(only, TEXT_LIMITS.description) };
        if (previous) {
          previous.sounds = [...(previous.sounds ?? []), sound];
          previous.duration = (previous.duration ?? 0) + (shot.duration ?? 0);
        } else carriedSounds.push(sound);
        changes.push(
          `shot ${index + 1}: an insert of '${noise}', a sound or a camera direction, is a sound note`,
        );
        return;
      }
    }
    const cues = cuesOf(shot.script_text);
    const subject = shot.characters[0];
    if (subject !== undefined && SINGLES.has(shot.framing)) {
      const cue = cues.find(
        (c) => c.delivery !== 'on' && reading.roster.speakersOf(c.name).includes(subject),
      );
      if (cue?.delivery === 'voice-over' || (cue === undefined && voiceOnly.has(subject))) {
        const rest = shot.characters.filter((name) => name !== subject);
        reframe(
          shot,
          'wide',
          rest,
          `${shot.location || 'the scene'}, ${subject} heard in voice-over`,
          styleGuide,
        );
        shot.sounds = [
          ...(shot.sounds ?? []),
          {
            kind: 'voice-over',
            speaker: subject,
            text: clip(voicedText(shot.script_text), TEXT_LIMITS.description),
          },
        ];
        changes.push(
          `shot ${index + 1}: ${subject}'s voice-over plays over the picture, not on a single of them`,
        );
      } else if (cue?.delivery === 'off-screen') {
        const listener = shot.characters.find((name) => name !== subject);
        reframe(
          shot,
          listener ? 'medium' : 'wide',
          listener ? [listener] : [],
          listener
            ? `${listener} hearing ${subject} off screen`
            : `${shot.location || 'the scene'}, ${subject} heard off screen`,
          styleGuide,
        );
        shot.sounds = [
          ...(shot.sounds ?? []),
          {
            kind: 'off-screen',
            speaker: subject,
            text: clip(voicedText(shot.script_text), TEXT_LIMITS.description),
          },
        ];
        changes.push(`shot ${index + 1}: ${subject} speaks off screen; the shot is on who hears them`);
      }
    }
    if (carried) {
      shot.transitionIn = carried;
      carried = null;
    }
    if (carriedSounds.length > 0) {
      shot.sounds = [...carriedSounds, ...(shot.sounds ?? [])];
      carriedSounds = [];
    }
    out.push(shot);
  });
  const last = out[out.length - 1];
  if (last && carried) last.transitionOut = carried;
  return { shots: out, changes };
}

function insertSubject(name: string): string {
  const after = name
    .split(/\s[–-]\s/)
    .slice(1)
    .join(' - ');
  return after.replace(/^close detail of\s+/i, '').trim();
}

function cuesOf(scriptText: string): { name: string; delivery: 'on' | 'voice-over' | 'off-screen' }[] {
  return plainText(scriptText)
    .split('\n\n')
    .flatMap((block) => {
      const line = block.split('\n')[0]?.trim() ?? '';
      if (line === '' || line !== line.toUpperCase() || !block.includes('\n')) return [];
      const { name, extension } = parseCue(line);
      const ext = extension ?? '';
      const delivery = /V\.?\s?O\b/i.test(ext)
        ? 'voice-over'
        : /O\.?\s?[SC]\b/i.test(ext)
          ? 'off-screen'
          : 'on';
      return [{ name: normalizeCharacterName(name), delivery } as const];
    });
}

function voicedText(scriptText: string): string {
  return plainText(scriptText)
    .split('\n')
    .filter((line) => line.trim() !== '' && line !== line.toUpperCase() && !line.startsWith('('))
    .join(' ');
}

function reframe(
  shot: FirstPassShot,
  framing: FramingType,
  characters: string[],
  subject: string,
  styleGuide: StyleGuide,
): void {
  shot.framing = framing;
  shot.characters = characters;
  const prefix = /^\d+\.\d+\s/.exec(shot.name)?.[0] ?? '';
  shot.name = clip(`${prefix}${FRAMING_LABELS[framing]} – ${subject}`, TEXT_LIMITS.name);
  shot.description = clip(`${FRAMING_LABELS[framing]}: ${subject}.`, TEXT_LIMITS.description);
  shot.prompt = clip(
    buildPrompt({
      framing,
      camera: (framing === 'wide' ? 'slow pan' : 'static') as CameraMove,
      subject,
      location: shot.location,
      intExt: null,
      timeOfDay: null,
      style: styleGuide.style,
      aspect: styleGuide.aspect,
      notes: styleGuide.notes,
    }),
    TEXT_LIMITS.prompt,
  );
}
