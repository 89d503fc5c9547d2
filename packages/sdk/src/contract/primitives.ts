import { z } from 'zod';

/**
 * The contract's building blocks (ids, text and list limits, URLs, timestamps, JSON fields, statuses and
 * framings several domains share, the socket action and HTTP route specs): a leaf that imports nothing
 * but zod, so every domain file can use it without a cycle.
 */

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

// ---------------------------------------------------------------- ids, text and urls

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

// ---------------------------------------------------------------- statuses and framings

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

// ---------------------------------------------------------------- shared replies

export const deletedReplySchema = z.object({ id: idSchema, deleted: z.literal(true) });

export type DeletedReply = z.infer<typeof deletedReplySchema>;

export const okSchema = z.object({ success: z.literal(true) });

export type Ok = z.infer<typeof okSchema>;

// ---------------------------------------------------------------- socket action and HTTP route specs

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
