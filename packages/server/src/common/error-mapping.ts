import { randomUUID } from 'node:crypto';
import { HttpException, Logger } from '@nestjs/common';
import {
  type ErrorCode,
  inputExcerpt,
  MESSAGES,
  ReelbenchError,
  SERVER_MESSAGES,
} from '@reelbench/sdk/contract';
import { ZodError } from 'zod';
import { isStorageFull, storageFull } from './domain-error.js';
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

/** Valid JSON that is not an object or array (null, 42, "text"): strict parsing refuses it. */
function isJsonScalar(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    const value: unknown = JSON.parse(body);
    return typeof value !== 'object' || value === null;
  } catch {
    return false;
  }
}

function fromBodyParser(exception: unknown): ReelbenchError | undefined {
  const type = propertyOf(exception, 'type');
  if (type === 'entity.parse.failed' && isJsonScalar(propertyOf(exception, 'body')))
    return catalogueError('VALIDATION_ERROR', SERVER_MESSAGES.bodyMustBeObject);
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
  return withCleanMessage(mapped(exception));
}

/** Longest message an answer carries; a longer one (some echo of input) is cut. */
const MAX_MESSAGE_CHARS = 300;

/**
 * No answer repeats input raw: control characters (a newline in a path…) become spaces and an
 * overlong message is cut. Messages are built from cleaned excerpts already; this is the backstop.
 */
function withCleanMessage(error: ReelbenchError): ReelbenchError {
  const message = inputExcerpt(error.message, MAX_MESSAGE_CHARS);
  const details = error.details?.map((detail) => ({
    path: inputExcerpt(detail.path, MAX_MESSAGE_CHARS),
    message: inputExcerpt(detail.message, MAX_MESSAGE_CHARS),
  }));
  const same =
    message === error.message &&
    (details ?? []).every(
      (detail, i) =>
        detail.path === error.details?.[i]?.path && detail.message === error.details?.[i]?.message,
    );
  if (same) return error;
  return new ReelbenchError({
    code: error.code,
    message,
    ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
    ...(error.context ? { context: error.context } : {}),
    ...(details ? { details } : {}),
    ...(error.correlationId ? { correlationId: error.correlationId } : {}),
    cause: error,
  });
}

function mapped(exception: unknown): ReelbenchError {
  if (exception instanceof ReelbenchError) return exception;
  if (exception instanceof ZodError) return fromZodError(exception);
  const mapped =
    fromBodyParser(exception) ??
    fromPostgres(exception) ??
    (isStorageFull(exception) ? storageFull() : undefined) ??
    (exception instanceof HttpException ? fromHttpException(exception) : undefined);
  return mapped ?? serverError(exception);
}
