import type { NestExpressApplication } from '@nestjs/platform-express';
import { SERVER_MESSAGES } from '@reelbench/sdk/contract';
import type { NextFunction, Request, Response } from 'express';
import { DEFAULT_LIMITS } from '../config/config.js';
import { validation } from './domain-error.js';
import { sendError } from './http-error.filter.js';

/** The default limit (config.limits.httpBodyBytes): a request may carry an image data URL of up to 20 MB. */
export const JSON_BODY_LIMIT_BYTES = DEFAULT_LIMITS.httpBodyBytes;
/** navigator.sendBeacon sends a string body as text/plain: it is parsed as JSON like any other. */
const JSON_TYPES = ['application/json', 'application/*+json', 'text/plain'];

function hasBody(request: Request): boolean {
  const length = Number(request.headers['content-length'] ?? 0);
  return request.headers['transfer-encoding'] !== undefined || length > 0;
}

/**
 * JSON bodies up to the limit; any other body (except multipart uploads) is refused rather than
 * silently ignored. Errors of this stage answer the catalogue's errorBody like every route.
 */
export function configureHttpBodies(app: NestExpressApplication, limitBytes = JSON_BODY_LIMIT_BYTES): void {
  app.useBodyParser('json', { limit: limitBytes, type: JSON_TYPES });
  app.use((request: Request, _response: Response, next: NextFunction) => {
    const supported = !hasBody(request) || request.is([...JSON_TYPES, 'multipart/form-data']) !== false;
    next(supported ? undefined : validation(SERVER_MESSAGES.bodyMustBeJson));
  });
  app.use((error: unknown, _request: Request, response: Response, _next: NextFunction) =>
    sendError(response, error),
  );
}
