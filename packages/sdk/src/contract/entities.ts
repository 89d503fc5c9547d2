import { z } from 'zod';
import {
  ASPECT_RATIOS,
  CINEMATIC_TEMPLATES,
  DEFAULT_SCENE_NAME,
  DEFAULT_SHOT_DURATION,
  DEFAULT_SHOT_NAME,
  FIRST_PASS_DEFAULTS,
  FIRST_PASS_MODE,
  PACINGS,
  TOAST_TYPES,
  VISUAL_STYLES,
  type VisualStyle,
} from './constants.js';
import { errorCodeSchema } from './errors.js';
import { ASSET_TYPES, imageKeySchema, rotationSchema, variantNameSchema, viewSchema } from './image-keys.js';
import { characterVoiceSchema } from './voices.js';

/** Upper bounds on user-supplied text and lists, so one request cannot exhaust memory or storage. */
export const TEXT_LIMITS = {
  name: 200,
  description: 5_000,
  prompt: 10_000,
  scriptContent: 2_000_000,
  url: 4_096,
  storageKey: 1_024,
  shortText: 100,
} as const;
export const LIST_LIMITS = {
  ids: 1_000,
  shots: 2_000,
  scenes: 1_000,
  shotOrder: 10_000,
  placements: 100,
  /** Script versions in one list (script:listVersions), newest first. */
  scriptVersions: 200,
} as const;
/** Longest accepted shot, in seconds. */
export const MAX_SHOT_DURATION = 3_600;

// ---------------------------------------------------------------- primitives

export const idSchema = z.uuid();
/**
 * A scene id: any non-empty string of at most 100 characters (SPEC.md section 3 does not make scene
 * ids UUIDs; a client may name its scenes `scene-1`).
 */
export const sceneIdSchema = z
  .string()
  .min(1, 'A scene id must not be empty')
  .max(TEXT_LIMITS.shortText, `A scene id is at most ${TEXT_LIMITS.shortText} characters`);
/** ISO 8601 with an offset, as Date.prototype.toISOString() writes it. */
export const timestampSchema = z.iso.datetime({ offset: true });
export const nameSchema = z.string().trim().min(1).max(TEXT_LIMITS.name);
export const descriptionSchema = z.string().max(TEXT_LIMITS.description);
export const promptSchema = z.string().max(TEXT_LIMITS.prompt);
export const scriptContentSchema = z.string().max(TEXT_LIMITS.scriptContent);
/** Absolute URLs and same-origin paths such as /api/files/…; data URLs are not stored. */
export const urlSchema = z.string().min(1).max(TEXT_LIMITS.url);
export const storageKeySchema = z.string().min(1).max(TEXT_LIMITS.storageKey);

/** The same-origin path of our stored files (signed /api/files/raw/… URLs). */
export const STORED_FILE_PATH = '/api/files/';
const INLINE_IMAGE_PATTERN = /^data:image\/(?:png|jpeg|webp|gif);base64,[A-Za-z0-9+/]*={0,2}$/;

/**
 * Whether a URL a client stores may be shown to others: http(s), a path to our stored files, and
 * with `inlineImage` a base64 PNG/JPEG/WebP/GIF data URL. No javascript:, data:text/html, SVG, etc.
 */
export function isSafeUrl(value: string, options: { inlineImage?: boolean } = {}): boolean {
  if (value.length > TEXT_LIMITS.url) return false;
  if (value.startsWith(STORED_FILE_PATH)) return !value.includes('\\');
  if (options.inlineImage === true && value.startsWith('data:')) return INLINE_IMAGE_PATTERN.test(value);
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'https:' || protocol === 'http:';
}

export const UNSAFE_URL_MESSAGE = 'Expected an http(s) URL or a stored file path';
export const UNSAFE_IMAGE_URL_MESSAGE = 'Expected an http(s) URL, a stored file path or an image data URL';

/** A URL field clients store and others see (a video, an audio track): see isSafeUrl. */
export const safeUrlSchema = urlSchema.refine((value) => isSafeUrl(value), UNSAFE_URL_MESSAGE);
/** A URL field where an image may be inlined (shot image, thumbnail): see isSafeUrl. */
export const imageUrlSchema = urlSchema.refine(
  (value) => isSafeUrl(value, { inlineImage: true }),
  UNSAFE_IMAGE_URL_MESSAGE,
);
export const shortTextSchema = z.string().max(TEXT_LIMITS.shortText);
/** Free-form JSON a client may store (metadata, composition_settings): bounded in depth and size. */
export const JSON_FIELD_LIMITS = { depth: 32, chars: 65_536 } as const;

