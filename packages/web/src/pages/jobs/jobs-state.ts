import { MESSAGES } from '@reelbench/sdk';
import type { ActionContext } from '../../actions/registry.js';
import { isActiveJob } from '../../app/jobs-tracker.js';
import { type AppServices, perServices } from '../../app/services.js';
import { errorBody } from '../../state/errors.js';
import { createStore, type Store } from '../../state/store.js';

/** The selected row of the jobs page (the job 'jobs.cancel' cancels). */
export const jobsSelection: (services: AppServices) => Store<string | null> = perServices(() =>
  createStore<string | null>(null),
);

export const JOBS_PATHS = ['/jobs'];

/** Cancels a job; 'Failed to cancel job' (SPEC.md §8) with the reason when the server refuses. */
export async function cancelJob(services: AppServices, jobId: string): Promise<void> {
  try {
    await services.activity.track(services.jobs.cancel(jobId));
  } catch (error) {
    services.toasts.show({ type: 'error', title: MESSAGES.cancelJobFailed, message: errorBody(error) });
  }
}

function selectedActiveJob(services: AppServices) {
  const id = jobsSelection(services).get();
  const job = id ? services.jobs.store.get().jobs.get(id) : undefined;
  return job && isActiveJob(job) ? job : undefined;
}

/** The jobs page's actions; registered once per tab, scoped to the jobs page. */
export function registerJobsActions(services: AppServices): void {
  services.registry.registerOnce(
    {
      id: 'jobs.cancel',
      label: 'Cancel Job',
      section: 'Selection',
      keywords: ['stop', 'abort', 'cancel render', 'queue'],
      hint: 'The selected queued or running job',
      paths: JOBS_PATHS,
      available: (context: ActionContext) =>
        context.projectId !== null && selectedActiveJob(services) !== undefined,
      perform: async () => {
        const job = selectedActiveJob(services);
        if (job) await cancelJob(services, job.id);
      },
    },
    {
      id: 'jobs.refresh',
      label: 'Refresh Jobs',
      section: 'Generation',
      keywords: ['reload', 'jobs:list', 'queue', 'sync'],
      paths: JOBS_PATHS,
      available: (context: ActionContext) => context.projectId !== null,
      perform: async () => {
        try {
          await services.activity.track(services.jobs.refresh());
        } catch (error) {
          services.toasts.show({ type: 'error', title: 'Could not refresh jobs', message: errorBody(error) });
        }
      },
    },
  );
}
