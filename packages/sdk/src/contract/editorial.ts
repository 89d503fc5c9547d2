import { z } from 'zod';
import { idSchema, nameSchema, TEXT_LIMITS, timestampSchema, urlSchema } from './primitives.js';

/**
 * The cut: a saved, versioned snapshot of the timeline that the editorial formats (CMX3600 EDL,
 * OpenTimelineIO, FCPXML) are written from and imported back into. Every time is a whole number of
 * frames at the cut's frame rate; record positions are not stored, they follow from the order and
 * the durations (the first event starts at record frame 0, shown as 01:00:00:00).
 */

/** The rates an export can be made at; 23.976 and 29.97 are 24000/1001 and 30000/1001 exactly. */
export const EDITORIAL_FRAME_RATES = [23.976, 24, 25, 29.97, 30] as const;
export type EditorialFrameRate = (typeof EDITORIAL_FRAME_RATES)[number];
export const editorialFrameRateSchema = z.literal(EDITORIAL_FRAME_RATES, {
  error: `Frame rate must be one of ${EDITORIAL_FRAME_RATES.join(', ')}`,
});

/** Colours every target format knows (EDL LOC, OTIO Marker.2, Resolve's marker colours). */
export const MARKER_COLORS = ['RED', 'GREEN', 'BLUE', 'CYAN', 'MAGENTA', 'YELLOW', 'BLACK', 'WHITE'] as const;
export type MarkerColor = (typeof MARKER_COLORS)[number];
export const markerColorSchema = z.enum(MARKER_COLORS);

export const EDITORIAL_LIMITS = {
  /** Events in a cut: a feature of 2,000 shots and its alternates; OTIO and FCPXML carry them whole. */
  events: 10_000,
  /** CMX3600 numbers events with three digits: a longer cut is written as numbered EDL parts. */
  edlEvents: 999,
  /** One hour of dissolve is more than any cut needs; the EDL field holds three digits. */
  dissolveFrames: 999,
  markersPerEvent: 200,
  markerText: 2_000,
  /**
   * 22 hours at 24 fps, the fewest frames per timecode second: source timecodes, and record
   * timecodes from 01:00:00:00, stay below 24:00:00:00 at every rate.
   */
  frames: 22 * 3_600 * 24,
} as const;

const frameCountSchema = z.number().int().min(0).max(EDITORIAL_LIMITS.frames);

export const cutTransitionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('cut') }),
  z.object({
    type: z.literal('dissolve'),
    frames: z.number().int().min(1).max(EDITORIAL_LIMITS.dissolveFrames),
  }),
]);
export type CutTransition = z.infer<typeof cutTransitionSchema>;

export const cutMarkerSchema = z.object({
  /** Frames from the start of the event the marker belongs to (it moves with the shot). */
  frame: frameCountSchema,
  text: z.string().trim().min(1).max(EDITORIAL_LIMITS.markerText),
  author: z.string().trim().min(1).max(TEXT_LIMITS.name).optional(),
  color: markerColorSchema.optional(),
});
export type CutMarker = z.infer<typeof cutMarkerSchema>;

export const cutEventSchema = z
  .object({
    shotId: idSchema,
    take: z.number().int().min(1),
    clipName: nameSchema,
    /** Where the take's media is: an absolute URL, or a path on the editor's disk. */
    mediaUrl: urlSchema.optional(),
    mediaPath: z.string().min(1).max(TEXT_LIMITS.url).optional(),
    /** First frame used in the media, and the first frame after the used range (exclusive). */
    sourceIn: frameCountSchema,
    sourceOut: frameCountSchema,
    duration: z.number().int().min(1).max(EDITORIAL_LIMITS.frames),
    /** How this event is entered from the previous one. */
    transition: cutTransitionSchema.default({ type: 'cut' }),
    markers: z.array(cutMarkerSchema).max(EDITORIAL_LIMITS.markersPerEvent).default([]),
    /** Length of the whole media in frames, when known (handles for dissolves come from it). */
    availableFrames: z.number().int().min(1).max(EDITORIAL_LIMITS.frames).optional(),
  })
  .refine((event) => event.sourceOut - event.sourceIn === event.duration, {
    message: 'sourceOut - sourceIn must equal duration (no speed changes)',
    path: ['duration'],
  })
  .refine((event) => event.transition.type === 'cut' || event.transition.frames <= event.duration, {
    message: 'A dissolve cannot be longer than the event it leads into',
    path: ['transition'],
  })
  .refine((event) => event.markers.every((marker) => marker.frame < event.duration), {
    message: 'A marker must fall inside its event',
    path: ['markers'],
  });
export type CutEvent = z.infer<typeof cutEventSchema>;
export type CutEventInput = z.input<typeof cutEventSchema>;

export const cutSoundtrackSchema = z.object({
  name: nameSchema,
  url: urlSchema,
  /**
   * Where the track's first frame sits on the record, in frames from the cut's start. Negative:
   * the track starts before the picture, so its first -offsetFrames frames are not heard.
   */
  offsetFrames: z.number().int().min(-EDITORIAL_LIMITS.frames).max(EDITORIAL_LIMITS.frames),
  /** Length of the whole track in frames at the cut's rate. */
  durationFrames: z.number().int().min(1).max(EDITORIAL_LIMITS.frames),
  /** The stored file (the project's soundtrack when it was put under the cut): what the rough cut mixes. */
  key: z.string().min(1).max(1024).optional(),
});
export type CutSoundtrack = z.infer<typeof cutSoundtrackSchema>;

