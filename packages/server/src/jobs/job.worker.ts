import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  isErrorCode,
  isReelbenchError,
  type JobCounts,
  MESSAGES,
  SERVER_MESSAGES,
} from '@reelbench/sdk/contract';
import { withAbortSignal } from '../common/abort-scope.js';
import { withLogContext, withOwnLogContext } from '../common/log-context.js';
import { AppConfig } from '../config/config.js';
import type { DatabaseTarget } from '../database/data-source.js';
import { DATABASE_TARGET } from '../database/database.module.js';
import { GenerationCancelledError } from '../generation/generation.errors.js';
import { EventsService } from '../realtime/events.service.js';
import { Lifecycle } from '../system/lifecycle.js';
import type { JobEntity } from './job.entity.js';
import { toJob } from './job.mapper.js';
import { JobsRepository } from './job.repository.js';
import {
  type JobContext,
  type JobHandler,
  JobTimeoutError,
  TurnHandedOver,
  WorkerStoppingError,
} from './job-handlers.js';
import { operatorDetail } from './job-outcome.js';
import { JobQueue, type QueuedDelivery } from './job-queue.js';
import type { JobPayloads, JobType } from './job-types.js';

/** A job started this many times without finishing (each start ended by a crash) is given up. */
export const MAX_JOB_ATTEMPTS = 3;
export const JOB_GIVEN_UP = `Stopped ${MAX_JOB_ATTEMPTS} times before finishing`;
const COUNTS_TTL_MS = 1_000;

interface RunningJob {
  controller: AbortController;
  heartbeat: NodeJS.Timeout;
  /** Settles when the handler has returned (after an abort: once its in-flight step is done). */
  done?: Promise<void>;
}

/** How long a stopping server waits for aborted handlers to finish the step they are in. */
const STOP_WAIT_MS = 10_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Rejects with the reason once the job is cancelled or runs past its time limit (never settles
 * otherwise): raced with the handler, so the slot is free at once, and a handler stuck on a provider
 * that never answers cannot hold it. A stopping worker instead waits for its handlers' current step.
 */
