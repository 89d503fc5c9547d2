import { z } from 'zod';
import { assetSchema } from './asset.js';
import { DEFAULT_SHOT_DURATION, DEFAULT_SHOT_NAME, MAX_BATCH_CONCURRENCY } from './constants.js';
import {
  BATCH_TARGET_MESSAGE,
  batchTargetShape,
  generationOptionsSchema,
  hasOneBatchTarget,
  qualityOptionsSchema,
} from './generation.js';
import { actionSpec, countSchema, projectRef, shotRef, variantRef } from './internal.js';
import { jobAcceptedReplySchema } from './jobs.js';
import {
  deletedReplySchema,
  descriptionSchema,
  FRAMING_TYPES,
  framingTypeSchema,
  generationStatusSchema,
  type HttpRouteSpec,
  idSchema,
  imageUrlSchema,
  LIST_LIMITS,
  MAX_SHOT_DURATION,
  metadataSchema,
  nameSchema,
  promptSchema,
  type SocketActionSpec,
  safeUrlSchema,
  sceneIdSchema,
  storageKeySchema,
  TEXT_LIMITS,
  timestampSchema,
  updateFields,
} from './primitives.js';
import { sceneSchema } from './scene.js';
import {
  coverageCountsSchema,
  coverageVariantSchema,
  coverageVariantUpdatesSchema,
  shotTakesSchema,
} from './shot-media.js';

/**
 * Shots: their fields and placements, their generation, their socket actions and HTTP routes (their
 * takes and coverage variants: shot-media.ts).
 */

export const cameraMoveSchema = z.string().max(TEXT_LIMITS.shortText);

export const shotAssetPlacementSchema = z.object({
  assetId: idSchema,
  /** Normalised to the frame: 0..1 from the left and from the top. */
  position: z
    .object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) })
    .default({ x: 0.5, y: 0.5 }),
  scale: z.number().positive().max(10).default(1),
  /** Degrees. */
  rotation: z.number().min(-360).max(360).default(0),
  selectedVariantId: z.string().max(TEXT_LIMITS.name).nullable().optional(),
  selectedDirection: z.string().max(TEXT_LIMITS.name).nullable().optional(),
});

export type ShotAssetPlacement = z.infer<typeof shotAssetPlacementSchema>;

/** Partial changes to a placement (the asset placed stays the same). */
export const shotAssetPlacementUpdatesSchema = z.object(
  updateFields(shotAssetPlacementSchema.omit({ assetId: true }).shape),
);

export type ShotAssetPlacementUpdates = z.infer<typeof shotAssetPlacementUpdatesSchema>;

/** The writable fields of a shot, each with the value a new shot gets. */
export const shotFieldsSchema = z.object({
  name: nameSchema.default(DEFAULT_SHOT_NAME),
  description: descriptionSchema.nullable().default(null),
  /** Seconds. */
  duration: z.number().positive().max(MAX_SHOT_DURATION).default(DEFAULT_SHOT_DURATION),
  /** Seconds from the start of the timeline. */
  start_time: z.number().min(0).default(0),
  prompt: promptSchema.nullable().default(null),
  action: descriptionSchema.nullable().default(null),
  script_text: promptSchema.nullable().default(null),
  image_url: imageUrlSchema.nullable().default(null),
  video_url: safeUrlSchema.nullable().default(null),
  s3_image_key: storageKeySchema.nullable().default(null),
  s3_video_key: storageKeySchema.nullable().default(null),
  style_package_id: z.string().max(TEXT_LIMITS.name).nullable().default(null),
  composition_settings: metadataSchema.nullable().default(null),
  selected_template: z.string().max(TEXT_LIMITS.name).nullable().default(null),
  customCompositionUrl: imageUrlSchema.nullable().default(null),
  assets: z.array(shotAssetPlacementSchema).max(LIST_LIMITS.placements).default([]),
  assessment_notes: descriptionSchema.nullable().default(null),
  assessed_at: timestampSchema.nullable().default(null),
  generation_status: generationStatusSchema.default('pending'),
  video_generation_status: generationStatusSchema.default('pending'),
  sequence_id: idSchema.nullable().default(null),
  framing: framingTypeSchema.nullable().optional(),
  camera_move: cameraMoveSchema.nullable().optional(),
  /** The scene the shot was made for (a scene id, not necessarily a UUID). */
  scene_id: sceneIdSchema.nullable().optional(),
});

