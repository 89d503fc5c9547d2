import { z } from 'zod';
import { MESSAGES } from './errors.js';
import { generationOptionsSchema } from './generation.js';
import {
  ASSET_TYPES,
  DEFAULT_VARIANT,
  imageKeySchema,
  isLegacyImageKey,
  ROTATIONS,
  type Rotation,
  rotationSchema,
  type View,
  variantNameSchema,
  viewSchema,
} from './image-keys.js';
import { actionSpec, assetRef, projectRef, requiredId } from './internal.js';
import {
  deletedReplySchema,
  descriptionSchema,
  generationStatusSchema,
  type HttpRouteSpec,
  idSchema,
  LIST_LIMITS,
  metadataSchema,
  nameSchema,
  promptSchema,
  type SocketActionSpec,
  storageKeySchema,
  TEXT_LIMITS,
  timestampSchema,
  updateFields,
  urlSchema,
} from './primitives.js';
import { characterVoiceSchema } from './voices.js';

/** Assets: the characters, locations, props and custom references shots are made from, and their images. */

export const assetTypeSchema = z.enum(ASSET_TYPES);

export type AssetType = z.infer<typeof assetTypeSchema>;

export const assetImageEntrySchema = z.object({
  url: urlSchema.nullable().default(null),
  optimizedUrl: urlSchema.nullable().default(null),
  thumbnailUrl: urlSchema.nullable().default(null),
  mediumUrl: urlSchema.nullable().default(null),
  s3Key: storageKeySchema.nullable().default(null),
  generatedAt: timestampSchema.nullable().default(null),
  isCustomUpload: z.boolean().default(false),
  metadata: metadataSchema.default({}),
  prompt: promptSchema.nullable().default(null),
  status: generationStatusSchema.default('pending'),
});

export type AssetImageEntry = z.infer<typeof assetImageEntrySchema>;

export const assetConfigSchema = z.object({
  type: assetTypeSchema,
  defaultImageKey: imageKeySchema,
  supportedVariants: z.array(variantNameSchema).min(1).max(50).default(['default']),
  supportedRotations: z.array(rotationSchema).default([]),
  supportedViews: z.array(viewSchema).default([]),
  /**
   * A character's voice for the scratch track (docs/generation.md, "Speech"): seeded from its name and
   * description when the track first speaks it, then kept; null (or absent) until then, or to re-seed.
   */
  voice: characterVoiceSchema.nullable().optional(),
});

export type AssetConfig = z.infer<typeof assetConfigSchema>;

export const assetSchema = z.object({
  id: idSchema,
  type: assetTypeSchema,
  name: nameSchema,
  description: descriptionSchema.nullable().default(null),
  images: z.record(imageKeySchema, assetImageEntrySchema).default({}),
  config: assetConfigSchema,
  metadata: metadataSchema.default({}),
  /** The owning project; series-level assets keep the project they came from. */
  projectId: idSchema.nullable(),
  seriesId: idSchema.nullable().default(null),
  /** How prompts name the asset, so every shot renders the same character or place. */
  visualIdentifier: z.string().max(TEXT_LIMITS.description).nullable().default(null),
  isSeriesLevel: z.boolean().default(false),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export type Asset = z.infer<typeof assetSchema>;

/** getByIdStreamlined: the asset without metadata and with only the display urls of each image. */
export const streamlinedAssetSchema = assetSchema.omit({ metadata: true, images: true }).extend({
  images: z.record(
    imageKeySchema,
    assetImageEntrySchema.pick({ url: true, thumbnailUrl: true, mediumUrl: true, status: true }),
  ),
});

export type StreamlinedAsset = z.infer<typeof streamlinedAssetSchema>;

// ---------------------------------------------------------------- image keys by asset type

const TYPE_RULES: Record<
  AssetType,
  { defaultImageKey: string; rotations: readonly Rotation[]; views: readonly View[] }
> = {
  character: { defaultImageKey: 'default-front', rotations: ROTATIONS, views: [] },
  location: {
    defaultImageKey: 'default-wide',
    rotations: [],
    views: ['wide', 'close', 'left90', 'right90', 'reverse'],
  },
  prop: { defaultImageKey: 'default', rotations: ROTATIONS, views: [] },
  custom: { defaultImageKey: 'default', rotations: [], views: [] },
};

export function defaultImageKey(type: AssetType): string {
  return TYPE_RULES[type].defaultImageKey;
}

export function defaultAssetConfig(type: AssetType): AssetConfig {
  const rules = TYPE_RULES[type];
  return {
    type,
    defaultImageKey: rules.defaultImageKey,
    supportedVariants: [DEFAULT_VARIANT],
    supportedRotations: [...rules.rotations],
    supportedViews: [...rules.views],
  };
}

/** Every key the config allows: each variant alone, with each rotation and with each view. */
export function supportedImageKeys(
  config: Pick<AssetConfig, 'supportedVariants' | 'supportedRotations' | 'supportedViews'>,
): string[] {
  return config.supportedVariants.flatMap((variant) => [
    variant,
    ...config.supportedRotations.map((rotation) => `${variant}-${rotation}`),
    ...config.supportedViews.map((view) => `${variant}-${view}`),
  ]);
}

/** Maps a legacy key to the type's default; any other key is returned unchanged. */
export function normalizeImageKey(type: AssetType, key: string): string {
  return isLegacyImageKey(key) ? defaultImageKey(type) : key;
}

/** SPEC.md section 5: a key is valid only if it is among the asset's supported keys. */
export function isValidImageKey(configOrType: AssetConfig | AssetType, key: string): boolean {
  const config = typeof configOrType === 'string' ? defaultAssetConfig(configOrType) : configOrType;
  return supportedImageKeys(config).includes(normalizeImageKey(config.type, key));
}

// ---------------------------------------------------------------- inputs

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

// ---------------------------------------------------------------- socket actions and HTTP routes

export const assetImageGenerationReplySchema = /* @__PURE__ */ (() =>
  z.object({
    jobId: idSchema,
    asset: assetSchema,
    imageKey: imageKeySchema,
    /** Variant images that depended on a regenerated base image (see asset:imagesInvalidated). */
    invalidatedKeys: z.array(imageKeySchema),
  }))();

export type AssetImageGenerationReply = z.infer<typeof assetImageGenerationReplySchema>;

/** The asset socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const ASSET_ACTIONS = /* @__PURE__ */ (() =>
  ({
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
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The asset HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const ASSET_ROUTES = /* @__PURE__ */ (() =>
  ({
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
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