function stoppedEarly(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    signal.addEventListener(
      'abort',
      () => {
        if (!(signal.reason instanceof WorkerStoppingError)) reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * The worker runtime: each server process runs up to jobConcurrency jobs; it takes pg-boss deliveries
 * as soon as a job is queued here, and polls for those queued elsewhere. A running job refreshes a
 * heartbeat; a job whose worker went silent (crash, restart) is queued again and resumes from its
 * stored result.
 */
@Injectable()
export class JobWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
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
    private readonly events: EventsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(DATABASE_TARGET) private readonly database: DatabaseTarget,
    lifecycle: Lifecycle,
  ) {
    // A draining process takes no new job; those it runs get the shutdown grace to finish.
    lifecycle.onDrain(() => {
      this.stopping = true;
    });
  }

  /** ROLE=api queues jobs but leaves the work (and the sweep) to the worker nodes. */
  private get works(): boolean {
    return this.config.role !== 'api';
  }

  register<T extends JobType>(type: T, handler: JobHandler<JobPayloads[T]>): void {
    this.handlers.set(type, handler as JobHandler<never>);
  }

  handles(type: string): boolean {
    return this.handlers.has(type);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
    if (!this.works) return;
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

  /**
   * Stops taking work, lets running jobs finish within the shutdown grace, and releases the rest:
   * they resume from their stored result on another worker (or on the next start).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.pollTimer);
    clearInterval(this.sweepTimer);
    await this.fetching;
    if (this.running.size > 0) {
      this.logger.log(`stopping: ${this.running.size} running job(s) get ${this.config.shutdownGraceMs} ms`);
      await Promise.race([
        Promise.allSettled([...this.running.values()].map((running) => running.done)),
        delay(this.config.shutdownGraceMs),
      ]);
    }
    const abandoned = [...this.running.entries()];
    for (const [, { controller, heartbeat }] of abandoned) {
      clearInterval(heartbeat);
      controller.abort(new WorkerStoppingError());
    }
    await this.fetching;
    // Aborted handlers finish the step they are in (a file being written, a row being updated)
    // before the database and storage go away.
    await Promise.race([
      Promise.allSettled(abandoned.map(([, running]) => running.done)),
      delay(STOP_WAIT_MS),
    ]);
    // Handed back at once, so the next start (or another node) need not wait for the heartbeat to age.
    for (const [id] of abandoned) {
      const requeued = await this.repository.requeue(id, SERVER_MESSAGES.jobResumed).catch(() => null);
      if (requeued !== null) {
        withLogContext({ jobId: id }, () => this.logger.log('released to another worker'));
        await this.resend(requeued).catch(() => undefined);
      }
    }
    await this.queue.stop();
  }

  /** Looks for work now (a job was queued here, a slot came free, or the poll timer fired). */
  wake(): void {
    if (this.stopping || !this.works || !this.queue.running) return;
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

  /** A cancelled job stops here if this node runs it (another node's heartbeat notices the cancel). */
  abort(jobId: string): void {
    this.running.get(jobId)?.controller.abort(new GenerationCancelledError());
  }

  /** Calls `done` once with the finished row when the job ends on this node; returns the unsubscribe. */
  onFinished(jobId: string, done: (job: JobEntity) => void): () => void {
    const set = this.waiters.get(jobId) ?? new Set();
    set.add(done);
    this.waiters.set(jobId, set);
    return () => this.waiters.get(jobId)?.delete(done);
  }

  /** A job ended without completing: its handler tidies up, listeners hear it once. */
  async settle(entity: JobEntity, outcome: { status: 'failed' | 'cancelled'; error: string }): Promise<void> {
    const handler = this.handlers.get(entity.type);
    await handler?.release?.(toJob(entity), outcome).catch((error: unknown) => {
      this.logger.warn(`release of ${entity.id}: ${String(error)}`);
    });
    const counts = await this.repository.counts(entity.userId);
    this.events.toProjectAndOwner({ id: entity.projectId, ownerId: entity.userId }, 'job:error', {
      ...eventBase(entity, counts),
      status: outcome.status,
      error: outcome.error,
      ...(isErrorCode(entity.errorCode) ? { code: entity.errorCode } : {}),
    });
    this.notifyWaiters(entity);
  }

  emitProgress(entity: JobEntity, counts: JobCounts): void {
    this.events.toProjectAndOwner(
      { id: entity.projectId, ownerId: entity.userId },
      'job:progress',
      eventBase(entity, counts),
    );
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
    const limit = setTimeout(
      () => controller.abort(new JobTimeoutError(this.config.jobTimeoutMs)),
      this.config.jobTimeoutMs,
    );
    limit.unref();
    const running: RunningJob = { controller, heartbeat };
    this.running.set(entity.id, running);
    this.emitProgress(entity, await this.repository.counts(entity.userId));
    running.done = withOwnLogContext({ jobId: entity.id }, () => {
      this.logger.log(`started ${entity.type} (attempt ${entity.attempts})`);
      return this.execute(entity, delivery.id, handler, controller.signal);
    })
      .catch((error: unknown) => this.logger.error(`job ${entity.id} could not be settled`, error as Error))
      .finally(() => {
        clearInterval(heartbeat);
        clearTimeout(limit);
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
      othersWaiting: () => this.othersWaiting(entity.userId),
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
      // Every program the handler starts (runFfmpeg) is stopped with the job: see common/abort-scope.ts.
      const run = withAbortSignal(signal, () => handler.run(context));
      // Settled later by a handler that was left behind: nothing waits for it any more.
      run.catch(() => undefined);
      const result = await Promise.race([run, stoppedEarly(signal)]);
      if (signal.aborted) throw signal.reason ?? new GenerationCancelledError();
      const done = await this.repository.finish(entity.id, ['running'], { status: 'completed', result });
      await this.queue.complete(deliveryId);
      if (done !== null) {
        this.logger.log(`completed ${done.type}`);
        const counts = await this.repository.counts(done.userId);
        this.events.toProjectAndOwner({ id: done.projectId, ownerId: done.userId }, 'job:complete', {
          ...eventBase(done, counts),
          status: 'completed',
          result: done.result ?? undefined,
        });
        this.notifyWaiters(done);
      }
    } catch (error) {
      // Left running in the table: the next start (or another node's sweep) resumes it.
      if (signal.aborted && signal.reason instanceof WorkerStoppingError) return;
      if (error instanceof TurnHandedOver && !signal.aborted) {
        await this.handOver(entity, deliveryId);
        return;
      }
      if (signal.reason instanceof JobTimeoutError) {
        await this.fail(entity, deliveryId, signal.reason);
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
    if (error instanceof JobTimeoutError) {
      this.logger.warn(`job ${entity.id} (${entity.type}) failed: ${error.message}`);
    } else if (!isReelbenchError(error)) {
      this.logger.error(`job ${entity.id} (${entity.type}) failed`, error as Error);
    } else {
      // The program's own last words (ffmpeg's stderr) are for the operator: the job's message has none.
      this.logger.warn(
        `job ${entity.id} (${entity.type}) failed: ${message}${operatorDetail(error, message)}`,
      );
    }
    const failed = await this.repository.finish(entity.id, ['running', 'queued'], {
      status: 'failed',
      error: message,
      errorCode: isReelbenchError(error) ? error.code : 'SERVER_ERROR',
      ...(error instanceof JobTimeoutError ? { message: error.message } : {}),
    });
    await this.queue.fail(deliveryId, message);
    if (failed !== null) await this.settle(failed, { status: 'failed', error: message });
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
      const requeued = await this.repository.requeue(stale.id, SERVER_MESSAGES.jobResumed);
      if (requeued === null) continue;
      if (stale.queueJobId !== null) await this.queue.fail(stale.queueJobId, SERVER_MESSAGES.jobResumed);
      await this.resend(requeued);
    }
    for (const orphan of await this.repository.orphanedQueued(staleSeconds)) await this.resend(orphan);
    this.wake();
  }

  /**
   * Whether a job of `userId` holding a slot here should give it up: every slot of this node is
   * busy and another user's job waits (one small query, asked between a batch's shots).
   */
  private async othersWaiting(userId: string): Promise<boolean> {
    if (this.running.size < this.config.jobConcurrency || this.stopping) return false;
    return this.repository.othersQueued(userId);
  }

  /**
   * The job gave its slot to another user's: queued again with its stored result. The new delivery is
   * younger than the waiting job's, so at the same turn that one goes first.
   */
  private async handOver(entity: JobEntity, deliveryId: string): Promise<void> {
    const queued = await this.repository.handOver(entity.id, SERVER_MESSAGES.jobTurnGiven);
    await this.queue.complete(deliveryId);
    if (queued === null) return;
    this.logger.log('handed its slot to another user');
    await this.resend(queued);
  }

  /** A resumed job keeps its place in its user's line (it was queued before the ones behind it). */
  private async resend(entity: JobEntity): Promise<void> {
    const queueJobId = await this.queue.send(entity.id, await this.repository.turnOf(entity.id));
    await this.repository.setQueueJob(entity.id, queueJobId);
    this.emitProgress(entity, await this.repository.counts(entity.userId));
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
