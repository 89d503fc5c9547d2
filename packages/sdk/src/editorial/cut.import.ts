import type { Cut, CutEvent, CutTransition } from '../contract/editorial.js';
import { clipNameKey, splitTakeSuffix } from './text.js';

/** A clip read from an edited EDL or OTIO file, in record order, at the cut's frame rate. */
export interface ImportedClip {
  /** 1-based line in an EDL. */
  line?: number;
  /** Where the clip is in an OTIO file, e.g. "tracks[0].children[3]". */
  path?: string;
  shotId?: string;
  take?: number;
  /** The clip's name as the file gives it, maybe with a " (take N)" suffix. */
  clipName?: string;
  sourceIn: number;
  duration: number;
  transition: CutTransition;
}

/** A clip of the file that matches no event of the cut: it is reported, never dropped silently. */
export interface UnmatchedClip {
  line?: number;
  path?: string;
  clipName?: string;
  shotId?: string;
  reason: string;
}

export interface ImportNote {
  line?: number;
  path?: string;
  message: string;
}

export interface CutImportResult {
  /** The cut in the file's order with the file's durations, source ins and transitions. */
  cut: Cut;
  unmatched: UnmatchedClip[];
  /** Events of the cut that the file no longer has. */
  removed: CutEvent[];
  /** What was read but changed on the way in (a dissolve clamped, a wipe read as a dissolve …). */
  notes: ImportNote[];
}

function where(clip: ImportedClip): { line?: number; path?: string } {
  return {
    ...(clip.line === undefined ? {} : { line: clip.line }),
    ...(clip.path === undefined ? {} : { path: clip.path }),
  };
}

/**
 * Rebuilds the cut from clips read back from a file. A clip is matched to an event by the shot id
 * it carries (the same take first), or, when it carries none, by its clip name. Each event is
 * matched once; a shot the file uses again is copied from the event already matched (without its
 * markers). The matched events keep their ids, media and markers and take the file's order,
 * duration, source in and transition, so reading back our own export changes nothing.
 */
export function applyImportedClips(cut: Cut, clips: ImportedClip[]): CutImportResult {
  const used = new Set<number>();
  const unmatched: UnmatchedClip[] = [];
  const notes: ImportNote[] = [];
  const events: CutEvent[] = [];
  const lastMatch = new Map<string, CutEvent>();

  // The cut's events by shot id and by clip name, built once (a feature has thousands).
  const byShot = new Map<string, number[]>();
  const byName = new Map<string, number[]>();
  cut.events.forEach((event, index) => {
    const shotKey = event.shotId.toLowerCase();
    byShot.set(shotKey, [...(byShot.get(shotKey) ?? []), index]);
    const nameKey = clipNameKey(event.clipName);
    byName.set(nameKey, [...(byName.get(nameKey) ?? []), index]);
  });

  const pick = (candidates: number[], take: number | undefined): number | undefined => {
    const free = candidates.filter((index) => !used.has(index));
    return free.find((index) => cut.events[index]?.take === take) ?? free[0];
  };

  for (const clip of clips) {
    const label = clip.clipName === undefined ? undefined : splitTakeSuffix(clip.clipName);
    const take = clip.take ?? label?.take;
    let matchIndex: number | undefined;
    let copyOf: CutEvent | undefined;
    if (clip.shotId) {
      const shotId = clip.shotId.toLowerCase();
      const candidates = byShot.get(shotId) ?? [];
      matchIndex = pick(candidates, take);
      if (matchIndex === undefined) copyOf = lastMatch.get(shotId);
      if (matchIndex === undefined && !copyOf) {
        unmatched.push({
          ...where(clip),
          ...(clip.clipName === undefined ? {} : { clipName: clip.clipName }),
          shotId: clip.shotId,
          reason: `Shot ${clip.shotId} is not in this cut`,
        });
        continue;
      }
    } else if (label && label.name !== '') {
      const key = clipNameKey(label.name);
      const candidates = byName.get(key) ?? [];
      matchIndex = pick(candidates, take);
      if (matchIndex === undefined) copyOf = lastMatch.get(`name:${key}`);
      if (matchIndex === undefined && !copyOf) {
        unmatched.push({
          ...where(clip),
          clipName: clip.clipName ?? '',
          reason: `No shot id, and no clip of this cut is named '${label.name}'`,
        });
        continue;
      }
    } else {
      unmatched.push({ ...where(clip), reason: 'The clip carries neither a shot id nor a clip name' });
      continue;
    }

    if (clip.duration < 1) {
      unmatched.push({
        ...where(clip),
        ...(clip.clipName === undefined ? {} : { clipName: clip.clipName }),
        ...(clip.shotId === undefined ? {} : { shotId: clip.shotId }),
        reason: 'The clip has no length',
      });
      continue;
    }

    const original = matchIndex === undefined ? copyOf : cut.events[matchIndex];
    if (!original) continue;
    if (matchIndex !== undefined) used.add(matchIndex);
    else
      notes.push({
        ...where(clip),
        message: `Shot '${original.clipName}' is used again: copied without markers`,
      });

    let transition = clip.transition;
    if (transition.type === 'dissolve' && events.length === 0) {
      notes.push({ ...where(clip), message: 'A dissolve into the first clip is read as a cut' });
      transition = { type: 'cut' };
    } else if (transition.type === 'dissolve' && transition.frames > clip.duration) {
      notes.push({ ...where(clip), message: `Dissolve shortened to the clip's ${clip.duration} frames` });
      transition = { type: 'dissolve', frames: clip.duration };
    }
    const sourceIn = Math.max(0, clip.sourceIn);
    const markers = (matchIndex === undefined ? [] : original.markers).map((marker) => {
      if (marker.frame < clip.duration) return marker;
      notes.push({ ...where(clip), message: `Marker '${marker.text}' moved to the clip's last frame` });
      return { ...marker, frame: clip.duration - 1 };
    });
    const event: CutEvent = {
      ...original,
      sourceIn,
      sourceOut: sourceIn + clip.duration,
      duration: clip.duration,
      transition: sameTransition(transition, original.transition) ? original.transition : transition,
      markers,
    };
    if (event.availableFrames !== undefined && event.availableFrames < event.sourceOut) {
      event.availableFrames = event.sourceOut;
    }
    events.push(event);
    lastMatch.set(original.shotId.toLowerCase(), original);
    lastMatch.set(`name:${clipNameKey(original.clipName)}`, original);
  }

  const removed = cut.events.filter((_, index) => !used.has(index));
  return { cut: { ...cut, events }, unmatched, removed, notes };
}

function sameTransition(a: CutTransition, b: CutTransition): boolean {
  if (a.type === 'cut' || b.type === 'cut') return a.type === b.type;
  return a.frames === b.frames;
}
