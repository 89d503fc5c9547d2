import {
  ASPECT_RATIOS,
  type AspectRatio,
  type Asset,
  assetTypeSchema,
  type ColourGrade,
  colourGradeSchema,
  FRAMING_TYPES,
  LIST_LIMITS,
  MAX_SHOT_DURATION,
  type Shot,
  shotAssetPlacementSchema,
  TEXT_LIMITS,
  VISUAL_STYLES,
  type VisualStyle,
} from '@reelbench/sdk/contract';
import { z } from 'zod';
import type { RawPixelData } from '../media/sharp-io.js';
import { SET_KINDS } from './local/set-classes.js';

export type { RawPixelData };

/** Pixel size of a storyboard frame (and of its animatic clip) per aspect ratio. */
export const FRAME_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '16:9': { width: 1280, height: 720 },
  '9:16': { width: 720, height: 1280 },
  '1:1': { width: 1024, height: 1024 },
};

/** JSON-safe facts about a render, stored with the image (asset image entry metadata). */
export type ImageMeta = Record<string, string | number | boolean | null>;

export interface RenderedImage {
  png: Buffer;
  width: number;
  height: number;
  meta: ImageMeta;
  /**
   * The PNG's pixels, when the renderer still has them: storage then makes the display variants
   * from them instead of decoding the PNG again (about a tenth of a stored frame's cost).
   */
  pixels?: RawPixelData;
}

const bufferSchema = z.custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, {
  message: 'Expected non-empty image bytes',
});
const visualStyleSchema = z.enum(
  VISUAL_STYLES.map((style) => style.value) as [VisualStyle, ...VisualStyle[]],
);
const placementShape = shotAssetPlacementSchema.shape;

/** One asset on a frame: its cut-out (or null for a silhouette) and where it stands. */
export const framePlacementSchema = z.object({
  image: bufferSchema.nullable(),
  name: z.string().max(TEXT_LIMITS.name),
  type: assetTypeSchema,
  /** Centre of the asset, 0..1 of the frame from the left and from the top. */
  x: placementShape.position.unwrap().shape.x,
  y: placementShape.position.unwrap().shape.y,
  scale: placementShape.scale.unwrap(),
  /** Degrees, clockwise. */
  rotation: placementShape.rotation.unwrap(),
  /** 'left', 'right', 'back' or 'front': which way a silhouette faces. */
  direction: z.string().max(TEXT_LIMITS.name).nullable(),
  /** What the script says of the asset (a character's age, build, clothes); drawn into its figure. */
  description: z.string().max(TEXT_LIMITS.description).nullable().optional(),
});
export type FramePlacement = z.infer<typeof framePlacementSchema>;

export const frameRenderInputSchema = z.object({
  aspect: z.enum(ASPECT_RATIOS),
  framing: z.enum(FRAMING_TYPES),
  style: visualStyleSchema,
  /** The shot's style package's grade; without it, the built-in grade of `style`. */
  grade: colourGradeSchema.optional(),
  shot: z.object({
    name: z.string().max(TEXT_LIMITS.name),
    action: z.string().max(TEXT_LIMITS.description).nullable(),
    description: z.string().max(TEXT_LIMITS.description).nullable(),
  }),
  /** The location asset's image; null draws the location's set, or without one the neutral stage. */
  backdrop: bufferSchema.nullable(),
  /** The set of a location without an image (sets.ts): class, interior or not, light, palette seed. */
  set: z
    .object({
      kind: z.enum(SET_KINDS),
      interior: z.boolean(),
      light: z.enum(['day', 'dusk', 'night']),
      seed: z.number().int().min(0),
    })
    .nullable()
    .optional(),
  /** The shot's camera move as the director wrote it ('slow pan', 'push-in', …): drawn as a small arrow. */
  cameraMove: z.string().max(TEXT_LIMITS.shortText).nullable().optional(),
  placements: z.array(framePlacementSchema).max(LIST_LIMITS.placements),
});
export type FrameRenderInput = z.infer<typeof frameRenderInputSchema>;

/** The asset fields a renderer needs. */
export type AssetImageSubject = Pick<Asset, 'type' | 'name' | 'config'> & Partial<Pick<Asset, 'description'>>;

