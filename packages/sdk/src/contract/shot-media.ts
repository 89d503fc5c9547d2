import { z } from 'zod';
import { countSchema } from './internal.js';
import {
  descriptionSchema,
  framingTypeSchema,
  generationStatusSchema,
  idSchema,
  nameSchema,
  promptSchema,
  storageKeySchema,
  TEXT_LIMITS,
  timestampSchema,
  updateFields,
  urlSchema,
} from './primitives.js';

/**
 * A shot's other images and videos: its takes (what earlier generations made) and its coverage variants
 * (other framings of the same moment). Their actions are shot actions (shot.ts).
 */

/** Takes kept per shot: a generation beyond this drops the oldest. */
export const MAX_SHOT_TAKES = 10;

/**
 * A take: the image and video a shot had before a generation replaced one of them (or before a take
 * was restored over them). `kind` is the media the replacing generation made; `generation` the job
 * type that made this take's media of that kind ('shot:generate', 'shot:edit', …), null when not
 * known (an upload, or media older than takes); `replacedBy` the job type (or 'shot:useTake') that
 * replaced it. URLs are signed afresh in every reply.
 */
export const shotTakeSchema = z.object({
  id: idSchema,
  shotId: idSchema,
  kind: z.enum(['image', 'video']),
  generation: z.string().max(TEXT_LIMITS.shortText).nullable(),
  replacedBy: z.string().max(TEXT_LIMITS.shortText),
  image_url: urlSchema.nullable(),
  video_url: urlSchema.nullable(),
  s3_image_key: storageKeySchema.nullable(),
  s3_video_key: storageKeySchema.nullable(),
  /** When the take was kept (its media were replaced). */
  createdAt: timestampSchema,
});

export type ShotTake = z.infer<typeof shotTakeSchema>;

/** A shot's takes, newest first. */
export const shotTakesSchema = z.object({
  shotId: idSchema,
  takes: z.array(shotTakeSchema).max(MAX_SHOT_TAKES),
});

export type ShotTakes = z.infer<typeof shotTakesSchema>;

export const coverageVariantSchema = z.object({
  id: idSchema,
  shotId: idSchema,
  framingType: framingTypeSchema,
  name: nameSchema,
  description: descriptionSchema.nullable().default(null),
  prompt: promptSchema.nullable().default(null),
  image_url: urlSchema.nullable().default(null),
  /** The stored image (signed into image_url on every answer); promoting the variant uses it. */
  s3_image_key: storageKeySchema.nullable().default(null),
  video_url: urlSchema.nullable().default(null),
  generation_status: generationStatusSchema.default('pending'),
  createdAt: timestampSchema,
});

export type CoverageVariant = z.infer<typeof coverageVariantSchema>;

export const coverageVariantUpdatesSchema = z.object(
  updateFields(
    coverageVariantSchema.pick({ framingType: true, name: true, description: true, prompt: true }).shape,
  ),
);

export type CoverageVariantUpdates = z.infer<typeof coverageVariantUpdatesSchema>;

/** Variants per shot id, for badges on the timeline. */
export const coverageCountsSchema = z.record(idSchema, countSchema);

export type CoverageCounts = z.infer<typeof coverageCountsSchema>;