export type ShotFields = z.infer<typeof shotFieldsSchema>;

/**
 * Where a first-pass shot came from in the script (docs/screenplay.md, "Revising the first pass"): its
 * scene, the screenplay elements it covers, and a fingerprint of its own text (normalised) with the
 * scene heading's location, plus which occurrence of that fingerprint it is in script order. The
 * fingerprint survives re-flowing, renumbering and edits elsewhere; a revise matches shots by it.
 */
export const shotSourceSchema = z.object({
  sceneNumber: z.number().int().min(1),
  sceneHeading: z.string().max(TEXT_LIMITS.description),
  /** Indexes of the first and last screenplay element the shot covers (absent from a remote director). */
  from: countSchema.optional(),
  to: countSchema.optional(),
  fingerprint: z.string().max(TEXT_LIMITS.shortText),
  occurrence: countSchema,
});

export type ShotSource = z.infer<typeof shotSourceSchema>;

/** Why a shot's media are stale, when the server says. */
export const SHOT_STALE_REASONS = { scriptChanged: 'script changed' } as const;

/**
 * A shot as the server sends it. `image_stale` and `video_stale` are computed, never written: true when
 * the shot has an image (video) and what it is made from (words, framing, aspect, style, placements and
 * their asset images; for a video its image, duration, framing and aspect) changed since it was rendered.
 * A render clears them; media without a recorded fingerprint (an upload) is never stale. Optional with a
 * default of false, so payloads from servers before them still parse.
 */
export const shotSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  ...shotFieldsSchema.shape,
  image_stale: z.boolean().default(false).optional(),
  video_stale: z.boolean().default(false).optional(),
  /** Why the media are stale when the server knows: SHOT_STALE_REASONS.scriptChanged after a revise. */
  stale_reason: z.string().max(TEXT_LIMITS.shortText).nullable().optional(),
  /** Where a first-pass shot came from in the script; null for hand-made shots and older passes. */
  source: shotSourceSchema.nullable().optional(),
  /**
   * Why the last image (or video) render failed, as its progress event said, while the status is
   * 'failed'; null otherwise. Kept so a page opened later still says why.
   */
  generation_error: z.string().max(TEXT_LIMITS.description).nullable().optional(),
  video_generation_error: z.string().max(TEXT_LIMITS.description).nullable().optional(),
});

export type Shot = z.infer<typeof shotSchema>;

/** A full shot in a save: with an id that exists it is updated, otherwise created (with that id if given). */
export const shotUpsertSchema = z.object({ id: idSchema.optional(), ...shotFieldsSchema.shape });

export type ShotUpsert = z.infer<typeof shotUpsertSchema>;

/** Partial shot changes: only the fields present are written. */
export const shotUpdatesSchema = z.object(updateFields(shotFieldsSchema.shape));

export type ShotUpdates = z.infer<typeof shotUpdatesSchema>;

export const shotPageSchema = z.object({
  shots: z.array(shotSchema),
  /** Shots matching the filter, across all pages. */
  total: countSchema,
  limit: countSchema,
  offset: countSchema,
});

export type ShotPage = z.infer<typeof shotPageSchema>;

// ---------------------------------------------------------------- inputs and replies

export const shotListOptionsSchema = z.object({
  limit: z.number().int().min(1).max(LIST_LIMITS.shots).default(500),
  offset: z.number().int().min(0).default(0),
  /** 1-based position of the scene in the project's settings.scenes. */
  sceneNumber: z.number().int().min(1).optional(),
});

export type ShotListOptions = z.infer<typeof shotListOptionsSchema>;

