import type { Cut, CutEvent, CutSoundtrack, CutSummary, EditorialFrameRate } from '../contract/editorial.js';
import { framesToSeconds, secondsToFrames } from './frame-rate.js';

/** An event placed on the record: frames from the start of the cut, out exclusive. */
export interface PlacedEvent {
  index: number;
  event: CutEvent;
  recordIn: number;
  recordOut: number;
  /** Frames of media the event needs past sourceOut, because the next event dissolves out of it. */
  tailHandle: number;
}

/** Each event with its record range; record time is the sum of the durations before it. */
export function placeEvents(cut: Pick<Cut, 'events'>): PlacedEvent[] {
  const placed: PlacedEvent[] = [];
  let record = 0;
  cut.events.forEach((event, index) => {
    const next = cut.events[index + 1];
    const tailHandle = next?.transition.type === 'dissolve' ? next.transition.frames : 0;
    placed.push({ index, event, recordIn: record, recordOut: record + event.duration, tailHandle });
    record += event.duration;
  });
  return placed;
}

/** Length of the picture in frames. */
export function cutDurationFrames(cut: Pick<Cut, 'events'>): number {
  return cut.events.reduce((total, event) => total + event.duration, 0);
}

/** Frames of media an event's source must hold: the used range plus the dissolve handle. */
export function availableFrames(placed: PlacedEvent): number {
  return Math.max(placed.event.availableFrames ?? 0, placed.event.sourceOut + placed.tailHandle);
}

/** The part of the soundtrack heard under the picture: record and source ranges, or none. */
export interface PlacedSoundtrack {
  soundtrack: CutSoundtrack;
  recordIn: number;
  recordOut: number;
  sourceIn: number;
  sourceOut: number;
}

export function placeSoundtrack(cut: Pick<Cut, 'events' | 'soundtrack'>): PlacedSoundtrack | undefined {
  const soundtrack = cut.soundtrack;
  if (!soundtrack) return undefined;
  const recordIn = Math.max(0, soundtrack.offsetFrames);
  const recordOut = Math.min(cutDurationFrames(cut), soundtrack.offsetFrames + soundtrack.durationFrames);
  if (recordOut <= recordIn) return undefined;
  return {
    soundtrack,
    recordIn,
    recordOut,
    sourceIn: recordIn - soundtrack.offsetFrames,
    sourceOut: recordOut - soundtrack.offsetFrames,
  };
}

/** The URL a tool can open for an event's media: the URL, else the path as a file:// URL. */
export function mediaLocation(event: CutEvent): string | undefined {
  if (event.mediaUrl) return event.mediaUrl;
  if (event.mediaPath) return pathToFileUrl(event.mediaPath);
  return undefined;
}

/** A local path as a file:// URL, percent-encoding what a URL cannot hold. Browser-safe. */
export function pathToFileUrl(path: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) return path;
  const slashed = path.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/') ? slashed : `/${slashed}`;
  return `file://${absolute
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%3A/gi, ':'))
    .join('/')}`;
}

/**
 * The same cut at another frame rate: record boundaries and source ins are moved to the nearest
 * frame of the new rate, so the record stays continuous and each event keeps its place in time.
 */
export function retimeCut(cut: Cut, frameRate: EditorialFrameRate): Cut {
  if (frameRate === cut.frameRate) return cut;
  const convert = (frames: number) => secondsToFrames(framesToSeconds(frames, cut.frameRate), frameRate);
  const events = placeEvents(cut).map(({ event, recordIn, recordOut }): CutEvent => {
    const duration = Math.max(1, convert(recordOut) - convert(recordIn));
    const sourceIn = convert(event.sourceIn);
    const retimed: CutEvent = {
      ...event,
      sourceIn,
      sourceOut: sourceIn + duration,
      duration,
      transition:
        event.transition.type === 'dissolve'
          ? { type: 'dissolve', frames: Math.min(duration, Math.max(1, convert(event.transition.frames))) }
          : event.transition,
      markers: event.markers.map((marker) => ({
        ...marker,
        frame: Math.min(duration - 1, convert(marker.frame)),
      })),
    };
    if (event.availableFrames !== undefined) {
      retimed.availableFrames = Math.max(retimed.sourceOut, convert(event.availableFrames));
    }
    return retimed;
  });
  const retimedCut: Cut = { ...cut, frameRate, events };
  if (cut.dialogue) {
    retimedCut.dialogue = cut.dialogue.map((line) => {
      const offset = convert(line.offset);
      return {
        ...line,
        offset,
        duration: Math.max(1, convert(line.offset + line.duration) - offset),
        clipFrames: Math.max(1, convert(line.clipFrames)),
      };
    });
  }
  if (cut.soundtrack) {
    retimedCut.soundtrack = {
      ...cut.soundtrack,
      offsetFrames: Math.sign(cut.soundtrack.offsetFrames) * convert(Math.abs(cut.soundtrack.offsetFrames)),
      durationFrames: Math.max(1, convert(cut.soundtrack.durationFrames)),
    };
  }
  return retimedCut;
}

/** The cut as a list entry (`cutSummarySchema`). */
export function summarizeCut(cut: Cut): CutSummary {
  const { events, soundtrack, dialogue: _dialogue, ...fields } = cut;
  return {
    ...fields,
    eventCount: events.length,
    durationFrames: cutDurationFrames(cut),
    hasSoundtrack: soundtrack !== undefined,
  };
}
