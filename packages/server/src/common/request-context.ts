import type { NestExpressApplication } from '@nestjs/platform-express';
import { HTTP_ROUTES, MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';
import type { NextFunction, Request, Response } from 'express';
import type { ServerRole } from '../config/config.js';
import type { AppLogger } from './app-logger.js';
import { notFound } from './domain-error.js';
import { sendError } from './http-error.filter.js';
import { requestIdFrom, withLogContext } from './log-context.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** The routes a worker and a stopping node still answer: a load balancer's and a supervisor's probes. */
const HEALTH_PATHS: ReadonlySet<string> = new Set(
  [HTTP_ROUTES.system.health, HTTP_ROUTES.system.live, HTTP_ROUTES.system.ready].map((route) => route.path),
);

/** 503 SERVER_ERROR 'Server error. Please try again later.': the client (or the balancer) tries another node. */
function stopping(): ReelbenchError {
  return new ReelbenchError({ code: 'SERVER_ERROR', message: MESSAGES.serverError, statusCode: 503 });
}

/**
 * First on every HTTP request: its correlation id (the caller's X-Request-Id when it is a plain
 * token, else a fresh one; echoed in the response), one log line when it ends, and the gates of
 * the role and the lifecycle (a worker serves only health; a stopping node answers 503).
 */
export function configureRequestContext(
  app: NestExpressApplication,
  /** `lifecycle`: whether this process is draining (system/lifecycle.ts). */
  options: { logger: AppLogger; role: ServerRole; lifecycle: { readonly draining: boolean } },
): void {
  const { logger, role, lifecycle } = options;
  app.use((request: Request, response: Response, next: NextFunction) => {
    const requestId = requestIdFrom(request.headers['x-request-id']);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    response.on('finish', () => {
      withLogContext({ requestId }, () =>
        logger.write('info', `${request.method} ${request.path} ${response.statusCode}`, {
          context: 'Http',
          method: request.method,
          // With its query, redacted like every log string (a signed URL's signature never shows).
          url: request.originalUrl,
          status: response.statusCode,
          ms: Math.round(performance.now() - started),
        }),
      );
    });
    const health = HEALTH_PATHS.has(request.path);
    if (!health && role === 'worker') {
      sendError(response, notFound('Route'));
      return;
    }
    if (!health && lifecycle.draining) {
      response.setHeader('Connection', 'close');
      sendError(response, stopping());
      return;
    }
    withLogContext({ requestId }, next);
  });
}
