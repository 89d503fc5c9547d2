import { z } from 'zod';
import { assetImageGenerationReplySchema, assetSchema, assetTypeSchema } from './asset.js';
import { errorBodySchema, errorCodeSchema } from './errors.js';
import { DEFAULT_VARIANT, imageKeySchema, rotationSchema, variantNameSchema } from './image-keys.js';
import { jobAcceptedReplySchema } from './jobs.js';
import {
  idSchema,
  LIST_LIMITS,
  nameSchema,
  promptSchema,
  storageKeySchema,
  TEXT_LIMITS,
  urlSchema,
} from './primitives.js';
import { batchGenerationPayloadSchema, shotAssetPlacementSchema, shotGenerationReplySchema } from './shot.js';
import { SOCKET_ACTIONS } from './socket.js';

/**
 * The older named events (SPEC.md section 7): the client emits `request` with a bare payload (no
 * requestId), the server answers the same socket on `reply` with `data`, or on the group's `error`
 * event with a legacyErrorPayload.
 *
 * Several request names (project:subscribe, script:analyze, series:getAll, …) are also new-style
 * actions. The server tells them apart by the message: `{requestId, payload}` (isRequestEnvelope) is
 * new-style and answered on `domain:response`/`domain:error`; anything else is the older form.
 * Where an action exists in both forms, the older reply carries the same data as the action's reply.
 */
export interface LegacyEventSpec {
  request: string;
  reply: string;
  error: string;
  payload: z.ZodType;
  /** What the reply event carries. */
  data: z.ZodType;
}

export const legacyErrorPayloadSchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  statusCode: z.number().int().optional(),
  details: errorBodySchema.shape.details,
  correlationId: z.string().optional(),
});
export type LegacyErrorPayload = z.infer<typeof legacyErrorPayloadSchema>;

const { project, series, script, jobs, shot } = SOCKET_ACTIONS;
const generateImage = SOCKET_ACTIONS['unified-asset'].generateImage;

export const assetDefinitionSchema = z.object({
  type: assetTypeSchema,
  name: nameSchema,
  description: z.string().max(TEXT_LIMITS.description),
  visualIdentifier: z.string().max(TEXT_LIMITS.description),
  /** A generation prompt for the asset's default image. */
  prompt: promptSchema,
});
export type AssetDefinition = z.infer<typeof assetDefinitionSchema>;

export const assetAssessmentSchema = z.object({
  assetId: idSchema,
  imageKey: imageKeySchema,
  /** 0..10, compared with QUALITY_DEFAULTS.minScore. */
  score: z.number().min(0).max(10),
  notes: z.string().max(TEXT_LIMITS.description),
  /** The measured inputs of the score, e.g. sharpness, exposure, contrast. */
  metrics: z.record(z.string(), z.number()),
});
export type AssetAssessment = z.infer<typeof assetAssessmentSchema>;

export const compositionGridSchema = z.object({
  jobId: idSchema,
  url: urlSchema,
  key: storageKeySchema,
  shotIds: z.array(idSchema),
  columns: z.number().int().min(1).max(8),
});
export type CompositionGrid = z.infer<typeof compositionGridSchema>;