/**
 * How deeply `value` nests (a scalar is 0, {} or [] is 1), counted without recursion and stopping
 * as soon as it passes `limit`, so a hostile 100,000-level value costs no more than a legal one.
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/** A JSON object field: nested at most JSON_FIELD_LIMITS.depth levels, at most .chars as JSON text. */
export const metadataSchema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  if (jsonDepth(value, JSON_FIELD_LIMITS.depth) > JSON_FIELD_LIMITS.depth) {
    ctx.addIssue({
      code: 'custom',
      message: `Too deeply nested (at most ${JSON_FIELD_LIMITS.depth} levels)`,
    });
    return;
  }
  if (JSON.stringify(value).length > JSON_FIELD_LIMITS.chars) {
    ctx.addIssue({
      code: 'custom',
      message: `Too large (at most ${JSON_FIELD_LIMITS.chars} characters as JSON)`,
    });
  }
});
export const colorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Expected a #rgb or #rrggbb colour');
const countSchema = z.number().int().min(0);

/** An object of non-negative whole counts, one for each of `keys`. */
function countsSchema<const Key extends string>(keys: readonly Key[]) {
  return z.object(
    Object.fromEntries(keys.map((key) => [key, countSchema])) as Record<Key, typeof countSchema>,
  );
}

type UpdateFields<Shape extends z.ZodRawShape> = {
  [Key in keyof Shape]: Shape[Key] extends z.ZodDefault<infer Inner>
    ? z.ZodOptional<Inner>
    : Shape[Key] extends z.ZodOptional
      ? Shape[Key]
      : z.ZodOptional<Shape[Key]>;
};

/**
 * The fields of a record as a partial update takes them: each optional and without its default, so
 * only the fields present are written. (Zod applies defaults inside .partial(), so that will not do.)
 */
export function updateFields<Shape extends z.ZodRawShape>(shape: Shape): UpdateFields<Shape> {
  const fields = Object.entries(shape).map(([key, field]) => {
    if (field instanceof z.ZodDefault) return [key, z.optional(field.unwrap())];
    return [key, field instanceof z.ZodOptional ? field : z.optional(field)];
  });
  return Object.fromEntries(fields) as UpdateFields<Shape>;
}

export type Id = z.infer<typeof idSchema>;
export type Timestamp = z.infer<typeof timestampSchema>;
export type Metadata = z.infer<typeof metadataSchema>;

// ---------------------------------------------------------------- users

export const usernameSchema = z
  .string()
  .min(3)
  .max(40)
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Usernames use letters, digits, _ . and -');
export const emailSchema = z.email().max(254);

