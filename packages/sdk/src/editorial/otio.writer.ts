import type { Cut, CutEvent, EditorialFrameRate } from '../contract/editorial.js';
import { dialogueClipName, placeCutDialogue } from './cut.dialogue.js';
import { availableFrames, mediaLocation, placeEvents, placeSoundtrack, retimeCut } from './cut.model.js';
import { DEFAULT_MARKER_COLOR } from './edl.writer.js';
import { frameRateValue, supportsDropFrame } from './frame-rate.js';
import { recordStartFrame } from './timecode.js';

/**
 * OpenTimelineIO JSON, written by hand: the schema names and fields OTIO reads (Timeline.1,
 * Stack.1, Track.1, Clip.2, ExternalReference.1, MissingReference.1, Gap.1, Transition.1,
 * Marker.2, RationalTime.1, TimeRange.1). Every RationalTime counts frames at the cut's rate; the
 * rate is written as frames per second exactly (24000/1001 for 23.976).
 */

export interface OtioRationalTime {
  OTIO_SCHEMA: 'RationalTime.1';
  rate: number;
  value: number;
}

export interface OtioTimeRange {
  OTIO_SCHEMA: 'TimeRange.1';
  start_time: OtioRationalTime;
  duration: OtioRationalTime;
}

export type OtioMetadata = Record<string, unknown>;

export interface OtioMarker {
  OTIO_SCHEMA: 'Marker.2';
  name: string;
  metadata: OtioMetadata;
  color: string;
  marked_range: OtioTimeRange;
  comment: string;
}

export interface OtioMediaReference {
  OTIO_SCHEMA: 'ExternalReference.1' | 'MissingReference.1';
  name: string;
  metadata: OtioMetadata;
  available_range: OtioTimeRange | null;
  available_image_bounds: null;
  target_url?: string;
}

interface OtioItemFields {
  name: string;
  metadata: OtioMetadata;
  source_range: OtioTimeRange | null;
  effects: unknown[];
  markers: OtioMarker[];
  enabled: boolean;
}

export interface OtioClip extends OtioItemFields {
  OTIO_SCHEMA: 'Clip.2';
  media_references: Record<string, OtioMediaReference>;
  active_media_reference_key: string;
}

export interface OtioGap extends OtioItemFields {
  OTIO_SCHEMA: 'Gap.1';
}

export interface OtioTransition {
  OTIO_SCHEMA: 'Transition.1';
  name: string;
  metadata: OtioMetadata;
  transition_type: string;
  in_offset: OtioRationalTime;
  out_offset: OtioRationalTime;
}

export type OtioTrackChild = OtioClip | OtioGap | OtioTransition;

export interface OtioTrack extends OtioItemFields {
  OTIO_SCHEMA: 'Track.1';
  kind: 'Video' | 'Audio';
  children: OtioTrackChild[];
}

export interface OtioStack extends OtioItemFields {
  OTIO_SCHEMA: 'Stack.1';
  children: OtioTrack[];
}

export interface OtioTimeline {
  OTIO_SCHEMA: 'Timeline.1';
  name: string;
  metadata: OtioMetadata;
  global_start_time: OtioRationalTime;
  tracks: OtioStack;
}

export interface OtioWriteOptions {
  /** The rate to write at; the cut is retimed when it differs from the cut's own. */
  frameRate?: EditorialFrameRate;
  /** At 29.97: the timeline starts at 01:00:00;00 drop frame (the default) or 01:00:00:00 non-drop. */
  dropFrame?: boolean;
  /** Add the soundtrack as an audio track (default true when the cut has one). */
  includeSoundtrack?: boolean;
  /** Add the scratch track's lines as an audio track of clips (default true when the cut has them). */
  includeDialogue?: boolean;
}

/** The key under which every clip carries its shot id and take. */
export const OTIO_METADATA_KEY = 'reelbench';
export const OTIO_MEDIA_KEY = 'DEFAULT_MEDIA';

