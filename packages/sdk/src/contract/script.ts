import { z } from 'zod';
import {
  FIRST_PASS_UPDATES,
  firstPassRequestSchema,
  firstPassResponseSchema,
  firstPassShotSchema,
  styleGuideSchema,
  undoRevisionReplySchema,
  undoRevisionSchema,
} from './breakdown.js';
import { MESSAGES } from './errors.js';
import { actionSpec, countSchema, countsSchema, projectRef, requiredId } from './internal.js';
import { jobSchema } from './jobs.js';
import {
  framingTypeSchema,
  type HttpRouteSpec,
  idSchema,
  LIST_LIMITS,
  type SocketActionSpec,
  scriptContentSchema,
  TEXT_LIMITS,
  timestampSchema,
} from './primitives.js';

/** Scripts: the saved screenplay, its analysis, validation and versions; the first pass runs as script actions. */

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

// ---------------------------------------------------------------- versions

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

// ---------------------------------------------------------------- inputs

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

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The script socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const SCRIPT_ACTIONS = /* @__PURE__ */ (() =>
  ({
    script: {
      analyze: actionSpec(scriptAnalyzeSchema, scriptAnalysisSchema),
      /** Analyses the project's saved script. */
      analyzeProject: actionSpec(projectRef, scriptAnalysisSchema, 120_000),
      convert: actionSpec(scriptConvertSchema, scriptConvertResultSchema),
      directedBreakdown: actionSpec(
        z.object({
          projectId: requiredId(MESSAGES.breakdownProjectIdRequired),
          styleGuide: styleGuideSchema.prefault({}),
        }),
        firstPassResponseSchema,
        60_000,
      ),
      /** Shots from the given script text, or from the project's saved script when content is absent. */
      'generate-shots': actionSpec(
        projectRef.extend({
          content: scriptSchema.shape.content.optional(),
          styleGuide: styleGuideSchema.prefault({}),
        }),
        firstPassResponseSchema,
      ),
      /**
       * The first pass (SPEC.md section 4), written in one transaction. With shots already made from the
       * script it revises them (update 'revise', the default then): unchanged shots keep everything,
       * changed ones take the new text and go stale, new material gets new shots, removed ones go to the
       * trash; the reply lists {kept, changed, added, removed}. 'replace' makes every first-pass shot
       * anew. dryRun answers the same lists and writes nothing. Emits shot:created/updated/deleted.
       */
      generateShotsFromScript: actionSpec(firstPassRequestSchema, firstPassResponseSchema),
      /**
       * Takes back an applied revise (its reply's `revision`): added shots to the trash, changed and
       * moved shots back to their values from before (their staleness too), removed shots back from the
       * trash, the order and scenes as given. One transaction. Emits shot:deleted/updated/created and
       * project:updated. 'Revision not found' when no shot carries that revision any more.
       */
      undoRevision: actionSpec(undoRevisionSchema, undoRevisionReplySchema),
      /** Like generateShotsFromScript, limited to some scenes when sceneNumbers is given. */
      generateCinematicShots: actionSpec(
        projectRef.extend({
          styleGuide: styleGuideSchema.prefault({}),
          sceneNumbers: z
            .array(firstPassShotSchema.shape.sceneNumber)
            .min(1)
            .max(LIST_LIMITS.scenes)
            .optional(),
        }),
        firstPassResponseSchema,
      ),
      save: actionSpec(projectRef.extend(scriptSaveSchema.shape), scriptSchema),
      get: actionSpec(projectRef, scriptSchema),
      /**
       * The saved scripts a first pass ran on, newest first, without their text: who ran the pass, when,
       * the page count and whether it revised or replaced the shots. At most `limit` (default and most
       * LIST_LIMITS.scriptVersions).
       */
      listVersions: actionSpec(
        projectRef.extend({
          limit: z.number().int().min(1).max(LIST_LIMITS.scriptVersions).optional(),
        }),
        z.array(scriptVersionSummarySchema),
      ),
      /** One version with its text; 'Script version not found' when it is not one of the project's. */
      getVersion: actionSpec(projectRef.extend({ versionId: idSchema }), scriptVersionSchema),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The script HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const SCRIPT_ROUTES = /* @__PURE__ */ (() =>
  ({
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
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
