import { z } from 'zod';
import { assetSchema } from './asset.js';
import {
  ASPECT_RATIOS,
  CINEMATIC_TEMPLATES,
  DEFAULT_SHOT_DURATION,
  DEFAULT_SHOT_NAME,
  FIRST_PASS_DEFAULTS,
  FIRST_PASS_MODE,
  PACINGS,
  VISUAL_STYLES,
  type VisualStyle,
} from './constants.js';
import { countSchema } from './internal.js';
import {
  descriptionSchema,
  framingTypeSchema,
  idSchema,
  LIST_LIMITS,
  MAX_SHOT_DURATION,
  nameSchema,
  promptSchema,
  TEXT_LIMITS,
} from './primitives.js';
import { sceneSchema } from './scene.js';
import { cameraMoveSchema } from './shot.js';

/**
 * The first pass (SPEC.md section 4, docs/screenplay.md): the style guide it takes, the shots, scenes
 * and changes it answers, and the undo of a revise. Its actions are script actions (script.ts).
 */

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
