import { FIRST_PASS_DEFAULTS, type Pacing } from '../contract/constants.js';
import { isBeat } from './dialogue.js';
import { DIALOGUE_PAUSES, PARENTHETICAL_PAUSE_SECONDS } from './director.rules.js';

/**
 * Where each dialogue line sits in a cut (issue 31): one answer for the server's rough cut, the
 * editorial exports and the web's timeline. A shot's lines play one after the other from its start,
 * with the pacing's pauses (the same ones dialogueShotSeconds times a shot with): the head before
 * the first line, the gap between lines, a beat before a line whose parenthetical asks for one.
 */

/** A shot of the cut or timeline, in order. */
export interface DialogueShot {
  shotId: string;
  durationSeconds: number;
}

/** What placing needs of a line (a DialogueLine has it all). */
export interface DialogueLineTiming {
  id: string;
  /** The shot that holds the line; null when none does. */
  shotId: string | null;
  /** The line's place among the script's lines: a shot's lines play in this order. */
  order: number;
  /** The clip's measured length. */
  durationMs: number;
  parenthetical?: string | null;
}

export interface PlacedDialogueLine<Line extends DialogueLineTiming = DialogueLineTiming> {
  line: Line;
  shotId: string;
  /** Index of the line's shot in the shots given (its first appearance when a shot is used twice). */
  shotIndex: number;
  /** Seconds from the start of the cut (the shot's start plus `offsetSeconds`). */
  startSeconds: number;
  /** Seconds from the start of the shot. */
  offsetSeconds: number;
  /** How long the line plays: the clip's length, or less when the shot ends first. */
  durationSeconds: number;
  /** The clip's whole length. */
  clipSeconds: number;
  /** The shot ends before the line does: only its first `durationSeconds` are heard. */
  clipped: boolean;
}

export type UnplacedReason = 'no-shot' | 'after-shot-end';

export interface DialoguePlacement<Line extends DialogueLineTiming = DialogueLineTiming> {
  /** Placed lines in the order they are heard. */
  placed: PlacedDialogueLine<Line>[];
  /**
   * Lines left out: 'no-shot' when the line has no shot or its shot is not in the cut, 'after-shot-end'
   * when the shot is so short that it ends before the line would begin.
   */
  unplaced: {
    line: Line;
    reason: UnplacedReason;
    /** For 'after-shot-end': where the line would begin (its shot's index, seconds from the shot's start). */
    shotIndex?: number;
    offsetSeconds?: number;
  }[];
}

/** Shorter than this is not a line anyone hears (a thousandth of a second). */
const EPSILON = 1e-3;

/**
 * Each line's place in the cut. A shot used more than once carries its lines at its first use, as a
 * review marker does; lines of a shot the cut does not hold are left out.
 */
export function placeDialogue<Line extends DialogueLineTiming>(
  shots: readonly DialogueShot[],
  lines: readonly Line[],
  pacing: Pacing = FIRST_PASS_DEFAULTS.pacing,
): DialoguePlacement<Line> {
  const pauses = DIALOGUE_PAUSES[pacing];
  const starts = new Map<string, { shotId: string; index: number; start: number; duration: number }>();
  let time = 0;
  shots.forEach((shot, index) => {
    const key = shot.shotId.toLowerCase();
    if (!starts.has(key))
      starts.set(key, { shotId: shot.shotId, index, start: time, duration: shot.durationSeconds });
    time += shot.durationSeconds;
  });
  const byShot = new Map<string, Line[]>();
  const unplaced: DialoguePlacement<Line>['unplaced'] = [];
  for (const line of lines) {
    const key = line.shotId?.toLowerCase();
    if (key === undefined || !starts.has(key)) {
      unplaced.push({ line, reason: 'no-shot' });
      continue;
    }
    const list = byShot.get(key) ?? [];
    list.push(line);
    byShot.set(key, list);
  }
  const placed: PlacedDialogueLine<Line>[] = [];
  for (const [key, shotLines] of byShot) {
    const shot = starts.get(key);
    if (shot === undefined) continue;
    const ordered = [...shotLines].sort((a, b) => a.order - b.order);
    let offset = pauses.head;
    ordered.forEach((line, index) => {
      if (index > 0) offset += pauses.between;
      if (isBeat(line.parenthetical)) offset += PARENTHETICAL_PAUSE_SECONDS;
      const clipSeconds = line.durationMs / 1000;
      const room = shot.duration - offset;
      if (room < EPSILON) {
        unplaced.push({ line, reason: 'after-shot-end', shotIndex: shot.index, offsetSeconds: offset });
      } else {
        const durationSeconds = Math.min(clipSeconds, room);
        placed.push({
          line,
          shotId: shot.shotId,
          shotIndex: shot.index,
          startSeconds: shot.start + offset,
          offsetSeconds: offset,
          durationSeconds,
          clipSeconds,
          clipped: durationSeconds < clipSeconds,
        });
      }
      offset += clipSeconds;
    });
  }
  placed.sort((a, b) => a.startSeconds - b.startSeconds || a.line.order - b.line.order);
  return { placed, unplaced };
}
