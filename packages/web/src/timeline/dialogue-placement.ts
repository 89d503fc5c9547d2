import { type DialogueLine, FIRST_PASS_DEFAULTS, type Pacing } from '@reelbench/sdk/contract';
import { type DialogueShot, placeDialogue as placeCutDialogue } from '@reelbench/sdk/screenplay';

export interface PlacedLine {
  line: DialogueLine;
  /** Seconds on the timeline. */
  start: number;
  /** The clip's whole length: a line longer than what is left of its shot is drawn past the shot's end. */
  duration: number;
  shotIndex: number;
  /** The line runs past its shot's end (the shot is shorter than its lines; the rough cut cuts it there). */
  overruns: boolean;
}

export interface DialoguePlacement {
  /** In timeline order (by start). */
  placed: PlacedLine[];
  /** Lines whose shot is not on the timeline (deleted, or no shot holds them). */
  unplaced: number;
  /** The longest placed clip, in seconds: how far back a clip may start and still be in view. */
  longest: number;
}

/**
 * Where each line sits on the timeline: the SDK's placement (the one the rough cut and the exports
 * use: under its shot, in script order, with the pacing's pauses) from each shot's start on the
 * timeline (`starts`, by the shots' index), drawn at the clip's whole length
 * so a line that does not fit its shot shows how far it runs over, including one that would begin
 * after its shot has ended.
 */
export function placeDialogue(
  lines: readonly DialogueLine[],
  shots: readonly DialogueShot[],
  starts: readonly number[],
  pacing: Pacing = FIRST_PASS_DEFAULTS.pacing,
): DialoguePlacement {
  const placement = placeCutDialogue(shots, lines, pacing);
  const placed: PlacedLine[] = placement.placed.map((entry) => ({
    line: entry.line,
    start: (starts[entry.shotIndex] ?? 0) + entry.offsetSeconds,
    duration: entry.clipSeconds,
    shotIndex: entry.shotIndex,
    overruns: entry.clipped,
  }));
  let unplaced = 0;
  for (const { line, reason, shotIndex, offsetSeconds } of placement.unplaced) {
    if (reason === 'after-shot-end' && shotIndex !== undefined && offsetSeconds !== undefined) {
      const start = (starts[shotIndex] ?? 0) + offsetSeconds;
      placed.push({ line, start, duration: line.durationMs / 1000, shotIndex, overruns: true });
    } else unplaced += 1;
  }
  placed.sort((a, b) => a.start - b.start || a.line.order - b.line.order);
  const longest = placed.reduce((most, entry) => Math.max(most, entry.duration), 0);
  return { placed, unplaced, longest };
}

/** The placed lines overlapping [from, to] seconds, as an index range [first, last] (empty: last < first). */
export function visibleLines(placement: DialoguePlacement, from: number, to: number): [number, number] {
  const { placed, longest } = placement;
  // The first clip starting at or after from - longest: nothing earlier can reach into view.
  let low = 0;
  let high = placed.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((placed[middle]?.start ?? 0) < from - longest) low = middle + 1;
    else high = middle;
  }
  let first = low;
  while (first < placed.length && (placed[first]?.start ?? 0) + (placed[first]?.duration ?? 0) < from)
    first += 1;
  let last = first - 1;
  while (last + 1 < placed.length && (placed[last + 1]?.start ?? 0) <= to) last += 1;
  return [first, last];
}