export const LEGACY_EVENTS = {
  'script:analyze': {
    request: 'script:analyze',
    reply: 'script:analyzed',
    error: 'script:analyze:error',
    payload: script.analyze.payload,
    data: script.analyze.reply,
  },
  'script:convert': {
    request: 'script:convert',
    reply: 'script:converted',
    error: 'script:analyze:error',
    payload: script.convert.payload,
    data: script.convert.reply,
  },
  'script:generate-shots': {
    request: 'script:generate-shots',
    reply: 'script:shots-generated',
    error: 'script:analyze:error',
    payload: script['generate-shots'].payload,
    data: script['generate-shots'].reply,
  },
  'asset:generate-image': {
    request: 'asset:generate-image',
    reply: 'asset:image-generated',
    error: 'asset:generate-image:error',
    payload: generateImage.payload,
    data: generateImage.reply,
  },
  'asset:enhance-image': {
    request: 'asset:enhance-image',
    reply: 'asset:image-enhanced',
    error: 'asset:generate-image:error',
    payload: z.object({
      assetId: idSchema,
      imageKey: imageKeySchema,
      instruction: promptSchema.optional(),
    }),
    data: z.object({ jobId: idSchema, asset: assetSchema, imageKey: imageKeySchema }),
  },
  'asset:define': {
    request: 'asset:define',
    reply: 'asset:defined',
    error: 'asset:generate-image:error',
    payload: z.object({
      projectId: idSchema,
      type: assetTypeSchema,
      name: nameSchema,
      notes: z.string().max(TEXT_LIMITS.description).optional(),
    }),
    data: assetDefinitionSchema,
  },
  'asset:assess': {
    request: 'asset:assess',
    reply: 'asset:assessed',
    error: 'asset:generate-image:error',
    payload: z.object({ assetId: idSchema, imageKey: imageKeySchema.optional() }),
    data: assetAssessmentSchema,
  },
  'video:generate': {
    request: 'video:generate',
    reply: 'video:generated',
    error: 'video:generate:error',
    payload: shot['generate-video'].payload,
    data: shotGenerationReplySchema,
  },
  'video:generate-batch': {
    request: 'video:generate-batch',
    reply: 'video:batch-generated',
    error: 'video:generate:error',
    payload: batchGenerationPayloadSchema,
    data: jobAcceptedReplySchema,
  },
  'composition:create': {
    request: 'composition:create',
    reply: 'composition:created',
    error: 'composition:create:error',
    /** Without placements the shot's own placements are composed. */
    payload: z.object({
      projectId: idSchema,
      shotId: idSchema,
      placements: z.array(shotAssetPlacementSchema).max(LIST_LIMITS.placements).optional(),
    }),
    data: shotGenerationReplySchema,
  },
  'composition:create-batch': {
    request: 'composition:create-batch',
    reply: 'composition:batch-created',
    error: 'composition:create:error',
    payload: batchGenerationPayloadSchema,
    data: jobAcceptedReplySchema,
  },
  'composition:create-grid': {
    request: 'composition:create-grid',
    reply: 'composition:grid-created',
    error: 'composition:create:error',
    payload: z.object({
      projectId: idSchema,
      shotIds: z.array(idSchema).min(1).max(64),
      columns: z.number().int().min(1).max(8).default(3),
    }),
    data: compositionGridSchema,
  },
  'character:generate-rotation': {
    request: 'character:generate-rotation',
    reply: 'character:rotation-generated',
    error: 'character:generate-rotation:error',
    payload: z.object({
      assetId: idSchema,
      rotation: rotationSchema,
      variant: variantNameSchema.default(DEFAULT_VARIANT),
    }),
    data: assetImageGenerationReplySchema,
  },
  'project:subscribe': {
    request: 'project:subscribe',
    reply: 'project:subscribed',
    error: 'project:error',
    payload: project.subscribe.payload,
    data: project.subscribe.reply,
  },
  'project:unsubscribe': {
    request: 'project:unsubscribe',
    reply: 'project:unsubscribed',
    error: 'project:error',
    payload: project.unsubscribe.payload,
    data: project.unsubscribe.reply,
  },
  'project:update': {
    request: 'project:update',
    reply: 'project:updated',
    error: 'project:error',
    payload: project.update.payload,
    data: project.update.reply,
  },
  'project:getAll': {
    request: 'project:getAll',
    reply: 'project:fetched',
    error: 'project:error',
    payload: project.getAll.payload,
    data: project.getAll.reply,
  },
  'project:getOne': {
    request: 'project:getOne',
    reply: 'project:fetched:one',
    error: 'project:error',
    payload: project.getOne.payload,
    data: project.getOne.reply,
  },
  'project:create': {
    request: 'project:create',
    reply: 'project:created',
    error: 'project:error',
    payload: project.create.payload,
    data: project.create.reply,
  },
  'project:delete': {
    request: 'project:delete',
    reply: 'project:deleted',
    error: 'project:error',
    payload: project.delete.payload,
    data: project.delete.reply,
  },
  'project:getBySeries': {
    request: 'project:getBySeries',
    reply: 'project:fetched:bySeries',
    error: 'project:error',
    payload: project.getBySeries.payload,
    data: project.getBySeries.reply,
  },
  'job:cancel': {
    request: 'job:cancel',
    reply: 'job:cancelled',
    error: 'jobs:error',
    payload: jobs.cancel.payload,
    data: jobs.cancel.reply,
  },
  'jobs:list': {
    request: 'jobs:list',
    reply: 'jobs:listed',
    error: 'jobs:error',
    payload: jobs.list.payload,
    data: jobs.list.reply,
  },
  'series:getAll': {
    request: 'series:getAll',
    reply: 'series:fetched',
    error: 'series:error',
    payload: series.getAll.payload,
    data: series.getAll.reply,
  },
  'series:create': {
    request: 'series:create',
    reply: 'series:created',
    error: 'series:error',
    payload: series.create.payload,
    data: series.create.reply,
  },
  'series:update': {
    request: 'series:update',
    reply: 'series:updated',
    error: 'series:error',
    payload: series.update.payload,
    data: series.update.reply,
  },
  'series:delete': {
    request: 'series:delete',
    reply: 'series:deleted',
    error: 'series:error',
    payload: series.delete.payload,
    data: series.delete.reply,
  },
  'series:getProjects': {
    request: 'series:getProjects',
    reply: 'series:projectsFetched',
    error: 'series:error',
    payload: series.getProjects.payload,
    data: series.getProjects.reply,
  },
} as const satisfies Record<string, LegacyEventSpec>;

export type LegacyRequestEvent = keyof typeof LEGACY_EVENTS;

export function legacyEventFor(requestEvent: string): LegacyEventSpec | undefined {
  return Object.hasOwn(LEGACY_EVENTS, requestEvent)
    ? LEGACY_EVENTS[requestEvent as LegacyRequestEvent]
    : undefined;
}
