import { z } from 'zod';
import {
  cutTransitionSchema,
  editorialExportOptionsSchema,
  editorialFormatSchema,
  editorialFrameRateSchema,
  importableEditorialFormatSchema,
} from './editorial.js';
import { idSchema, nameSchema, storageKeySchema, timestampSchema, urlSchema } from './entities.js';

/**
 * The cuts domain (`cut:*` socket actions, /api/projects/:projectId/cuts routes): versioned cuts
 * stored per project, built from the timeline, exported as EDL / OTIO / FCPXML and imported back.
 */

/** A new cut from the project's current timeline; the name defaults to the project's. */
export const cutCreateSchema = z.object({
  name: nameSchema.optional(),
  frameRate: editorialFrameRateSchema.optional(),
});
export type CutCreate = z.input<typeof cutCreateSchema>;

export const cutRenameSchema = z.object({ name: nameSchema });

/** Export options without the format (the path or the payload names it). */
export const cutExportOptionsSchema = editorialExportOptionsSchema.omit({ format: true });
export type CutExportOptions = z.input<typeof cutExportOptionsSchema>;

const queryFlag = z.enum(['true', 'false', '1', '0']);

/** Query of GET …/cuts/:cutId/export/:format: strings on the wire ('true' / '1' for a flag). */
export const cutExportQuerySchema = z.object({
  frameRate: z.coerce.number().pipe(editorialFrameRateSchema).optional(),
  dropFrame: queryFlag.optional(),
  includeSoundtrack: queryFlag.optional(),
  includeDialogue: queryFlag.optional(),
});
export type CutExportQuery = z.output<typeof cutExportQuerySchema>;

/** The export options a parsed query asks for. */
export function cutExportQueryOptions(query: CutExportQuery): CutExportOptions {
  const flag = (value: string | undefined) =>
    value === undefined ? undefined : value === 'true' || value === '1';
  const dropFrame = flag(query.dropFrame);
  const includeSoundtrack = flag(query.includeSoundtrack);
  const includeDialogue = flag(query.includeDialogue);
  return {
    ...(query.frameRate === undefined ? {} : { frameRate: query.frameRate }),
    ...(dropFrame === undefined ? {} : { dropFrame }),
    ...(includeSoundtrack === undefined ? {} : { includeSoundtrack }),
    ...(includeDialogue === undefined ? {} : { includeDialogue }),
  };
}

/** The storyboard PDF's layouts: a contact sheet of 12 frames a page, or one shot a page. */
export const STORYBOARD_LAYOUTS = ['contact', 'pages'] as const;
export type StoryboardLayout = (typeof STORYBOARD_LAYOUTS)[number];
export const storyboardLayoutSchema = z.enum(STORYBOARD_LAYOUTS, {
  error: `Layout must be one of ${STORYBOARD_LAYOUTS.join(', ')}`,
});

/** Query of GET …/cuts/:cutId/export/pdf: the layout (contact sheet by default). */
export const cutStoryboardQuerySchema = z.object({
  layout: storyboardLayoutSchema.default('contact'),
});
export type CutStoryboardQuery = z.input<typeof cutStoryboardQuerySchema>;

export const cutExportFileSchema = z.object({
  format: editorialFormatSchema,
  filename: z.string().min(1),
  mimeType: z.string().min(1),
  text: z.string(),
});
export type CutExportFile = z.infer<typeof cutExportFileSchema>;

/** An edited EDL or OTIO file; at most 20 MB of text. */
export const cutImportSchema = z.object({
  format: importableEditorialFormatSchema,
  text: z.string().min(1).max(20_000_000),
  /** The file's rate when it cannot say it (an EDL at 23.976 reads like 24): another rate than the cut's converts. */
  frameRate: editorialFrameRateSchema.optional(),
  /** Read and match the file, and answer what applying it would do, without saving anything. */
  dryRun: z.boolean().optional(),
});
export type CutImport = z.input<typeof cutImportSchema>;

const cutEventPlaceSchema = z.object({
  index: z.number().int().min(0),
  duration: z.number().int().min(0),
  transition: cutTransitionSchema,
});

/** compareCuts' answer: one entry per event of either version, in the newer version's order. */
export const cutComparisonSchema = z.object({
  events: z.array(
    z.object({
      shotId: z.string(),
      clipName: z.string(),
      status: z.enum(['added', 'removed', 'kept']),
      moved: z.boolean(),
      durationDelta: z.number().int(),
      retimed: z.boolean(),
      before: cutEventPlaceSchema.optional(),
      after: cutEventPlaceSchema.optional(),
    }),
  ),
  durationDelta: z.number().int(),
  changed: z.boolean(),
});
export type CutComparisonReply = z.infer<typeof cutComparisonSchema>;

export const cutRefSchema = z.object({ projectId: idSchema, cutId: idSchema });

/** Render a cut's rough cut: burn in shot names and record timecode when asked. */
export const roughCutRenderSchema = z.object({ burnIn: z.boolean().optional() });
export type RoughCutRender = z.input<typeof roughCutRenderSchema>;

/** The latest rough cut of a cut (or of a project): one MP4, H.264 + AAC, at the cut's rate. */
export const roughCutSchema = z.object({
  jobId: idSchema,
  ...cutRefSchema.shape,
  cutName: z.string(),
  cutVersion: z.number().int().min(1),
  key: storageKeySchema,
  /** A freshly signed URL (signed again each time the rough cut is asked for). */
  url: urlSchema,
  filename: z.string().min(1),
  bytes: z.number().int().min(0),
  frameRate: z.number().positive(),
  frames: z.number().int().min(0),
  durationSeconds: z.number().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  hasAudio: z.boolean(),
  hasSoundtrack: z.boolean(),
  /** Dialogue lines of the scratch track heard in it (0 or absent: a silent or music-only cut). */
  dialogueLines: z.number().int().min(0).optional(),
  burnIn: z.enum(['drawn', 'off', 'unavailable']),
  dissolves: z.enum(['xfade', 'plain-cuts', 'none']),
  /** What could not be done as asked (no xfade, no drawtext or font), in words. */
  notes: z.array(z.string()),
  createdAt: timestampSchema,
});
export type RoughCut = z.infer<typeof roughCutSchema>;
