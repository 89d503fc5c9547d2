import { z } from 'zod';
import { assetSchema } from './asset.js';
import { errorCodeSchema } from './errors.js';
import { imageKeySchema } from './image-keys.js';
import { jobCountsSchema, jobStatusSchema } from './jobs.js';
import { generationStatusSchema, idSchema, TEXT_LIMITS, urlSchema } from './primitives.js';
import { projectSchema } from './project.js';
import { reviewCommentSchema } from './review.js';
import { shotSchema } from './shot.js';

/**
 * Server → client events. Each goes to the project's room (`project:<id>`, joined through
 * project:subscribe by sockets of the owner) and carries projectId.
 */
export const SERVER_EVENTS = {
  projectCreated: 'project:created',
  projectUpdated: 'project:updated',
  projectDeleted: 'project:deleted',
  assetCreated: 'asset:created',
  assetUpdated: 'asset:updated',
  assetDeleted: 'asset:deleted',
  assetImageGenerationCompleted: 'asset:imageGenerationCompleted',
  assetImagesInvalidated: 'asset:imagesInvalidated',
  assetUpgradedToSeries: 'asset:upgradedToSeries',
  assetDowngradeFromSeries: 'asset:downgradeFromSeries',
  shotUpdated: 'shot:updated',
  shotCreated: 'shot:created',
  shotDeleted: 'shot:deleted',
  shotGenerationProgress: 'shot:generation-progress',
  shotBatchProgress: 'shot:batch-progress',
  shotVideoProgress: 'shot:video-progress',
  timelineShotAdded: 'timeline:shot-added',
  jobProgress: 'job:progress',
  jobComplete: 'job:complete',
  jobError: 'job:error',
  reviewCommentAdded: 'review:comment-added',
  reviewCommentDeleted: 'review:comment-deleted',
} as const;
export type ServerEventName = (typeof SERVER_EVENTS)[keyof typeof SERVER_EVENTS];

const progressSchema = z.number().min(0).max(100);
const messageSchema = z.string().max(TEXT_LIMITS.description);

const shotProgressSchema = z.object({
  projectId: idSchema,
  shotId: idSchema,
  jobId: idSchema,
  status: generationStatusSchema,
  progress: progressSchema,
  /** Set once the image or video exists (status completed). */
  url: urlSchema.optional(),
  message: messageSchema.optional(),
});

/** Every job event names the job, its state and the owner's queue depth at that moment. */
const jobEventSchema = z.object({
  projectId: idSchema,
  jobId: idSchema,
  type: z.string().min(1).max(TEXT_LIMITS.shortText),
  status: jobStatusSchema,
  progress: progressSchema,
  counts: jobCountsSchema,
  shotIds: z.array(idSchema).optional(),
  message: messageSchema.optional(),
});

export const SERVER_EVENT_SCHEMAS = {
  'project:created': z.object({ projectId: idSchema, project: projectSchema }),
  'project:updated': z.object({ projectId: idSchema, project: projectSchema }),
  'project:deleted': z.object({ projectId: idSchema }),
  'asset:created': z.object({ projectId: idSchema, asset: assetSchema }),
  'asset:updated': z.object({ projectId: idSchema, asset: assetSchema }),
  'asset:deleted': z.object({ projectId: idSchema, assetId: idSchema }),
  'asset:imageGenerationCompleted': z.object({
    projectId: idSchema,
    assetId: idSchema,
    imageKey: imageKeySchema,
    jobId: idSchema,
    fullAsset: assetSchema,
  }),
  /** A regenerated base image made these variant images stale: removed, or queued to be refreshed. */
  'asset:imagesInvalidated': z.object({
    projectId: idSchema,
    assetId: idSchema,
    baseImageKey: imageKeySchema,
    imageKeys: z.array(imageKeySchema),
    action: z.enum(['removed', 'refreshing']),
  }),
  'asset:upgradedToSeries': z.object({
    projectId: idSchema,
    assetId: idSchema,
    seriesId: idSchema,
    asset: assetSchema,
  }),
  'asset:downgradeFromSeries': z.object({ projectId: idSchema, assetId: idSchema, asset: assetSchema }),
  'shot:updated': z.object({ projectId: idSchema, shot: shotSchema }),
  'shot:created': z.object({ projectId: idSchema, shot: shotSchema }),
  'shot:deleted': z.object({ projectId: idSchema, shotId: idSchema }),
  'shot:generation-progress': shotProgressSchema,
  'shot:batch-progress': z.object({
    projectId: idSchema,
    jobId: idSchema,
    status: jobStatusSchema,
    progress: progressSchema,
    total: z.number().int().min(0),
    completed: z.number().int().min(0),
    failed: z.number().int().min(0),
    /** The shot that just finished, when the event reports one. */
    shotId: idSchema.optional(),
  }),
  'shot:video-progress': shotProgressSchema,
  'timeline:shot-added': z.object({
    projectId: idSchema,
    shot: shotSchema,
    /** Position in the project's shot order. */
    index: z.number().int().min(0),
  }),
  'job:progress': jobEventSchema,
  'job:complete': jobEventSchema.extend({ status: z.literal('completed'), result: z.unknown().optional() }),
  /** A failed or cancelled job. A cancelled job emits nothing after this. */
  'job:error': jobEventSchema.extend({
    status: z.enum(['failed', 'cancelled']),
    error: messageSchema,
    /** A failure's catalogue code (VALIDATION_ERROR for bad input); absent when cancelled. */
    code: errorCodeSchema.optional(),
  }),
  /** A reviewer commented through a review link (to the owner's sockets subscribed to the project). */
  'review:comment-added': z.object({ projectId: idSchema, comment: reviewCommentSchema }),
  'review:comment-deleted': z.object({ projectId: idSchema, commentId: idSchema }),
} as const satisfies { [E in ServerEventName]: z.ZodType };

export type ServerEventPayload<E extends ServerEventName> = z.infer<(typeof SERVER_EVENT_SCHEMAS)[E]>;

export const SERVER_EVENT_NAMES = Object.values(SERVER_EVENTS) as ServerEventName[];

export function isServerEventName(event: string): event is ServerEventName {
  return Object.hasOwn(SERVER_EVENT_SCHEMAS, event);
}

/**
 * Events about the connection itself, sent to every socket of one server process (no room, no
 * projectId). `server:closing`: the process is stopping (a deploy, a scale-down); it answers the
 * actions already sent, then closes the connection. Reconnect right away (behind a load balancer
 * that lands on another node), spread over `reconnectInMs`, and send new requests only after that.
 */
export const CONNECTION_EVENTS = { serverClosing: 'server:closing' } as const;
export const CONNECTION_EVENT_SCHEMAS = {
  'server:closing': z.object({ reconnectInMs: z.number().int().min(0) }),
} as const;
export type ConnectionEventName = (typeof CONNECTION_EVENTS)[keyof typeof CONNECTION_EVENTS];
export type ConnectionEventPayload<E extends ConnectionEventName> = z.infer<
  (typeof CONNECTION_EVENT_SCHEMAS)[E]
>;

/** The room a project's events go to. */
export const projectRoom = (projectId: string) => `project:${projectId}` as const;
/** The room of all sockets of one user (project lists, jobs across projects). */
export const userRoom = (userId: string) => `user:${userId}` as const;
