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

/**
 * What a failure's log line adds to its message for the operator: the reason when the message does
 * not already say it, and the program's own last words (ffmpeg's stderr), which the job's message
 * never carries.
 */
export function operatorDetail(error: ReelbenchError, message: string = error.message): string {
  const reason = error.context?.reason;
  const stderr = error.context?.stderr;
  const said =
    typeof stderr === 'string' && stderr.trim() !== ''
      ? `; it said: ${stderr.trim().split(/\r?\n/).slice(-3).join(' | ')}`
      : '';
  const why = typeof reason === 'string' && !message.includes(reason) ? ` (${reason})` : '';
  return `${why}${said}`;
}
