import type { AssetImageEntry, Job } from '@reelbench/sdk/contract';
import {
  GenerationCancelledError,
  renderFailure,
  throwIfCancelled,
} from '../generation/generation.errors.js';
import type { ImageMeta } from '../generation/generation.types.js';
import type { JobType } from '../jobs/job-types.js';

/** Job types of the asset domain (each shows in the job list under this name). */
export const ASSET_JOB_TYPES = {
  generateImage: 'unified-asset:generateImage',
  enhanceImage: 'asset:enhance-image',
  ensureBgRemoved: 'asset:ensure-bg-removed',
} as const satisfies Record<string, JobType>;

/**
 * Runs a provider call; a cancelled job stays a cancellation (not a failure), a caller's mistake keeps
 * its message, anything else is 'Image generation failed'.
 */
export async function providerCall<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    throwIfCancelled(signal);
    return result;
  } catch (error) {
    if (error instanceof GenerationCancelledError || signal.aborted) throw new GenerationCancelledError();
    throw renderFailure(error);
  }
}

/** An image the server made: stored with its WebP variants (metadata.variants) and the render's facts. */
export function generatedEntry(
  s3Key: string,
  input: { prompt: string | null; meta: ImageMeta; jobId: string; at: Date },
): AssetImageEntry {
  return {
    url: null,
    optimizedUrl: null,
    thumbnailUrl: null,
    mediumUrl: null,
    s3Key,
    generatedAt: input.at.toISOString(),
    isCustomUpload: false,
    metadata: { ...input.meta, jobId: input.jobId, variants: true },
    prompt: input.prompt,
    status: 'completed',
  };
}

/** The user a job runs for: every asset job is queued by a signed-in user. */
export function jobOwner(job: Job): string {
  if (job.userId === undefined) throw new Error(`Job ${job.id} has no user`);
  return job.userId;
}

/** Drops undefined fields, so a job payload stores only what the request gave. */
export function definedFields<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
