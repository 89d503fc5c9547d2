import {
  type ArgumentMetadata,
  applyDecorators,
  Delete,
  Get,
  Patch,
  type PipeTransform,
  Post,
  Put,
  SetMetadata,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import type { HttpMethod, HttpRouteSpec } from '@reelbench/sdk/contract';
import { UploadInterceptor } from './upload.interceptor.js';
import { parse } from './validation.js';

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
 * The route's whole @Body() and @Query() parsed with its contract schemas (an absent one as {});
 * a refusal is VALIDATION_ERROR, with the route's catalogue message when it has one.
 */
class ContractPipe implements PipeTransform {
  constructor(private readonly spec: HttpRouteSpec) {}

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.data !== undefined) return value;
    const schema =
      metadata.type === 'body' ? this.spec.body : metadata.type === 'query' ? this.spec.query : undefined;
    return schema === undefined ? value : parse(schema, value ?? {}, this.spec.failureMessage);
  }
}

/**
 * Maps a controller method to a contract route: its method and path come from HTTP_ROUTES, so the
 * served routes, the SDK and the OpenAPI document cannot drift apart. The body and query arrive
 * parsed with the route's schemas; a multipart route reads its file part with the route's limit.
 */
export function Route(spec: HttpRouteSpec): MethodDecorator {
  const decorators = [METHOD_DECORATORS[spec.method](spec.path), UsePipes(new ContractPipe(spec))];
  if (!spec.auth) decorators.push(Public());
  if (spec.multipart) decorators.push(UseInterceptors(uploadInterceptor(spec)));
  return applyDecorators(...decorators);
}

function uploadInterceptor(spec: HttpRouteSpec) {
  const { fileField, maxBytes, failureMessage } = spec;
  if (fileField === undefined || maxBytes === undefined || failureMessage === undefined) {
    throw new Error(
      `${spec.method} ${spec.path}: a multipart route needs fileField, maxBytes and failureMessage`,
    );
  }
  const configured = spec.path.endsWith('upload-audio') ? 'uploadAudioBytes' : 'uploadImageBytes';
  return UploadInterceptor({ field: fileField, maxBytes, failureMessage, configured });
}
