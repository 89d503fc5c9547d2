import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { ReelbenchError } from '@reelbench/sdk/contract';
import type { Response } from 'express';
import { toReelbenchError } from './error-mapping.js';

/** Seconds a client should wait before retrying (RATE_LIMIT_ERROR); set by the rate limiter. */
export function retryAfterSeconds(error: ReelbenchError): number | undefined {
  const value = error.context?.retryAfterSeconds;
  return typeof value === 'number' ? value : undefined;
}

export function sendError(response: Response, exception: unknown): void {
  const error = toReelbenchError(exception);
  if (response.headersSent) {
    response.end();
    return;
  }
  const retryAfter = retryAfterSeconds(error);
  if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
  response.status(error.statusCode ?? 500).json(error.toJSON());
}

/** The one HTTP exception filter: every failed answer is the contract's errorBody. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(host.switchToHttp().getResponse<Response>(), exception);
  }
}
