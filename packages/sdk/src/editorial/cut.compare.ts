import type { Cut, CutEvent } from '../contract/editorial.js';
import { cutDurationFrames, retimeCut } from './cut.model.js';

export interface CutEventPlace {
  index: number;
  duration: number;
  transition: CutEvent['transition'];
}

export interface CutEventChange {
  shotId: string;
  clipName: string;
  /** Added: only in the newer cut; removed: only in the older; else in both. */
  status: 'added' | 'removed' | 'kept';
  /** Out of the order the two cuts share (the longest common run of shots). */
  moved: boolean;
  /** Frames longer (+) or shorter (−) than before; 0 when added or removed. */
  durationDelta: number;
  /** Source in or transition differ. */
  retimed: boolean;
  before?: CutEventPlace;
  after?: CutEventPlace;
}

export interface CutComparison {
  /** One entry per event of either cut, in the newer cut's order, removed ones where they were. */
  events: CutEventChange[];
  durationDelta: number;
  /** Some event moved, changed length, changed timing, or was added or removed. */
  changed: boolean;
}

const key = (event: CutEvent) => `${event.shotId.toLowerCase()}#${event.take}`;

/**
 * What changed between two versions of a cut: events are paired by shot and take (in order when a
 * shot is used twice); a pair is "moved" when it is not part of the longest run of shots both
 * versions have in the same order, so one moved shot does not mark everything after it. Versions
 * made at different frame rates are compared at the older one's rate (the newer is retimed first),
 * so every length and delta is in the older version's frames.
 */
export function compareCuts(before: Cut, newer: Cut): CutComparison {
  const after = retimeCut(newer, before.frameRate);
  const pairs = new Map<number, number>();
  const waiting = new Map<string, number[]>();
  before.events.forEach((event, index) => {
    waiting.set(key(event), [...(waiting.get(key(event)) ?? []), index]);
  });
  after.events.forEach((event, index) => {
    const queue = waiting.get(key(event));
    const match = queue?.shift();
    if (match !== undefined) pairs.set(index, match);
  });

  // Longest increasing run of the paired old indices, taken in the new order: those stayed put.
  const paired = [...pairs.entries()].sort((a, b) => a[0] - b[0]);
  const steady = new Set<number>(
    longestIncreasing(paired.map(([, old]) => old)).map((i) => paired[i]?.[0] ?? -1),
  );

  const place = (event: CutEvent, index: number): CutEventPlace => ({
    index,
    duration: event.duration,
    transition: event.transition,
  });
  const changes: CutEventChange[] = [];
  const removedAt = new Map<number, CutEventChange[]>();
  const pairedOld = new Set(pairs.values());
  before.events.forEach((event, index) => {
    if (pairedOld.has(index)) return;
    // Shown after the last new event that came from before it.
    const anchor = Math.max(
      -1,
      ...[...pairs.entries()].filter(([, old]) => old < index).map(([next]) => next),
    );
    removedAt.set(anchor, [
      ...(removedAt.get(anchor) ?? []),
      {
        shotId: event.shotId,
        clipName: event.clipName,
        status: 'removed',
        moved: false,
        durationDelta: 0,
        retimed: false,
        before: place(event, index),
      },
    ]);
  });
  changes.push(...(removedAt.get(-1) ?? []));
  after.events.forEach((event, index) => {
    const old = pairs.get(index);
    const previous = old === undefined ? undefined : before.events[old];
    if (old === undefined || !previous) {
      changes.push({
        shotId: event.shotId,
        clipName: event.clipName,
        status: 'added',
        moved: false,
        durationDelta: 0,
        retimed: false,
        after: place(event, index),
      });
    } else {
      changes.push({
        shotId: event.shotId,
        clipName: event.clipName,
        status: 'kept',
        moved: !steady.has(index),
        durationDelta: event.duration - previous.duration,
        retimed:
          event.sourceIn !== previous.sourceIn ||
          JSON.stringify(event.transition) !== JSON.stringify(previous.transition),
        before: place(previous, old),
        after: place(event, index),
      });
    }
    changes.push(...(removedAt.get(index) ?? []));
  });
  return {
    events: changes,
    durationDelta: cutDurationFrames(after) - cutDurationFrames(before),
    changed: changes.some(
      (change) => change.status !== 'kept' || change.moved || change.durationDelta !== 0 || change.retimed,
    ),
  };
}

/** Indices (into `values`) of one longest strictly increasing subsequence; O(n log n). */
function longestIncreasing(values: number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = new Array(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((values[tails[mid] ?? 0] ?? 0) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1] ?? -1;
    tails[low] = index;
  });
  const run: number[] = [];
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index] ?? -1) run.unshift(index);
  return run;
}
