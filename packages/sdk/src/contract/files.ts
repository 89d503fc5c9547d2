import { z } from 'zod';
import { MESSAGES } from './errors.js';
import { countSchema } from './internal.js';
import { type HttpRouteSpec, idSchema, storageKeySchema, timestampSchema, urlSchema } from './primitives.js';

/** Stored files: uploads, downloads and the storage checks. */

export const uploadResultSchema = z.object({
  url: urlSchema,
  key: storageKeySchema,
  size: countSchema,
  originalName: z.string().max(255),
  mimetype: z.string().max(255),
});

export type UploadResult = z.infer<typeof uploadResultSchema>;

export const storedFileSchema = uploadResultSchema.extend({
  kind: z.enum(['image', 'audio', 'json', 'video']),
  createdAt: timestampSchema,
});

export type StoredFile = z.infer<typeof storedFileSchema>;

/** Largest accepted upload per file part, in bytes. */
export const UPLOAD_MAX_BYTES = {
  image: 25 * 1024 * 1024,
  audio: 200 * 1024 * 1024,
  json: 10 * 1024 * 1024,
} as const;

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

// ---------------------------------------------------------------- HTTP routes

/** The file HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const FILE_ROUTES = /* @__PURE__ */ (() =>
  ({
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
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
