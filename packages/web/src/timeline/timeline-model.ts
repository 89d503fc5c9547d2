import { MAX_SHOT_DURATION } from '@reelbench/sdk';
import { type LaidShot, shotDuration } from '../shots/model.js';

/** The project frame rate (issue 15: 24 fps by default). */
export const FPS = 24;
export const FRAME = 1 / FPS;

/** Pixels per second at each zoom step; Ctrl+plus/minus/0 move through them. */
export const ZOOM_LEVELS = [2, 5, 10, 20, 40, 80, 160, 320] as const;
export const DEFAULT_ZOOM = 4;

/** Trimming by keys (Alt+Shift+Left/Right) changes a duration by one frame. */
export const TRIM_STEP_FRAMES = 1;

export function pxPerSecond(zoom: number): number {
  return ZOOM_LEVELS[Math.max(0, Math.min(ZOOM_LEVELS.length - 1, zoom))] ?? 40;
}

/** Whole frames in `seconds` (rounded to the nearest frame, never negative). */
export function toFrames(seconds: number, fps = FPS): number {
  return Math.max(0, Math.round(seconds * fps + 1e-9));
}

export function snapToFrame(seconds: number, fps = FPS): number {
  return toFrames(seconds, fps) / fps;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** SMPTE-style non-drop timecode HH:MM:SS:FF at `fps`. */
export function formatTimecode(seconds: number, fps = FPS): string {
  const total = toFrames(Number.isFinite(seconds) ? seconds : 0, fps);
  const frames = total % fps;
  const wholeSeconds = Math.floor(total / fps);
  const hours = Math.floor(wholeSeconds / 3600);
  const minutes = Math.floor((wholeSeconds % 3600) / 60);
  return `${pad(hours)}:${pad(minutes)}:${pad(wholeSeconds % 60)}:${pad(frames)}`;
}

/**
 * The props of a playhead slider (the timeline's, the soundtrack's) at `time` of `total` seconds:
 * its values to the millisecond, read out as a timecode, with the keys it takes.
 */
export function playheadSliderProps(time: number, total: number, keyshortcuts: string) {
  return {
    role: 'slider',
    tabIndex: 0,
    'aria-label': 'Playhead',
    'aria-valuemin': 0,
    'aria-valuemax': Math.round(total * 1000) / 1000,
    'aria-valuenow': Math.round(time * 1000) / 1000,
    'aria-valuetext': formatTimecode(time),
    'aria-keyshortcuts': keyshortcuts,
  } as const;
}

/**
 * A clip's length in seconds and frames, said so ("5s", "4s 23f", "72s 12f"): "4:23" read as four
 * minutes. Timecode (hh:mm:ss:ff) is for positions on the record, this for lengths.
 */
export function formatClipDuration(seconds: number, fps = FPS): string {
  const total = toFrames(seconds, fps);
  const frames = total % fps;
  return `${Math.floor(total / fps)}s${frames > 0 ? ` ${pad(frames)}f` : ''}`;
}

/** Spoken form for screen readers: "4 seconds 23 frames". */
export function spokenDuration(seconds: number, fps = FPS): string {
  const total = toFrames(seconds, fps);
  const secs = Math.floor(total / fps);
  const frames = total % fps;
  const parts = [`${secs} second${secs === 1 ? '' : 's'}`];
  if (frames > 0) parts.push(`${frames} frame${frames === 1 ? '' : 's'}`);
  return parts.join(' ');
}

// ---------------------------------------------------------------- review markers

export interface CommentMarker {
  id: string;
  /** Seconds on this timeline. */
  time: number;
  /** "Ana at 00:00:04:12: Hold longer on the letter" for the tooltip. */
  label: string;
}

/**
 * Where reviewers' comments sit on the timeline: on the shot they were made on, at the same offset
 * into it (so a comment follows its shot when the cut is re-ordered or trimmed; an offset past a
 * shortened shot stays at its last frame), else at the time it was made.
 */
export function commentMarkers(
  comments: readonly {
    id: string;
    authorName: string;
    body: string;
    timeMs: number;
    shotId: string | null;
    shotOffsetMs: number;
  }[],
  shotIndex: ReadonlyMap<string, { index: number }>,
  layout: { starts: readonly number[]; durations: readonly number[] },
): CommentMarker[] {
  return comments
    .map((comment) => {
      const at = comment.shotId === null ? undefined : shotIndex.get(comment.shotId)?.index;
      const start = at === undefined ? undefined : layout.starts[at];
      const length = at === undefined ? 0 : (layout.durations[at] ?? 0);
      const time =
        start === undefined
          ? comment.timeMs / 1000
          : start + Math.min(comment.shotOffsetMs / 1000, Math.max(0, length - 1 / FPS));
      const body = comment.body.length > 80 ? `${comment.body.slice(0, 79)}…` : comment.body;
      return { id: comment.id, time, label: `${comment.authorName} at ${formatTimecode(time)}: ${body}` };
    })
    .sort((a, b) => a.time - b.time);
}

// ---------------------------------------------------------------- clip layout

export interface ClipBox {
  /** Left edge in px from the timeline's 0. */
  x: number;
  width: number;
  start: number;
  duration: number;
}

/** Where a clip sits on the track: x from its start, width from its duration, at `pps` px per second. */
export function clipBox(start: number, duration: number, pps: number): ClipBox {
  return { x: start * pps, width: duration * pps, start, duration };
}

/** Starts and durations of the shots, with local overrides (a trim being dragged), laid back to back. */
export function layoutClips(
  shots: readonly LaidShot[],
  overrides: ReadonlyMap<string, number> = new Map(),
  preserveTiming = false,
): { starts: number[]; durations: number[]; total: number } {
  const starts: number[] = [];
  const durations: number[] = [];
  let t = 0;
  let end = 0;
  for (const entry of shots) {
    const duration = overrides.get(entry.shot.id) ?? shotDuration(entry.shot);
    const start = preserveTiming ? entry.start : t;
    starts.push(start);
    durations.push(duration);
    t += duration;
    end = Math.max(end, start + duration);
  }
  return { starts, durations, total: end };
}

/** Index of the last clip starting at or before `time` (binary search on sorted starts); -1 if none. */
export function indexAt(starts: readonly number[], time: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] ?? 0) <= time + 1e-9) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The clip under the playhead: the last one starting at or before `time`, clamped to the track. */
export function shotIndexAt(starts: readonly number[], time: number): number {
  if (starts.length === 0) return -1;
  return Math.max(0, indexAt(starts, time));
}

