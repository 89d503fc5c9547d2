import { z } from 'zod';
import { FIRST_PASS_DEFAULTS, VISUAL_STYLES, type VisualStyle } from './constants.js';
import { actionSpec, projectRef } from './internal.js';
import {
  descriptionSchema,
  idSchema,
  imageUrlSchema,
  nameSchema,
  type SocketActionSpec,
  storageKeySchema,
  timestampSchema,
} from './primitives.js';

// ---------------------------------------------------------------- style packages

const channel = (min: number, max: number) => z.number().min(min).max(max);
const rgb = (min: number, max: number) => z.tuple([channel(min, max), channel(min, max), channel(min, max)]);

/**
 * A colour grade as the local renderer applies it: a saturation mix, a per-channel tint (gain),
 * a per-channel contrast about mid-grey, a per-channel lift (0..255 steps) and a corner vignette.
 */
export const colourGradeSchema = z.object({
  saturation: channel(0, 2),
  tint: rgb(0.5, 1.5),
  contrast: rgb(0.5, 2),
  lift: rgb(-64, 64),
  vignette: channel(0, 1),
});
export type ColourGrade = z.infer<typeof colourGradeSchema>;

export const STYLE_LIMITS = { referenceImages: 8, packagesPerProject: 200 } as const;

/** The id of a built-in package is its visual style (SPEC.md §9); the user's own have uuids. */
export const stylePackageIdSchema = z.string().trim().min(1).max(100);

export const styleReferenceImageSchema = z.object({ key: storageKeySchema, url: imageUrlSchema });

export const stylePackageSchema = z.object({
  id: stylePackageIdSchema,
  /** null for the built-in packages, which every project has. */
  projectId: idSchema.nullable(),
  name: nameSchema,
  /** The words that describe the look; remote providers get them in every prompt of a shot using it. */
  look: descriptionSchema,
  grade: colourGradeSchema,
  referenceImages: z.array(styleReferenceImageSchema).max(STYLE_LIMITS.referenceImages),
  builtIn: z.boolean(),
  /** The package this one was duplicated from, when it was. */
  basedOn: stylePackageIdSchema.nullable(),
  /** How many of the project's shots use it. */
  shotCount: z.number().int().min(0),
  createdAt: timestampSchema.nullable(),
  updatedAt: timestampSchema.nullable(),
});
export type StylePackage = z.infer<typeof stylePackageSchema>;

export const stylePackageCreateSchema = z.object({
  name: nameSchema,
  look: descriptionSchema.default(''),
  grade: colourGradeSchema.optional(),
  /** Storage keys of images of this project (an upload's `key`). */
  referenceImageKeys: z.array(storageKeySchema).max(STYLE_LIMITS.referenceImages).default([]),
});
export type StylePackageCreate = z.input<typeof stylePackageCreateSchema>;

export const stylePackageUpdatesSchema = z.object({
  name: nameSchema.optional(),
  look: descriptionSchema.optional(),
  grade: colourGradeSchema.optional(),
  referenceImageKeys: z.array(storageKeySchema).max(STYLE_LIMITS.referenceImages).optional(),
});
export type StylePackageUpdates = z.input<typeof stylePackageUpdatesSchema>;

/** The reply to a change: the package and the shots whose image it made stale. */
export const styleChangeReplySchema = z.object({
  package: stylePackageSchema,
  staleShotIds: z.array(idSchema),
});
export type StyleChangeReply = z.infer<typeof styleChangeReplySchema>;

export const styleDeletedReplySchema = z.object({
  id: idSchema,
  deleted: z.literal(true),
  /** Shots that used it: they fall back to the default package and are stale. */
  staleShotIds: z.array(idSchema),
});
export type StyleDeletedReply = z.infer<typeof styleDeletedReplySchema>;

/** The four built-in packages of SPEC.md §9: read-only, in every project. */
export const BUILT_IN_STYLE_GRADES: Record<VisualStyle, ColourGrade> = {
  // Desaturated and warm, a little crushed, dark corners.
  'gritty-filmic': {
    saturation: 0.6,
    tint: [1.06, 1, 0.86],
    contrast: [1.12, 1.12, 1.12],
    lift: [2, -2, -6],
    vignette: 0.5,
  },
  // Teal shadows (red pulled down at the bottom), magenta highlights (red and blue steeper), punchy.
  'stylized-sci-fi': {
    saturation: 1.3,
    tint: [1, 1, 1],
    contrast: [1.4, 1.15, 1.35],
    lift: [-22, 4, 16],
    vignette: 0.3,
  },
  // Neutral: what the camera saw.
  documentary: {
    saturation: 0.92,
    tint: [1, 1, 1],
    contrast: [1, 1, 1],
    lift: [0, 0, 0],
    vignette: 0,
  },
  // Soft, lifted and warm.
  'warm-commercial': {
    saturation: 1.05,
    tint: [1.07, 1.01, 0.88],
    contrast: [0.9, 0.9, 0.9],
    lift: [14, 9, 4],
    vignette: 0,
  },
};

const BUILT_IN_NAMES: Record<VisualStyle, string> = {
  'gritty-filmic': 'Gritty filmic',
  'stylized-sci-fi': 'Stylized sci-fi',
  documentary: 'Documentary',
  'warm-commercial': 'Warm commercial',
};

// Pure: bundles that never read the built-ins (the web's entry) leave them out.
export const BUILT_IN_STYLE_PACKAGES: readonly StylePackage[] = /* @__PURE__ */ VISUAL_STYLES.map(
  (style) => ({
    id: style.value,
    projectId: null,
    name: BUILT_IN_NAMES[style.value],
    look: style.label,
    grade: BUILT_IN_STYLE_GRADES[style.value],
    referenceImages: [],
    builtIn: true,
    basedOn: null,
    shotCount: 0,
    createdAt: null,
    updatedAt: null,
  }),
);

export function isBuiltInStyle(id: string | null | undefined): id is VisualStyle {
  return VISUAL_STYLES.some((style) => style.value === id);
}

export const DEFAULT_STYLE_PACKAGE_ID: VisualStyle = FIRST_PASS_DEFAULTS.style;

// ---------------------------------------------------------------- socket actions

/** The style socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const STYLE_ACTIONS = /* @__PURE__ */ (() =>
  ({
    /**
     * Style packages: the four built-in looks (read-only, ids are their visual style) and the project's
     * own. A shot references one by style_package_id; a change makes exactly the shots using it stale.
     */
    style: {
      list: actionSpec(projectRef, z.array(stylePackageSchema)),
      get: actionSpec(projectRef.extend({ styleId: stylePackageIdSchema }), stylePackageSchema),
      create: actionSpec(projectRef.extend(stylePackageCreateSchema.shape), stylePackageSchema),
      update: actionSpec(
        projectRef.extend({ styleId: stylePackageIdSchema, updates: stylePackageUpdatesSchema }),
        styleChangeReplySchema,
      ),
      /** Shots that used it fall back to the default package. */
      delete: actionSpec(projectRef.extend({ styleId: stylePackageIdSchema }), styleDeletedReplySchema),
      /** A copy the project owns, of a built-in or of its own package. */
      duplicate: actionSpec(
        projectRef.extend({
          styleId: stylePackageIdSchema,
          name: stylePackageCreateSchema.shape.name.optional(),
        }),
        stylePackageSchema,
      ),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();
