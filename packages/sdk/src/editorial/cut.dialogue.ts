import type { Pacing } from '../contract/constants.js';
import type { Cut, CutDialogueLine } from '../contract/editorial.js';
import { type DialogueLineTiming, placeDialogue } from '../screenplay/dialogue.placement.js';
import { placeEvents } from './cut.model.js';
import { framesToSeconds, secondsToFrames } from './frame-rate.js';

/** What a line needs to go under a cut: its timing, who says what, and its clip. */
export interface DialogueClipSource extends DialogueLineTiming {
  character: string;
  text: string;
  /** The clip's URL (or a path relative to the exported file). */
  url: string;
  /** The stored clip, when the server has one. */
  key?: string | undefined;
}

/**
 * The scratch track's lines under the cut: each placed (placeDialogue over the cut's events, with
 * the pacing's pauses) at a whole frame from the start of its shot's first event, clipped at that
 * event's end. Lines of shots the cut does not hold, or that would begin after their shot ends, are
 * left out. A cut without lines comes back without `dialogue`.
 */
export function withDialogue(cut: Cut, lines: readonly DialogueClipSource[], pacing?: Pacing): Cut {
  const { dialogue: _previous, ...rest } = cut;
  const rate = cut.frameRate;
  const shots = cut.events.map((event) => ({
    shotId: event.shotId,
    durationSeconds: framesToSeconds(event.duration, rate),
  }));
  const { placed } = placeDialogue(shots, lines, pacing);
  const dialogue: CutDialogueLine[] = [];
  for (const { line, shotId, shotIndex, offsetSeconds, clipSeconds } of placed) {
    const event = cut.events[shotIndex];
    if (event === undefined) continue;
    const offset = secondsToFrames(offsetSeconds, rate);
    const clipFrames = Math.max(1, secondsToFrames(clipSeconds, rate));
    const duration = Math.min(clipFrames, event.duration - offset);
    if (duration < 1) continue;
    dialogue.push({
      lineId: line.id,
      shotId,
      character: line.character,
      text: line.text,
      url: line.url,
      ...(line.key ? { key: line.key } : {}),
      offset,
      duration,
      clipFrames,
    });
  }
  return dialogue.length > 0 ? { ...rest, dialogue } : rest;
}

/** A line placed on the record: frames from the start of the cut, out exclusive. */
export interface PlacedCutDialogueLine {
  line: CutDialogueLine;
  /** The event the line belongs to (its shot's first). */
  eventIndex: number;
  recordIn: number;
  recordOut: number;
  /** The shot ends before the clip does. */
  clipped: boolean;
}

/**
 * The cut's lines on the record, in order, never overlapping: each at its shot's first event plus
 * its offset, cut at the event's end (and at the next line's start). Lines whose shot the cut no
 * longer holds are left out.
 */
export function placeCutDialogue(cut: Pick<Cut, 'events' | 'dialogue'>): PlacedCutDialogueLine[] {
  if (!cut.dialogue?.length) return [];
  const firstEvent = new Map<string, { index: number; recordIn: number; recordOut: number }>();
  for (const { index, event, recordIn, recordOut } of placeEvents(cut)) {
    const key = event.shotId.toLowerCase();
    if (!firstEvent.has(key)) firstEvent.set(key, { index, recordIn, recordOut });
  }
  const placed: PlacedCutDialogueLine[] = [];
  for (const line of cut.dialogue) {
    const event = firstEvent.get(line.shotId.toLowerCase());
    if (event === undefined) continue;
    const recordIn = event.recordIn + line.offset;
    const recordOut = Math.min(event.recordOut, recordIn + line.duration);
    if (recordOut <= recordIn) continue;
    placed.push({
      line,
      eventIndex: event.index,
      recordIn,
      recordOut,
      clipped: recordOut - recordIn < line.clipFrames,
    });
  }
  placed.sort((a, b) => a.recordIn - b.recordIn);
  for (let i = 0; i + 1 < placed.length; i += 1) {
    const current = placed[i] as PlacedCutDialogueLine;
    const next = placed[i + 1] as PlacedCutDialogueLine;
    if (current.recordOut > next.recordIn) {
      current.recordOut = next.recordIn;
      current.clipped = true;
    }
  }
  return placed.filter((entry) => entry.recordOut > entry.recordIn);
}

/** A short name for a line's clip in an editor's bin: 'MARA: We should go.' cut at `max` characters. */
export function dialogueClipName(line: Pick<CutDialogueLine, 'character' | 'text'>, max = 60): string {
  const name = `${line.character}: ${line.text}`.replace(/\s+/g, ' ').trim();
  return name.length <= max ? name : `${name.slice(0, max - 1).trimEnd()}…`;
}

/** The file name at the end of a URL or path, without its query: what an EDL's SOURCE FILE names. */
export function urlFileName(url: string): string {
  const path = url.split(/[?#]/)[0] ?? url;
  const name =
    path
      .split(/[\\/]/)
      .filter((part) => part !== '')
      .at(-1) ?? path;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
