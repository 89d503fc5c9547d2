import { z } from 'zod';
import { idSchema, nameSchema, storageKeySchema, timestampSchema, urlSchema } from './entities.js';

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
