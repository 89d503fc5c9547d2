import { isCancelledError, MESSAGES, ReelbenchError } from '@reelbench/sdk';

function serverErrorField(error: ReelbenchError): string | undefined {
  const body = error.context?.body;
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const text = (body as { error: unknown }).error;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}

/**
 * The body of 'Query Error' and 'Operation Failed' toasts (SPEC.md §8): the server's error field,
 * else the error's message, else 'An error occurred'.
 */
export function errorBody(error: unknown): string {
  if (error instanceof ReelbenchError) {
    const fromServer = serverErrorField(error);
    if (fromServer) return fromServer;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return MESSAGES.anErrorOccurred;
}

/** The request never got an answer: offline, timed out, or the breaker held it back. */
export function isOfflineError(error: unknown): boolean {
  if (isCancelledError(error)) return false;
  return (
    error instanceof ReelbenchError &&
    (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT_ERROR' || error.code === 'CIRCUIT_OPEN_ERROR')
  );
}

export function isAuthError(error: unknown): boolean {
  return (
    error instanceof ReelbenchError &&
    (error.code === 'AUTH_ERROR' || error.message === MESSAGES.authenticationRequired)
  );
}

/** A 4xx answer: the request itself is wrong, asking again changes nothing. */
export function isClientError(error: unknown): boolean {
  return (
    error instanceof ReelbenchError &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}
