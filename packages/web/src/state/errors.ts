import { isCancelledError, MESSAGES, ReelbenchError } from '@reelbench/sdk';

function serverErrorField(error: ReelbenchError): string | undefined {
  const body = error.context?.body;
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const text = (body as { error: unknown }).error;
    if (typeof text === 'string' && text.trim() !== '') return text;
  }
  return undefined;
}

/** A failed call as the server words it: its catalogue message and each reason it gave. */
export interface ErrorReason {
  message: string;
  /** The server's details (field problems, "The file is larger than 25 MB"), each once. */
  details: string[];
}

/**
 * What went wrong, in the server's words (SPEC.md §8): the server's error field, else the error's
 * message, else 'An error occurred'; and the reasons in its details, which name what to change
 * (the username rules, the size limit, the accepted formats).
 */
export function errorReason(error: unknown): ErrorReason {
  let message: string = MESSAGES.anErrorOccurred;
  if (error instanceof ReelbenchError && serverErrorField(error)) message = serverErrorField(error) as string;
  else if (error instanceof Error && error.message.trim() !== '') message = error.message;
  else if (typeof error === 'string' && error.trim() !== '') message = error;
  const details: string[] = [];
  if (error instanceof ReelbenchError) {
    for (const detail of error.details ?? []) {
      const text = detail.message.trim();
      if (text !== '' && text !== message && !message.includes(text) && !details.includes(text)) {
        details.push(text);
      }
    }
  }
  return { message, details };
}

/**
 * The one line every failed call shows (toasts' bodies, form errors, failed states): the server's
 * message followed by its reasons — "Registration failed — Usernames use letters, digits, _ . and -".
 */
export function errorBody(error: unknown): string {
  const { message, details } = errorReason(error);
  return details.length === 0 ? message : `${message} — ${details.join('; ')}`;
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
