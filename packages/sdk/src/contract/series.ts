import { z } from 'zod';
import {
  actionSpec,
  countSchema,
  emptyPayload,
  namedRecordSchema,
  ownedRecordActions,
  seriesRef,
} from './internal.js';
import {
  deletedReplySchema,
  descriptionSchema,
  type HttpRouteSpec,
  nameSchema,
  type SocketActionSpec,
} from './primitives.js';
import { projectListEntrySchema } from './project.js';

/** Series: named groups of projects that share assets. */

export const seriesSchema = namedRecordSchema.extend({
  /** Present in lists: how many of the owner's projects belong to the series. */
  projectCount: countSchema.optional(),
});

export type Series = z.infer<typeof seriesSchema>;

export const seriesCreateSchema = z.object({
  name: nameSchema,
  description: descriptionSchema.nullable().optional(),
});

export type SeriesCreate = z.infer<typeof seriesCreateSchema>;

export const seriesUpdatesSchema = seriesCreateSchema.partial();

export type SeriesUpdates = z.infer<typeof seriesUpdatesSchema>;

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The series socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const SERIES_ACTIONS = /* @__PURE__ */ (() =>
  ({
    series: {
      getAll: actionSpec(emptyPayload, z.array(seriesSchema)),
      ...ownedRecordActions(seriesRef, seriesSchema, seriesCreateSchema, seriesUpdatesSchema),
      getProjects: actionSpec(seriesRef, z.array(projectListEntrySchema)),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The series HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const SERIES_ROUTES = /* @__PURE__ */ (() =>
  ({
    series: {
      list: { method: 'GET', path: '/api/series', response: z.array(seriesSchema), auth: true },
      create: {
        method: 'POST',
        path: '/api/series',
        body: seriesCreateSchema,
        response: seriesSchema,
        auth: true,
      },
      get: { method: 'GET', path: '/api/series/:id', response: seriesSchema, auth: true },
      update: {
        method: 'PATCH',
        path: '/api/series/:id',
        body: seriesUpdatesSchema,
        response: seriesSchema,
        auth: true,
      },
      delete: { method: 'DELETE', path: '/api/series/:id', response: deletedReplySchema, auth: true },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
