import { z } from 'zod';
import {
  cutSoundtrackSetSchema,
  soundtrackOffsetUpdateSchema,
  soundtrackRemovedSchema,
  soundtrackSchema,
  soundtrackSetSchema,
} from './audio.js';
import { MAX_BATCH_CONCURRENCY, SOCKET_DEFAULT_TIMEOUT_MS } from './constants.js';
import {
  cutComparisonSchema,
  cutCreateSchema,
  cutExportFileSchema,
  cutExportOptionsSchema,
  cutImportSchema,
  cutRefSchema,
  cutRenameSchema,
  roughCutRenderSchema,
  roughCutSchema,
} from './cuts.js';
import { cutImportResultSchema, cutSchema, cutSummarySchema, editorialFormatSchema } from './editorial.js';
import {
  assetPublishedSchema,
  assetSchema,
  assetTypeSchema,
  coverageCountsSchema,
  coverageVariantSchema,
  coverageVariantUpdatesSchema,
  edlSchema,
  edlSummarySchema,
  FRAMING_TYPES,
  firstPassRequestSchema,
  firstPassResponseSchema,
  firstPassShotSchema,
  framingTypeSchema,
  idSchema,
  jobCountsSchema,
  jobSchema,
  LIST_LIMITS,
  projectListEntrySchema,
  projectSaveResultSchema,
  projectSaveSchema,
  projectSchema,
  promptSchema,
  publishSchema,
  REVIEW_LIMITS,
  repositoryStateSchema,
  reviewCommentSchema,
  reviewLinkSchema,
  reviewLinkSummarySchema,
  sceneSchema,
  scriptAnalysisSchema,
  scriptSchema,
  seriesSchema,
  shotAssetPlacementSchema,
  shotAssetPlacementUpdatesSchema,
  shotPageSchema,
  shotSchema,
  shotTakesSchema,
  shotUpdatesSchema,
  shotUpsertSchema,
  streamlinedAssetSchema,
  styleGuideSchema,
} from './entities.js';
import { errorBodySchema, MESSAGES } from './errors.js';
import { imageKeySchema } from './image-keys.js';
import {
  assetCreateSchema,
  assetImageRefSchema,
  assetUpdatesSchema,
  BATCH_TARGET_MESSAGE,
  batchTargetShape,
  generationOptionsSchema,
  hasOneBatchTarget,
  imageDataSchema,
  projectCreateSchema,
  projectUpdatesSchema,
  qualityOptionsSchema,
  scriptAnalyzeSchema,
  scriptConvertResultSchema,
  scriptConvertSchema,
  scriptSaveSchema,
  seriesCreateSchema,
  seriesUpdatesSchema,
  shotListOptionsSchema,
} from './inputs.js';
import { deletedReplySchema, jobAcceptedReplySchema, shotOrderReplySchema } from './replies.js';
import { actionEvent } from './socket-events.js';
import {
  castSchema,
  createCastReplySchema,
  createCastSchema,
  styleChangeReplySchema,
  styleDeletedReplySchema,
  stylePackageCreateSchema,
  stylePackageIdSchema,
  stylePackageSchema,
  stylePackageUpdatesSchema,
} from './styles.js';

/**
 * Socket request/response (SPEC.md section 7): the client emits `domain:action` with
 * {requestId, payload}; the server answers on `domain:response` or `domain:error` with that requestId.
 */
export interface SocketActionSpec<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  payload: P;
  reply: R;
  timeoutMs: number;
  /** generate-video: identical in-flight requests share one result, held VIDEO_DEDUPE_HOLD_MS after completion */
  dedupe?: boolean;
}

// ---------------------------------------------------------------- shared payload and reply shapes

const emptyPayload = z.object({}).prefault({});
const projectRef = z.object({ projectId: idSchema });
const seriesRef = z.object({ seriesId: idSchema });
const shotRef = z.object({ shotId: idSchema });
const assetRef = z.object({ id: idSchema });
const variantRef = z.object({ variantId: idSchema });

/**
 * The getOne, create, update and delete actions of a record the user owns (a project, a series):
 * addressed by `ref`, answered with `record`; `update` is the update's payload (`ref` and `updates`).
 */