export const userSchema = z.object({
  id: idSchema,
  email: emailSchema,
  username: usernameSchema,
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  success: z.boolean(),
  token: z.string().optional(),
  user: userSchema.optional(),
  error: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

// ---------------------------------------------------------------- scenes and project settings

export const sceneSchema = z.object({
  id: sceneIdSchema,
  name: nameSchema.default(DEFAULT_SCENE_NAME),
  color: colorSchema,
  shotIds: z.array(idSchema).max(LIST_LIMITS.shotOrder).default([]),
});
export type Scene = z.infer<typeof sceneSchema>;

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

// ---------------------------------------------------------------- projects and series

/** What projects and series share: a named record of the user's, with its timestamps. */
const namedRecordSchema = z.object({
  id: idSchema,
  name: nameSchema,
  description: descriptionSchema.nullable().default(null),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

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

export const seriesSchema = namedRecordSchema.extend({
  /** Present in lists: how many of the owner's projects belong to the series. */
  projectCount: countSchema.optional(),
});
export type Series = z.infer<typeof seriesSchema>;

// ---------------------------------------------------------------- shots

export const GENERATION_STATUSES = [
  'pending',
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export const generationStatusSchema = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

/** SPEC.md section 4: a status counts as completed whenever the image or video url exists. */
export function effectiveGenerationStatus(
  status: GenerationStatus,
  url: string | null | undefined,
): GenerationStatus {
  return url ? 'completed' : status;
}

export const FRAMING_TYPES = [
  'wide',
  'medium',
  'close',
  'extreme-close',
  'over-shoulder',
  'two-shot',
  'insert',
  'establishing',
  'pov',
  'aerial',
] as const;
export const framingTypeSchema = z.enum(FRAMING_TYPES);
export type FramingType = z.infer<typeof framingTypeSchema>;

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

/** Takes kept per shot: a generation beyond this drops the oldest. */
export const MAX_SHOT_TAKES = 10;

/**
 * A take: the image and video a shot had before a generation replaced one of them (or before a take
 * was restored over them). `kind` is the media the replacing generation made; `generation` the job
 * type that made this take's media of that kind ('shot:generate', 'shot:edit', …), null when not
 * known (an upload, or media older than takes); `replacedBy` the job type (or 'shot:useTake') that
 * replaced it. URLs are signed afresh in every reply.
 */
export const shotTakeSchema = z.object({
  id: idSchema,
  shotId: idSchema,
  kind: z.enum(['image', 'video']),
  generation: z.string().max(TEXT_LIMITS.shortText).nullable(),
  replacedBy: z.string().max(TEXT_LIMITS.shortText),
  image_url: urlSchema.nullable(),
  video_url: urlSchema.nullable(),
  s3_image_key: storageKeySchema.nullable(),
  s3_video_key: storageKeySchema.nullable(),
  /** When the take was kept (its media were replaced). */
  createdAt: timestampSchema,
});
export type ShotTake = z.infer<typeof shotTakeSchema>;

/** A shot's takes, newest first. */
export const shotTakesSchema = z.object({
  shotId: idSchema,
  takes: z.array(shotTakeSchema).max(MAX_SHOT_TAKES),
});
export type ShotTakes = z.infer<typeof shotTakesSchema>;

export const shotPageSchema = z.object({
  shots: z.array(shotSchema),
  /** Shots matching the filter, across all pages. */
  total: countSchema,
  limit: countSchema,
  offset: countSchema,
});
export type ShotPage = z.infer<typeof shotPageSchema>;

export const coverageVariantSchema = z.object({
  id: idSchema,
  shotId: idSchema,
  framingType: framingTypeSchema,
  name: nameSchema,
  description: descriptionSchema.nullable().default(null),
  prompt: promptSchema.nullable().default(null),
  image_url: urlSchema.nullable().default(null),
  /** The stored image (signed into image_url on every answer); promoting the variant uses it. */
  s3_image_key: storageKeySchema.nullable().default(null),
  video_url: urlSchema.nullable().default(null),
  generation_status: generationStatusSchema.default('pending'),
  createdAt: timestampSchema,
});
export type CoverageVariant = z.infer<typeof coverageVariantSchema>;

export const coverageVariantUpdatesSchema = z.object(
  updateFields(
    coverageVariantSchema.pick({ framingType: true, name: true, description: true, prompt: true }).shape,
  ),
);
export type CoverageVariantUpdates = z.infer<typeof coverageVariantUpdatesSchema>;

/** Variants per shot id, for badges on the timeline. */
export const coverageCountsSchema = z.record(idSchema, countSchema);
export type CoverageCounts = z.infer<typeof coverageCountsSchema>;

// ---------------------------------------------------------------- assets

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

// ---------------------------------------------------------------- script

export const SCRIPT_FORMATS = ['fountain', 'fdx', 'text'] as const;
export const scriptFormatSchema = z.enum(SCRIPT_FORMATS);
export type ScriptFormat = z.infer<typeof scriptFormatSchema>;

export const scriptSchema = z.object({
  projectId: idSchema,
  content: scriptContentSchema,
  format: scriptFormatSchema.optional(),
  updatedAt: timestampSchema.optional(),
});
export type Script = z.infer<typeof scriptSchema>;

const lineNumberSchema = z.number().int().min(1);
const sceneNumberSchema = z.number().int().min(1);

/**
 * The director's report on a script (issue 25): what the offline director would shoot, counted the way
 * a reviewer reads a first pass. script:analyze and script:analyzeProject carry it; the CLI prints it
 * (`reelbench script analyze --director`); the SDK's `directorReport` computes it.
 */
export const directorReportSchema = z.object({
  title: z.string().optional(),
  shots: countSchema,
  scenes: countSchema,
  framings: z.record(framingTypeSchema, countSchema),
  inserts: z.array(z.object({ shot: z.string(), subjects: z.array(z.string()) })),
  introductions: z.array(z.object({ shot: z.string(), characters: z.array(z.string()) })),
  voices: z.array(
    z.object({
      shot: z.string(),
      speaker: z.string(),
      kind: z.enum(['voice-over', 'off-screen']),
      line: z.string(),
      coveredOn: z.string(),
    }),
  ),
  dialogueScenes: z.array(
    z.object({
      scene: sceneNumberSchema,
      heading: z.string(),
      speeches: countSchema,
      speakers: z.array(z.string()),
      coverage: z.partialRecord(framingTypeSchema, countSchema),
      /** Shots framed on each speaker alone (singles, over-the-shoulders, reactions). */
      singles: z.record(z.string(), countSchema),
    }),
  ),
  transitions: z.array(
    z.object({ shot: z.string(), position: z.enum(['in', 'out']), kind: z.string(), text: z.string() }),
  ),
  slugs: z.array(z.object({ text: z.string(), shot: z.string().nullable() })),
  soundEffects: countSchema,
  runningTimeSeconds: z.number().min(0),
  pageCount: countSchema,
  estimatedScreenTimeSeconds: z.number().min(0),
  /** Running time ÷ the page count's estimate (one minute a page). */
  runningTimeRatio: z.number().min(0),
});
export type DirectorReportData = z.infer<typeof directorReportSchema>;

/** What script:analyze reports (the screenplay engine's analyzeScreenplay). */
export const scriptAnalysisSchema = z.object({
  title: z.string().optional(),
  scenes: z.array(
    z.object({
      /** 1-based position of the scene in the script. */
      number: sceneNumberSchema,
      /** The number written on the heading (`#12A#`), if any. */
      sceneNumber: z.string().optional(),
      heading: z.string(),
      intExt: z.enum(['INT', 'EXT', 'INT/EXT', 'EST']).nullable(),
      location: z.string().nullable(),
      timeOfDay: z.string().nullable(),
      /** 1-based page the scene starts on. */
      page: z.number().int().min(1),
      /** Length as the industry writes it: '3/8', '1 1/8'. */
      eighths: z.string(),
      lengthEighths: countSchema,
      wordCount: countSchema,
      characters: z.array(z.string()),
      line: lineNumberSchema,
    }),
  ),
  characters: z.array(
    z.object({
      name: z.string(),
      dialogueLines: countSchema,
      /** Number of cues. */
      speeches: countSchema,
      words: countSchema,
      scenes: z.array(sceneNumberSchema),
      /** scene is null when the character appears before the first heading. */
      firstAppearance: z.object({ scene: sceneNumberSchema.nullable(), line: lineNumberSchema }),
    }),
  ),
  locations: z.array(z.object({ name: z.string(), scenes: z.array(sceneNumberSchema) })),
  pageCount: countSchema,
  /** Exact length in pages by the page model. */
  pages: z.number().min(0),
  /** One page is one minute. */
  estimatedScreenTimeSeconds: z.number().min(0),
  wordCount: countSchema,
  readingTimeMinutes: countSchema,
  /** What the offline director would shoot from this script. */
  director: directorReportSchema.optional(),
});
export type ScriptAnalysis = z.infer<typeof scriptAnalysisSchema>;

export const scriptFindingSchema = z.object({
  line: lineNumberSchema,
  column: z.number().int().min(1).optional(),
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
});
export type ScriptFinding = z.infer<typeof scriptFindingSchema>;

export const scriptValidationSchema = z.object({
  valid: z.boolean(),
  format: scriptFormatSchema,
  findings: z.array(scriptFindingSchema),
  summary: countsSchema(['errors', 'warnings', 'scenes', 'characters', 'pageCount']),
});
export type ScriptValidation = z.infer<typeof scriptValidationSchema>;

export const scriptFormatHelpSchema = z.object({
  format: scriptFormatSchema,
  title: z.string(),
  summary: z.string(),
  elements: z.array(z.object({ name: z.string(), syntax: z.string(), example: z.string() })),
});
export type ScriptFormatHelp = z.infer<typeof scriptFormatHelpSchema>;

// ---------------------------------------------------------------- files

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

// ---------------------------------------------------------------- UI records

export const toastTypeSchema = z.enum(TOAST_TYPES);

/** The click handler of a toast action is UI state and stays out of the schema. */
export const toastSchema = z.object({
  id: z.string().min(1).max(TEXT_LIMITS.shortText),
  type: toastTypeSchema,
  title: z.string().max(TEXT_LIMITS.name),
  message: z.string().max(TEXT_LIMITS.description).default(''),
  /** Milliseconds; when absent, TOAST_DURATION_MS of the type. */
  duration: z.number().int().min(0).optional(),
  persistent: z.boolean().default(false),
  action: z.object({ label: z.string().min(1).max(TEXT_LIMITS.shortText) }).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

export const applicationErrorSchema = z.object({
  code: errorCodeSchema,
  /** 0 for errors raised on the client without an HTTP answer. */
  statusCode: z.number().int().min(0),
  context: metadataSchema.default({}),
  timestamp: timestampSchema,
});
export type ApplicationError = z.infer<typeof applicationErrorSchema>;

// ---------------------------------------------------------------- first pass

const VISUAL_STYLE_VALUES = VISUAL_STYLES.map((style) => style.value) as [VisualStyle, ...VisualStyle[]];

export const styleGuideSchema = z.object({
  style: z.enum(VISUAL_STYLE_VALUES).default(FIRST_PASS_DEFAULTS.style),
  aspect: z.enum(ASPECT_RATIOS).default(FIRST_PASS_DEFAULTS.aspect),
  pacing: z.enum(PACINGS).default(FIRST_PASS_DEFAULTS.pacing),
  template: z.enum(CINEMATIC_TEMPLATES).default(FIRST_PASS_DEFAULTS.template),
  notes: descriptionSchema.optional(),
});
export type StyleGuide = z.infer<typeof styleGuideSchema>;

/**
 * How a first pass meets the shots already there: 'revise' keeps every shot whose script text is
 * unchanged, updates (and marks stale) those whose text changed, adds and removes the rest; 'replace'
 * makes every first-pass shot anew.
 */
export const FIRST_PASS_UPDATES = ['revise', 'replace'] as const;
export type FirstPassUpdate = (typeof FIRST_PASS_UPDATES)[number];

export const firstPassRequestSchema = z.object({
  projectId: idSchema,
  mode: z.literal(FIRST_PASS_MODE),
  styleGuide: styleGuideSchema.prefault({}),
  /** Default: 'revise' when the project has first-pass shots that know their source, else 'replace'. */
  update: z.enum(FIRST_PASS_UPDATES).optional(),
  /** Work out the revision (or replacement) and answer it, writing nothing. */
  dryRun: z.boolean().optional(),
});
export type FirstPassRequest = z.infer<typeof firstPassRequestSchema>;

/** Who ran the pass a script version was kept for, as their account read then (null id: account gone). */
export const scriptVersionAuthorSchema = z.object({
  id: idSchema.nullable(),
  username: z.string().max(TEXT_LIMITS.name),
  email: z.string().max(320),
});
export type ScriptVersionAuthor = z.infer<typeof scriptVersionAuthorSchema>;

/**
 * A saved script a first pass ran on (issue 30), without its text: numbered from 1 per project, who ran
 * the first pass on it and when, its length in pages (the screenplay engine's page model) and whether
 * that pass revised or replaced the shots. A later pass on the same text adds no version; it moves
 * lastPassAt and counts in passes.
 */
export const scriptVersionSummarySchema = z.object({
  id: idSchema,
  projectId: idSchema,
  number: z.number().int().min(1),
  author: scriptVersionAuthorSchema,
  createdAt: timestampSchema,
  lastPassAt: timestampSchema,
  passes: z.number().int().min(1),
  pageCount: countSchema,
  mode: z.enum(FIRST_PASS_UPDATES),
  format: scriptFormatSchema,
  /** Lines of the text. */
  lines: countSchema,
});
export type ScriptVersionSummary = z.infer<typeof scriptVersionSummarySchema>;

/** A script version with its text (script:getVersion). */
export const scriptVersionSchema = scriptVersionSummarySchema.extend({ content: scriptContentSchema });
export type ScriptVersion = z.infer<typeof scriptVersionSchema>;

/**
 * How a shot joins its neighbour, as the script's transition asks: a dissolve, a fade (from or to
 * black), a cut to black, a smash or match cut, a wipe, an iris, a jump cut. A plain cut is the default
 * and is never written.
 */
export const FIRST_PASS_TRANSITIONS = [
  'dissolve',
  'fade',
  'cut-to-black',
  'smash-cut',
  'match-cut',
  'wipe',
  'iris',
  'jump-cut',
] as const;
export const firstPassTransitionSchema = z.object({
  kind: z.enum(FIRST_PASS_TRANSITIONS),
  /** The line as the script writes it: 'DISSOLVE TO:', 'FADE OUT.'. */
  text: z.string().max(TEXT_LIMITS.shortText),
});
export type FirstPassTransition = z.infer<typeof firstPassTransitionSchema>;

/**
 * What the shot's sound carries besides its own lines: an effect the action writes in capitals
 * ('A DOG BARKS'), a voice-over line heard over the picture, a line spoken off screen.
 */
export const FIRST_PASS_SOUND_KINDS = ['effect', 'voice-over', 'off-screen'] as const;
export const firstPassSoundSchema = z.object({
  kind: z.enum(FIRST_PASS_SOUND_KINDS),
  text: descriptionSchema,
  /** The character speaking, for a voice-over or off-screen line. */
  speaker: nameSchema.optional(),
});
export type FirstPassSound = z.infer<typeof firstPassSoundSchema>;

export const firstPassShotSchema = z
  .object({
    /**
     * The project shot this pass shot is (generateShotsFromScript answers it): an existing shot's id
     * when a revise kept or changed it, else the new shot's (a dry run's: the id it would have used).
     */
    id: idSchema.optional(),
    name: nameSchema.default(DEFAULT_SHOT_NAME),
    description: descriptionSchema.default(''),
    action: descriptionSchema.default(''),
    script_text: promptSchema.default(''),
    framing: framingTypeSchema,
    camera_move: cameraMoveSchema,
    characters: z.array(nameSchema).max(LIST_LIMITS.placements).default([]),
    location: z.string().max(TEXT_LIMITS.name).default(''),
    /** Objects the shot is about (an insert's subject), as the script names them. */
    props: z.array(nameSchema).max(LIST_LIMITS.placements).optional(),
    prompt: promptSchema.default(''),
    /** The transition from the previous shot into this one (the first shot's: from black). */
    transitionIn: firstPassTransitionSchema.optional(),
    /** The transition out of the last shot of the cut ('FADE OUT.'), when nothing follows it. */
    transitionOut: firstPassTransitionSchema.optional(),
    sounds: z.array(firstPassSoundSchema).max(LIST_LIMITS.placements).optional(),
    sceneNumber: z.number().int().min(1),
    sceneHeading: z.string().max(TEXT_LIMITS.description).default(''),
    /** The screenplay elements the shot covers, first and last (its source span). */
    elements: z.object({ from: countSchema, to: countSchema }).optional(),
    /** Seconds from the start of the cut. */
    startTime: z.number().min(0),
    endTime: z.number().min(0).optional(),
    duration: z.number().positive().max(MAX_SHOT_DURATION).optional(),
  })
  .superRefine((shot, ctx) => {
    if (shot.endTime === undefined && shot.duration === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration'],
        message: 'A first-pass shot needs endTime or duration',
      });
    }
    if (shot.endTime !== undefined && shot.endTime <= shot.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'endTime must be after startTime' });
    }
  });
export type FirstPassShot = z.infer<typeof firstPassShotSchema>;

/**
 * SPEC.md section 4: endTime − startTime when endTime exists, else the given duration. Rounded to the
 * millisecond, because 12.3 − 10.1 is 2.2000000000000011 in floating point.
 */
export function firstPassShotDuration(
  shot: Pick<FirstPassShot, 'startTime' | 'endTime' | 'duration'>,
): number {
  const seconds =
    shot.endTime === undefined ? (shot.duration ?? DEFAULT_SHOT_DURATION) : shot.endTime - shot.startTime;
  return Math.round(seconds * 1000) / 1000;
}

export const firstPassSceneSchema = z.object({
  number: z.number().int().min(1),
  heading: z.string().max(TEXT_LIMITS.description),
  name: z.string().max(TEXT_LIMITS.name),
  /** Indexes into the response's shots. */
  shotIndexes: z.array(countSchema),
});
export type FirstPassScene = z.infer<typeof firstPassSceneSchema>;

export const missingAssetSchema = z.object({
  type: z.enum(['character', 'location']),
  name: nameSchema,
});
export type MissingAsset = z.infer<typeof missingAssetSchema>;

/** A project asset the script names (its type and name as the asset has them), and the shots it appears in. */
export const firstPassLinkedAssetSchema = z.object({
  assetId: idSchema,
  ...assetSchema.pick({ type: true, name: true }).shape,
  shotIndexes: z.array(countSchema),
});
export type FirstPassLinkedAsset = z.infer<typeof firstPassLinkedAssetSchema>;

/** What a revise does to one shot, with its script text before and after. */
export const FIRST_PASS_CHANGES = ['changed', 'added', 'removed'] as const;
export const firstPassChangeSchema = z.object({
  id: idSchema,
  change: z.enum(FIRST_PASS_CHANGES),
  /** The shot's name: the new one (changed, added), the one it had (removed). */
  name: nameSchema,
  /**
   * The new script's scene the shot is in; for a removed shot, the new scene its old scene became,
   * null when that scene is gone from the script.
   */
  sceneNumber: z.number().int().min(1).nullable(),
  /** The heading of that scene (a removed shot's: its old scene's). */
  sceneHeading: z.string().max(TEXT_LIMITS.description),
  /** The script text before (changed, removed) and after (changed, added). */
  before: promptSchema.optional(),
  after: promptSchema.optional(),
});
export type FirstPassChange = z.infer<typeof firstPassChangeSchema>;

export const firstPassResponseSchema = z.object({
  shots: z.array(firstPassShotSchema).max(LIST_LIMITS.shots),
  scenes: z.array(firstPassSceneSchema).optional(),
  /** Characters and locations the script names that the project has no asset for. */
  missingAssets: z.array(missingAssetSchema).optional(),
  linkedAssets: z.array(firstPassLinkedAssetSchema).optional(),
  /** How the pass met the shots already there (generateShotsFromScript answers it). */
  update: z.enum(FIRST_PASS_UPDATES).optional(),
  /** Nothing was written: the lists say what the pass would do. */
  dryRun: z.boolean().optional(),
  /** Shot ids: unchanged, changed in place (now stale), new, and removed (kept in the trash for a week). */
  kept: z.array(idSchema).max(LIST_LIMITS.shots).optional(),
  changed: z.array(idSchema).max(LIST_LIMITS.shots).optional(),
  added: z.array(idSchema).max(LIST_LIMITS.shots).optional(),
  removed: z.array(idSchema).max(LIST_LIMITS.shots).optional(),
  /**
   * A revise's changed, added and removed shots with their script text before and after (dry run
   * too): what a "Revise shots" preview shows. Absent for a replace.
   */
  changes: z.array(firstPassChangeSchema).max(LIST_LIMITS.shots).optional(),
  /**
   * The applied revise (not dry, something changed), for script:undoRevision: every shot it changed,
   * moved or added carries it until the next revise touches that shot.
   */
  revision: idSchema.optional(),
});
export type FirstPassResponse = z.infer<typeof firstPassResponseSchema>;

/**
 * Takes back a revise (the web's undo): the shots it added go to the trash, the shots it changed or
 * moved get every value the revise rewrote back (text, scene, source, and the recorded media inputs,
 * so their old staleness), the shots it removed come back from the trash as they were (first-pass
 * shots with their source), and the timeline takes the order and scenes the client had before it.
 */
export const undoRevisionSchema = z.object({
  projectId: idSchema,
  revision: idSchema,
  /** The revise's removed shot ids (its reply's `removed`). */
  removed: z.array(idSchema).max(LIST_LIMITS.shots).default([]),
  /** The shot order and scenes from before the revise. */
  shotOrder: z.array(idSchema).max(LIST_LIMITS.shotOrder),
  scenes: z.array(sceneSchema).max(LIST_LIMITS.scenes),
});
export type UndoRevision = z.infer<typeof undoRevisionSchema>;

export const undoRevisionReplySchema = z.object({
  projectId: idSchema,
  /** Shots given their values from before the revise. */
  reverted: z.array(idSchema),
  /** Shots the revise had added, now in the trash. */
  deleted: z.array(idSchema),
  /** Shots the revise had removed, back from the trash. */
  restored: z.array(idSchema),
});
export type UndoRevisionReply = z.infer<typeof undoRevisionReplySchema>;

// ---------------------------------------------------------------- jobs

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const jobSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  userId: idSchema.optional(),
  /** The action that queued it, e.g. 'shot:generate-batch'. */
  type: z.string().min(1).max(TEXT_LIMITS.shortText),
  status: jobStatusSchema,
  progress: z.number().min(0).max(100),
  message: z.string().max(TEXT_LIMITS.description).optional(),
  error: z.string().max(TEXT_LIMITS.description).optional(),
  /** The catalogue code of a failed job's error: VALIDATION_ERROR for bad input, SERVER_ERROR for ours. */
  errorCode: errorCodeSchema.optional(),
  result: z.unknown().optional(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  shotIds: z.array(idSchema).optional(),
});
export type Job = z.infer<typeof jobSchema>;

/** Queue depth for the project's owner: jobs waiting to start and jobs running. */
export const jobCountsSchema = countsSchema(['waiting', 'running']);
export type JobCounts = z.infer<typeof jobCountsSchema>;

/** Per-shot outcome of a batch job (job.result of generate-batch and generate-video-batch). */
export const batchShotResultSchema = z.object({
  shotId: idSchema,
  status: generationStatusSchema,
  url: urlSchema.optional(),
  error: z.string().max(TEXT_LIMITS.description).optional(),
});
export type BatchShotResult = z.infer<typeof batchShotResultSchema>;

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

// ---------------------------------------------------------------- review

/** How long a new review link lives, in hours; none: until it is revoked. */
export const REVIEW_LIMITS = {
  maxExpiryHours: 24 * 365,
  authorName: 100,
  commentBody: 2_000,
  /** Comments kept per project; a review link cannot grow a project's data without bound. */
  commentsPerProject: 2_000,
  /** The latest time a comment may name: 22 hours, the longest cut the editorial formats hold. */
  maxTimeMs: 22 * 3_600 * 1_000,
} as const;

export const reviewLinkCreateSchema = z
  .object({
    /** Hours from now until the link stops working; left out: it works until revoked. */
    expiresInHours: z.number().int().min(1).max(REVIEW_LIMITS.maxExpiryHours).optional(),
  })
  .prefault({});
export type ReviewLinkCreate = z.input<typeof reviewLinkCreateSchema>;

/** A new link: the token is shown once, here; only its hash is stored. */
export const reviewLinkSchema = z.object({
  id: idSchema,
  token: z.string().min(1),
  url: urlSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
});
export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** A project's live (not revoked) link in the owner's list: no token, its first characters as a hint. */
export const reviewLinkSummarySchema = z.object({
  id: idSchema,
  projectId: idSchema,
  hint: z.string().min(1).max(16),
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
  expired: z.boolean(),
});
export type ReviewLinkSummary = z.infer<typeof reviewLinkSummarySchema>;

/** What a reviewer sends: a name, the text, and the time of the cut it is about. */
export const reviewCommentCreateSchema = z.object({
  authorName: z.string().trim().min(1).max(REVIEW_LIMITS.authorName),
  body: z.string().trim().min(1).max(REVIEW_LIMITS.commentBody),
  /** Milliseconds from the start of the cut the reviewer was watching. */
  timeMs: z.number().int().min(0).max(REVIEW_LIMITS.maxTimeMs),
});
export type ReviewCommentCreate = z.input<typeof reviewCommentCreateSchema>;

export const reviewCommentSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  authorName: z.string().min(1).max(REVIEW_LIMITS.authorName),
  body: z.string().min(1).max(REVIEW_LIMITS.commentBody),
  timeMs: z.number().int().min(0),
  /** The shot on screen at timeMs when the comment was made (null past the end or with no shots). */
  shotId: idSchema.nullable(),
  /** Milliseconds into that shot. */
  shotOffsetMs: z.number().int().min(0),
  createdAt: timestampSchema,
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** The project's rendered rough cut, when one exists. */
/** `duration` in seconds. */
export const reviewRoughCutSchema = z.object({ url: urlSchema, duration: z.number().min(0) });
export type ReviewRoughCut = z.infer<typeof reviewRoughCutSchema>;

/** What a public review page may read: no owner data, no storage keys beyond the urls. */
export const reviewViewSchema = z.object({
  project: projectSchema.pick({ id: true, name: true, description: true, thumbnail: true, settings: true }),
  shots: z.array(shotSchema),
  script: scriptSchema.nullable(),
  roughCut: reviewRoughCutSchema.optional(),
  comments: z.array(reviewCommentSchema).default([]),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

// ---------------------------------------------------------------- repository

export const publishSchema = z.object({ published: z.boolean() });
export type PublishInput = z.infer<typeof publishSchema>;

export const projectPublishedSchema = z.object({ projectId: idSchema, published: z.boolean() });
export const assetPublishedSchema = z.object({ assetId: idSchema, published: z.boolean() });

/** The owner's view of what a project shows on its repository page. */
export const repositoryStateSchema = z.object({
  projectId: idSchema,
  /** The whole project: every asset of it (and its series' shared assets) is shown. */
  published: z.boolean(),
  publishedAssetIds: z.array(idSchema),
  /** The public page's id: the project's id. */
  repositoryId: idSchema,
});
export type RepositoryState = z.infer<typeof repositoryStateSchema>;

/** A published asset as the public sees it: its text and images' signed URLs, nothing else. */
export const repositoryAssetSchema = assetSchema.pick({ id: true, type: true, name: true }).extend({
  description: z.string().nullable(),
  images: z.array(
    z.object({
      key: imageKeySchema,
      url: urlSchema,
      thumbnailUrl: urlSchema.nullable(),
    }),
  ),
});
export type RepositoryAsset = z.infer<typeof repositoryAssetSchema>;

/** /repository/{repositoryId}: a project's or a series' published assets. */
export const repositoryViewSchema = z.object({
  id: idSchema,
  kind: z.enum(['project', 'series']),
  name: nameSchema,
  description: z.string().nullable(),
  assets: z.array(repositoryAssetSchema),
});
export type RepositoryView = z.infer<typeof repositoryViewSchema>;
