import type { FirstPassUpdate } from './contract/breakdown.js';
import { FIRST_PASS_MODE } from './contract/constants.js';
import { MESSAGES, ReelbenchError } from './contract/errors.js';
import { HTTP_ROUTES } from './contract/http.js';
import type { ScriptFormat, ScriptSave, ScriptValidate } from './contract/script.js';
import type { ActionPayload } from './contract/socket.js';
import { type DomainContext, requireSocket } from './domain-context.js';
import { quickAnalyze } from './quick-analyze.js';

const routes = HTTP_ROUTES.script;
type StyleGuideInput = ActionPayload<'script', 'generateShotsFromScript'>['styleGuide'];

/** How a first pass meets the shots already made from the script. */
export interface FirstPassOptions {
  /** 'revise' (the default when shots know their source) or 'replace' (make every shot anew). */
  update?: FirstPassUpdate;
  /** Answer what the pass would do, writing nothing. */
  dryRun?: boolean;
}

export function scriptClient(ctx: DomainContext) {
  const { http } = ctx;
  const socket = () => requireSocket(ctx);
  return {
    get: (projectId: string) => http.typedRequest(routes.get, { params: { projectId } }),
    save: (projectId: string, script: ScriptSave) =>
      http.typedRequest(routes.save, { params: { projectId }, body: script }),
    validate: (input: ScriptValidate) =>
      http.typedRequest(routes.validate, {
        body: input,
        invalidReplyMessage: MESSAGES.scriptValidationFailed,
      }),
    formatHelp: (format: ScriptFormat) => http.typedRequest(routes.formatHelp, { params: { format } }),
    jobs: () => http.typedRequest(routes.jobs),
    cancelJob: (id: string) => http.typedRequest(routes.cancelJob, { params: { id } }),

    /** Scenes, character names, words and reading time, computed locally (SPEC.md section 5). */
    quickAnalyze,
    analyze: (input: ActionPayload<'script', 'analyze'>) => socket().request('script', 'analyze', input),
    analyzeProject: (projectId: string) => socket().request('script', 'analyzeProject', { projectId }),
    convert: (input: ActionPayload<'script', 'convert'>) => socket().request('script', 'convert', input),
    directedBreakdown: (projectId: string, styleGuide?: StyleGuideInput) => {
      if (!projectId) {
        throw new ReelbenchError({ code: 'VALIDATION_ERROR', message: MESSAGES.breakdownProjectIdRequired });
      }
      return socket().request('script', 'directedBreakdown', { projectId, styleGuide });
    },
    /**
     * The first pass: shots for the whole script, in the 'cinematic' mode, written by the server. With
     * shots already made from the script it revises them (see FirstPassOptions); the reply lists the
     * shot ids kept, changed, added and removed.
     */
    firstPass: (projectId: string, styleGuide?: StyleGuideInput, options: FirstPassOptions = {}) =>
      socket().request('script', 'generateShotsFromScript', {
        projectId,
        mode: FIRST_PASS_MODE,
        styleGuide,
        ...(options.update ? { update: options.update } : {}),
        ...(options.dryRun ? { dryRun: true } : {}),
      }),
    /** Takes back an applied revise (firstPass's reply `revision`), as one step. */
    undoRevision: (input: ActionPayload<'script', 'undoRevision'>) =>
      socket().request('script', 'undoRevision', input),
    generateShots: (input: ActionPayload<'script', 'generate-shots'>) =>
      socket().request('script', 'generate-shots', input),
    generateCinematicShots: (input: ActionPayload<'script', 'generateCinematicShots'>) =>
      socket().request('script', 'generateCinematicShots', input),
    /** The saved scripts a first pass ran on, newest first, without their text (at most `limit`). */
    versions: (projectId: string, limit?: number) =>
      socket().request('script', 'listVersions', { projectId, ...(limit === undefined ? {} : { limit }) }),
    /** One script version with its text. */
    version: (projectId: string, versionId: string) =>
      socket().request('script', 'getVersion', { projectId, versionId }),
  };
}

export type ScriptClient = ReturnType<typeof scriptClient>;