function ownedRecordActions<
  Ref extends z.ZodType,
  Entity extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(ref: Ref, record: Entity, create: Create, update: Update) {
  return {
    getOne: { payload: ref, reply: record, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    create: { payload: create, reply: record, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    update: { payload: update, reply: record, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    delete: { payload: ref, reply: deletedReplySchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
  } as const;
}

export const subscriptionReplySchema = z.object({ projectId: idSchema, subscribed: z.boolean() });
export type SubscriptionReply = z.infer<typeof subscriptionReplySchema>;

/** Single-target generation answers when the work is done; progress arrives as events meanwhile. */
export const shotGenerationReplySchema = z.object({ jobId: idSchema, shot: shotSchema });
export type ShotGenerationReply = z.infer<typeof shotGenerationReplySchema>;

export const assetImageGenerationReplySchema = z.object({
  jobId: idSchema,
  asset: assetSchema,
  imageKey: imageKeySchema,
  /** Variant images that depended on a regenerated base image (see asset:imagesInvalidated). */
  invalidatedKeys: z.array(imageKeySchema),
});
export type AssetImageGenerationReply = z.infer<typeof assetImageGenerationReplySchema>;

export const qualityGenerationReplySchema = shotGenerationReplySchema.extend({
  attempts: z.number().int().min(1),
  /** The best assessment score reached, 0..10. */
  score: z.number().min(0).max(10),
  passed: z.boolean(),
});
export type QualityGenerationReply = z.infer<typeof qualityGenerationReplySchema>;

export const shotAssetsReplySchema = z.object({
  shotId: idSchema,
  placements: z.array(shotAssetPlacementSchema),
  /** The placed assets themselves, once each. */
  assets: z.array(assetSchema),
});
export type ShotAssetsReply = z.infer<typeof shotAssetsReplySchema>;

export const jobListReplySchema = z.object({ jobs: z.array(jobSchema), counts: jobCountsSchema });
export type JobListReply = z.infer<typeof jobListReplySchema>;

export const shotGenerationPayloadSchema = z.object({
  projectId: idSchema,
  shotId: idSchema,
  ...generationOptionsSchema.shape,
});
export type ShotGenerationPayload = z.input<typeof shotGenerationPayloadSchema>;
export const batchGenerationPayloadSchema = z
  .object({
    projectId: idSchema,
    ...batchTargetShape,
    ...generationOptionsSchema.shape,
    /** Shots rendered at the same time; capped by the server's worker count. */
    concurrency: z.number().int().min(1).max(MAX_BATCH_CONCURRENCY).optional(),
  })
  .refine(hasOneBatchTarget, { message: BATCH_TARGET_MESSAGE, path: ['shotIds'] })
  .describe(`${BATCH_TARGET_MESSAGE}.`);
export type BatchGenerationPayload = z.input<typeof batchGenerationPayloadSchema>;

const requiredId = (message: string) =>
  z.uuid({ error: (issue) => (issue.input === undefined ? message : undefined) });

// ---------------------------------------------------------------- the actions

export const SOCKET_ACTIONS = {
  project: {
    subscribe: { payload: projectRef, reply: subscriptionReplySchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    unsubscribe: {
      payload: projectRef,
      reply: subscriptionReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    getAll: {
      payload: emptyPayload,
      reply: z.array(projectListEntrySchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    ...ownedRecordActions(
      projectRef,
      projectSchema,
      projectCreateSchema,
      projectRef.extend({ updates: projectUpdatesSchema }),
    ),
    getBySeries: {
      payload: seriesRef,
      reply: z.array(projectListEntrySchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    getEDLs: { payload: projectRef, reply: z.array(edlSummarySchema), timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    getEDL: {
      payload: projectRef.extend({ edlId: idSchema }),
      reply: edlSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /**
     * The characters, locations and props the project's script names, each with the project's asset
     * for it (or null) and the number of first-pass shots naming it.
     */
    cast: { payload: projectRef, reply: castSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    /**
     * Creates an asset for every cast member without one (described from the script), optionally
     * generates their default images as one job, and places the cast on the first-pass shots that
     * name them, laid out by framing. Running it again creates nothing twice.
     */
    'create-cast': {
      payload: projectRef.extend(createCastSchema.shape),
      reply: createCastReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** The socket fallback of POST /api/projects/:id/save. */
    save: {
      payload: projectSaveSchema.extend({ projectId: idSchema }),
      reply: projectSaveResultSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  series: {
    getAll: { payload: emptyPayload, reply: z.array(seriesSchema), timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    ...ownedRecordActions(
      seriesRef,
      seriesSchema,
      seriesCreateSchema,
      seriesRef.extend({ updates: seriesUpdatesSchema }),
    ),
    getProjects: {
      payload: seriesRef,
      reply: z.array(projectListEntrySchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  'unified-asset': {
    getByProject: {
      payload: projectRef.extend({ includeSeries: z.boolean().default(true) }),
      reply: z.array(assetSchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    getById: { payload: assetRef, reply: assetSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    getByIdStreamlined: {
      payload: assetRef,
      reply: streamlinedAssetSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    getByIds: {
      payload: z.object({ ids: z.array(idSchema).min(1).max(LIST_LIMITS.ids) }),
      reply: z.array(assetSchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    getByProjectAndType: {
      payload: projectRef.extend({ type: assetTypeSchema }),
      reply: z.array(assetSchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    create: { payload: assetCreateSchema, reply: assetSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    update: {
      payload: z.object({ id: requiredId(MESSAGES.assetIdRequired), updates: assetUpdatesSchema }),
      reply: assetSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    delete: { payload: assetRef, reply: deletedReplySchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    setImage: {
      payload: assetImageRefSchema.extend({ imageData: imageDataSchema, prompt: promptSchema.optional() }),
      reply: assetSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    deleteImage: { payload: assetImageRefSchema, reply: assetSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    /** Without seriesId the asset joins the series of its project. */
    upgradeToSeries: {
      payload: assetRef.extend({ seriesId: idSchema.optional() }),
      reply: assetSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Without projectId the asset returns to the project it came from. */
    downgradeFromSeries: {
      payload: assetRef.extend({ projectId: idSchema.optional() }),
      reply: assetSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    clone: {
      payload: z.object({ sourceAssetId: idSchema, targetProjectId: idSchema }),
      reply: assetSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Without imageKey the asset's default key is generated. */
    generateImage: {
      payload: z.object({
        assetId: idSchema,
        imageKey: imageKeySchema.optional(),
        prompt: promptSchema.optional(),
        provider: generationOptionsSchema.shape.provider,
      }),
      reply: assetImageGenerationReplySchema,
      timeoutMs: 300_000,
    },
  },
  shot: {
    create: {
      payload: shotUpsertSchema.extend({ projectId: idSchema }),
      reply: shotSchema,
      timeoutMs: 120_000,
    },
    update: {
      payload: shotRef.extend({ updates: shotUpdatesSchema }),
      reply: shotSchema,
      timeoutMs: 120_000,
    },
    delete: { payload: shotRef, reply: deletedReplySchema, timeoutMs: 30_000 },
    getOne: { payload: shotRef, reply: shotSchema, timeoutMs: 30_000 },
    getAll: {
      payload: projectRef.extend(shotListOptionsSchema.shape),
      reply: shotPageSchema,
      timeoutMs: 30_000,
    },
    'add-asset': {
      payload: shotRef.extend({ placement: shotAssetPlacementSchema }),
      reply: shotSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'update-asset': {
      payload: shotRef.extend({ assetId: idSchema, updates: shotAssetPlacementUpdatesSchema }),
      reply: shotSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Replaces every placement of the shot. */
    'update-assets': {
      payload: shotRef.extend({ assets: z.array(shotAssetPlacementSchema).max(LIST_LIMITS.placements) }),
      reply: shotSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'remove-asset': {
      payload: shotRef.extend({ assetId: idSchema }),
      reply: shotSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'get-assets': { payload: shotRef, reply: shotAssetsReplySchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    generate: { payload: shotGenerationPayloadSchema, reply: shotGenerationReplySchema, timeoutMs: 60_000 },
    'generate-seedream': {
      payload: shotGenerationPayloadSchema,
      reply: shotGenerationReplySchema,
      timeoutMs: 90_000,
    },
    'generate-batch': {
      payload: batchGenerationPayloadSchema,
      reply: jobAcceptedReplySchema,
      timeoutMs: 300_000,
    },
    'generate-video': {
      payload: shotGenerationPayloadSchema,
      reply: shotGenerationReplySchema,
      timeoutMs: 120_000,
      dedupe: true,
    },
    'generate-video-batch': {
      payload: batchGenerationPayloadSchema,
      reply: jobAcceptedReplySchema,
      timeoutMs: 600_000,
    },
    /** Edits the shot's current image by an instruction. */
    edit: {
      payload: z.object({
        projectId: idSchema,
        shotId: idSchema,
        instruction: promptSchema.min(1),
        provider: generationOptionsSchema.shape.provider,
      }),
      reply: shotGenerationReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    reorder: {
      payload: projectRef.extend({ order: z.array(idSchema).max(LIST_LIMITS.shotOrder) }),
      reply: shotOrderReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'reorder-with-scenes': {
      payload: projectRef.extend({
        order: z.array(idSchema).max(LIST_LIMITS.shotOrder),
        scenes: z.array(sceneSchema).max(LIST_LIMITS.scenes),
      }),
      reply: shotOrderReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'get-coverage': {
      payload: shotRef,
      reply: z.array(coverageVariantSchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'get-coverage-counts': {
      payload: projectRef,
      reply: coverageCountsSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'create-coverage': {
      payload: shotRef.extend({ framingTypes: z.array(framingTypeSchema).min(1).max(FRAMING_TYPES.length) }),
      reply: z.array(coverageVariantSchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'generate-coverage': {
      payload: shotRef.extend({ variantIds: z.array(idSchema).min(1).max(LIST_LIMITS.ids) }),
      reply: z.object({ jobId: idSchema, variants: z.array(coverageVariantSchema) }),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'update-variant': {
      payload: variantRef.extend({ updates: coverageVariantUpdatesSchema }),
      reply: coverageVariantSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'delete-variant': {
      payload: variantRef,
      reply: deletedReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'delete-all-variants': {
      payload: shotRef,
      reply: z.object({ shotId: idSchema, deleted: z.number().int().min(0) }),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Generates, assesses and retries until the score reaches minScore or the retries run out. */
    'generate-with-quality': {
      payload: shotGenerationPayloadSchema.extend(qualityOptionsSchema.shape),
      reply: qualityGenerationReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** The shot's takes (its earlier images and videos), newest first, with freshly signed URLs. */
    getTakes: { payload: shotRef, reply: shotTakesSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    /**
     * Restores a take as the shot's image and video (with the fingerprints they were made from); the
     * shot's current media become a take, so nothing is lost. Emits shot:updated.
     */
    useTake: {
      payload: shotRef.extend({ takeId: idSchema }),
      reply: shotTakesSchema.extend({ shot: shotSchema }),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  script: {
    analyze: {
      payload: scriptAnalyzeSchema,
      reply: scriptAnalysisSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Analyses the project's saved script. */
    analyzeProject: { payload: projectRef, reply: scriptAnalysisSchema, timeoutMs: 120_000 },
    convert: {
      payload: scriptConvertSchema,
      reply: scriptConvertResultSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    directedBreakdown: {
      payload: z.object({
        projectId: requiredId(MESSAGES.breakdownProjectIdRequired),
        styleGuide: styleGuideSchema.prefault({}),
      }),
      reply: firstPassResponseSchema,
      timeoutMs: 60_000,
    },
    /** Shots from the given script text, or from the project's saved script when content is absent. */
    'generate-shots': {
      payload: projectRef.extend({
        content: scriptSchema.shape.content.optional(),
        styleGuide: styleGuideSchema.prefault({}),
      }),
      reply: firstPassResponseSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** The first pass (SPEC.md section 4). The shots come back unsaved; the client adds and saves them. */
    generateShotsFromScript: {
      payload: firstPassRequestSchema,
      reply: firstPassResponseSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Like generateShotsFromScript, limited to some scenes when sceneNumbers is given. */
    generateCinematicShots: {
      payload: projectRef.extend({
        styleGuide: styleGuideSchema.prefault({}),
        sceneNumbers: z
          .array(firstPassShotSchema.shape.sceneNumber)
          .min(1)
          .max(LIST_LIMITS.scenes)
          .optional(),
      }),
      reply: firstPassResponseSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    save: {
      payload: projectRef.extend(scriptSaveSchema.shape),
      reply: scriptSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    get: { payload: projectRef, reply: scriptSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
  },
  jobs: {
    /** The current state of the user's jobs; ask again after a reconnect instead of trusting old events. */
    list: {
      payload: z.object({ projectId: idSchema.optional() }).prefault({}),
      reply: jobListReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    cancel: {
      payload: z.object({ jobId: idSchema }),
      reply: jobSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  /** Versioned cuts of a project's timeline and their EDL / OTIO / FCPXML files (docs/editorial.md). */
  cut: {
    /** A new cut from the project's current timeline (shots in order with their durations). */
    create: {
      payload: projectRef.extend(cutCreateSchema.shape),
      reply: cutSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    list: { payload: projectRef, reply: z.array(cutSummarySchema), timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    get: { payload: cutRefSchema, reply: cutSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    rename: {
      payload: cutRefSchema.extend(cutRenameSchema.shape),
      reply: cutSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    delete: { payload: cutRefSchema, reply: deletedReplySchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    /** What moved and what changed length between two versions. */
    compare: {
      payload: projectRef.extend({ olderId: idSchema, newerId: idSchema }),
      reply: cutComparisonSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** The file's text, name and MIME type. */
    export: {
      payload: cutRefSchema.extend({
        format: editorialFormatSchema,
        options: cutExportOptionsSchema.optional(),
      }),
      reply: cutExportFileSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** An edited EDL or OTIO: saved as a new version and applied to the project's order and durations. */
    import: {
      payload: cutRefSchema.extend(cutImportSchema.shape),
      reply: cutImportResultSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Queues the rough cut of a cut (one MP4): a job with progress; its result is the rough cut. */
    'render-rough-cut': {
      payload: cutRefSchema.extend(roughCutRenderSchema.shape),
      reply: jobAcceptedReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** The latest rough cut of the cut, or of the project without cutId; null when there is none. */
    'get-rough-cut': {
      payload: projectRef.extend({ cutId: idSchema.optional() }),
      reply: roughCutSchema.nullable(),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  /** The project's soundtrack (docs/editorial.md): set from an uploaded file, its waveform, its offset, on cuts. */
  audio: {
    get: { payload: projectRef, reply: soundtrackSchema.nullable(), timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    /** Sets or replaces the soundtrack (the previous file is deleted); decodes it for duration and peaks. */
    set: {
      payload: projectRef.extend(soundtrackSetSchema.shape),
      reply: soundtrackSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    'set-offset': {
      payload: projectRef.extend(soundtrackOffsetUpdateSchema.shape),
      reply: soundtrackSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Removes the soundtrack and deletes its file; cuts keep theirs until set again. */
    remove: { payload: projectRef, reply: soundtrackRemovedSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    /** Puts the soundtrack under a cut with an offset (or takes it off): the cut as it now is. */
    'set-cut': {
      payload: projectRef.extend(cutSoundtrackSetSchema.shape),
      reply: cutSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  /** The owner's review links and the comments reviewers left (the page itself is HTTP, by token). */
  review: {
    createLink: {
      payload: projectRef.extend({
        expiresInHours: z.number().int().min(1).max(REVIEW_LIMITS.maxExpiryHours).optional(),
      }),
      reply: reviewLinkSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    listLinks: {
      payload: projectRef,
      reply: z.array(reviewLinkSummarySchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    revokeLink: {
      payload: projectRef.extend({ linkId: idSchema }),
      reply: deletedReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    listComments: {
      payload: projectRef,
      reply: z.array(reviewCommentSchema),
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    deleteComment: {
      payload: projectRef.extend({ commentId: idSchema }),
      reply: deletedReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  /**
   * Style packages: the four built-in looks (read-only, ids are their visual style) and the project's
   * own. A shot references one by style_package_id; a change makes exactly the shots using it stale.
   */
  style: {
    list: { payload: projectRef, reply: z.array(stylePackageSchema), timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    get: {
      payload: projectRef.extend({ styleId: stylePackageIdSchema }),
      reply: stylePackageSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    create: {
      payload: projectRef.extend(stylePackageCreateSchema.shape),
      reply: stylePackageSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    update: {
      payload: projectRef.extend({ styleId: stylePackageIdSchema, updates: stylePackageUpdatesSchema }),
      reply: styleChangeReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** Shots that used it fall back to the default package. */
    delete: {
      payload: projectRef.extend({ styleId: stylePackageIdSchema }),
      reply: styleDeletedReplySchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    /** A copy the project owns, of a built-in or of its own package. */
    duplicate: {
      payload: projectRef.extend({
        styleId: stylePackageIdSchema,
        name: stylePackageCreateSchema.shape.name.optional(),
      }),
      reply: stylePackageSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
  /** What a project shows on its public repository page. */
  repository: {
    state: { payload: projectRef, reply: repositoryStateSchema, timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS },
    publishProject: {
      payload: projectRef.extend(publishSchema.shape),
      reply: repositoryStateSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
    publishAsset: {
      payload: z.object({ assetId: idSchema }).extend(publishSchema.shape),
      reply: assetPublishedSchema,
      timeoutMs: SOCKET_DEFAULT_TIMEOUT_MS,
    },
  },
} as const satisfies Record<string, Record<string, SocketActionSpec>>;

type Actions = typeof SOCKET_ACTIONS;
export type SocketDomain = keyof Actions;
export type SocketActionName<D extends SocketDomain> = keyof Actions[D] & string;
type SpecOf<D extends SocketDomain, A extends SocketActionName<D>> =
  Actions[D][A] extends SocketActionSpec<infer P, infer R> ? { payload: P; reply: R } : never;
export type ActionPayload<D extends SocketDomain, A extends SocketActionName<D>> = z.input<
  SpecOf<D, A>['payload']
>;
export type ActionReply<D extends SocketDomain, A extends SocketActionName<D>> = z.output<
  SpecOf<D, A>['reply']
>;

/** Every request event the client may emit, spelled as on the wire: 'shot:update', 'project:subscribe', … */
export type SocketActionEvent = { [D in SocketDomain]: `${D}:${SocketActionName<D>}` }[SocketDomain];
/** The domain and action of a request event ('unified-asset:getById' → 'unified-asset', 'getById'). */
export type SocketEventDomain<E extends SocketActionEvent> =
  E extends `${infer D extends SocketDomain}:${string}` ? D : never;
export type SocketEventAction<E extends SocketActionEvent> = E extends `${SocketEventDomain<E>}:${infer A}`
  ? A & SocketActionName<SocketEventDomain<E>>
  : never;
/** The spec of a request event; the domain never contains ':', so the first ':' splits it. */
export type SocketEventSpec<E extends SocketActionEvent> =
  Actions[SocketEventDomain<E>][SocketEventAction<E> & keyof Actions[SocketEventDomain<E>]];

export function splitActionEvent(event: string): { domain: string; action: string } {
  const colon = event.indexOf(':');
  return colon < 0
    ? { domain: event, action: '' }
    : { domain: event.slice(0, colon), action: event.slice(colon + 1) };
}

export function getActionSpecByEvent(event: string): SocketActionSpec | undefined {
  const { domain, action } = splitActionEvent(event);
  return getActionSpec(domain, action);
}

export const SOCKET_DOMAINS = Object.keys(SOCKET_ACTIONS) as SocketDomain[];

export function isSocketDomain(domain: string): domain is SocketDomain {
  return Object.hasOwn(SOCKET_ACTIONS, domain);
}

export function getActionSpec(domain: string, action: string): SocketActionSpec | undefined {
  if (!isSocketDomain(domain)) return undefined;
  const actions: Record<string, SocketActionSpec> = SOCKET_ACTIONS[domain];
  return Object.hasOwn(actions, action) ? actions[action] : undefined;
}

/** The action's own timeout, or SOCKET_DEFAULT_TIMEOUT_MS for an unknown action. */
export function actionTimeoutMs(domain: string, action: string): number {
  return getActionSpec(domain, action)?.timeoutMs ?? SOCKET_DEFAULT_TIMEOUT_MS;
}

export interface SocketActionEntry {
  domain: SocketDomain;
  action: string;
  /** The event the client emits: `domain:action`. */
  event: string;
  spec: SocketActionSpec;
}

/** Every action in declaration order, e.g. for registering handlers or rendering docs. */
export function listSocketActions(): SocketActionEntry[] {
  return SOCKET_DOMAINS.flatMap((domain) =>
    Object.entries(SOCKET_ACTIONS[domain] as Record<string, SocketActionSpec>).map(([action, spec]) => ({
      domain,
      action,
      event: actionEvent(domain, action),
      spec,
    })),
  );
}

// ---------------------------------------------------------------- envelopes

export const requestEnvelopeSchema = z.object({
  requestId: z.string().min(1).max(128),
  /** Validated by the action's own payload schema; absent for actions that take none. */
  payload: z.unknown().optional(),
});
export type RequestEnvelope = z.infer<typeof requestEnvelopeSchema>;

export const responseEnvelopeSchema = z.object({
  requestId: z.string().min(1).max(128),
  success: z.literal(true),
  data: z.unknown(),
});
export type ResponseEnvelope = z.infer<typeof responseEnvelopeSchema>;

export const errorEnvelopeSchema = errorBodySchema.extend({ requestId: z.string().min(1).max(128) });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * Some request events (project:subscribe, script:analyze, …) also exist in the older named-event form.
 * A message that is an object with a string requestId is the envelope form; anything else is older.
 */
export function isRequestEnvelope(message: unknown): message is RequestEnvelope {
  return requestEnvelopeSchema.safeParse(message).success;
}
