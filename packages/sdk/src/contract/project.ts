import { z } from 'zod';
import { castSchema, createCastReplySchema, createCastSchema } from './cast.js';
import { DEFAULT_PROJECT_NAME } from './constants.js';
import {
  actionSpec,
  countSchema,
  emptyPayload,
  namedRecordSchema,
  ownedRecordActions,
  projectRef,
  seriesRef,
} from './internal.js';
import {
  deletedReplySchema,
  descriptionSchema,
  type HttpRouteSpec,
  idSchema,
  imageUrlSchema,
  LIST_LIMITS,
  nameSchema,
  type SocketActionSpec,
  safeUrlSchema,
  scriptContentSchema,
  storageKeySchema,
  TEXT_LIMITS,
  timestampSchema,
  urlSchema,
} from './primitives.js';
import { sceneSchema } from './scene.js';
import { shotUpsertSchema } from './shot.js';

/** Projects: their settings, saves, edit decision lists, and the inputs that create and change them. */

export const projectSettingsSchema = z.object({
  scenes: z.array(sceneSchema).max(LIST_LIMITS.scenes).default([]),
  shotOrder: z.array(idSchema).max(LIST_LIMITS.shotOrder).default([]),
  audioUrl: safeUrlSchema.nullable().optional(),
  /** SPEC.md §4: shots keep their stored start_time instead of being laid end to end from 0. */
  preserveTiming: z.boolean().optional(),
});

export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

export type ProjectSettingsInput = z.input<typeof projectSettingsSchema>;

const SETTINGS_JSON_MAX_CHARS = 2_000_000;

/** SPEC.md section 3: settings arrive as an object or as a JSON string of one. */
export const projectSettingsFieldSchema = z
  .union([z.string().max(SETTINGS_JSON_MAX_CHARS), z.record(z.string(), z.unknown())], {
    error: 'Project settings must be an object or a JSON string',
  })
  .transform((value, ctx): unknown => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.issues.push({ code: 'custom', message: 'Project settings are not valid JSON', input: value });
      return z.NEVER;
    }
  })
  .pipe(projectSettingsSchema);

/** Accepts settings as an object or a JSON string; throws a ZodError for anything else. */
export function parseProjectSettings(value: unknown): ProjectSettings {
  return projectSettingsFieldSchema.parse(value);
}

export const projectSchema = namedRecordSchema.extend({
  thumbnail: urlSchema.nullable().default(null),
  audio_url: urlSchema.nullable().default(null),
  audio_s3_key: storageKeySchema.nullable().default(null),
  series_id: idSchema.nullable().default(null),
  settings: projectSettingsFieldSchema.prefault({}),
});

export type Project = z.infer<typeof projectSchema>;

export const projectListEntrySchema = projectSchema.extend({
  shotCount: countSchema,
  /** Sum of the project's shot durations, in seconds. */
  duration: z.number().min(0),
  /** The first framed shot's image in timeline order, freshly signed: the project's card. */
  poster: urlSchema.nullable().optional(),
});

export type ProjectListEntry = z.infer<typeof projectListEntrySchema>;

// ---------------------------------------------------------------- project save

export const projectSaveSchema = z.object({
  /** Idempotency key: replaying a save with the same saveId returns the first result and writes nothing. */
  saveId: idSchema,
  shots: z.array(shotUpsertSchema).max(LIST_LIMITS.shots).default([]),
  deletedShotIds: z.array(idSchema).max(LIST_LIMITS.shots).optional(),
  script: z.object({ content: scriptContentSchema }).optional(),
  settings: projectSettingsSchema.optional(),
});

export type ProjectSave = z.infer<typeof projectSaveSchema>;

export type ProjectSaveInput = z.input<typeof projectSaveSchema>;

export const projectSaveResultSchema = z.object({
  projectId: idSchema,
  savedShots: countSchema,
  deletedShots: countSchema,
  savedAt: timestampSchema,
  saveId: idSchema,
});

export type ProjectSaveResult = z.infer<typeof projectSaveResultSchema>;

