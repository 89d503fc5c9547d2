import { MESSAGES } from '@reelbench/sdk';
import { defineActions, hasProject } from '../../actions/action.js';
import { isActiveJob } from '../../app/jobs-tracker.js';
import { perServices } from '../../app/per-services.js';
import { type AppServices } from '../../app/services.js';
import { errorBody } from '../../state/errors.js';
import { createStore, type Store } from '../../state/store.js';

/** The selected row of the jobs page (the job 'jobs.cancel' cancels). */
export const jobsSelection: (services: AppServices) => Store<string | null> = perServices(() =>
  createStore<string | null>(null),
);

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

/** The jobs page's actions. */
export const jobsActions = defineActions([
  {
    id: 'jobs.cancel',
    label: 'Cancel Job',
    section: 'Selection',
    keywords: ['stop', 'abort', 'cancel render', 'queue'],
    hint: 'The selected queued or running job',
    scope: 'jobs',
    available: (context) => hasProject(context) && selectedActiveJob(context.services) !== undefined,
    perform: async ({ services }) => {
      const job = selectedActiveJob(services);
      if (job) await cancelJob(services, job.id);
    },
  },
  {
    id: 'jobs.refresh',
    label: 'Refresh Jobs',
    section: 'Generation',
    keywords: ['reload', 'jobs:list', 'queue', 'sync'],
    scope: 'jobs',
    available: hasProject,
    perform: async ({ services }) => {
      try {
        await services.activity.track(services.jobs.refresh());
      } catch (error) {
        services.toasts.show({ type: 'error', title: 'Could not refresh jobs', message: errorBody(error) });
      }
    },
  },
]);
