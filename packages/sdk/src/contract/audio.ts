import { z } from 'zod';
import { PACINGS } from './constants.js';
import { cutSchema } from './editorial.js';
import { actionSpec, projectRef } from './internal.js';
import { jobAcceptedReplySchema } from './jobs.js';
import {
  type HttpRouteSpec,
  idSchema,
  nameSchema,
  promptSchema,
  type SocketActionSpec,
  storageKeySchema,
  TEXT_LIMITS,
  timestampSchema,
  urlSchema,
} from './primitives.js';

/**
 * The audio domain (`audio:*` socket actions, /api/audio routes): a project's soundtrack. The file
 * is uploaded with `upload-audio` (content sniffed, size limited); setting it decodes it with ffmpeg
 * for its duration and waveform peaks. Cuts carry it with their own offset (docs/editorial.md).
 */

/** Peaks in a soundtrack's waveform: one per equal slice of the track. */
export const SOUNDTRACK_PEAKS = 1000;
/** How far a soundtrack may be moved against the picture, either way (seconds). */
export const SOUNDTRACK_MAX_OFFSET_SECONDS = 3600;

/** Where the track's first sample sits on the record, in seconds; negative: its head is not heard. */
export const soundtrackOffsetSchema = z
  .number()
  .min(-SOUNDTRACK_MAX_OFFSET_SECONDS)
  .max(SOUNDTRACK_MAX_OFFSET_SECONDS);

export const soundtrackSchema = z.object({
  projectId: idSchema,
  /** The stored file (under the project's audio/ prefix) and its signed URL. */
  key: storageKeySchema,
  url: urlSchema,
  name: nameSchema,
  mimetype: z.string().min(1),
  size: z.number().int().min(0),
  durationSeconds: z.number().min(0),
  offsetSeconds: soundtrackOffsetSchema,
  /** The waveform: the loudest absolute sample of each slice, 0..1, SOUNDTRACK_PEAKS of them (fewer for a very short track). */
  peaks: z.array(z.number().min(0).max(1)),
  updatedAt: timestampSchema,
});
export type Soundtrack = z.infer<typeof soundtrackSchema>;

/** Set (or replace) the project's soundtrack: an audio file uploaded to this project. */
export const soundtrackSetSchema = z.object({
  key: storageKeySchema,
  offsetSeconds: soundtrackOffsetSchema.optional(),
});
export type SoundtrackSet = z.input<typeof soundtrackSetSchema>;

export const soundtrackOffsetUpdateSchema = z.object({ offsetSeconds: soundtrackOffsetSchema });

/** Put the project's soundtrack under a cut (its offset, or the project's), or take it off with `remove`. */
export const cutSoundtrackSetSchema = z.object({
  cutId: idSchema,
  offsetSeconds: soundtrackOffsetSchema.optional(),
  remove: z.boolean().optional(),
});
export type CutSoundtrackSet = z.input<typeof cutSoundtrackSetSchema>;

export const soundtrackRemovedSchema = z.object({ projectId: idSchema, removed: z.boolean() });

// ---------------------------------------------------------------- the scratch track (issue 31)

/**
 * The scratch track: every dialogue line of the saved script spoken with its character's voice
 * (docs/generation.md, "Speech"), one clip per line stored under the project's dialogue/ prefix.
 * `audio:generate-dialogue` queues the job that (re)speaks the script; a line whose text, voice and
 * delivery did not change keeps its clip, and a recorded take (source 'uploaded') always wins.
 */

/** How a cue's extension places the voice: in the scene, voice-over (drier, closer) or off screen (muffled). */
export const DIALOGUE_DELIVERIES = ['on', 'voice-over', 'off-screen'] as const;
export const dialogueDeliverySchema = z.enum(DIALOGUE_DELIVERIES);
export type DialogueDelivery = z.infer<typeof dialogueDeliverySchema>;

/** How loud a parenthetical says the line is: '(whispering)', '(quietly)', '(yelling)', '(shouting)'. */
export const DIALOGUE_MANNERS = ['whispered', 'quiet', 'normal', 'raised', 'shouted'] as const;
export const dialogueMannerSchema = z.enum(DIALOGUE_MANNERS);
export type DialogueManner = z.infer<typeof dialogueMannerSchema>;

export const DIALOGUE_LINE_SOURCES = ['generated', 'uploaded'] as const;
export const dialogueLineSourceSchema = z.enum(DIALOGUE_LINE_SOURCES);
export type DialogueLineSource = z.infer<typeof dialogueLineSourceSchema>;

/** Peaks kept per line clip for its waveform (fewer for a very short clip). */
export const DIALOGUE_LINE_PEAKS = 200;
/** Longest spoken line (a monologue longer than this is cut there). */
export const DIALOGUE_LINE_MAX_MS = 10 * 60 * 1000;

