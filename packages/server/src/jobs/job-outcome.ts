import { type Job, ReelbenchError, SERVER_MESSAGES } from '@reelbench/sdk/contract';

/**
 * A job that did not complete, as the error the request waiting for it answers with: a cancel is a
 * CONFLICT_ERROR, a failure keeps its own class (VALIDATION_ERROR for bad input; SERVER_ERROR when
 * it has none) with the job's own message (or `failureMessage`).
 */
export function jobOutcomeError(job: Job, failureMessage: string): ReelbenchError {
  if (job.status === 'cancelled') {
    return new ReelbenchError({
      code: 'CONFLICT_ERROR',
      message: job.error ?? SERVER_MESSAGES.jobCancelled,
      context: { jobId: job.id },
    });
  }
  return new ReelbenchError({
    code: job.errorCode ?? 'SERVER_ERROR',
    message: job.error ?? failureMessage,
    context: { jobId: job.id },
  });
}
