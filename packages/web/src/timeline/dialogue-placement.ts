import { type DialogueLine, FIRST_PASS_DEFAULTS } from '@reelbench/sdk/contract';
import { DIALOGUE_PAUSES, PARENTHETICAL_PAUSE_SECONDS } from '@reelbench/sdk/screenplay';

/** The pauses a dialogue shot leaves around its lines (the pacing's DIALOGUE_PAUSES). */
export interface LinePauses {
  /** Before the first line. */
  head: number;
  /** Between two lines. */
  between: number;
  /** Added after a line whose next line's parenthetical asks for a beat or a pause. */
  beat: number;
}

/** The pauses of the pacing Time Shots to Dialogue uses when none is named (the first pass's default). */
export const LINE_PAUSES: LinePauses = {
  ...DIALOGUE_PAUSES[FIRST_PASS_DEFAULTS.pacing],
  beat: PARENTHETICAL_PAUSE_SECONDS,
};

export interface PlacedLine {
  line: DialogueLine;
  /** Seconds on the timeline. */
  start: number;
  duration: number;
  shotIndex: number;
  /** The line runs past its shot's end (the shot is shorter than its lines). */
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

const BEAT = /\b(?:beat|pause|then)\b/i;

/**
 * Where each line sits on the timeline: under its shot, the shot's lines in script order, end to end
 * from the shot's start with the pacing's pauses (a head before the first, a gap between lines, a beat
 * before a line whose parenthetical asks for one) — the layout Time Shots to Dialogue times the shot
 * to. `shotIndex` maps a shot id to its place in `starts`.
 */
export function placeDialogue(
  lines: readonly DialogueLine[],
  shotIndex: ReadonlyMap<string, number>,
  starts: readonly number[],
  durations: readonly number[],
  pauses: LinePauses,
): DialoguePlacement {
  const byShot = new Map<number, DialogueLine[]>();
  let unplaced = 0;
  for (const line of lines) {
    const index = line.shotId === null ? undefined : shotIndex.get(line.shotId);
    if (index === undefined) {
      unplaced += 1;
      continue;
    }
    const list = byShot.get(index);
    if (list) list.push(line);
    else byShot.set(index, [line]);
  }
  const placed: PlacedLine[] = [];
  let longest = 0;
  for (const [index, shotLines] of [...byShot].sort((a, b) => a[0] - b[0])) {
    shotLines.sort((a, b) => a.order - b.order);
    const shotStart = starts[index] ?? 0;
    const shotEnd = shotStart + (durations[index] ?? 0);
    let at = shotStart + pauses.head;
    shotLines.forEach((line, position) => {
      if (position > 0) at += pauses.between;
      if (line.parenthetical && BEAT.test(line.parenthetical)) at += pauses.beat;
      const duration = line.durationMs / 1000;
      placed.push({ line, start: at, duration, shotIndex: index, overruns: at + duration > shotEnd + 1e-6 });
      longest = Math.max(longest, duration);
      at += duration;
    });
  }
  placed.sort((a, b) => a.start - b.start);
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
