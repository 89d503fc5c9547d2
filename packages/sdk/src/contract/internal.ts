import { z } from 'zod';
import { SOCKET_DEFAULT_TIMEOUT_MS } from './constants.js';
import {
  deletedReplySchema,
  descriptionSchema,
  idSchema,
  nameSchema,
  timestampSchema,
} from './primitives.js';

/**
 * Helpers the domain files share that are not part of the public contract (index.ts does not re-export
 * this file): counts, the record projects and series share, and the socket action builders. The
 * shared payload refs are built behind pure annotations, so a bundle that uses no socket table drops them.
 */

export const countSchema = z.number().int().min(0);

/** An object of non-negative whole counts, one for each of `keys`. */
export function countsSchema<const Key extends string>(keys: readonly Key[]) {
  return z.object(
    Object.fromEntries(keys.map((key) => [key, countSchema])) as Record<Key, typeof countSchema>,
  );
}

/** What projects and series share: a named record of the user's, with its timestamps. */
export const namedRecordSchema = z.object({
  id: idSchema,
  name: nameSchema,
  description: descriptionSchema.nullable().default(null),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});

/** An action taking `payload` and answering `reply`; the client gives up after `timeoutMs` (by default SOCKET_DEFAULT_TIMEOUT_MS). */
export function actionSpec<P extends z.ZodType, R extends z.ZodType>(
  payload: P,
  reply: R,
  timeoutMs: number = SOCKET_DEFAULT_TIMEOUT_MS,
) {
  return { payload, reply, timeoutMs };
}

export const emptyPayload = /* @__PURE__ */ (() => z.object({}).prefault({}))();

export const projectRef = /* @__PURE__ */ (() => z.object({ projectId: idSchema }))();

export const seriesRef = /* @__PURE__ */ (() => z.object({ seriesId: idSchema }))();

export const shotRef = /* @__PURE__ */ (() => z.object({ shotId: idSchema }))();

export const assetRef = /* @__PURE__ */ (() => z.object({ id: idSchema }))();

export const variantRef = /* @__PURE__ */ (() => z.object({ variantId: idSchema }))();

/**
 * The getOne, create, update and delete actions of a record the user owns (a project, a series):
 * addressed by `ref`, answered with `record`; an update's payload is `ref` and `updates`.
 */
export function ownedRecordActions<
  RefShape extends z.ZodRawShape,
  Entity extends z.ZodType,
  Create extends z.ZodType,
  Updates extends z.ZodType,
>(ref: z.ZodObject<RefShape>, record: Entity, create: Create, updates: Updates) {
  return {
    getOne: actionSpec(ref, record),
    create: actionSpec(create, record),
    update: actionSpec(ref.extend({ updates }), record),
    delete: actionSpec(ref, deletedReplySchema),
  } as const;
}

export const requiredId = (message: string) =>
  z.uuid({ error: (issue) => (issue.input === undefined ? message : undefined) });
