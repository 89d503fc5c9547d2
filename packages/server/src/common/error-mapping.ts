import { randomUUID } from 'node:crypto';
import { HttpException, Logger } from '@nestjs/common';
import { type ErrorCode, MESSAGES, ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';
import { ZodError } from 'zod';
import { fromZodError } from './validation.js';

const logger = new Logger('Errors');

function catalogueError(code: ErrorCode, message: string, statusCode?: number): ReelbenchError {
  return new ReelbenchError({ code, message, ...(statusCode === undefined ? {} : { statusCode }) });
}

/** body-parser (Express) tags its errors with a `type`; these are the client's fault. */
const BODY_PARSER_ERRORS: Record<string, () => ReelbenchError> = {
  'entity.parse.failed': () => catalogueError('VALIDATION_ERROR', SERVER_MESSAGES.malformedJsonBody),
  'entity.too.large': () => catalogueError('PAYLOAD_TOO_LARGE_ERROR', SERVER_MESSAGES.bodyTooLarge),
  'parameters.too.many': () => catalogueError('PAYLOAD_TOO_LARGE_ERROR', SERVER_MESSAGES.bodyTooLarge),
  'encoding.unsupported': () => catalogueError('VALIDATION_ERROR', 'Unsupported body encoding'),
  'charset.unsupported': () => catalogueError('VALIDATION_ERROR', 'Unsupported body charset'),
  'request.aborted': () => catalogueError('VALIDATION_ERROR', 'Incomplete request body'),
  'request.size.invalid': () => catalogueError('VALIDATION_ERROR', 'Incomplete request body'),
};

/**
 * Postgres rejects some input that passes the schemas (a NUL character in text or jsonb): that is
 * bad input, not a server fault. SQLSTATE class 22 is "data exception".
 */
const POSTGRES_INPUT_ERRORS: Record<string, string> = {
  '22021': 'Text contains characters that cannot be stored',
  '22P05': 'Text contains characters that cannot be stored',
  '22001': 'A value is too long',
  '22003': 'A number is out of range',
  '22P02': 'A value has the wrong format',
};

function propertyOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function fromBodyParser(exception: unknown): ReelbenchError | undefined {
  const type = propertyOf(exception, 'type');
  return typeof type === 'string' ? BODY_PARSER_ERRORS[type]?.() : undefined;
}

function fromPostgres(exception: unknown): ReelbenchError | undefined {
  const code = propertyOf(propertyOf(exception, 'driverError'), 'code') ?? propertyOf(exception, 'code');
  const message = typeof code === 'string' ? POSTGRES_INPUT_ERRORS[code] : undefined;
  return message === undefined ? undefined : catalogueError('VALIDATION_ERROR', message);
}

function fromHttpException(exception: HttpException): ReelbenchError | undefined {
  const status = exception.getStatus();
  switch (status) {
    case 400:
      return catalogueError('VALIDATION_ERROR', exception.message);
    case 401:
      return catalogueError('AUTH_ERROR', MESSAGES.authenticationRequired);
    case 403:
      return catalogueError('AUTHORIZATION_ERROR', MESSAGES.insufficientPermissions);
    case 404:
      return catalogueError('NOT_FOUND_ERROR', SERVER_MESSAGES.routeNotFound);
    case 413:
      return catalogueError('PAYLOAD_TOO_LARGE_ERROR', SERVER_MESSAGES.bodyTooLarge);
    case 429:
      return catalogueError('RATE_LIMIT_ERROR', exception.message);
    default:
      return status >= 400 && status < 500
        ? catalogueError('VALIDATION_ERROR', exception.message)
        : undefined;
  }
}

function serverError(exception: unknown): ReelbenchError {
  const correlationId = randomUUID();
  const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
  logger.error(`[${correlationId}] ${detail}`);
  return new ReelbenchError({
    code: 'SERVER_ERROR',
    message: MESSAGES.serverError,
    correlationId,
    cause: exception,
  });
}

/**
 * The one mapping from anything thrown to a catalogue error, used by the HTTP filter and the socket
 * wrapper alike. Unknown failures become SERVER_ERROR with a correlation id; the stack stays in the log.
 */
export function toReelbenchError(exception: unknown): ReelbenchError {
  if (exception instanceof ReelbenchError) return exception;
  if (exception instanceof ZodError) return fromZodError(exception);
  const mapped =
    fromBodyParser(exception) ??
    fromPostgres(exception) ??
    (exception instanceof HttpException ? fromHttpException(exception) : undefined);
  return mapped ?? serverError(exception);
}