/** The cut as an OTIO object tree (JSON.stringify it, or use writeOtio). */
export function cutToOtio(input: Cut, options: OtioWriteOptions = {}): OtioTimeline {
  const frameRate = options.frameRate ?? input.frameRate;
  const cut = retimeCut(input, frameRate);
  const rate = frameRateValue(frameRate);
  const dropFrame = supportsDropFrame(frameRate) && (options.dropFrame ?? true);
  const time = (value: number): OtioRationalTime => ({ OTIO_SCHEMA: 'RationalTime.1', rate, value });
  const range = (start: number, duration: number): OtioTimeRange => ({
    OTIO_SCHEMA: 'TimeRange.1',
    start_time: time(start),
    duration: time(duration),
  });
  const item = (name: string, metadata: OtioMetadata, sourceRange: OtioTimeRange | null): OtioItemFields => ({
    name,
    metadata,
    source_range: sourceRange,
    effects: [],
    markers: [],
    enabled: true,
  });

  const mediaReference = (event: CutEvent, available: number): OtioMediaReference => {
    const url = mediaLocation(event);
    const base = {
      name: event.clipName,
      metadata: {},
      available_range: range(0, available),
      available_image_bounds: null,
    };
    return url === undefined
      ? { OTIO_SCHEMA: 'MissingReference.1', ...base }
      : { OTIO_SCHEMA: 'ExternalReference.1', ...base, target_url: url };
  };

  const video: OtioTrackChild[] = [];
  for (const placed of placeEvents(cut)) {
    const { event } = placed;
    if (event.transition.type === 'dissolve') {
      // The dissolve starts at the cut, as a CMX3600 D event does: it overlaps the next clip only
      // and plays the previous clip's media past its out point.
      video.push({
        OTIO_SCHEMA: 'Transition.1',
        name: 'Dissolve',
        metadata: {},
        transition_type: 'SMPTE_Dissolve',
        in_offset: time(0),
        out_offset: time(event.transition.frames),
      });
    }
    video.push({
      OTIO_SCHEMA: 'Clip.2',
      ...item(
        event.clipName,
        { [OTIO_METADATA_KEY]: { shotId: event.shotId, take: event.take } },
        range(event.sourceIn, event.duration),
      ),
      markers: event.markers.map((marker) => ({
        OTIO_SCHEMA: 'Marker.2',
        name: marker.text,
        metadata: { [OTIO_METADATA_KEY]: marker.author === undefined ? {} : { author: marker.author } },
        color: marker.color ?? DEFAULT_MARKER_COLOR,
        marked_range: range(event.sourceIn + marker.frame, 0),
        comment: marker.author === undefined ? marker.text : `${marker.author}: ${marker.text}`,
      })),
      media_references: { [OTIO_MEDIA_KEY]: mediaReference(event, availableFrames(placed)) },
      active_media_reference_key: OTIO_MEDIA_KEY,
    });
  }

  const tracks: OtioTrack[] = [
    { OTIO_SCHEMA: 'Track.1', ...item('V1', {}, null), kind: 'Video', children: video },
  ];
  const soundtrack = options.includeSoundtrack === false ? undefined : placeSoundtrack(cut);
  if (soundtrack) {
    const audio: OtioTrackChild[] = [];
    if (soundtrack.recordIn > 0)
      audio.push({ OTIO_SCHEMA: 'Gap.1', ...item('', {}, range(0, soundtrack.recordIn)) });
    audio.push({
      OTIO_SCHEMA: 'Clip.2',
      ...item(
        soundtrack.soundtrack.name,
        { [OTIO_METADATA_KEY]: { soundtrack: true } },
        range(soundtrack.sourceIn, soundtrack.recordOut - soundtrack.recordIn),
      ),
      media_references: {
        [OTIO_MEDIA_KEY]: {
          OTIO_SCHEMA: 'ExternalReference.1',
          name: soundtrack.soundtrack.name,
          metadata: {},
          available_range: range(0, soundtrack.soundtrack.durationFrames),
          available_image_bounds: null,
          target_url: soundtrack.soundtrack.url,
        },
      },
      active_media_reference_key: OTIO_MEDIA_KEY,
    });
    tracks.push({ OTIO_SCHEMA: 'Track.1', ...item('A1', {}, null), kind: 'Audio', children: audio });
  }

  // The scratch track: one clip per line at its place, gaps between, each naming its character,
  // text and line id in its metadata.
  const lines = options.includeDialogue === false ? [] : placeCutDialogue(cut);
  if (lines.length > 0) {
    const dialogue: OtioTrackChild[] = [];
    let record = 0;
    for (const { line, recordIn, recordOut } of lines) {
      if (recordIn > record)
        dialogue.push({ OTIO_SCHEMA: 'Gap.1', ...item('', {}, range(0, recordIn - record)) });
      const name = dialogueClipName(line);
      dialogue.push({
        OTIO_SCHEMA: 'Clip.2',
        ...item(
          name,
          {
            [OTIO_METADATA_KEY]: {
              dialogueLineId: line.lineId,
              shotId: line.shotId,
              character: line.character,
              text: line.text,
            },
          },
          range(0, recordOut - recordIn),
        ),
        media_references: {
          [OTIO_MEDIA_KEY]: {
            OTIO_SCHEMA: 'ExternalReference.1',
            name,
            metadata: {},
            available_range: range(0, line.clipFrames),
            available_image_bounds: null,
            target_url: line.url,
          },
        },
        active_media_reference_key: OTIO_MEDIA_KEY,
      });
      record = recordOut;
    }
    tracks.push({ OTIO_SCHEMA: 'Track.1', ...item('Dialogue', {}, null), kind: 'Audio', children: dialogue });
  }

  return {
    OTIO_SCHEMA: 'Timeline.1',
    name: cut.name,
    metadata: {
      [OTIO_METADATA_KEY]: { cutId: cut.id, projectId: cut.projectId, version: cut.version, frameRate },
    },
    global_start_time: time(recordStartFrame(frameRate, { dropFrame })),
    tracks: { OTIO_SCHEMA: 'Stack.1', ...item('tracks', {}, null), children: tracks },
  };
}

/** The cut as the text of an .otio file. */
export function writeOtio(cut: Cut, options: OtioWriteOptions = {}): string {
  return `${JSON.stringify(cutToOtio(cut, options), null, 4)}\n`;
}
