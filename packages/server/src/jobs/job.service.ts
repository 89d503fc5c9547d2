import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  isReelbenchError,
  type Job,
  type JobAcceptedReply,
  type JobCounts,
  type JobListReply,
  MESSAGES,
  ReelbenchError,
  type User,
} from '@reelbench/sdk/contract';
import { notFound } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { AppConfig } from '../config/config.js';
import type { DatabaseTarget } from '../database/data-source.js';
import { DATABASE_TARGET } from '../database/database.module.js';
import { GenerationCancelledError } from '../generation/generation.errors.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import type { JobEntity } from './job.entity.js';
import { toJob } from './job.mapper.js';
import { JobsRepository } from './job.repository.js';
import type { JobContext, JobHandler } from './job-handlers.js';
import { JOB_CANCELLED } from './job-outcome.js';
import { JobQueue, type QueuedDelivery } from './job-queue.js';

/** A job started this many times without finishing (each start ended by a crash) is given up. */
export const MAX_JOB_ATTEMPTS = 3;
export const JOB_RESUMED = 'Resumed after the server running it stopped';
export const JOB_GIVEN_UP = `Stopped ${MAX_JOB_ATTEMPTS} times before finishing`;
const STOPPING = 'The server is stopping';
const COUNTS_TTL_MS = 1_000;

interface RunningJob {
  controller: AbortController;
  heartbeat: NodeJS.Timeout;
  /** Settles when the handler has returned (after an abort: once its in-flight step is done). */
  done?: Promise<void>;
}

/** How long a stopping server waits for aborted handlers to finish the step they are in. */
const STOP_WAIT_MS = 10_000;

export interface EnqueueRequest {
  user: User;
  projectId: string;
  type: string;
  payload: Record<string, unknown>;
  shotIds?: string[];
}

