import { z } from 'zod';
import { ASPECT_RATIOS, QUALITY_DEFAULTS } from './constants.js';
import { idSchema, LIST_LIMITS, promptSchema, TEXT_LIMITS } from './primitives.js';

/** What a render takes: the options of one generation, quality retries, and the shots of a batch. */

export const shotIdsSchema = z.array(idSchema).min(1).max(LIST_LIMITS.ids);

/**
 * Batch targets, exactly one of: explicit shotIds (up to LIST_LIMITS.ids), `staleOnly: true` (every
 * shot whose image or video is missing or older than its inputs) or `all: true` (every shot of the
 * project in timeline order, however many). A batch payload spreads this shape and refines with
 * hasOneBatchTarget.
 */
export const batchTargetShape = {
  shotIds: shotIdsSchema.optional(),
  staleOnly: z.literal(true).optional(),
  all: z.literal(true).optional(),
};

export interface BatchTarget {
  shotIds?: string[];
  staleOnly?: true;
  all?: true;
}

export const BATCH_TARGET_MESSAGE = 'Give one of shotIds, staleOnly: true or all: true';

export function hasOneBatchTarget(target: BatchTarget): boolean {
  return [target.shotIds, target.staleOnly, target.all].filter((value) => value !== undefined).length === 1;
}

export const generationOptionsSchema = z.object({
  /** Replaces the shot's prompt for this run only. */
  prompt: promptSchema.optional(),
  aspect: z.enum(ASPECT_RATIOS).optional(),
  /** Provider name from the server's configuration; the default provider when absent. */
  provider: z.string().max(TEXT_LIMITS.shortText).optional(),
});

export type GenerationOptions = z.infer<typeof generationOptionsSchema>;

export const qualityOptionsSchema = z.object({
  maxRetries: z.number().int().min(0).max(10).default(QUALITY_DEFAULTS.maxRetries),
  /** Assessment score from 0 to 10 an image must reach. */
  minScore: z.number().min(0).max(10).default(QUALITY_DEFAULTS.minScore),
});

export type QualityOptions = z.infer<typeof qualityOptionsSchema>;
