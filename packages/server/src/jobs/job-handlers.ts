import type { Job } from '@reelbench/sdk/contract';

/** What a handler gets while it runs one job. */
export interface JobContext<P = Record<string, unknown>> {
  job: Job;
  payload: P;
  /** Fires when the job is cancelled (here or on another node), runs past its time limit or the server stops. */
  signal: AbortSignal;
  /** The result stored by the previous attempt (a restart mid-run), to resume from. */
  previousResult: unknown;
  /** Stores progress (0..100), an optional message and the partial result; emits job:progress. */
  progress(progress: number, update?: { message?: string; result?: unknown }): Promise<void>;
  /**
   * True when another user's job waits for the slot this job holds: a job of many parts (a batch)
   * then stores its result and throws `TurnHandedOver` between parts, and goes on from it later.
   */
  othersWaiting(): Promise<boolean>;
}

/** How a job type runs, and how it tidies up when it ends without completing. */
export interface JobHandler<P = Record<string, unknown>> {
  run(context: JobContext<P>): Promise<unknown>;
  /**
   * Called once when the job ends failed or cancelled (also when it is given up after restarts):
   * put whatever it had marked as in progress back to a resting state.
   */
  release?(job: Job, outcome: { status: 'failed' | 'cancelled'; error: string }): Promise<void>;
}

/** The abort reason of the jobs a stopping server leaves: they stay running in the table and resume. */
export class WorkerStoppingError extends Error {
  constructor() {
    super('The server is stopping');
    this.name = 'WorkerStoppingError';
  }
}

/**
 * Thrown by a handler that gave its slot to another user's job (`othersWaiting`) after storing its
 * result: the job is queued again behind that one and resumes from the stored result.
 */
export class TurnHandedOver extends Error {
  constructor() {
    super('Handed its slot to another user');
    this.name = 'TurnHandedOver';
  }
}

/** The abort reason of a job that ran past JOB_TIMEOUT_MS: it fails with 'Job failed'. */
export class JobTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`Stopped after running for ${Math.round(limitMs / 1_000)} s, the longest a job may run`);
    this.name = 'JobTimeoutError';
  }
}
