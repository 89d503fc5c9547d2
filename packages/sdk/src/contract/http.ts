import { z } from 'zod';
import { ASSET_ROUTES } from './asset.js';
import { AUDIO_ROUTES } from './audio.js';
import { AUTH_ROUTES } from './auth.js';
import { CUT_ROUTES } from './cuts.js';
import { ReelbenchError } from './errors.js';
import { FILE_ROUTES } from './files.js';
import type { HttpRouteSpec } from './primitives.js';
import { PROJECT_ROUTES } from './project.js';
import { REPOSITORY_ROUTES } from './repository.js';
import { REVIEW_ROUTES } from './review.js';
import { SCENE_ROUTES } from './scene.js';
import { SCRIPT_ROUTES } from './script.js';
import { SERIES_ROUTES } from './series.js';
import { SHOT_ROUTES } from './shot.js';
import { SYSTEM_ROUTES } from './system.js';

/**
 * The HTTP routes. Each domain file declares its own route groups; this file merges them into
 * HTTP_ROUTES (in this order, which is the OpenAPI document's and the docs') and keeps the path helpers.
 */

export type { HttpMethod, HttpRouteSpec } from './primitives.js';

/** A route's body and query after its schemas parsed them (defaults applied). */
export type RouteBody<S extends HttpRouteSpec> = S extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never;

export type RouteQuery<S extends HttpRouteSpec> = S extends { query: infer Q extends z.ZodType }
  ? z.output<Q>
  : never;

/** The names of a path's `:name` segments: '/api/projects/:projectId/cuts/:cutId' → 'projectId' | 'cutId'. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path parameters as the server receives them: one string per `:name` segment. */
export type RouteParams<S extends HttpRouteSpec> = { [Name in PathParamNames<S['path']>]: string };

export const HTTP_ROUTES = {
  ...AUTH_ROUTES,
  ...PROJECT_ROUTES,
  ...SERIES_ROUTES,
  ...ASSET_ROUTES,
  ...SHOT_ROUTES,
  ...SCENE_ROUTES,
  ...SCRIPT_ROUTES,
  ...FILE_ROUTES,
  ...CUT_ROUTES,
  ...AUDIO_ROUTES,
  ...REVIEW_ROUTES,
  ...REPOSITORY_ROUTES,
  ...SYSTEM_ROUTES,
} as const satisfies Record<string, Record<string, HttpRouteSpec>>;

export type HttpRouteGroup = keyof typeof HTTP_ROUTES;

const PARAM_PATTERN = /:([A-Za-z][A-Za-z0-9_]*)/g;

/** The names of a path's parameters, in order: '/api/assets/:id/images/:key' → ['id', 'key']. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM_PATTERN)].map((match) => match[1] ?? '');
}

/** Fills each :param with its URI-encoded value; a missing value is a VALIDATION_ERROR. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(PARAM_PATTERN, (_segment, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined || value === '') {
      throw new ReelbenchError({ code: 'VALIDATION_ERROR', message: `Missing path parameter: ${name}` });
    }
    return encodeURIComponent(value);
  });
}

export interface HttpRouteEntry {
  group: HttpRouteGroup;
  name: string;
  spec: HttpRouteSpec;
}

/** Every route in declaration order, e.g. for an OpenAPI document or the protocol reference. */
export function listHttpRoutes(): HttpRouteEntry[] {
  return (Object.keys(HTTP_ROUTES) as HttpRouteGroup[]).flatMap((group) =>
    Object.entries(HTTP_ROUTES[group] as Record<string, HttpRouteSpec>).map(([name, spec]) => ({
      group,
      name,
      spec,
    })),
  );
}
