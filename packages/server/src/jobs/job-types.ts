import type { GenerationOptions, ShotAssetPlacement } from '@reelbench/sdk/contract';

/** What a shot image or video job renders with: the request's options, and placements for this run. */
export interface ShotRenderOptions extends GenerationOptions {
  placements?: ShotAssetPlacement[];
}

/** Image or video of one or many shots, in the order given. */
export interface ShotsJobPayload extends ShotRenderOptions {
  shotIds: string[];
  concurrency?: number;
}

/** A job about one shot: its id is the only one. */
interface OneShot {
  shotIds: [string];
}

/**
 * Every job type and the payload it carries (the checked request, stored as the job's jsonb payload):
 * what a request enqueues and what the type's handler runs from.
 */
export interface JobPayloads {
  'shot:generate': ShotsJobPayload;
  'shot:generate-seedream': ShotsJobPayload;
  'shot:generate-batch': ShotsJobPayload;
  'composition:create': ShotsJobPayload;
  'composition:create-batch': ShotsJobPayload;
  'shot:generate-video': ShotsJobPayload;
  'shot:generate-video-batch': ShotsJobPayload;
  'video:generate': ShotsJobPayload;
  'video:generate-batch': ShotsJobPayload;
  'shot:edit': OneShot & { instruction: string; provider?: string };
  'shot:generate-with-quality': OneShot & ShotRenderOptions & { maxRetries: number; minScore: number };
  'shot:generate-coverage': OneShot & { variantIds: string[] };
  'composition:create-grid': { shotIds: string[]; columns: number };
  'unified-asset:generateImage': { assetId: string; imageKey: string; prompt?: string; provider?: string };
  'asset:enhance-image': { assetId: string; imageKey: string; instruction?: string };
  'asset:ensure-bg-removed': { assetId: string; imageKey: string };
  'cut:render-rough-cut': { cutId: string; burnIn: boolean };
  /** The default images of the cast created from the script, one after another. */
  'project:create-cast': { assetIds: string[]; provider?: string };
  /** The scratch track: every dialogue line of the saved script, spoken (issue 31). */
  'audio:generate-dialogue': { provider?: string };
}

export type JobType = keyof JobPayloads;

export const IMAGE_JOB_TYPES = [
  'shot:generate',
  'shot:generate-seedream',
  'shot:generate-batch',
  'composition:create',
  'composition:create-batch',
] as const satisfies readonly JobType[];
export const VIDEO_JOB_TYPES = [
  'shot:generate-video',
  'shot:generate-video-batch',
  'video:generate',
  'video:generate-batch',
] as const satisfies readonly JobType[];
export type ShotsJobType = (typeof IMAGE_JOB_TYPES)[number] | (typeof VIDEO_JOB_TYPES)[number];