export const dialogueLineSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  /** The film scene the line is in (1-based, as the first pass numbers scenes). */
  sceneNumber: z.number().int().min(1),
  /** The line's place among the script's dialogue lines, 0-based. */
  order: z.number().int().min(0),
  /** The speaker as the cue names them, e.g. 'MARA' (extensions and YOUNG/OLD kept out). */
  character: nameSchema,
  /** The character asset whose voice spoke the line; null when the cast has no asset for them. */
  assetId: idSchema.nullable(),
  text: promptSchema,
  /** The parenthetical right before the line, parentheses included: '(whispering)'; null when none. */
  parenthetical: z.string().max(TEXT_LIMITS.shortText).nullable(),
  /** The cue's extension as written: '(V.O.)', "(O.S.) (CONT'D)"; null when none. */
  extension: z.string().max(TEXT_LIMITS.shortText).nullable(),
  delivery: dialogueDeliverySchema,
  manner: dialogueMannerSchema,
  /** The first-pass shot whose script span holds the line; null when no shot covers it. */
  shotId: idSchema.nullable(),
  /** The clip (a WAV under the project's dialogue/ prefix) and its signed URL. */
  key: storageKeySchema,
  url: urlSchema,
  /** The clip's length as ffprobe-style decoding measured it. */
  durationMs: z.number().int().min(1).max(DIALOGUE_LINE_MAX_MS),
  /** What the clip was spoken from: text, voice and delivery (sha256, hex); a change re-speaks the line. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  source: dialogueLineSourceSchema,
  /** The loudest absolute sample per slice, 0..1: the line's waveform. */
  peaks: z.array(z.number().min(0).max(1)).max(DIALOGUE_LINE_PEAKS),
  updatedAt: timestampSchema,
});
export type DialogueLine = z.infer<typeof dialogueLineSchema>;

/** Queue the scratch track; `provider` names the speech provider for this run (the configured one when absent). */
export const dialogueGenerateSchema = z.object({
  provider: z.string().max(TEXT_LIMITS.shortText).optional(),
});
export type DialogueGenerate = z.input<typeof dialogueGenerateSchema>;

/** What the audio:generate-dialogue job answers when it completes. */
export const dialogueTrackResultSchema = z.object({
  projectId: idSchema,
  /** Dialogue lines in the script. */
  lines: z.number().int().min(0),
  /** Lines spoken by this run (new or changed text, voice or delivery). */
  spoken: z.number().int().min(0),
  /** Lines whose clip was kept: unchanged since the last run. */
  reused: z.number().int().min(0),
  /** Lines whose recorded take was kept. */
  uploaded: z.number().int().min(0),
  /** Lines of the last run that the script no longer has (their clips deleted). */
  removed: z.number().int().min(0),
  /** Sum of every line's clip. */
  totalMs: z.number().int().min(0),
  provider: z.string().max(TEXT_LIMITS.shortText),
});
export type DialogueTrackResult = z.infer<typeof dialogueTrackResultSchema>;

export const dialogueLineRefSchema = z.object({ lineId: idSchema });

/** Re-speak one line (a recorded take is replaced by a generated clip again). */
export const dialogueLineRegenerateSchema = dialogueGenerateSchema;

/** Replace one line with a recorded take: an audio file uploaded to this project with upload-audio. */
export const dialogueLineTakeSchema = z.object({ key: storageKeySchema });
export type DialogueLineTake = z.input<typeof dialogueLineTakeSchema>;

/** Time the dialogue shots with the pauses of a pacing (the first pass's default when absent). */
export const dialogueTimingSchema = z.object({ pacing: z.enum(PACINGS).optional() });
export type DialogueTiming = z.input<typeof dialogueTimingSchema>;

export const dialogueTimingChangeSchema = z.object({
  shotId: idSchema,
  /** Seconds before and after: the undo puts `previousDuration` back. */
  previousDuration: z.number().positive(),
  duration: z.number().positive(),
  /** The lines the shot holds. */
  lineIds: z.array(idSchema),
});
export type DialogueTimingChange = z.infer<typeof dialogueTimingChangeSchema>;

