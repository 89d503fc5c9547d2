import { z } from 'zod';
import { assetSchema } from './asset.js';
import { jobSchema } from './jobs.js';
import { descriptionSchema, idSchema, nameSchema } from './primitives.js';

/**
 * The cast from the script: the characters, locations and props it names, each with the project's
 * asset for it. Its actions are project actions (project.ts). The schemas are built behind pure
 * annotations so a bundle that reaches project.ts without using them (the web's first chunk) drops them.
 */

export const CAST_TYPES = ['character', 'location', 'prop'] as const;
export const castTypeSchema = /* @__PURE__ */ (() => z.enum(CAST_TYPES))();
export type CastType = z.infer<typeof castTypeSchema>;

/** One character, location or prop the script names, and the project's asset for it. */
export const castMemberSchema = /* @__PURE__ */ (() =>
  z.object({
    type: castTypeSchema,
    name: nameSchema,
    /** From the script: a character's first appearance, a location's scene headings, a prop's first line. */
    description: descriptionSchema,
    /** null while the project has no asset for it. */
    assetId: idSchema.nullable(),
    /** How many of the project's first-pass shots name it. */
    shotCount: z.number().int().min(0),
  }))();
export type CastMember = z.infer<typeof castMemberSchema>;

export const castSchema = /* @__PURE__ */ (() =>
  z.object({
    projectId: idSchema,
    members: z.array(castMemberSchema),
    /** The members without an asset yet. */
    missing: z.number().int().min(0),
  }))();
export type Cast = z.infer<typeof castSchema>;

export const createCastSchema = /* @__PURE__ */ (() =>
  z.object({
    /** Also generate each new asset's default image, all in one job. */
    generate: z.boolean().default(false),
    provider: z.string().trim().min(1).max(100).optional(),
  }))();
export type CreateCast = z.input<typeof createCastSchema>;

export const createCastReplySchema = /* @__PURE__ */ (() =>
  z.object({
    cast: castSchema,
    created: z.array(assetSchema),
    /** Shots whose placements changed: the cast placed by framing, the location as the backdrop. */
    placedShotIds: z.array(idSchema),
    /** The job that generated the default images (done when the reply arrives), or null. */
    job: jobSchema.nullable(),
  }))();
export type CreateCastReply = z.infer<typeof createCastReplySchema>;
