import type { Job } from '@reelbench/sdk';
import { isActiveJob } from '../app/jobs-tracker.js';
import { perServices } from '../app/per-services.js';
import { useServices } from '../app/services-context.js';
import { createStore, useStore } from '../state/store.js';

/** The job type that renders a shot's coverage variants. */
export const COVERAGE_JOB = 'shot:generate-coverage';

/** Shots whose coverage this tab is rendering now, with how many variants (set before the job exists). */
export const coverageRenders = perServices(() => createStore<Readonly<Record<string, number>>>({}));

export interface CoverageProgress {
  /** How many variants are being rendered. */
  count: number;
  /** 0–100, from the job's progress events (0 while it waits). */
  progress: number;
  /** The job's own words ("1/3 variants"), when it has said any. */
  message?: string;
}

/**
 * The coverage render of a shot under way, live: the tab's own request, with the progress of the
 * newest running coverage job of that shot the jobs tracker knows (its events carry the shot ids).
 */
export function useCoverageProgress(shotId: string): CoverageProgress | undefined {
  const services = useServices();
  const count = useStore(coverageRenders(services), (renders) => renders[shotId]);
  const job = useStore(services.jobs.store, (state) => {
    let newest: Job | undefined;
    for (const candidate of state.jobs.values()) {
      if (candidate.type !== COVERAGE_JOB || !isActiveJob(candidate)) continue;
      if (!candidate.shotIds?.includes(shotId)) continue;
      if (!newest || candidate.createdAt > newest.createdAt) newest = candidate;
    }
    return newest;
  });
  if (count === undefined && job === undefined) return undefined;
  return {
    count: count ?? 0,
    progress: job?.progress ?? 0,
    ...(job?.message ? { message: job.message } : {}),
  };
}