/** Every dialogue shot timed to its lines; action shots and shots without lines are left as they are. */
export const dialogueTimingReplySchema = z.object({
  projectId: idSchema,
  pacing: z.enum(PACINGS),
  /** Shots whose duration changed, in timeline order, each with its previous duration. */
  changed: z.array(dialogueTimingChangeSchema),
  /** Dialogue shots already at their lines' length. */
  unchanged: z.number().int().min(0),
  /** Lines no shot holds (their shot was deleted, or no first-pass shot covers them). */
  unplaced: z.number().int().min(0),
});
export type DialogueTimingReply = z.infer<typeof dialogueTimingReplySchema>;

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The audio socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const AUDIO_ACTIONS = /* @__PURE__ */ (() =>
  ({
    /** The project's soundtrack (docs/editorial.md): set from an uploaded file, its waveform, its offset, on cuts. */
    audio: {
      get: actionSpec(projectRef, soundtrackSchema.nullable()),
      /** Sets or replaces the soundtrack (the previous file is deleted); decodes it for duration and peaks. */
      set: actionSpec(projectRef.extend(soundtrackSetSchema.shape), soundtrackSchema),
      'set-offset': actionSpec(projectRef.extend(soundtrackOffsetUpdateSchema.shape), soundtrackSchema),
      /** Removes the soundtrack and deletes its file; cuts keep theirs until set again. */
      remove: actionSpec(projectRef, soundtrackRemovedSchema),
      /** Puts the soundtrack under a cut with an offset (or takes it off): the cut as it now is. */
      'set-cut': actionSpec(projectRef.extend(cutSoundtrackSetSchema.shape), cutSchema),
      /**
       * Queues the scratch track (docs/generation.md, "Speech"): a job that speaks every dialogue line of
       * the saved script with its character's voice; unchanged lines and recorded takes are kept. Its
       * result is a DialogueTrackResult.
       */
      'generate-dialogue': actionSpec(
        projectRef.extend(dialogueGenerateSchema.shape),
        jobAcceptedReplySchema,
      ),
      /** The project's dialogue lines in script order, each with its clip's signed URL, length and waveform. */
      'list-lines': actionSpec(projectRef, z.array(dialogueLineSchema)),
      /** Speaks one line again now (a recorded take is replaced by a generated clip). */
      'regenerate-line': actionSpec(
        projectRef.extend(dialogueLineRefSchema.shape).extend(dialogueLineRegenerateSchema.shape),
        dialogueLineSchema,
      ),
      /** Replaces one line with a recorded take (an upload-audio file of the project): it then wins. */
      'upload-line': actionSpec(
        projectRef.extend(dialogueLineRefSchema.shape).extend(dialogueLineTakeSchema.shape),
        dialogueLineSchema,
      ),
      /**
       * Times every dialogue shot to its lines (their clips' lengths plus the pacing's pauses); action
       * shots stay as they are. Answers each changed shot with its previous duration, for a one-step undo.
       */
      'time-shots': actionSpec(projectRef.extend(dialogueTimingSchema.shape), dialogueTimingReplySchema),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The audio HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const AUDIO_ROUTES = /* @__PURE__ */ (() =>
  ({
    audio: {
      get: {
        method: 'GET',
        path: '/api/audio/:projectId',
        response: soundtrackSchema.nullable(),
        auth: true,
      },
      set: {
        method: 'PUT',
        path: '/api/audio/:projectId',
        body: soundtrackSetSchema,
        response: soundtrackSchema,
        auth: true,
      },
      setOffset: {
        method: 'PATCH',
        path: '/api/audio/:projectId',
        body: soundtrackOffsetUpdateSchema,
        response: soundtrackSchema,
        auth: true,
      },
      remove: {
        method: 'DELETE',
        path: '/api/audio/:projectId',
        response: soundtrackRemovedSchema,
        auth: true,
      },
      setCut: {
        method: 'PUT',
        path: '/api/audio/:projectId/cut',
        body: cutSoundtrackSetSchema,
        response: cutSchema,
        auth: true,
      },
      /** Queues the scratch track (a job; follow it with the job events). */
      generateDialogue: {
        method: 'POST',
        path: '/api/audio/:projectId/dialogue',
        body: dialogueGenerateSchema,
        response: jobAcceptedReplySchema,
        auth: true,
      },
      listLines: {
        method: 'GET',
        path: '/api/audio/:projectId/lines',
        response: z.array(dialogueLineSchema),
        auth: true,
      },
      regenerateLine: {
        method: 'POST',
        path: '/api/audio/:projectId/lines/:lineId/regenerate',
        body: dialogueLineRegenerateSchema,
        response: dialogueLineSchema,
        auth: true,
      },
      uploadLine: {
        method: 'PUT',
        path: '/api/audio/:projectId/lines/:lineId/take',
        body: dialogueLineTakeSchema,
        response: dialogueLineSchema,
        auth: true,
      },
      /** The line's clip itself (not JSON): its stored content type, byte ranges answered (206). */
      lineFile: {
        method: 'GET',
        path: '/api/audio/:projectId/lines/:lineId/file',
        response: z.string(),
        auth: true,
      },
      timeShots: {
        method: 'POST',
        path: '/api/audio/:projectId/timing',
        body: dialogueTimingSchema,
        response: dialogueTimingReplySchema,
        auth: true,
      },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
