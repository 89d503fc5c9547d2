import { randomUUID } from 'node:crypto';
import { type Job, jobSchema, SERVER_EVENT_SCHEMAS, type ServerEventPayload } from '@reelbench/sdk/contract';
import type { JobViewAction, TrackedEvent } from '../../src/live/job-state.js';

/** Contract-shaped jobs and events for one batch job, each checked against the contract's schemas. */
export class JobFixture {
  readonly projectId = randomUUID();
  readonly jobId = randomUUID();
  readonly shotIds: string[];
  readonly names: Map<string, string>;

  constructor(
    shotNames: string[],
    readonly type = 'shot:generate-batch',
  ) {
    this.shotIds = shotNames.map(() => randomUUID());
    this.names = new Map(this.shotIds.map((id, index) => [id, shotNames[index] ?? id]));
  }

  shot(index: number): string {
    const id = this.shotIds[index];
    if (id === undefined) throw new Error(`no shot ${index}`);
    return id;
  }

  job(overrides: Partial<Job> = {}): Job {
    return jobSchema.parse({
      id: this.jobId,
      projectId: this.projectId,
      type: this.type,
      status: 'queued',
      progress: 0,
      createdAt: '2026-11-22T05:00:00.000Z',
      updatedAt: '2026-11-22T05:00:00.000Z',
      shotIds: this.shotIds,
      ...overrides,
    });
  }

  /** One event, validated by the contract as the server would have to send it. */
  event<E extends TrackedEvent>(event: E, payload: Record<string, unknown>): JobViewAction {
    const parsed = SERVER_EVENT_SCHEMAS[event].parse({
      projectId: this.projectId,
      jobId: this.jobId,
      ...payload,
    }) as ServerEventPayload<E>;
    return { event, payload: parsed } as JobViewAction;
  }

  jobEvent(
    event: 'job:progress' | 'job:complete' | 'job:error',
    payload: Record<string, unknown>,
  ): JobViewAction {
    return this.event(event, {
      type: this.type,
      counts: { waiting: 0, running: 1 },
      progress: 0,
      ...payload,
    });
  }

  shotProgress(
    index: number,
    status: string,
    progress: number,
    extra: Record<string, unknown> = {},
  ): JobViewAction {
    return this.event('shot:generation-progress', { shotId: this.shot(index), status, progress, ...extra });
  }

  complete(results: { index: number; status: string; url?: string; error?: string }[]): JobViewAction {
    return this.jobEvent('job:complete', {
      status: 'completed',
      progress: 100,
      result: results.map(({ index, ...rest }) => ({ shotId: this.shot(index), ...rest })),
    });
  }
}
