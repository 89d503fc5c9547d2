import { applyDecorators, Delete, Get, Patch, Post, Put, SetMetadata } from '@nestjs/common';
import type { HttpMethod, HttpRouteSpec } from '@reelbench/sdk/contract';

export const IS_PUBLIC = 'reelbench:public';

/** Opens a route to signed-out callers; every other route needs a bearer token (global AuthGuard). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

const METHOD_DECORATORS: Record<HttpMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/**
 * Maps a controller method to a contract route: its method and path come from HTTP_ROUTES, so the
 * served routes, the SDK and the OpenAPI document cannot drift apart.
 */
export function Route(spec: HttpRouteSpec): MethodDecorator {
  const route = METHOD_DECORATORS[spec.method](spec.path);
  return spec.auth ? applyDecorators(route) : applyDecorators(route, Public());
}