/** Clips overlapping [from, to] seconds, as an index range [first, last]. */
export function visibleRange(
  starts: readonly number[],
  durations: readonly number[],
  from: number,
  to: number,
): [number, number] {
  if (starts.length === 0) return [0, -1];
  let first = Math.max(0, indexAt(starts, from));
  while (first > 0 && (starts[first] ?? 0) + (durations[first] ?? 0) > from) first -= 1;
  if ((starts[first] ?? 0) + (durations[first] ?? 0) < from && first < starts.length - 1) first += 1;
  const last = Math.max(first, indexAt(starts, to));
  return [first, Math.min(starts.length - 1, last)];
}

// ---------------------------------------------------------------- playhead stepping

export function clampTime(time: number, total: number): number {
  return Math.max(0, Math.min(Math.max(0, total), time));
}

/** One frame earlier or later, on the frame grid. */
export function stepFrame(time: number, delta: number, total: number, fps = FPS): number {
  return clampTime((toFrames(time, fps) + delta) / fps, total);
}

/** The start of the next shot after `time` (or the end of the timeline). */
export function nextShotStart(starts: readonly number[], time: number, total: number): number {
  for (const start of starts) if (start > time + 1e-6) return start;
  return total;
}

/** The start of the shot before the one under `time`; from inside a shot, its own start first. */
export function previousShotStart(starts: readonly number[], time: number): number {
  let best = 0;
  for (const start of starts) {
    if (start < time - 1e-6) best = start;
    else break;
  }
  return best;
}

/** A trimmed duration: on the frame grid, at least one frame, at most the contract's limit. */
export function clampDuration(seconds: number, fps = FPS): number {
  return Math.min(MAX_SHOT_DURATION, Math.max(1 / fps, snapToFrame(seconds, fps)));
}

// ---------------------------------------------------------------- ruler

export interface RulerScale {
  /** Seconds between labelled ticks. */
  major: number;
  /** Seconds between small ticks. */
  minor: number;
}

const MAJOR_FRAMES = [
  1, 2, 4, 6, 12, 24, 48, 120, 240, 360, 720, 1440, 2880, 7200, 14400, 21600, 43200, 86400,
];

/** Labelled ticks at least `minGap` px apart, in frame counts that read well at 24 fps. */
export function rulerScale(pps: number, minGap = 90, fps = FPS): RulerScale {
  const frames = MAJOR_FRAMES.find((f) => (f / fps) * pps >= minGap) ?? (MAJOR_FRAMES.at(-1) as number);
  const major = frames / fps;
  const divisions = frames % 6 === 0 ? 6 : frames % 4 === 0 ? 4 : frames % 2 === 0 ? 2 : 1;
  const divided = major / divisions;
  const minor = divided * pps >= 8 ? divided : major / Math.max(1, Math.floor(divisions / 2));
  return { major, minor };
}

/** Tick times within [from, to], each flagged major or minor. */
export function rulerTicks(scale: RulerScale, from: number, to: number): { time: number; major: boolean }[] {
  const out: { time: number; major: boolean }[] = [];
  const ratio = Math.max(1, Math.round(scale.major / scale.minor));
  const startIndex = Math.max(0, Math.floor(from / scale.minor));
  const endIndex = Math.ceil(to / scale.minor);
  for (let i = startIndex; i <= endIndex && out.length < 5000; i += 1) {
    out.push({ time: i * scale.minor, major: i % ratio === 0 });
  }
  return out;
}

// ---------------------------------------------------------------- drag and drop

/**
 * Where a dragged clip lands: the insertion index (0..count) whose boundary is nearest `time`, i.e.
 * before the first clip whose middle lies after it.
 */
export function dropIndex(starts: readonly number[], durations: readonly number[], time: number): number {
  const index = indexAt(starts, time);
  if (index < 0) return 0;
  const middle = (starts[index] ?? 0) + (durations[index] ?? 0) / 2;
  return time < middle ? index : index + 1;
}

/** The full order with `moved` (in their current relative order) inserted at `index` of `order`. */
export function orderAfterDrop(order: readonly string[], moved: readonly string[], index: number): string[] {
  const moving = new Set(moved);
  const block = order.filter((id) => moving.has(id));
  const before = order.slice(0, index).filter((id) => !moving.has(id)).length;
  const rest = order.filter((id) => !moving.has(id));
  return [...rest.slice(0, before), ...block, ...rest.slice(before)];
}