/**
 * Every long operation is a job: a row in `jobs` (what the user sees) carried by a pg-boss delivery
 * (who runs it). Each server process runs up to jobConcurrency jobs; it takes deliveries as soon as a
 * job is queued here, and polls for those queued elsewhere. A running job refreshes a heartbeat; a
 * job whose worker went silent (crash, restart) is queued again and resumes from its stored result.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly running = new Map<string, RunningJob>();
  private readonly waiters = new Map<string, Set<(job: JobEntity) => void>>();
  private readonly countsCache = new Map<string, { counts: JobCounts; at: number }>();
  private pollTimer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private fetching: Promise<void> | undefined;
  private fetchAgain = false;
  private stopping = false;

  constructor(
    private readonly repository: JobsRepository,
    private readonly queue: JobQueue,
    private readonly projects: ProjectsService,
    private readonly events: EventsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DATABASE_TARGET) private readonly database: DatabaseTarget,
  ) {}

  /** Job types register their handler once, at module start. */
  register<P>(type: string, handler: JobHandler<P>): void {
    this.handlers.set(type, handler as JobHandler<never>);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
    // The embedded database belongs to this process alone: whatever was running died with the last one.
    await this.sweep(this.database.kind === 'pglite' ? 0 : this.config.jobStaleSeconds);
    this.pollTimer = setInterval(() => this.wake(), this.config.jobPollIntervalMs);
    this.pollTimer.unref();
    const sweepMs = Math.max(1_000, (this.config.jobStaleSeconds * 1_000) / 2);
    this.sweepTimer = setInterval(() => {
      this.sweep(this.config.jobStaleSeconds).catch((error: unknown) =>
        this.logger.warn(`sweep: ${String(error)}`),
      );
    }, sweepMs);
    this.sweepTimer.unref();
    this.wake();
  }

  /** Stops taking work and abandons what runs: those jobs resume on the next start (or another node). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearInterval(this.sweepTimer);
    const abandoned = [...this.running.entries()];
    for (const [, { controller, heartbeat }] of abandoned) {
      clearInterval(heartbeat);
      controller.abort(new Error(STOPPING));
    }
    await this.fetching;
    // Aborted handlers finish the step they are in (a file being written, a row being updated)
    // before the database and storage go away.
    await Promise.race([
      Promise.allSettled(abandoned.map(([, running]) => running.done)),
      new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref()),
    ]);
    // Handed back at once, so the next start (or another node) need not wait for the heartbeat to age.
    for (const [id] of abandoned) {
      const requeued = await this.repository.requeue(id, JOB_RESUMED).catch(() => null);
      if (requeued !== null) await this.resend(requeued).catch(() => undefined);
    }
    await this.queue.stop();
  }

  // ------------------------------------------------------------------ requests

  async enqueue(request: EnqueueRequest): Promise<JobAcceptedReply> {
    if (!this.handlers.has(request.type)) throw new Error(`No handler for job type ${request.type}`);
    const entity = await this.repository.insert({
      projectId: request.projectId,
      userId: request.user.id,
      type: request.type,
      payload: request.payload,
      shotIds: request.shotIds ?? null,
    });
    const queueJobId = await this.queue.send(entity.id);
    await this.repository.setQueueJob(entity.id, queueJobId);
    entity.queueJobId = queueJobId;
    const counts = await this.repository.counts(request.user.id);
    this.emitProgress(entity, counts);
    this.wake();
    return { job: toJob(entity), counts };
  }

  /** Settles with the finished job (completed, failed or cancelled), from this node or any other. */
  waitFor(jobId: string, pollMs = 1_000): Promise<Job> {
    return new Promise((resolve, reject) => {
      const done = (entity: JobEntity) => {
        clearInterval(timer);
        this.waiters.get(jobId)?.delete(done);
        resolve(toJob(entity));
      };
      const check = () => {
        this.repository.findOne(jobId).then((entity) => {
          if (entity === null) {
            clearInterval(timer);
            this.waiters.get(jobId)?.delete(done);
            reject(notFound('Job'));
          } else if (isFinished(entity.status)) done(entity);
        }, reject);
      };
      const timer = setInterval(check, pollMs);
      timer.unref();
      const set = this.waiters.get(jobId) ?? new Set();
      set.add(done);
      this.waiters.set(jobId, set);
      check();
    });
  }

  async list(user: User, projectId: string | undefined): Promise<JobListReply> {
    if (projectId !== undefined) await this.projects.requireOwned(user, projectId);
    const [rows, counts] = await Promise.all([
      this.repository.list(user.id, projectId),
      this.repository.counts(user.id),
    ]);
    return { jobs: rows.map(toJob), counts };
  }

  async get(user: User, jobId: string): Promise<Job> {
    const entity = await this.repository.findOwned(user.id, parseId(jobId, 'Job'));
    if (entity === null) throw notFound('Job');
    return toJob(entity);
  }

  /** Cancels a queued or running job; after this no event of it is sent. */
  async cancel(user: User, jobId: string): Promise<Job> {
    const entity = await this.repository.findOwned(user.id, parseId(jobId, 'Job'));
    if (entity === null) throw notFound('Job');
    const cancelled = await this.repository.finish(entity.id, ['queued', 'running'], {
      status: 'cancelled',
      error: JOB_CANCELLED,
    });
    if (cancelled === null) {
      throw new ReelbenchError({
        code: 'CONFLICT_ERROR',
        message: MESSAGES.cancelJobFailed,
        context: {
          jobId: entity.id,
          reason: `The job has already ${(await this.statusOf(entity.id)) ?? 'ended'}`,
        },
      });
    }
    if (entity.queueJobId !== null && entity.status === 'queued') await this.queue.cancel(entity.queueJobId);
    this.running.get(entity.id)?.controller.abort(new GenerationCancelledError());
    await this.settle(cancelled, { status: 'cancelled', error: JOB_CANCELLED });
    return toJob(cancelled);
  }

  // ------------------------------------------------------------------ workers

  /** Looks for work now (a job was queued here, a slot came free, or the poll timer fired). */
  private wake(): void {
    if (this.stopping || !this.queue.running) return;
    if (this.fetching !== undefined) {
      this.fetchAgain = true;
      return;
    }
    this.fetching = this.fetchAndStart()
      .catch((error: unknown) => this.logger.warn(`fetch: ${String(error)}`))
      .finally(() => {
        this.fetching = undefined;
        if (this.fetchAgain) {
          this.fetchAgain = false;
          this.wake();
        }
      });
  }

  private async fetchAndStart(): Promise<void> {
    const free = this.config.jobConcurrency - this.running.size;
    if (free <= 0) return;
    for (const delivery of await this.queue.fetch(free)) {
      if (this.stopping) return;
      await this.start(delivery);
    }
  }

  private async start(delivery: QueuedDelivery): Promise<void> {
    const entity = await this.repository.claim(delivery.jobId, delivery.id);
    if (entity === null) {
      // Cancelled, finished, resumed under a newer delivery, or deleted with its project.
      await this.queue.complete(delivery.id);
      return;
    }
    const handler = this.handlers.get(entity.type);
    if (handler === undefined) {
      await this.fail(entity, delivery.id, new Error(`No handler for job type ${entity.type}`));
      return;
    }
    const controller = new AbortController();
    const heartbeat = setInterval(
      () => {
        this.repository.heartbeat(entity.id).then(
          (alive) => {
            if (!alive) controller.abort(new GenerationCancelledError());
          },
          (error: unknown) => this.logger.warn(`heartbeat: ${String(error)}`),
        );
      },
      Math.max(250, (this.config.jobStaleSeconds * 1_000) / 4),
    );
    heartbeat.unref();
    const running: RunningJob = { controller, heartbeat };
    this.running.set(entity.id, running);
    this.emitProgress(entity, await this.repository.counts(entity.userId));
    running.done = this.execute(entity, delivery.id, handler, controller.signal)
      .catch((error: unknown) => this.logger.error(`job ${entity.id} could not be settled`, error as Error))
      .finally(() => {
        clearInterval(heartbeat);
        this.running.delete(entity.id);
        this.wake();
      });
  }

  private async execute(
    entity: JobEntity,
    deliveryId: string,
    handler: JobHandler<never>,
    signal: AbortSignal,
  ): Promise<void> {
    const context: JobContext<never> = {
      job: toJob(entity),
      payload: entity.payload as never,
      signal,
      previousResult: entity.result,
      progress: async (progress, update = {}) => {
        if (signal.aborted) return;
        const row = await this.repository.progress(
          entity.id,
          progress,
          update.message ?? null,
          update.result,
        );
        if (row !== null && !signal.aborted) this.emitProgress(row, await this.countsFor(row.userId));
      },
    };
    try {
      const result = await handler.run(context);
      if (signal.aborted) throw signal.reason ?? new GenerationCancelledError();
      const done = await this.repository.finish(entity.id, ['running'], { status: 'completed', result });
      await this.queue.complete(deliveryId);
      if (done !== null) {
        const counts = await this.repository.counts(done.userId);
        this.events.toProjectAndOwner({ id: done.projectId, ownerId: done.userId }, 'job:complete', {
          ...eventBase(done, counts),
          status: 'completed',
          result: done.result ?? undefined,
        });
        this.notifyWaiters(done);
      }
    } catch (error) {
      if (signal.aborted && signal.reason instanceof Error && signal.reason.message === STOPPING) {
        // Left running in the table: the next start (or another node's sweep) resumes it.
        return;
      }
      if (error instanceof GenerationCancelledError || signal.aborted) {
        await this.queue.complete(deliveryId);
        return;
      }
      await this.fail(entity, deliveryId, error);
    }
  }

  private async fail(entity: JobEntity, deliveryId: string, error: unknown): Promise<void> {
    const message = isReelbenchError(error) ? error.message : MESSAGES.jobFailed;
    if (!isReelbenchError(error))
      this.logger.error(`job ${entity.id} (${entity.type}) failed`, error as Error);
    const failed = await this.repository.finish(entity.id, ['running', 'queued'], {
      status: 'failed',
      error: message,
    });
    await this.queue.fail(deliveryId, message);
    if (failed !== null) await this.settle(failed, { status: 'failed', error: message });
  }

  /** A job ended without completing: its handler tidies up, listeners hear it once. */
  private async settle(
    entity: JobEntity,
    outcome: { status: 'failed' | 'cancelled'; error: string },
  ): Promise<void> {
    const handler = this.handlers.get(entity.type);
    await handler?.release?.(toJob(entity), outcome).catch((error: unknown) => {
      this.logger.warn(`release of ${entity.id}: ${String(error)}`);
    });
    const counts = await this.repository.counts(entity.userId);
    this.events.toProjectAndOwner({ id: entity.projectId, ownerId: entity.userId }, 'job:error', {
      ...eventBase(entity, counts),
      status: outcome.status,
      error: outcome.error,
    });
    this.notifyWaiters(entity);
  }

  /**
   * Running jobs whose worker went silent for staleSeconds are queued again (they resume from their
   * stored result), or given up after MAX_JOB_ATTEMPTS starts; queued jobs whose delivery was lost
   * are sent again.
   */
  private async sweep(staleSeconds: number): Promise<void> {
    for (const stale of await this.repository.stale(staleSeconds)) {
      if (this.running.has(stale.id)) continue;
      if (stale.attempts >= MAX_JOB_ATTEMPTS) {
        const failed = await this.repository.finish(stale.id, ['running'], {
          status: 'failed',
          error: MESSAGES.jobFailed,
          message: JOB_GIVEN_UP,
        });
        if (failed !== null) await this.settle(failed, { status: 'failed', error: MESSAGES.jobFailed });
        continue;
      }
      const requeued = await this.repository.requeue(stale.id, JOB_RESUMED);
      if (requeued === null) continue;
      if (stale.queueJobId !== null) await this.queue.fail(stale.queueJobId, JOB_RESUMED);
      await this.resend(requeued);
    }
    for (const orphan of await this.repository.orphanedQueued(staleSeconds)) await this.resend(orphan);
    this.wake();
  }

  private async resend(entity: JobEntity): Promise<void> {
    const queueJobId = await this.queue.send(entity.id);
    await this.repository.setQueueJob(entity.id, queueJobId);
    this.emitProgress(entity, await this.repository.counts(entity.userId));
  }

  private emitProgress(entity: JobEntity, counts: JobCounts): void {
    this.events.toProjectAndOwner(
      { id: entity.projectId, ownerId: entity.userId },
      'job:progress',
      eventBase(entity, counts),
    );
  }

  private notifyWaiters(entity: JobEntity): void {
    for (const resolve of this.waiters.get(entity.id) ?? []) resolve(entity);
    this.waiters.delete(entity.id);
  }

  /**
   * Queue counts for progress events: they change only when a job is queued, starts or ends (those
   * events count afresh), so a count up to COUNTS_TTL_MS old is right for a progress event.
   */
  private async countsFor(userId: string): Promise<JobCounts> {
    const cached = this.countsCache.get(userId);
    if (cached !== undefined && Date.now() - cached.at < COUNTS_TTL_MS) return cached.counts;
    const counts = await this.repository.counts(userId);
    this.countsCache.set(userId, { counts, at: Date.now() });
    return counts;
  }

  private async statusOf(id: string): Promise<string | undefined> {
    return (await this.repository.findOne(id))?.status;
  }
}

function isFinished(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

function eventBase(entity: JobEntity, counts: JobCounts) {
  const job = toJob(entity);
  return {
    projectId: job.projectId,
    jobId: job.id,
    type: job.type,
    status: job.status,
    progress: job.progress,
    counts,
    ...(job.shotIds ? { shotIds: job.shotIds } : {}),
    ...(job.message ? { message: job.message } : {}),
  };
}
