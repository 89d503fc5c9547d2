import { z } from 'zod';
import { DEFAULT_SCENE_NAME } from './constants.js';
import {
  colorSchema,
  type HttpRouteSpec,
  idSchema,
  LIST_LIMITS,
  nameSchema,
  sceneIdSchema,
} from './primitives.js';

/** Scenes: the named, coloured groups of shots a project's timeline is divided into. */

export const sceneSchema = z.object({
  id: sceneIdSchema,
  name: nameSchema.default(DEFAULT_SCENE_NAME),
  color: colorSchema,
  shotIds: z.array(idSchema).max(LIST_LIMITS.shotOrder).default([]),
});

export type Scene = z.infer<typeof sceneSchema>;

/** The scene HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const SCENE_ROUTES = /* @__PURE__ */ (() =>
  ({
    scenes: {
      list: {
        method: 'GET',
        path: '/api/projects/:projectId/scenes',
        response: z.array(sceneSchema),
        auth: true,
      },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