/** The same options as an HTTP query string (values arrive as text). */
export const shotListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMITS.shots).default(500),
  offset: z.coerce.number().int().min(0).default(0),
  sceneNumber: z.coerce.number().int().min(1).optional(),
});

export type ShotListQuery = z.infer<typeof shotListQuerySchema>;

export const shotOrderSchema = z.object({
  order: z.array(idSchema).max(LIST_LIMITS.shotOrder),
  scenes: z.array(sceneSchema).max(LIST_LIMITS.scenes).optional(),
});

export type ShotOrder = z.infer<typeof shotOrderSchema>;

export const shotOrderReplySchema = z.object({
  projectId: idSchema,
  shotOrder: z.array(idSchema),
  scenes: z.array(sceneSchema),
});

export type ShotOrderReply = z.infer<typeof shotOrderReplySchema>;

/** Single-target generation answers when the work is done; progress arrives as events meanwhile. */
export const shotGenerationReplySchema = /* @__PURE__ */ (() =>
  z.object({ jobId: idSchema, shot: shotSchema }))();

export type ShotGenerationReply = z.infer<typeof shotGenerationReplySchema>;

export const qualityGenerationReplySchema = /* @__PURE__ */ (() =>
  shotGenerationReplySchema.extend({
    attempts: z.number().int().min(1),
    /** The best assessment score reached, 0..10. */
    score: z.number().min(0).max(10),
    passed: z.boolean(),
  }))();

export type QualityGenerationReply = z.infer<typeof qualityGenerationReplySchema>;

export const shotAssetsReplySchema = /* @__PURE__ */ (() =>
  z.object({
    shotId: idSchema,
    placements: z.array(shotAssetPlacementSchema),
    /** The placed assets themselves, once each. */
    assets: z.array(assetSchema),
  }))();

export type ShotAssetsReply = z.infer<typeof shotAssetsReplySchema>;

export const shotGenerationPayloadSchema = /* @__PURE__ */ (() =>
  z.object({
    projectId: idSchema,
    shotId: idSchema,
    ...generationOptionsSchema.shape,
  }))();

export type ShotGenerationPayload = z.input<typeof shotGenerationPayloadSchema>;

export const batchGenerationPayloadSchema = /* @__PURE__ */ (() =>
  z
    .object({
      projectId: idSchema,
      ...batchTargetShape,
      ...generationOptionsSchema.shape,
      /** Shots rendered at the same time; capped by the server's worker count. */
      concurrency: z.number().int().min(1).max(MAX_BATCH_CONCURRENCY).optional(),
    })
    .refine(hasOneBatchTarget, { message: BATCH_TARGET_MESSAGE, path: ['shotIds'] })
    .describe(`${BATCH_TARGET_MESSAGE}.`))();

export type BatchGenerationPayload = z.input<typeof batchGenerationPayloadSchema>;

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The shot socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const SHOT_ACTIONS = /* @__PURE__ */ (() =>
  ({
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
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The shot HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const SHOT_ROUTES = /* @__PURE__ */ (() =>
  ({
    shots: {
      list: {
        method: 'GET',
        path: '/api/projects/:projectId/shots',
        query: shotListQuerySchema,
        response: shotPageSchema,
        auth: true,
      },
      create: {
        method: 'POST',
        path: '/api/projects/:projectId/shots',
        body: shotUpsertSchema,
        response: shotSchema,
        auth: true,
      },
      get: { method: 'GET', path: '/api/shots/:id', response: shotSchema, auth: true },
      update: {
        method: 'PATCH',
        path: '/api/shots/:id',
        body: shotUpdatesSchema,
        response: shotSchema,
        auth: true,
      },
      delete: { method: 'DELETE', path: '/api/shots/:id', response: deletedReplySchema, auth: true },
      reorder: {
        method: 'PUT',
        path: '/api/projects/:projectId/shot-order',
        body: shotOrderSchema,
        response: shotOrderReplySchema,
        auth: true,
      },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
