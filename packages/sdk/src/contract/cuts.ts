import { z } from 'zod';
import {
  cutImportResultSchema,
  cutSchema,
  cutSummarySchema,
  cutTransitionSchema,
  editorialExportOptionsSchema,
  editorialFormatSchema,
  editorialFrameRateSchema,
  importableEditorialFormatSchema,
} from './editorial.js';
import { actionSpec, projectRef } from './internal.js';
import { jobAcceptedReplySchema } from './jobs.js';
import {
  deletedReplySchema,
  type HttpRouteSpec,
  idSchema,
  nameSchema,
  type SocketActionSpec,
  storageKeySchema,
  timestampSchema,
  urlSchema,
} from './primitives.js';
import { projectSchema } from './project.js';

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

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The cut socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const CUT_ACTIONS = /* @__PURE__ */ (() =>
  ({
    /** Versioned cuts of a project's timeline and their EDL / OTIO / FCPXML files (docs/editorial.md). */
    cut: {
      /** A new cut from the project's current timeline (shots in order with their durations). */
      create: actionSpec(projectRef.extend(cutCreateSchema.shape), cutSchema),
      list: actionSpec(projectRef, z.array(cutSummarySchema)),
      get: actionSpec(cutRefSchema, cutSchema),
      rename: actionSpec(cutRefSchema.extend(cutRenameSchema.shape), cutSchema),
      delete: actionSpec(cutRefSchema, deletedReplySchema),
      /** What moved and what changed length between two versions. */
      compare: actionSpec(projectRef.extend({ olderId: idSchema, newerId: idSchema }), cutComparisonSchema),
      /** The file's text, name and MIME type. */
      export: actionSpec(
        cutRefSchema.extend({
          format: editorialFormatSchema,
          options: cutExportOptionsSchema.optional(),
        }),
        cutExportFileSchema,
      ),
      /** An edited EDL or OTIO: saved as a new version and applied to the project's order and durations. */
      import: actionSpec(cutRefSchema.extend(cutImportSchema.shape), cutImportResultSchema),
      /**
       * Puts the project's shot order and durations back to this version's: the undo of an import (restore
       * the version before it). The cut itself is unchanged; the answer is the project.
       */
      restore: actionSpec(cutRefSchema, projectSchema),
      /** Queues the rough cut of a cut (one MP4): a job with progress; its result is the rough cut. */
      'render-rough-cut': actionSpec(cutRefSchema.extend(roughCutRenderSchema.shape), jobAcceptedReplySchema),
      /** The latest rough cut of the cut, or of the project without cutId; null when there is none. */
      'get-rough-cut': actionSpec(
        projectRef.extend({ cutId: idSchema.optional() }),
        roughCutSchema.nullable(),
      ),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The cut HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const CUT_ROUTES = /* @__PURE__ */ (() =>
  ({
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
      /**
       * The storyboard PDF of a cut (application/pdf, as an attachment): frames, shot names,
       * durations, framing, script text and scene headings; ?layout=contact (default) or pages.
       */
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
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
