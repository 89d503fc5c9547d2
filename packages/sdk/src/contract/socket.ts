import { z } from 'zod';
import {
  cutSoundtrackSetSchema,
  dialogueGenerateSchema,
  dialogueLineRefSchema,
  dialogueLineRegenerateSchema,
  dialogueLineSchema,
  dialogueLineTakeSchema,
  dialogueTimingReplySchema,
  dialogueTimingSchema,
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
  scriptVersionSchema,
  scriptVersionSummarySchema,
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
  undoRevisionReplySchema,
  undoRevisionSchema,
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

/** An action taking `payload` and answering `reply`; the client gives up after `timeoutMs` (by default SOCKET_DEFAULT_TIMEOUT_MS). */
function actionSpec<P extends z.ZodType, R extends z.ZodType>(
  payload: P,
  reply: R,
  timeoutMs: number = SOCKET_DEFAULT_TIMEOUT_MS,
) {
  return { payload, reply, timeoutMs };
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
 * addressed by `ref`, answered with `record`; an update's payload is `ref` and `updates`.
 */
function ownedRecordActions<
  RefShape extends z.ZodRawShape,
  Entity extends z.ZodType,
  Create extends z.ZodType,
  Updates extends z.ZodType,
>(ref: z.ZodObject<RefShape>, record: Entity, create: Create, updates: Updates) {
  return {
    getOne: actionSpec(ref, record),
    create: actionSpec(create, record),
    update: actionSpec(ref.extend({ updates }), record),
    delete: actionSpec(ref, deletedReplySchema),
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
    subscribe: actionSpec(projectRef, subscriptionReplySchema),
    unsubscribe: actionSpec(projectRef, subscriptionReplySchema),
    getAll: actionSpec(emptyPayload, z.array(projectListEntrySchema)),
    ...ownedRecordActions(projectRef, projectSchema, projectCreateSchema, projectUpdatesSchema),
    getBySeries: actionSpec(seriesRef, z.array(projectListEntrySchema)),
    getEDLs: actionSpec(projectRef, z.array(edlSummarySchema)),
    getEDL: actionSpec(projectRef.extend({ edlId: idSchema }), edlSchema),
    /**
     * The characters, locations and props the project's script names, each with the project's asset
     * for it (or null) and the number of first-pass shots naming it.
     */
    cast: actionSpec(projectRef, castSchema),
    /**
     * Creates an asset for every cast member without one (described from the script), optionally
     * generates their default images as one job, and places the cast on the first-pass shots that
     * name them, laid out by framing. Running it again creates nothing twice.
     */
    'create-cast': actionSpec(projectRef.extend(createCastSchema.shape), createCastReplySchema),
    /** The socket fallback of POST /api/projects/:id/save. */
    save: actionSpec(projectSaveSchema.extend({ projectId: idSchema }), projectSaveResultSchema),
  },
  series: {
    getAll: actionSpec(emptyPayload, z.array(seriesSchema)),
    ...ownedRecordActions(seriesRef, seriesSchema, seriesCreateSchema, seriesUpdatesSchema),
    getProjects: actionSpec(seriesRef, z.array(projectListEntrySchema)),
  },
  'unified-asset': {
    getByProject: actionSpec(
      projectRef.extend({ includeSeries: z.boolean().default(true) }),
      z.array(assetSchema),
    ),
    getById: actionSpec(assetRef, assetSchema),
    getByIdStreamlined: actionSpec(assetRef, streamlinedAssetSchema),
    getByIds: actionSpec(
      z.object({ ids: z.array(idSchema).min(1).max(LIST_LIMITS.ids) }),
      z.array(assetSchema),
    ),
    getByProjectAndType: actionSpec(projectRef.extend({ type: assetTypeSchema }), z.array(assetSchema)),
    create: actionSpec(assetCreateSchema, assetSchema),
    update: actionSpec(
      z.object({ id: requiredId(MESSAGES.assetIdRequired), updates: assetUpdatesSchema }),
      assetSchema,
    ),
    delete: actionSpec(assetRef, deletedReplySchema),
    setImage: actionSpec(
      assetImageRefSchema.extend({ imageData: imageDataSchema, prompt: promptSchema.optional() }),
      assetSchema,
    ),
    deleteImage: actionSpec(assetImageRefSchema, assetSchema),
    /** Without seriesId the asset joins the series of its project. */
    upgradeToSeries: actionSpec(assetRef.extend({ seriesId: idSchema.optional() }), assetSchema),
    /** Without projectId the asset returns to the project it came from. */
    downgradeFromSeries: actionSpec(assetRef.extend({ projectId: idSchema.optional() }), assetSchema),
    clone: actionSpec(z.object({ sourceAssetId: idSchema, targetProjectId: idSchema }), assetSchema),
    /** Without imageKey the asset's default key is generated. */
    generateImage: actionSpec(
      z.object({
        assetId: idSchema,
        imageKey: imageKeySchema.optional(),
        prompt: promptSchema.optional(),
        provider: generationOptionsSchema.shape.provider,
      }),
      assetImageGenerationReplySchema,
      300_000,
    ),
  },
  shot: {
    create: actionSpec(shotUpsertSchema.extend({ projectId: idSchema }), shotSchema, 120_000),
    update: actionSpec(shotRef.extend({ updates: shotUpdatesSchema }), shotSchema, 120_000),
    delete: actionSpec(shotRef, deletedReplySchema, 30_000),
    getOne: actionSpec(shotRef, shotSchema, 30_000),
    getAll: actionSpec(projectRef.extend(shotListOptionsSchema.shape), shotPageSchema, 30_000),
    'add-asset': actionSpec(shotRef.extend({ placement: shotAssetPlacementSchema }), shotSchema),
    'update-asset': actionSpec(
      shotRef.extend({ assetId: idSchema, updates: shotAssetPlacementUpdatesSchema }),
      shotSchema,
    ),
    /** Replaces every placement of the shot. */
    'update-assets': actionSpec(
      shotRef.extend({ assets: z.array(shotAssetPlacementSchema).max(LIST_LIMITS.placements) }),
      shotSchema,
    ),
    'remove-asset': actionSpec(shotRef.extend({ assetId: idSchema }), shotSchema),
    'get-assets': actionSpec(shotRef, shotAssetsReplySchema),
    generate: actionSpec(shotGenerationPayloadSchema, shotGenerationReplySchema, 60_000),
    'generate-seedream': actionSpec(shotGenerationPayloadSchema, shotGenerationReplySchema, 90_000),
    'generate-batch': actionSpec(batchGenerationPayloadSchema, jobAcceptedReplySchema, 300_000),
    'generate-video': {
      ...actionSpec(shotGenerationPayloadSchema, shotGenerationReplySchema, 120_000),
      dedupe: true,
    },
    'generate-video-batch': actionSpec(batchGenerationPayloadSchema, jobAcceptedReplySchema, 600_000),
    /** Edits the shot's current image by an instruction. */
    edit: actionSpec(
      z.object({
        projectId: idSchema,
        shotId: idSchema,
        instruction: promptSchema.min(1),
        provider: generationOptionsSchema.shape.provider,
      }),
      shotGenerationReplySchema,
    ),
    reorder: actionSpec(
      projectRef.extend({ order: z.array(idSchema).max(LIST_LIMITS.shotOrder) }),
      shotOrderReplySchema,
    ),
    'reorder-with-scenes': actionSpec(
      projectRef.extend({
        order: z.array(idSchema).max(LIST_LIMITS.shotOrder),
        scenes: z.array(sceneSchema).max(LIST_LIMITS.scenes),
      }),
      shotOrderReplySchema,
    ),
    'get-coverage': actionSpec(shotRef, z.array(coverageVariantSchema)),
    'get-coverage-counts': actionSpec(projectRef, coverageCountsSchema),
    'create-coverage': actionSpec(
      shotRef.extend({ framingTypes: z.array(framingTypeSchema).min(1).max(FRAMING_TYPES.length) }),
      z.array(coverageVariantSchema),
    ),
    'generate-coverage': actionSpec(
      shotRef.extend({ variantIds: z.array(idSchema).min(1).max(LIST_LIMITS.ids) }),
      z.object({ jobId: idSchema, variants: z.array(coverageVariantSchema) }),
    ),
    'update-variant': actionSpec(
      variantRef.extend({ updates: coverageVariantUpdatesSchema }),
      coverageVariantSchema,
    ),
    'delete-variant': actionSpec(variantRef, deletedReplySchema),
    'delete-all-variants': actionSpec(
      shotRef,
      z.object({ shotId: idSchema, deleted: z.number().int().min(0) }),
    ),
    /** Generates, assesses and retries until the score reaches minScore or the retries run out. */
    'generate-with-quality': actionSpec(
      shotGenerationPayloadSchema.extend(qualityOptionsSchema.shape),
      qualityGenerationReplySchema,
    ),
    /** The shot's takes (its earlier images and videos), newest first, with freshly signed URLs. */
    getTakes: actionSpec(shotRef, shotTakesSchema),
    /**
     * Restores a take as the shot's image and video (with the fingerprints they were made from); the
     * shot's current media become a take, so nothing is lost. Emits shot:updated.
     */
    useTake: actionSpec(shotRef.extend({ takeId: idSchema }), shotTakesSchema.extend({ shot: shotSchema })),
    /**
     * Brings back a shot a script revision removed (kept in the project's trash for a week): the
     * shot as it was, media, takes and coverage included, appended to the timeline. Emits
     * shot:created. 'Shot not found' when it is not in the trash (or its week is over).
     */
    restoreRemoved: actionSpec(projectRef.extend(shotRef.shape), shotSchema),
  },
  script: {
    analyze: actionSpec(scriptAnalyzeSchema, scriptAnalysisSchema),
    /** Analyses the project's saved script. */
    analyzeProject: actionSpec(projectRef, scriptAnalysisSchema, 120_000),
    convert: actionSpec(scriptConvertSchema, scriptConvertResultSchema),
    directedBreakdown: actionSpec(
      z.object({
        projectId: requiredId(MESSAGES.breakdownProjectIdRequired),
        styleGuide: styleGuideSchema.prefault({}),
      }),
      firstPassResponseSchema,
      60_000,
    ),
    /** Shots from the given script text, or from the project's saved script when content is absent. */
    'generate-shots': actionSpec(
      projectRef.extend({
        content: scriptSchema.shape.content.optional(),
        styleGuide: styleGuideSchema.prefault({}),
      }),
      firstPassResponseSchema,
    ),
    /**
     * The first pass (SPEC.md section 4), written in one transaction. With shots already made from the
     * script it revises them (update 'revise', the default then): unchanged shots keep everything,
     * changed ones take the new text and go stale, new material gets new shots, removed ones go to the
     * trash; the reply lists {kept, changed, added, removed}. 'replace' makes every first-pass shot
     * anew. dryRun answers the same lists and writes nothing. Emits shot:created/updated/deleted.
     */
    generateShotsFromScript: actionSpec(firstPassRequestSchema, firstPassResponseSchema),
    /**
     * Takes back an applied revise (its reply's `revision`): added shots to the trash, changed and
     * moved shots back to their values from before (their staleness too), removed shots back from the
     * trash, the order and scenes as given. One transaction. Emits shot:deleted/updated/created and
     * project:updated. 'Revision not found' when no shot carries that revision any more.
     */
    undoRevision: actionSpec(undoRevisionSchema, undoRevisionReplySchema),
    /** Like generateShotsFromScript, limited to some scenes when sceneNumbers is given. */
    generateCinematicShots: actionSpec(
      projectRef.extend({
        styleGuide: styleGuideSchema.prefault({}),
        sceneNumbers: z
          .array(firstPassShotSchema.shape.sceneNumber)
          .min(1)
          .max(LIST_LIMITS.scenes)
          .optional(),
      }),
      firstPassResponseSchema,
    ),
    save: actionSpec(projectRef.extend(scriptSaveSchema.shape), scriptSchema),
    get: actionSpec(projectRef, scriptSchema),
    /**
     * The saved scripts a first pass ran on, newest first, without their text: who ran the pass, when,
     * the page count and whether it revised or replaced the shots. At most `limit` (default and most
     * LIST_LIMITS.scriptVersions).
     */
    listVersions: actionSpec(
      projectRef.extend({
        limit: z.number().int().min(1).max(LIST_LIMITS.scriptVersions).optional(),
      }),
      z.array(scriptVersionSummarySchema),
    ),
    /** One version with its text; 'Script version not found' when it is not one of the project's. */
    getVersion: actionSpec(projectRef.extend({ versionId: idSchema }), scriptVersionSchema),
  },
  jobs: {
    /** The current state of the user's jobs; ask again after a reconnect instead of trusting old events. */
    list: actionSpec(z.object({ projectId: idSchema.optional() }).prefault({}), jobListReplySchema),
    cancel: actionSpec(z.object({ jobId: idSchema }), jobSchema),
  },
  /** Versioned cuts of a project's timeline and their EDL / OTIO / FCPXML files (docs/editorial.md). */
  cut: {
    /** A new cut from the project's current timeline (shots in order with their durations). */
    create: actionSpec(projectRef.extend(cutCreateSchema.shape), cutSchema),
    list: actionSpec(projectRef, z.array(cutSummarySchema)),
    get: actionSpec(cutRefSchema, cutSchema),
    rename: actionSpec(cutRefSchema.extend(cutRenameSchema.shape), cutSchema),
    delete: actionSpec(cutRefSchema, deletedReplySchema),
    /** What moved and what changed length between two versions. */
    compare: actionSpec(projectRef.extend({ olderId: idSchema, newerId: idSchema }), cutComparisonSchema),
    /** The file's text, name and MIME type. */
    export: actionSpec(
      cutRefSchema.extend({
        format: editorialFormatSchema,
        options: cutExportOptionsSchema.optional(),
      }),
      cutExportFileSchema,
    ),
    /** An edited EDL or OTIO: saved as a new version and applied to the project's order and durations. */
    import: actionSpec(cutRefSchema.extend(cutImportSchema.shape), cutImportResultSchema),
    /**
     * Puts the project's shot order and durations back to this version's: the undo of an import (restore
     * the version before it). The cut itself is unchanged; the answer is the project.
     */
    restore: actionSpec(cutRefSchema, projectSchema),
    /** Queues the rough cut of a cut (one MP4): a job with progress; its result is the rough cut. */
    'render-rough-cut': actionSpec(cutRefSchema.extend(roughCutRenderSchema.shape), jobAcceptedReplySchema),
    /** The latest rough cut of the cut, or of the project without cutId; null when there is none. */
    'get-rough-cut': actionSpec(projectRef.extend({ cutId: idSchema.optional() }), roughCutSchema.nullable()),
  },
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
    'generate-dialogue': actionSpec(projectRef.extend(dialogueGenerateSchema.shape), jobAcceptedReplySchema),
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
  /** The owner's review links and the comments reviewers left (the page itself is HTTP, by token). */
  review: {
    createLink: actionSpec(
      projectRef.extend({
        expiresInHours: z.number().int().min(1).max(REVIEW_LIMITS.maxExpiryHours).optional(),
      }),
      reviewLinkSchema,
    ),
    listLinks: actionSpec(projectRef, z.array(reviewLinkSummarySchema)),
    revokeLink: actionSpec(projectRef.extend({ linkId: idSchema }), deletedReplySchema),
    listComments: actionSpec(projectRef, z.array(reviewCommentSchema)),
    deleteComment: actionSpec(projectRef.extend({ commentId: idSchema }), deletedReplySchema),
  },
  /**
   * Style packages: the four built-in looks (read-only, ids are their visual style) and the project's
   * own. A shot references one by style_package_id; a change makes exactly the shots using it stale.
   */
  style: {
    list: actionSpec(projectRef, z.array(stylePackageSchema)),
    get: actionSpec(projectRef.extend({ styleId: stylePackageIdSchema }), stylePackageSchema),
    create: actionSpec(projectRef.extend(stylePackageCreateSchema.shape), stylePackageSchema),
    update: actionSpec(
      projectRef.extend({ styleId: stylePackageIdSchema, updates: stylePackageUpdatesSchema }),
      styleChangeReplySchema,
    ),
    /** Shots that used it fall back to the default package. */
    delete: actionSpec(projectRef.extend({ styleId: stylePackageIdSchema }), styleDeletedReplySchema),
    /** A copy the project owns, of a built-in or of its own package. */
    duplicate: actionSpec(
      projectRef.extend({
        styleId: stylePackageIdSchema,
        name: stylePackageCreateSchema.shape.name.optional(),
      }),
      stylePackageSchema,
    ),
  },
  /** What a project shows on its public repository page. */
  repository: {
    state: actionSpec(projectRef, repositoryStateSchema),
    publishProject: actionSpec(projectRef.extend(publishSchema.shape), repositoryStateSchema),
    publishAsset: actionSpec(
      z.object({ assetId: idSchema }).extend(publishSchema.shape),
      assetPublishedSchema,
    ),
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