/**
 * Sent with navigator.sendBeacon on unload, which cannot set headers: the bearer token may travel in
 * the body instead, and the body may arrive as text/plain.
 */
export const emergencySaveSchema = z.object({
  projectId: idSchema,
  save: projectSaveSchema.optional(),
  token: z.string().min(1).max(512).optional(),
});

export type EmergencySave = z.infer<typeof emergencySaveSchema>;

// ---------------------------------------------------------------- edit decision lists

export const edlEventSchema = z.object({
  eventNumber: z.number().int().min(1),
  /** The shot the event came from, so an edited list can be matched back; null for black or gaps. */
  shotId: idSchema.nullable(),
  reel: z.string().max(32),
  clipName: z.string().max(TEXT_LIMITS.name),
  /** Seconds. */
  sourceIn: z.number().min(0),
  sourceOut: z.number().min(0),
  recordIn: z.number().min(0),
  recordOut: z.number().min(0),
});

export type EdlEvent = z.infer<typeof edlEventSchema>;

export const edlSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  name: nameSchema,
  frameRate: z.number().positive().max(240).default(24),
  events: z.array(edlEventSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export type Edl = z.infer<typeof edlSchema>;

export const edlSummarySchema = edlSchema.omit({ events: true }).extend({ eventCount: countSchema });

export type EdlSummary = z.infer<typeof edlSummarySchema>;

// ---------------------------------------------------------------- inputs and replies

export const projectCreateSchema = z.object({
  name: nameSchema.default(DEFAULT_PROJECT_NAME),
  description: descriptionSchema.nullable().optional(),
  thumbnail: imageUrlSchema.nullable().optional(),
  series_id: idSchema.nullable().optional(),
  settings: projectSettingsFieldSchema.optional(),
});

export type ProjectCreate = z.infer<typeof projectCreateSchema>;

export type ProjectCreateInput = z.input<typeof projectCreateSchema>;

export const projectUpdatesSchema = z.object({
  name: nameSchema.optional(),
  description: descriptionSchema.nullable().optional(),
  thumbnail: imageUrlSchema.nullable().optional(),
  audio_url: safeUrlSchema.nullable().optional(),
  audio_s3_key: storageKeySchema.nullable().optional(),
  series_id: idSchema.nullable().optional(),
  settings: projectSettingsFieldSchema.optional(),
});

export type ProjectUpdates = z.infer<typeof projectUpdatesSchema>;

export const subscriptionReplySchema = /* @__PURE__ */ (() =>
  z.object({ projectId: idSchema, subscribed: z.boolean() }))();

export type SubscriptionReply = z.infer<typeof subscriptionReplySchema>;

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The project socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const PROJECT_ACTIONS = /* @__PURE__ */ (() =>
  ({
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
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The project HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const PROJECT_ROUTES = /* @__PURE__ */ (() =>
  ({
    projects: {
      list: { method: 'GET', path: '/api/projects', response: z.array(projectListEntrySchema), auth: true },
      create: {
        method: 'POST',
        path: '/api/projects',
        body: projectCreateSchema,
        response: projectSchema,
        auth: true,
      },
      get: { method: 'GET', path: '/api/projects/:id', response: projectSchema, auth: true },
      update: {
        method: 'PATCH',
        path: '/api/projects/:id',
        body: projectUpdatesSchema,
        response: projectSchema,
        auth: true,
      },
      delete: { method: 'DELETE', path: '/api/projects/:id', response: deletedReplySchema, auth: true },
      bySeries: {
        method: 'GET',
        path: '/api/series/:seriesId/projects',
        response: z.array(projectListEntrySchema),
        auth: true,
      },
      save: {
        method: 'POST',
        path: '/api/projects/:id/save',
        body: projectSaveSchema,
        response: projectSaveResultSchema,
        auth: true,
      },
      emergencySave: {
        method: 'POST',
        path: '/api/projects/emergency-save',
        body: emergencySaveSchema,
        response: z.object({ accepted: z.boolean() }),
        auth: true,
      },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
