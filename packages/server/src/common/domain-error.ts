import {
  type ErrorBody,
  formatMessage,
  MESSAGES,
  ReelbenchError,
  SERVER_MESSAGES,
} from '@reelbench/sdk/contract';

/** Domain errors are the contract's ReelbenchError: one class from the service to the client. */
export { ReelbenchError as DomainError } from '@reelbench/sdk/contract';

/** NOT_FOUND_ERROR '{what} not found', e.g. notFound('Project') → 'Project not found'. */
export function notFound(what: string): ReelbenchError {
  return new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: formatMessage.notFound(what) });
}

export function validation(message: string, details?: ErrorBody['details']): ReelbenchError {
  return new ReelbenchError({ code: 'VALIDATION_ERROR', message, ...(details ? { details } : {}) });
}

export function unauthenticated(): ReelbenchError {
  return new ReelbenchError({ code: 'AUTH_ERROR', message: MESSAGES.authenticationRequired });
}

export function forbidden(): ReelbenchError {
  return new ReelbenchError({ code: 'AUTHORIZATION_ERROR', message: MESSAGES.insufficientPermissions });
}

/** NOT_AVAILABLE_ERROR (501): this server cannot do it (no provider, no ffmpeg, not built yet). */
export function notAvailable(message: string, context?: Record<string, unknown>): ReelbenchError {
  return new ReelbenchError({ code: 'NOT_AVAILABLE_ERROR', message, ...(context ? { context } : {}) });
}

/** The file system refuses writes for want of space or quota: ENOSPC, EDQUOT. */
export function isStorageFull(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** SERVER_ERROR 507 'Storage is full: nothing was saved…': the operator's to fix, the client may retry later. */
export function storageFull(): ReelbenchError {
  return new ReelbenchError({ code: 'SERVER_ERROR', message: SERVER_MESSAGES.storageFull, statusCode: 507 });
}
