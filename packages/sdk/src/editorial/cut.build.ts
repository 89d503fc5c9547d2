import {
  type Cut,
  type CutEvent,
  type CutMarker,
  type CutSoundtrack,
  cutSchema,
  type EditorialFrameRate,
} from '../contract/editorial.js';
import type { Edl } from '../contract/project.js';
import { placeEvents } from './cut.model.js';
import { EDL_DEFAULT_REEL } from './edl.writer.js';
import { frameRateValue, framesToSeconds, secondsToFrames } from './frame-rate.js';

/** One shot of the timeline as the server knows it: times in seconds. */
export interface TimelineShot {
  shotId: string;
  name: string;
  take?: number;
  /** The take's video; else the shot's image, shown for its duration. */
  mediaUrl?: string;
  mediaPath?: string;
  durationSeconds: number;
  /** Where in the media the shot starts; 0 by default. */
  sourceInSeconds?: number;
  /** How the shot is entered: a dissolve's length in seconds, or a cut. */
  dissolveSeconds?: number;
  /** Length of the whole media, when known. */
  mediaSeconds?: number;
  markers?: { atSeconds: number; text: string; author?: string; color?: CutMarker['color'] }[];
}

export interface TimelineInput {
  id: string;
  projectId: string;
  name: string;
  version: number;
  frameRate: EditorialFrameRate;
  shots: TimelineShot[];
  soundtrack?: { name: string; url: string; offsetSeconds: number; durationSeconds: number };
  createdAt?: string;
  updatedAt?: string;
}

/**
 * A cut from the timeline: shot boundaries are rounded to frames on the record (not each duration
 * on its own), so the cut is as long as the timeline to within half a frame; a shot shorter than
 * a frame still gets one. Throws the schema's ZodError when the result breaks a rule.
 */
export function cutFromTimeline(input: TimelineInput): Cut {
  const { frameRate } = input;
  const toFrames = (seconds: number) => secondsToFrames(seconds, frameRate);
  let elapsed = 0;
  let record = 0;
  const events = input.shots.map((shot, index) => {
    elapsed += shot.durationSeconds;
    const end = Math.max(record + 1, toFrames(elapsed));
    const duration = end - record;
    record = end;
    const sourceIn = Math.max(0, toFrames(shot.sourceInSeconds ?? 0));
    const dissolve =
      shot.dissolveSeconds === undefined ? 0 : Math.min(duration, toFrames(shot.dissolveSeconds));
    return {
      shotId: shot.shotId,
      take: shot.take ?? 1,
      clipName: shot.name,
      ...(shot.mediaUrl === undefined ? {} : { mediaUrl: shot.mediaUrl }),
      ...(shot.mediaPath === undefined ? {} : { mediaPath: shot.mediaPath }),
      sourceIn,
      sourceOut: sourceIn + duration,
      duration,
      transition:
        index > 0 && dissolve > 0
          ? { type: 'dissolve' as const, frames: dissolve }
          : { type: 'cut' as const },
      markers: (shot.markers ?? []).map((marker) => ({
        frame: Math.min(duration - 1, Math.max(0, toFrames(marker.atSeconds))),
        text: marker.text,
        ...(marker.author === undefined ? {} : { author: marker.author }),
        ...(marker.color === undefined ? {} : { color: marker.color }),
      })),
      ...(shot.mediaSeconds === undefined
        ? {}
        : { availableFrames: Math.max(sourceIn + duration, toFrames(shot.mediaSeconds)) }),
    };
  });
  const soundtrack: CutSoundtrack | undefined = input.soundtrack && {
    name: input.soundtrack.name,
    url: input.soundtrack.url,
    offsetFrames: toFrames(input.soundtrack.offsetSeconds),
    durationFrames: Math.max(1, toFrames(input.soundtrack.durationSeconds)),
  };
  return cutSchema.parse({
    id: input.id,
    projectId: input.projectId,
    name: input.name,
    version: input.version,
    frameRate,
    events,
    ...(soundtrack ? { soundtrack } : {}),
    ...(input.createdAt === undefined ? {} : { createdAt: input.createdAt }),
    ...(input.updatedAt === undefined ? {} : { updatedAt: input.updatedAt }),
  });
}

/** The event under a record frame (frames from the cut's start), and the frame inside it. */
export function eventAtRecordFrame(
  cut: Cut,
  recordFrame: number,
): { index: number; frame: number } | undefined {
  const placed = placeEvents(cut).find(
    (event) => recordFrame >= event.recordIn && recordFrame < event.recordOut,
  );
  return placed && { index: placed.index, frame: recordFrame - placed.recordIn };
}

/**
 * A review comment made at a time of the rough cut, added as a marker of the shot on screen then
 * (so it follows the shot when the cut changes). A time past the end goes on the last frame.
 */
export function addMarkerAtSeconds(cut: Cut, seconds: number, marker: Omit<CutMarker, 'frame'>): Cut {
  const total = cut.events.reduce((sum, event) => sum + event.duration, 0);
  if (total === 0) return cut;
  // The frame on screen at that time: the last one that started at or before it.
  const frame = Math.min(total - 1, Math.max(0, Math.floor(seconds * frameRateValue(cut.frameRate) + 1e-9)));
  const at = eventAtRecordFrame(cut, frame);
  if (!at) return cut;
  const events = cut.events.map(
    (event, index): CutEvent =>
      index === at.index ? { ...event, markers: [...event.markers, { ...marker, frame: at.frame }] } : event,
  );
  return { ...cut, events };
}

/**
 * The cut as the contract's existing `Edl` entity (`project:getEDL`): seconds, events numbered
 * from 1, record times from 0. Timestamps the cut lacks are taken from `now`.
 */
export function cutToEdlEntity(cut: Cut, now: string = new Date().toISOString()): Edl {
  const seconds = (frames: number) => framesToSeconds(frames, cut.frameRate);
  return {
    id: cut.id,
    projectId: cut.projectId,
    name: cut.name,
    frameRate: cut.frameRate,
    events: placeEvents(cut).map(({ index, event, recordIn, recordOut }) => ({
      eventNumber: index + 1,
      shotId: event.shotId,
      reel: EDL_DEFAULT_REEL,
      clipName: event.clipName,
      sourceIn: seconds(event.sourceIn),
      sourceOut: seconds(event.sourceOut),
      recordIn: seconds(recordIn),
      recordOut: seconds(recordOut),
    })),
    createdAt: cut.createdAt ?? now,
    updatedAt: cut.updatedAt ?? now,
  };
}
