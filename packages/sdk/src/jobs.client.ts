import { MESSAGES, ReelbenchError } from './contract/errors.js';
import type { ServerEventPayload } from './contract/events.js';
import type { JobStatus } from './contract/jobs.js';
import { type DomainContext, requireSocket } from './domain-context.js';
import { CancelledError } from './retry.js';

export interface JobWaitOptions {
  onProgress?: (event: ServerEventPayload<'job:progress'>) => void;
  signal?: AbortSignal;
}

export interface FinishedJob {
  jobId: string;
  result: unknown;
}

function jobFailure(jobId: string, status: JobStatus, message: string | undefined): Error {
  if (status === 'cancelled') return new CancelledError({ jobId }, message || 'Job cancelled');
  return new ReelbenchError({
    code: 'UNKNOWN_ERROR',
    message: message || MESSAGES.jobFailed,
    context: { jobId },
  });
}

export function jobsClient(ctx: DomainContext) {
  const socket = () => requireSocket(ctx);
  return {
    /** The current state of the user's jobs; ask again after a reconnect instead of trusting old events. */
    list: (projectId?: string) => socket().request('jobs', 'list', { projectId }),
    cancel: (jobId: string) => socket().request('jobs', 'cancel', { jobId }),

    /**
     * Settles when the job completes (resolves), fails or is cancelled (rejects 'Job failed' or the job's
     * error). The project's events must reach this client: subscribe to the project first.
     */
    wait: (jobId: string, options: JobWaitOptions = {}) =>
      new Promise<FinishedJob>((resolve, reject) => {
        const client = socket();
        let settled = false;
        const finish = (settle: () => void) => {
          if (settled) return;
          settled = true;
          for (const off of subscriptions) off();
          options.signal?.removeEventListener('abort', onAbort);
          settle();
        };
        const onAbort = () => finish(() => reject(new CancelledError(options.signal?.reason)));
        const subscriptions = [
          client.on('job:progress', (event) => {
            if (event.jobId === jobId) options.onProgress?.(event);
          }),
          client.on('job:complete', (event) => {
            if (event.jobId === jobId) finish(() => resolve({ jobId, result: event.result }));
          }),
          client.on('job:error', (event) => {
            if (event.jobId === jobId) finish(() => reject(jobFailure(jobId, event.status, event.error)));
          }),
        ];
        if (options.signal?.aborted) return onAbort();
        options.signal?.addEventListener('abort', onAbort, { once: true });
        // The job may have finished before these listeners existed: its stored state decides then.
        client.request('jobs', 'list', {}).then(
          ({ jobs }) => {
            const job = jobs.find((candidate) => candidate.id === jobId);
            if (job?.status === 'completed') finish(() => resolve({ jobId, result: job.result }));
            else if (job?.status === 'failed' || job?.status === 'cancelled') {
              finish(() => reject(jobFailure(jobId, job.status, job.error)));
            }
          },
          (error: unknown) => finish(() => reject(error)),
        );
      }),
  };
}

export type JobsClient = ReturnType<typeof jobsClient>;