export interface PlacedAssetSource {
  asset: Pick<Asset, 'id' | 'type' | 'name' | 'config'> & Partial<Pick<Asset, 'description'>>;
  /** The bytes of the image the placement selects (see placementImageKey); null when it has none yet. */
  image: Buffer | null;
}

/** A style package as a render uses it. */
export interface StyleLook {
  name: string;
  look: string;
  grade: ColourGrade;
}

/** What the pipeline hands an ImageGenerator for one shot. */
export interface ShotImageRequest {
  shot: Pick<Shot, 'name' | 'action' | 'description' | 'framing' | 'assets'> &
    Partial<Pick<Shot, 'camera_move'>>;
  aspect: AspectRatio;
  style: VisualStyle;
  /** The shot's style package: its name and look reach remote prompts, its grade the local renderer. */
  look?: StyleLook;
  /** Every asset the shot places, with its image bytes. Placements of assets not listed are skipped. */
  assets: readonly PlacedAssetSource[];
  /** The shot's prompt (or a one-run replacement); remote providers describe the frame with it. */
  prompt?: string;
  /** Fires when the job is cancelled; a remote provider then cancels its own work too. */
  signal?: AbortSignal;
}

export interface EnhanceOptions {
  /** Stretch the luminance to the full range. Default true. */
  normalise?: boolean;
  /** Unsharp mask after scaling. Default true. */
  sharpen?: boolean;
  /** Scale 2×, capped at ENHANCE_MAX_DIMENSION on the longest side. Default true. */
  upscale?: boolean;
}

export interface MatteOptions {
  /** Largest RGB distance from the border colour that still counts as background (0..441). Default 40. */
  tolerance?: number;
  /** Radius in pixels of the soft edge. Default 1; 0 keeps a hard edge. */
  feather?: number;
}

export interface ImageAssessment {
  /** 0..10, one decimal. */
  score: number;
  /** Whether the score reaches the quality loop's minScore. */
  passes: boolean;
  /** Why, with the measured numbers, e.g. 'underexposed (mean luma 0.12)'. */
  reasons: string[];
  /**
   * Measurements on the luma of the image scaled to fit 512x512: sharpness is the variance of the
   * Laplacian, exposure the mean luma (0..1), clipped the share of pixels at black or white,
   * contrast the luma standard deviation.
   */
  metrics: { sharpness: number; exposure: number; clipped: number; contrast: number };
  /** Each measurement mapped to 0..10. */
  scores: { sharpness: number; exposure: number; contrast: number };
}

export interface CanvasOptions {
  aspect?: AspectRatio;
  /** #rrggbb. */
  background?: string;
}

export interface GridOptions {
  /** 1..8; default min(3, images). */
  columns?: number;
  /** Pixels between and around the cells. Default 16. */
  gutter?: number;
  /** Shape of each cell. Default 16:9. */
  cellAspect?: AspectRatio;
  /** Pixels. Default 480. */
  cellWidth?: number;
  background?: string;
}

export const clipRequestSchema = z.object({
  image: bufferSchema,
  durationSeconds: z.number().positive().max(MAX_SHOT_DURATION),
  framing: z.enum(FRAMING_TYPES).nullable(),
  aspect: z.enum(ASPECT_RATIOS),
  /** The shot's camera move as written ('slow pan', 'push-in', 'static', …); without one, the framing's. */
  cameraMove: z.string().max(TEXT_LIMITS.shortText).nullable().optional(),
});
/**
 * The signal and the prompt stay outside the schema: neither is data to validate, and the local
 * animatic (which parses the rest) needs neither.
 */
export type ClipRequest = z.infer<typeof clipRequestSchema> & {
  /** Fires when the job is cancelled; a remote provider then cancels its own work too. */
  signal?: AbortSignal;
  /** What happens in the shot, for a remote video model; the animatic ignores it. */
  prompt?: string;
};

export type CameraMove = 'pan' | 'push-in' | 'static';

export interface RenderedClip {
  /** An MP4 in the temp directory; the caller moves or deletes it. */
  path: string;
  /** frames / fps: the request rounded to whole frames. */
  durationSeconds: number;
  frames: number;
  fps: number;
  width: number;
  height: number;
  cameraMove: CameraMove;
  hasAudio: boolean;
  meta: ImageMeta;
}
