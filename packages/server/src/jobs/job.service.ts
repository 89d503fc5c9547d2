import { Inject, Injectable } from '@nestjs/common';
import {
  type Job,
  type JobAcceptedReply,
  type JobListReply,
  MESSAGES,
  ReelbenchError,
  SERVER_MESSAGES,
  type User,
} from '@reelbench/sdk/contract';
import { notFound } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { AppConfig } from '../config/config.js';
import { ProjectsService } from '../projects/project.service.js';
import type { JobEntity } from './job.entity.js';
import { toJob } from './job.mapper.js';
import { JobsRepository } from './job.repository.js';
import { JobWorker } from './job.worker.js';
import type { JobHandler } from './job-handlers.js';
import { jobOutcomeError } from './job-outcome.js';
import { JobQueue } from './job-queue.js';
import type { JobPayloads, JobType } from './job-types.js';

export interface EnqueueRequest<T extends JobType> {
  user: User;
  projectId: string;
  type: T;
  payload: JobPayloads[T];
  shotIds?: string[];
  /**
   * One at a time per project: while a job of this type is queued or running for the project, the
   * request is answered with that job instead of starting a second (which would do the work twice).
   */
  onePerProject?: boolean;
}

function rateLimited(message: string, retryAfterSeconds: number): ReelbenchError {
  return new ReelbenchError({ code: 'RATE_LIMIT_ERROR', message, context: { retryAfterSeconds } });
}

/**
 * Every long operation is a job: a row in `jobs` (what the user sees) carried by a pg-boss delivery
 * (who runs it; see JobWorker). This is the side requests use: queue, wait, list, cancel.
 */
@Injectable()
export class JobsService {
  constructor(
    private readonly repository: JobsRepository,
    private readonly queue: JobQueue,
    private readonly worker: JobWorker,
    private readonly projects: ProjectsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** Job types register their handler once, at module start. */
  register<T extends JobType>(type: T, handler: JobHandler<JobPayloads[T]>): void {
    this.worker.register(type, handler);
  }

  async enqueue<T extends JobType>(request: EnqueueRequest<T>): Promise<JobAcceptedReply> {
    if (!this.worker.handles(request.type)) throw new Error(`No handler for job type ${request.type}`);
    // The per-user limits (config.limits): jobs started per minute and jobs waiting or running at once,
    // each RATE_LIMIT_ERROR (429) with the seconds to wait; reserved with the insert (see the repository).
    const { generationsPerMinute, activeJobsPerUser } = this.config.limits;
    const inserted = await this.repository.insertWithinLimits(
      {
        projectId: request.projectId,
        userId: request.user.id,
        type: request.type,
        payload: { ...request.payload },
        shotIds: request.shotIds ?? null,
      },
      { activeJobs: activeJobsPerUser, perMinute: generationsPerMinute },
      request.onePerProject === true,
    );
    if (typeof inserted === 'object' && 'already' in inserted)
      return { job: toJob(inserted.already), counts: await this.repository.counts(request.user.id) };
    if (inserted === 'running') throw rateLimited(SERVER_MESSAGES.tooManyRunningJobs, 5);
    if (inserted === 'per-minute') throw rateLimited(SERVER_MESSAGES.tooManyGenerations, 60);
    const { job: entity, turn } = inserted;
    const queueJobId = await this.queue.send(entity.id, turn);
    await this.repository.setQueueJob(entity.id, queueJobId);
    entity.queueJobId = queueJobId;
    const counts = await this.repository.counts(request.user.id);
    this.worker.emitProgress(entity, counts);
    this.worker.wake();
    return { job: toJob(entity), counts };
  }

  /**
   * Queues the job and waits for it: the request answers when the work is done (progress arrives as
   * job events meanwhile), or with the job's error (`failureMessage` when it has none of its own).
   * `queued` runs between the two, e.g. to mark what the job will work on.
   */
  async runAndWait<T extends JobType>(
    request: EnqueueRequest<T>,
    failureMessage: string,
    queued?: (accepted: JobAcceptedReply) => Promise<void>,
  ): Promise<Job> {
    const accepted = await this.enqueue(request);
    await queued?.(accepted);
    const finished = await this.waitFor(accepted.job.id);
    if (finished.status !== 'completed') throw jobOutcomeError(finished, failureMessage);
    return finished;
  }

  /** Settles with the finished job (completed, failed or cancelled), from this node or any other. */
  waitFor(jobId: string, pollMs = 1_000): Promise<Job> {
    return new Promise((resolve, reject) => {
      const done = (entity: JobEntity) => {
        clearInterval(timer);
        unsubscribe();
        resolve(toJob(entity));
      };
      const check = () => {
        this.repository.findOne(jobId).then((entity) => {
          if (entity === null) {
            clearInterval(timer);
            unsubscribe();
            reject(notFound('Job'));
          } else if (isFinished(entity.status)) done(entity);
        }, reject);
      };
      const timer = setInterval(check, pollMs);
      timer.unref();
      const unsubscribe = this.worker.onFinished(jobId, done);
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
      error: SERVER_MESSAGES.jobCancelled,
    });
    if (cancelled === null) {
      throw new ReelbenchError({
        code: 'CONFLICT_ERROR',
        message: MESSAGES.cancelJobFailed,
        context: {
          jobId: entity.id,
          reason: `The job has already ${(await this.repository.findOne(entity.id))?.status ?? 'ended'}`,
        },
      });
    }
    if (entity.queueJobId !== null && entity.status === 'queued') await this.queue.cancel(entity.queueJobId);
    this.worker.abort(entity.id);
    await this.worker.settle(cancelled, { status: 'cancelled', error: SERVER_MESSAGES.jobCancelled });
    return toJob(cancelled);
  }
}

function isFinished(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
