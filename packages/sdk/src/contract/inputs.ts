import { z } from 'zod';
import { ASPECT_RATIOS, DEFAULT_PROJECT_NAME, QUALITY_DEFAULTS } from './constants.js';
import {
  assetConfigSchema,
  assetTypeSchema,
  descriptionSchema,
  emailSchema,
  idSchema,
  imageUrlSchema,
  LIST_LIMITS,
  metadataSchema,
  nameSchema,
  projectSettingsFieldSchema,
  promptSchema,
  safeUrlSchema,
  sceneSchema,
  scriptContentSchema,
  scriptFormatSchema,
  storageKeySchema,
  TEXT_LIMITS,
  updateFields,
  usernameSchema,
} from './entities.js';
import { imageKeySchema } from './image-keys.js';

/** Request bodies shared by the HTTP routes and the socket actions. */

// ---------------------------------------------------------------- auth

export const registerSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: z.string().min(8).max(200),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  /** No length rules here: a login must not reveal the password policy. */
  password: z.string().min(1).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

// ---------------------------------------------------------------- projects and series

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

export const seriesCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.nullable().optional(),
});
export type SeriesCreate = z.infer<typeof seriesCreateSchema>;

export const seriesUpdatesSchema = seriesCreateSchema.partial();
export type SeriesUpdates = z.infer<typeof seriesUpdatesSchema>;

// ---------------------------------------------------------------- assets

/** Config overrides on create/update; the type always comes from the asset, the rest from defaultAssetConfig. */
export const assetConfigInputSchema = z.object(updateFields(assetConfigSchema.omit({ type: true }).shape));
export type AssetConfigInput = z.infer<typeof assetConfigInputSchema>;

export const assetCreateSchema = z.object({
  projectId: idSchema,
  type: assetTypeSchema,
  name: nameSchema,
  description: descriptionSchema.nullable().optional(),
  config: assetConfigInputSchema.optional(),
  metadata: metadataSchema.optional(),
  visualIdentifier: z.string().max(TEXT_LIMITS.description).nullable().optional(),
});
export type AssetCreate = z.infer<typeof assetCreateSchema>;

export const assetUpdatesSchema = assetCreateSchema.omit({ projectId: true, type: true }).partial();
export type AssetUpdates = z.infer<typeof assetUpdatesSchema>;

/** A base64 data URL of up to about 11 MB of image, so the envelope fits a 20 MB socket.io buffer. */
export const IMAGE_DATA_URL_MAX_CHARS = 15_000_000;
const DATA_URL_PATTERN = /^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
const STORAGE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9!_.*'()/-]*$/;

export type ImageDataKind = 'data-url' | 'https-url' | 'storage-key';

/** What setImage's imageData is: an image data URL, an https URL or a storage key; null if none. */
export function imageDataKind(value: string): ImageDataKind | null {
  if (value.startsWith('data:')) return DATA_URL_PATTERN.test(value) ? 'data-url' : null;
  if (value.length > TEXT_LIMITS.url) return null;
  if (value.startsWith('https://')) return URL.canParse(value) ? 'https-url' : null;
  const isKey =
    value.length <= TEXT_LIMITS.storageKey &&
    STORAGE_KEY_PATTERN.test(value) &&
    !value.split('/').includes('..');
  return isKey ? 'storage-key' : null;
}

export const imageDataSchema = z
  .string()
  .min(1)
  .max(IMAGE_DATA_URL_MAX_CHARS)
  .refine(
    (value) => imageDataKind(value) !== null,
    'Expected an image data URL, an https URL or a storage key',
  );

export const assetImageRefSchema = z.object({ assetId: idSchema, imageKey: imageKeySchema });
export type AssetImageRef = z.infer<typeof assetImageRefSchema>;

// ---------------------------------------------------------------- shots and generation

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

export const shotIdsSchema = z.array(idSchema).min(1).max(LIST_LIMITS.ids);

/**
 * Batch targets, exactly one of: explicit shotIds (up to LIST_LIMITS.ids), `staleOnly: true` (every
 * shot whose image or video is missing or older than its inputs) or `all: true` (every shot of the
 * project in timeline order, however many). A batch payload spreads this shape and refines with
 * hasOneBatchTarget.
 */
export const batchTargetShape = {
  shotIds: shotIdsSchema.optional(),
  staleOnly: z.literal(true).optional(),
  all: z.literal(true).optional(),
};
export interface BatchTarget {
  shotIds?: string[];
  staleOnly?: true;
  all?: true;
}
export const BATCH_TARGET_MESSAGE = 'Give one of shotIds, staleOnly: true or all: true';

export function hasOneBatchTarget(target: BatchTarget): boolean {
  return [target.shotIds, target.staleOnly, target.all].filter((value) => value !== undefined).length === 1;
}

export const generationOptionsSchema = z.object({
  /** Replaces the shot's prompt for this run only. */
  prompt: promptSchema.optional(),
  aspect: z.enum(ASPECT_RATIOS).optional(),
  /** Provider name from the server's configuration; the default provider when absent. */
  provider: z.string().max(TEXT_LIMITS.shortText).optional(),
});
export type GenerationOptions = z.infer<typeof generationOptionsSchema>;

export const qualityOptionsSchema = z.object({
  maxRetries: z.number().int().min(0).max(10).default(QUALITY_DEFAULTS.maxRetries),
  /** Assessment score from 0 to 10 an image must reach. */
  minScore: z.number().min(0).max(10).default(QUALITY_DEFAULTS.minScore),
});
export type QualityOptions = z.infer<typeof qualityOptionsSchema>;

// ---------------------------------------------------------------- script

/** A script's text and its format. */
export const scriptValidateSchema = z.object({
  content: scriptContentSchema,
  format: scriptFormatSchema,
});
export type ScriptValidate = z.infer<typeof scriptValidateSchema>;

/** A script's text, and its format when known (detected from the content when absent). */
export const scriptSaveSchema = scriptValidateSchema.partial({ format: true });
export type ScriptSave = z.infer<typeof scriptSaveSchema>;

/** Analysis takes what a save takes. */
export const scriptAnalyzeSchema = scriptSaveSchema;
export type ScriptAnalyze = z.infer<typeof scriptAnalyzeSchema>;

export const scriptConvertSchema = z.object({
  content: scriptContentSchema,
  from: scriptFormatSchema.optional(),
  to: scriptFormatSchema,
});
export type ScriptConvert = z.infer<typeof scriptConvertSchema>;

/** The converted script in its new format. */
export const scriptConvertResultSchema = scriptValidateSchema;
export type ScriptConvertResult = z.infer<typeof scriptConvertResultSchema>;

export const shotOrderSchema = z.object({
  order: z.array(idSchema).max(LIST_LIMITS.shotOrder),
  scenes: z.array(sceneSchema).max(LIST_LIMITS.scenes).optional(),
});
export type ShotOrder = z.infer<typeof shotOrderSchema>;