/**
 * A dialogue line of the scratch track under the cut (issue 31), placed by `withDialogue` when the
 * cut is exported or rendered (placeDialogue: the shot's lines one after another from its start,
 * with the pacing's pauses). It belongs to its shot's first event, as a marker does, so it moves
 * with the shot; the exports write it as an audio clip (EDL A2, OTIO audio track, FCPXML lane -1).
 */
export const cutDialogueLineSchema = z.object({
  lineId: idSchema,
  shotId: idSchema,
  /** The speaker as the cue names them. */
  character: nameSchema,
  text: z.string().min(1).max(TEXT_LIMITS.prompt),
  /** The clip: an absolute URL, or a path relative to the exported file (a hand-off package). */
  url: urlSchema,
  /** The stored clip: what the rough cut mixes and the hand-off package copies. */
  key: z.string().min(1).max(1024).optional(),
  /** Frames from the start of the shot's first event to the line's first frame. */
  offset: frameCountSchema,
  /** Frames heard: the clip's length, or less when the shot ends first. */
  duration: z.number().int().min(1).max(EDITORIAL_LIMITS.frames),
  /** The whole clip's length in frames. */
  clipFrames: z.number().int().min(1).max(EDITORIAL_LIMITS.frames),
});
export type CutDialogueLine = z.infer<typeof cutDialogueLineSchema>;

const cutFieldsSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  name: nameSchema,
  version: z.number().int().min(1),
  frameRate: editorialFrameRateSchema,
  events: z.array(cutEventSchema).max(EDITORIAL_LIMITS.events),
  soundtrack: cutSoundtrackSchema.optional(),
  /** The scratch track's lines under the picture, in the order they are heard. */
  dialogue: z.array(cutDialogueLineSchema).max(EDITORIAL_LIMITS.events).optional(),
  createdAt: timestampSchema.optional(),
  updatedAt: timestampSchema.optional(),
  /** When the cut was last written out (EDL, OTIO or FCPXML, or in a hand-off package); null: never. */
  exportedAt: timestampSchema.nullable().optional(),
});

export const cutSchema = cutFieldsSchema
  .refine((cut) => cut.events[0] === undefined || cut.events[0].transition.type === 'cut', {
    message: 'The first event cannot dissolve: there is nothing before it',
    path: ['events', 0, 'transition'],
  })
  .refine(
    (cut) => cut.events.reduce((total, event) => total + event.duration, 0) <= EDITORIAL_LIMITS.frames,
    { message: 'The cut is longer than the record timecode can hold', path: ['events'] },
  );
export type Cut = z.infer<typeof cutSchema>;
export type CutInput = z.input<typeof cutSchema>;

/** A cut in a list: no events, their count and the length of the picture instead. */
export const cutSummarySchema = cutFieldsSchema
  .omit({ events: true, soundtrack: true, dialogue: true })
  .extend({
    eventCount: z.number().int().min(0),
    durationFrames: z.number().int().min(0),
    hasSoundtrack: z.boolean(),
  });
export type CutSummary = z.infer<typeof cutSummarySchema>;

export const EDITORIAL_FORMATS = ['edl', 'otio', 'fcpxml'] as const;
export type EditorialFormat = (typeof EDITORIAL_FORMATS)[number];
export const editorialFormatSchema = z.enum(EDITORIAL_FORMATS);
/** FCPXML is written, not read. */
export const IMPORTABLE_EDITORIAL_FORMATS = ['edl', 'otio'] as const;
export const importableEditorialFormatSchema = z.enum(IMPORTABLE_EDITORIAL_FORMATS);

/** What an export request may choose; the writers' defaults apply to what it leaves out. */
export const editorialExportOptionsSchema = z.object({
  format: editorialFormatSchema,
  frameRate: editorialFrameRateSchema.optional(),
  /** At 29.97 only: drop-frame timecode (the default) or not. */
  dropFrame: z.boolean().optional(),
  includeSoundtrack: z.boolean().optional(),
  /** Write the scratch track's lines as audio clips (the default when the cut has them). */
  includeDialogue: z.boolean().optional(),
  width: z.number().int().min(16).max(16_384).optional(),
  height: z.number().int().min(16).max(16_384).optional(),
});
export type EditorialExportOptionsInput = z.infer<typeof editorialExportOptionsSchema>;

const importPlaceSchema = {
  /** 1-based line in an EDL. */
  line: z.number().int().min(1).optional(),
  /** Place in an OTIO file, e.g. "tracks.children[0].children[3]". */
  path: z.string().optional(),
};

export const unmatchedClipSchema = z.object({
  ...importPlaceSchema,
  clipName: z.string().optional(),
  shotId: z.string().optional(),
  reason: z.string(),
});
export const importNoteSchema = z.object({ ...importPlaceSchema, message: z.string() });

/** The reply to an import: the updated cut and what could not be matched, never dropped silently. */
export const cutImportResultSchema = z.object({
  /** A dry run: nothing was saved, `cut` is what the new version would be. */
  dryRun: z.boolean().optional(),
  cut: cutSchema,
  unmatched: z.array(unmatchedClipSchema),
  removed: z.array(cutEventSchema),
  notes: z.array(importNoteSchema),
});
export type CutImportResultReply = z.infer<typeof cutImportResultSchema>;
