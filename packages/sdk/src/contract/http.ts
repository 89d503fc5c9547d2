import { z } from 'zod';
import {
  cutSoundtrackSetSchema,
  dialogueGenerateSchema,
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
import { ME_TIMEOUT_MS } from './constants.js';
import {
  cutComparisonSchema,
  cutCreateSchema,
  cutExportQuerySchema,
  cutImportSchema,
  cutRenameSchema,
  cutStoryboardQuerySchema,
  roughCutRenderSchema,
  roughCutSchema,
} from './cuts.js';
import { cutImportResultSchema, cutSchema, cutSummarySchema } from './editorial.js';
import {
  assetPublishedSchema,
  assetSchema,
  assetTypeSchema,
  authResponseSchema,
  idSchema,
  jobSchema,
  projectListEntrySchema,
  projectSaveResultSchema,
  projectSaveSchema,
  projectSchema,
  publishSchema,
  repositoryStateSchema,
  repositoryViewSchema,
  reviewCommentCreateSchema,
  reviewCommentSchema,
  reviewLinkCreateSchema,
  reviewLinkSchema,
  reviewLinkSummarySchema,
  reviewViewSchema,
  sceneSchema,
  scriptFormatHelpSchema,
  scriptSchema,
  scriptValidationSchema,
  seriesSchema,
  shotPageSchema,
  shotSchema,
  shotUpdatesSchema,
  shotUpsertSchema,
  storageKeySchema,
  storedFileSchema,
  uploadResultSchema,
  urlSchema,
  userSchema,
} from './entities.js';
import { MESSAGES, ReelbenchError } from './errors.js';
import {
  assetCreateSchema,
  assetUpdatesSchema,
  loginSchema,
  projectCreateSchema,
  projectUpdatesSchema,
  registerSchema,
  scriptSaveSchema,
  scriptValidateSchema,
  seriesCreateSchema,
  seriesUpdatesSchema,
  shotListQuerySchema,
  shotOrderSchema,
} from './inputs.js';
import { deletedReplySchema, jobAcceptedReplySchema, shotOrderReplySchema } from './replies.js';

/** A route's body and query after its schemas parsed them (defaults applied). */
export type RouteBody<S extends HttpRouteSpec> = S extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never;
export type RouteQuery<S extends HttpRouteSpec> = S extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : never;

/** The names of a path's `:name` segments: '/api/projects/:projectId/cuts/:cutId' → 'projectId' | 'cutId'. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
/** A route's path parameters as the server receives them: one string per `:name` segment. */
export type RouteParams<S extends HttpRouteSpec> = { [Name in PathParamNames<S['path']>]: string };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRouteSpec {
  method: HttpMethod;
  /** Express-style: '/api/projects/:id'. */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  auth: boolean;
  timeoutMs?: number;
  retries?: number;
  /** multipart/form-data: `body` describes the text fields, `fileField` names the file part. */
  multipart?: boolean;
  fileField?: string;
  /** The largest file part accepted, in bytes (multipart routes). */
  maxBytes?: number;
  /** The catalogue message a refused input answers with (the reasons go in details). */
  failureMessage?: string;
}

/** Largest accepted upload per file part, in bytes. */
export const UPLOAD_MAX_BYTES = {
  image: 25 * 1024 * 1024,
  audio: 200 * 1024 * 1024,
  json: 10 * 1024 * 1024,
} as const;

export const okSchema = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof okSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** What a server process does (docs/deploy.md). */
export const serverRoleSchema = z.enum(['all', 'api', 'worker']);
export type ServerRole = z.infer<typeof serverRoleSchema>;

/** Liveness: the process answers (restart it when this fails). */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * Readiness: the process takes work (send it traffic). A stopping process, or one that cannot reach
 * its database, answers 503 SERVER_ERROR instead.
 */
export const readinessSchema = z.object({
  status: z.literal('ready'),
  role: serverRoleSchema,
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /**
   * How late the process's event loop ran over the last 10 to 20 s, in milliseconds (a request waits
   * at least this long before its turn): percentiles and the longest stall.
   */
  eventLoop: z
    .object({ p50Ms: z.number().min(0), p99Ms: z.number().min(0), maxMs: z.number().min(0) })
    .optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

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

export const uploadJsonSchema = z.object({
  data: z.json(),
  projectId: idSchema,
  filename: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'File names use letters, digits, . _ and -'),
});
export type UploadJson = z.infer<typeof uploadJsonSchema>;

export const downloadUrlSchema = z.object({
  downloadUrl: urlSchema,
  /** Seconds the url stays valid. */
  expiresIn: z.number().int().positive(),
});
export type DownloadUrl = z.infer<typeof downloadUrlSchema>;

export const storageTestSchema = z.object({
  success: z.boolean(),
  driver: z.enum(['local', 's3']),
  message: z.string().optional(),
});
export type StorageTest = z.infer<typeof storageTestSchema>;

export const videoMigrationSchema = z.object({
  newUrl: urlSchema,
  key: storageKeySchema,
  originalUrl: urlSchema,
});
export type VideoMigration = z.infer<typeof videoMigrationSchema>;

export const HTTP_ROUTES = {
  auth: {
    register: {
      method: 'POST',
      path: '/api/auth/register',
      body: registerSchema,
      response: authResponseSchema,
      auth: false,
      failureMessage: MESSAGES.registrationFailed,
    },
    login: {
      method: 'POST',
      path: '/api/auth/login',
      body: loginSchema,
      response: authResponseSchema,
      auth: false,
      failureMessage: MESSAGES.loginFailed,
    },
    me: {
      method: 'GET',
      path: '/api/auth/me',
      response: z.object({ user: userSchema }),
      auth: true,
      timeoutMs: ME_TIMEOUT_MS,
      retries: 0,
    },
    logout: { method: 'POST', path: '/api/auth/logout', response: okSchema, auth: true },
  },
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
  series: {
    list: { method: 'GET', path: '/api/series', response: z.array(seriesSchema), auth: true },
    create: {
      method: 'POST',
      path: '/api/series',
      body: seriesCreateSchema,
      response: seriesSchema,
      auth: true,
    },
    get: { method: 'GET', path: '/api/series/:id', response: seriesSchema, auth: true },
    update: {
      method: 'PATCH',
      path: '/api/series/:id',
      body: seriesUpdatesSchema,
      response: seriesSchema,
      auth: true,
    },
    delete: { method: 'DELETE', path: '/api/series/:id', response: deletedReplySchema, auth: true },
  },
  assets: {
    get: { method: 'GET', path: '/api/asset/:id', response: assetSchema, auth: true },
    listByProject: {
      method: 'GET',
      path: '/api/projects/:projectId/assets',
      query: z.object({ type: assetTypeSchema.optional() }),
      response: z.array(assetSchema),
      auth: true,
    },
    create: {
      method: 'POST',
      path: '/api/asset',
      body: assetCreateSchema,
      response: assetSchema,
      auth: true,
    },
    update: {
      method: 'PATCH',
      path: '/api/asset/:id',
      body: assetUpdatesSchema,
      response: assetSchema,
      auth: true,
    },
    delete: { method: 'DELETE', path: '/api/asset/:id', response: deletedReplySchema, auth: true },
    ensureImageBgRemoved: {
      method: 'POST',
      path: '/api/assets/:id/images/:key/ensure-bg-removed',
      response: assetSchema,
      auth: true,
    },
    ensureVariantBgRemoved: {
      method: 'POST',
      path: '/api/assets/:id/variants/:key/ensure-bg-removed',
      response: assetSchema,
      auth: true,
    },
  },
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
  scenes: {
    list: {
      method: 'GET',
      path: '/api/projects/:projectId/scenes',
      response: z.array(sceneSchema),
      auth: true,
    },
  },
  script: {
    get: { method: 'GET', path: '/api/script/:projectId', response: scriptSchema, auth: true },
    save: {
      method: 'PUT',
      path: '/api/script/:projectId',
      body: scriptSaveSchema,
      response: scriptSchema,
      auth: true,
    },
    validate: {
      method: 'POST',
      path: '/api/script/validate',
      body: scriptValidateSchema,
      response: scriptValidationSchema,
      auth: true,
      failureMessage: MESSAGES.scriptValidationFailed,
    },
    formatHelp: {
      method: 'GET',
      path: '/api/script/format-help/:format',
      response: scriptFormatHelpSchema,
      auth: true,
    },
    jobs: { method: 'GET', path: '/api/script/jobs', response: z.array(jobSchema), auth: true },
    cancelJob: { method: 'DELETE', path: '/api/script/jobs/:id', response: jobSchema, auth: true },
  },
  files: {
    uploadImage: {
      method: 'POST',
      path: '/api/files/upload-image',
      body: z.object({ projectId: idSchema, assetId: idSchema.optional() }),
      response: uploadResultSchema,
      auth: true,
      multipart: true,
      fileField: 'image',
      maxBytes: UPLOAD_MAX_BYTES.image,
      failureMessage: MESSAGES.imageUploadFailed,
    },
    uploadAudio: {
      method: 'POST',
      path: '/api/files/upload-audio',
      body: z.object({ projectId: idSchema }),
      response: uploadResultSchema,
      auth: true,
      multipart: true,
      fileField: 'audio',
      maxBytes: UPLOAD_MAX_BYTES.audio,
      failureMessage: MESSAGES.audioUploadFailed,
    },
    uploadJson: {
      method: 'POST',
      path: '/api/files/upload-json',
      body: uploadJsonSchema,
      response: uploadResultSchema,
      auth: true,
      failureMessage: MESSAGES.jsonUploadFailed,
    },
    download: { method: 'GET', path: '/api/files/download/:key', response: downloadUrlSchema, auth: true },
    delete: {
      method: 'DELETE',
      path: '/api/files/delete/:key',
      response: z.object({ deleted: z.literal(true), key: storageKeySchema }),
      auth: true,
    },
    list: {
      method: 'GET',
      path: '/api/files/list/:projectId',
      response: z.object({ files: z.array(storedFileSchema) }),
      auth: true,
    },
    test: { method: 'GET', path: '/api/files/test', response: storageTestSchema, auth: true },
    migrateVideo: {
      method: 'POST',
      path: '/api/files/migrate-video',
      body: z.object({ videoUrl: urlSchema, shotId: idSchema }),
      response: videoMigrationSchema,
      auth: true,
      failureMessage: MESSAGES.videoMigrationFailed,
    },
  },
  cuts: {
    list: {
      method: 'GET',
      path: '/api/projects/:projectId/cuts',
      response: z.array(cutSummarySchema),
      auth: true,
    },
    /** A new cut from the project's current timeline. */
    create: {
      method: 'POST',
      path: '/api/projects/:projectId/cuts',
      body: cutCreateSchema,
      response: cutSchema,
      auth: true,
    },
    get: { method: 'GET', path: '/api/projects/:projectId/cuts/:cutId', response: cutSchema, auth: true },
    rename: {
      method: 'PATCH',
      path: '/api/projects/:projectId/cuts/:cutId',
      body: cutRenameSchema,
      response: cutSchema,
      auth: true,
    },
    delete: {
      method: 'DELETE',
      path: '/api/projects/:projectId/cuts/:cutId',
      response: deletedReplySchema,
      auth: true,
    },
    compare: {
      method: 'GET',
      path: '/api/projects/:projectId/cuts/:olderId/compare/:newerId',
      response: cutComparisonSchema,
      auth: true,
    },
    /**
     * The storyboard PDF of a cut (application/pdf, as an attachment): frames, shot names,
     * durations, framing, script text and scene headings; ?layout=contact (default) or pages.
     */
    /**
     * The hand-off package (application/zip, streamed, as an attachment): the cut as OTIO, FCPXML
     * and (up to 999 events) EDL with media paths relative to the zip, the shot videos (stills
     * where there is no video), the soundtrack and a README.
     */
    package: {
      method: 'GET',
      path: '/api/projects/:projectId/cuts/:cutId/package',
      response: z.string(),
      auth: true,
    },
    storyboard: {
      method: 'GET',
      path: '/api/projects/:projectId/cuts/:cutId/export/pdf',
      query: cutStoryboardQuerySchema,
      response: z.string(),
      auth: true,
    },
    /**
     * The file itself (not JSON): Content-Type the format's MIME type, Content-Disposition
     * attachment with exportCut's filename. :format is edl, otio or fcpxml.
     */
    export: {
      method: 'GET',
      path: '/api/projects/:projectId/cuts/:cutId/export/:format',
      query: cutExportQuerySchema,
      response: z.string(),
      auth: true,
    },
    /** An edited EDL or OTIO: saved as a new version and applied to the project's shots. */
    import: {
      method: 'POST',
      path: '/api/projects/:projectId/cuts/:cutId/import',
      body: cutImportSchema,
      response: cutImportResultSchema,
      auth: true,
    },
    /** The project's shot order and durations put back to this version's (the undo of an import). */
    restore: {
      method: 'POST',
      path: '/api/projects/:projectId/cuts/:cutId/restore',
      response: projectSchema,
      auth: true,
    },
    /** Queues the cut's rough cut (a job; follow it with the job events). */
    renderRoughCut: {
      method: 'POST',
      path: '/api/projects/:projectId/cuts/:cutId/rough-cut',
      body: roughCutRenderSchema,
      response: jobAcceptedReplySchema,
      auth: true,
    },
    /** The latest rough cut of the cut, or of the project without ?cutId; null when there is none. */
    getRoughCut: {
      method: 'GET',
      path: '/api/projects/:projectId/rough-cut',
      query: z.object({ cutId: idSchema.optional() }),
      response: roughCutSchema.nullable(),
      auth: true,
    },
  },
  audio: {
    get: { method: 'GET', path: '/api/audio/:projectId', response: soundtrackSchema.nullable(), auth: true },
    set: {
      method: 'PUT',
      path: '/api/audio/:projectId',
      body: soundtrackSetSchema,
      response: soundtrackSchema,
      auth: true,
    },
    setOffset: {
      method: 'PATCH',
      path: '/api/audio/:projectId',
      body: soundtrackOffsetUpdateSchema,
      response: soundtrackSchema,
      auth: true,
    },
    remove: {
      method: 'DELETE',
      path: '/api/audio/:projectId',
      response: soundtrackRemovedSchema,
      auth: true,
    },
    setCut: {
      method: 'PUT',
      path: '/api/audio/:projectId/cut',
      body: cutSoundtrackSetSchema,
      response: cutSchema,
      auth: true,
    },
    /** Queues the scratch track (a job; follow it with the job events). */
    generateDialogue: {
      method: 'POST',
      path: '/api/audio/:projectId/dialogue',
      body: dialogueGenerateSchema,
      response: jobAcceptedReplySchema,
      auth: true,
    },
    listLines: {
      method: 'GET',
      path: '/api/audio/:projectId/lines',
      response: z.array(dialogueLineSchema),
      auth: true,
    },
    regenerateLine: {
      method: 'POST',
      path: '/api/audio/:projectId/lines/:lineId/regenerate',
      body: dialogueLineRegenerateSchema,
      response: dialogueLineSchema,
      auth: true,
    },
    uploadLine: {
      method: 'PUT',
      path: '/api/audio/:projectId/lines/:lineId/take',
      body: dialogueLineTakeSchema,
      response: dialogueLineSchema,
      auth: true,
    },
    /** The line's clip itself (not JSON): its stored content type, byte ranges answered (206). */
    lineFile: {
      method: 'GET',
      path: '/api/audio/:projectId/lines/:lineId/file',
      response: z.string(),
      auth: true,
    },
    timeShots: {
      method: 'POST',
      path: '/api/audio/:projectId/timing',
      body: dialogueTimingSchema,
      response: dialogueTimingReplySchema,
      auth: true,
    },
  },
  review: {
    createLink: {
      method: 'POST',
      path: '/api/projects/:id/review-links',
      body: reviewLinkCreateSchema,
      response: reviewLinkSchema,
      auth: true,
    },
    /** The project's links that were not revoked (expired ones say so). */
    listLinks: {
      method: 'GET',
      path: '/api/projects/:id/review-links',
      response: z.array(reviewLinkSummarySchema),
      auth: true,
    },
    revokeLink: {
      method: 'DELETE',
      path: '/api/projects/:id/review-links/:linkId',
      response: deletedReplySchema,
      auth: true,
    },
    revoke: {
      method: 'DELETE',
      path: '/api/review-links/:token',
      response: z.object({ revoked: z.literal(true) }),
      auth: true,
    },
    view: { method: 'GET', path: '/api/review/:token', response: reviewViewSchema, auth: false },
    /**
     * A shot's current frame (:kind image) or video (:kind video) for a review link, the link checked
     * on every request: it stops working when the link is revoked or expires. The bytes, with byte ranges.
     */
    shotMedia: {
      method: 'GET',
      path: '/api/files/review/:token/shots/:shotId/:kind',
      response: z.string(),
      auth: false,
    },
    /** The project's newest rough cut (MP4) for a review link, checked like shotMedia. */
    roughCutMedia: {
      method: 'GET',
      path: '/api/files/review/:token/rough-cut',
      response: z.string(),
      auth: false,
    },
    /** A reviewer's time-coded comment: the token is the permission, a name is all it asks. */
    comment: {
      method: 'POST',
      path: '/api/review/:token/comments',
      body: reviewCommentCreateSchema,
      response: reviewCommentSchema,
      auth: false,
    },
    listComments: {
      method: 'GET',
      path: '/api/projects/:id/review-comments',
      response: z.array(reviewCommentSchema),
      auth: true,
    },
    deleteComment: {
      method: 'DELETE',
      path: '/api/projects/:id/review-comments/:commentId',
      response: deletedReplySchema,
      auth: true,
    },
  },
  /** The public repository page (/repository/{repositoryId}) and what the owner publishes on it. */
  repository: {
    view: { method: 'GET', path: '/api/repository/:id', response: repositoryViewSchema, auth: false },
    state: {
      method: 'GET',
      path: '/api/projects/:id/repository',
      response: repositoryStateSchema,
      auth: true,
    },
    publishProject: {
      method: 'PUT',
      path: '/api/projects/:id/repository',
      body: publishSchema,
      response: repositoryStateSchema,
      auth: true,
    },
    publishAsset: {
      method: 'PUT',
      path: '/api/asset/:id/repository',
      body: publishSchema,
      response: assetPublishedSchema,
      auth: true,
    },
  },
  system: {
    health: { method: 'GET', path: '/api/health', response: healthSchema, auth: false },
    /** 200 while the process runs; for a process supervisor's liveness probe. */
    live: { method: 'GET', path: '/api/health/live', response: livenessSchema, auth: false },
    /** 200 while the process takes work, 503 SERVER_ERROR while it stops or its database is down. */
    ready: { method: 'GET', path: '/api/health/ready', response: readinessSchema, auth: false },
    /** The OpenAPI 3.1 document of these routes. */
    openapi: { method: 'GET', path: '/api/docs', response: z.record(z.string(), z.unknown()), auth: false },
  },
} as const satisfies Record<string, Record<string, HttpRouteSpec>>;

export type HttpRouteGroup = keyof typeof HTTP_ROUTES;

const PARAM_PATTERN = /:([A-Za-z][A-Za-z0-9_]*)/g;

/** The names of a path's parameters, in order: '/api/assets/:id/images/:key' → ['id', 'key']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM_PATTERN)].map((match) => match[1] ?? '');
}

/** Fills each :param with its URI-encoded value; a missing value is a VALIDATION_ERROR. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(PARAM_PATTERN, (_segment, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined || value === '') {
      throw new ReelbenchError({ code: 'VALIDATION_ERROR', message: `Missing path parameter: ${name}` });
    }
    return encodeURIComponent(value);
  });
}

export interface HttpRouteEntry {
  group: HttpRouteGroup;
  name: string;
  spec: HttpRouteSpec;
}

/** Every route in declaration order, e.g. for an OpenAPI document or the protocol reference. */
export function listHttpRoutes(): HttpRouteEntry[] {
  return (Object.keys(HTTP_ROUTES) as HttpRouteGroup[]).flatMap((group) =>
    Object.entries(HTTP_ROUTES[group] as Record<string, HttpRouteSpec>).map(([name, spec]) => ({
      group,
      name,
      spec,
    })),
  );
}
