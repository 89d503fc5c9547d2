import {
  type ErrorBody,
  type ErrorCode,
  errorBodySchema,
  formatMessage,
  MESSAGES,
  ReelbenchError,
} from './contract/errors.js';

const SERVER_ERROR_STATUSES = new Set([500, 502, 503, 504]);

function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'VALIDATION_ERROR';
    case 401:
      return 'AUTH_ERROR';
    case 403:
      return 'AUTHORIZATION_ERROR';
    case 404:
      return 'NOT_FOUND_ERROR';
    default:
      return SERVER_ERROR_STATUSES.has(status) ? 'SERVER_ERROR' : 'API_ERROR';
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'string' && error.length > 0 ? error : undefined;
}

function messageFor(code: ErrorCode, status: number, statusText: string, body: unknown): string {
  switch (code) {
    case 'VALIDATION_ERROR':
      return serverMessage(body) ?? formatMessage.apiError(status, statusText);
    case 'AUTH_ERROR':
      return MESSAGES.authenticationRequired;
    case 'AUTHORIZATION_ERROR':
      return MESSAGES.insufficientPermissions;
    case 'NOT_FOUND_ERROR':
      return serverMessage(body) ?? formatMessage.notFound('Resource');
    case 'SERVER_ERROR':
      return MESSAGES.serverError;
    default:
      return formatMessage.apiError(status, statusText);
  }
}

/**
 * Maps a failed HTTP answer to the catalogue (SPEC.md section 8). The message follows the status;
 * when the body is the server's error body, its code, details and correlation id are kept, so a
 * 409 CONFLICT_ERROR or 429 RATE_LIMIT_ERROR from our own server keeps its precise code.
 */
export function toHttpError(status: number, statusText: string, body: unknown): ReelbenchError {
  const parsed = errorBodySchema.safeParse(body);
  const serverBody: ErrorBody | undefined = parsed.success ? parsed.data : undefined;
  const statusCode = codeForStatus(status);
  return new ReelbenchError({
    code: serverBody?.code ?? statusCode,
    message: messageFor(statusCode, status, statusText, body),
    statusCode: status,
    context: { status, statusText, body },
    details: serverBody?.details,
    correlationId: serverBody?.correlationId,
  });
}

export function networkError(cause?: unknown): ReelbenchError {
  return new ReelbenchError({ code: 'NETWORK_ERROR', message: MESSAGES.checkConnection, cause });
}

export function timeoutError(context?: Record<string, unknown>): ReelbenchError {
  return new ReelbenchError({ code: 'TIMEOUT_ERROR', message: MESSAGES.requestTimedOut, context });
}

export function invalidJsonError(status: number, cause?: unknown): ReelbenchError {
  return new ReelbenchError({
    code: 'API_ERROR',
    message: MESSAGES.invalidJsonResponse,
    statusCode: status,
    cause,
  });
}

/** Anything that is not already a catalogue error becomes UNKNOWN_ERROR, keeping the original as cause. */
export function toReelbenchError(error: unknown): ReelbenchError {
  if (error instanceof ReelbenchError) return error;
  return new ReelbenchError({ code: 'UNKNOWN_ERROR', message: MESSAGES.unexpected, cause: error });
}
