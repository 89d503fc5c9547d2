import type { Job, JobCounts, Reelbench } from '@reelbench/sdk';
import { createStore } from '../state/store.js';

/** The scratch track's job type (its progress shows in the status line and on the jobs page). */
export const DIALOGUE_JOB = 'audio:generate-dialogue';

export interface JobsState {
  jobs: Map<string, Job>;
  counts: JobCounts;
  /** The last jobs:list answer arrived (false until the socket first connects). */
  loaded: boolean;
}

const ACTIVE = new Set(['queued', 'running']);

export function isActiveJob(job: Pick<Job, 'status'>): boolean {
  return ACTIVE.has(job.status);
}

/** How far a job has got: queued, then running, then over (completed, failed or cancelled). */
function stage(job: Pick<Job, 'status'>): number {
  if (job.status === 'queued') return 0;
  return job.status === 'running' ? 1 : 2;
}

/**
 * The job client (SPEC.md §2 start-up): the user's jobs as the server last described them, kept
 * current by job:progress / job:complete / job:error (they reach every socket of the owner) and
 * replaced by jobs:list after every (re)connect, so events missed while offline cannot leave a
 * stale state. Events for a job already finished are dropped.
 */
export class JobsTracker {
  readonly store = createStore<JobsState>({
    jobs: new Map(),
    counts: { waiting: 0, running: 0 },
    loaded: false,
  });
  #off: (() => void)[] = [];

  constructor(private readonly client: Reelbench) {}

  listen(): void {
    this.stop();
    const socket = this.client.socket;
    if (!socket) return;
    this.#off = [
      socket.on('job:progress', (event) =>
        this.#apply(event.jobId, event, {
          status: event.status,
          progress: event.progress,
          message: event.message,
        }),
      ),
      socket.on('job:complete', (event) =>
        this.#apply(
          event.jobId,
          event,
          { status: 'completed', progress: 100, result: event.result, message: event.message },
          true,
        ),
      ),
      socket.on('job:error', (event) =>
        this.#apply(
          event.jobId,
          event,
          { status: event.status, error: event.error, message: event.message },
          true,
        ),
      ),
    ];
  }

  stop(): void {
    for (const off of this.#off) off();
    this.#off = [];
  }

  /** Asks the server for the current state of every job (after a reconnect, on the jobs page). */
  async refresh(): Promise<void> {
    const reply = await this.client.jobs.list();
    const jobs = new Map(reply.jobs.map((job) => [job.id, job]));
    this.store.set({ jobs, counts: reply.counts, loaded: true });
  }

  /**
   * A job this client just started or cancelled (the request's reply). Its events may have come
   * first (a job that fails at once can end before the reply arrives): what they said about its
   * progress is newer than the reply and is kept, with their counts.
   */
  add(job: Job, counts?: JobCounts): void {
    this.store.set((state) => {
      const known = state.jobs.get(job.id);
      const jobs = new Map(state.jobs);
      if (known !== undefined && stage(known) > stage(job)) {
        const { status, progress, message, error, result, updatedAt } = known;
        jobs.set(job.id, { ...job, status, progress, message, error, result, updatedAt });
        return { ...state, jobs };
      }
      jobs.set(job.id, job);
      return { ...state, jobs, counts: counts ?? state.counts };
    });
  }

  async cancel(jobId: string): Promise<void> {
    this.add(await this.client.jobs.cancel(jobId));
  }

  clear(): void {
    this.store.set({ jobs: new Map(), counts: { waiting: 0, running: 0 }, loaded: false });
  }

  #apply(
    jobId: string,
    event: { projectId: string; type: string; counts: JobCounts; shotIds?: string[] | undefined },
    patch: Partial<Job>,
    final = false,
  ): void {
    this.store.set((state) => {
      const known = state.jobs.get(jobId);
      // A finished job never goes back to running because of a late event.
      if (known && !isActiveJob(known) && !final) return { ...state, counts: event.counts };
      const now = new Date().toISOString();
      const job: Job = {
        ...(known ?? {
          id: jobId,
          projectId: event.projectId,
          type: event.type,
          status: 'queued',
          progress: 0,
          createdAt: now,
          updatedAt: now,
          ...(event.shotIds ? { shotIds: event.shotIds } : {}),
        }),
        ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
        updatedAt: now,
      } as Job;
      const jobs = new Map(state.jobs);
      jobs.set(jobId, job);
      return { ...state, jobs, counts: event.counts };
    });
  }
}
