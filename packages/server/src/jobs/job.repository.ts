import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobCounts } from '@reelbench/sdk/contract';
import { type DataSource, In, type Repository } from 'typeorm';
import { EntityRows } from '../database/entity-rows.js';
import { JobEntity } from './job.entity.js';

export interface NewJob {
  projectId: string;
  userId: string;
  type: string;
  payload: Record<string, unknown>;
  shotIds: string[] | null;
}

/** How many jobs a user may list at once (the newest). */
export const JOB_LIST_LIMIT = 200;

/**
 * Rows of `jobs`. Every state change is one conditional UPDATE (`WHERE status = …`), so a cancel and
 * a worker finishing at the same moment cannot both win, on one node or several.
 */
@Injectable()
export class JobsRepository {
  private readonly entityRows: EntityRows<JobEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.entityRows = new EntityRows(db, JobEntity);
  }

  private get rows(): Repository<JobEntity> {
    return this.db.getRepository(JobEntity);
  }

  /**
   * Inserts the job unless its user already has `activeJobs` waiting or running ('running') or queued
   * `perMinute` in the last minute ('per-minute'); with `onePerProject`, unless a job of its type is
   * queued or running for its project (`already`: that one). Counted and inserted under a per-user lock
   * in one transaction, so concurrent requests (on any node) cannot all take the last place. An
   * inserted job comes with its turn (see turnOf).
   */
  insertWithinLimits(
    job: NewJob,
    limits: { activeJobs: number; perMinute: number },
    onePerProject = false,
  ): Promise<{ job: JobEntity; turn: number } | { already: JobEntity } | 'running' | 'per-minute'> {
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('jobs:' || $1::text, 0))`, [
        job.userId,
      ]);
      if (onePerProject) {
        const already = await manager.getRepository(JobEntity).findOne({
          where: { projectId: job.projectId, type: job.type, status: In(['queued', 'running']) },
          order: { createdAt: 'ASC' },
        });
        if (already !== null) return { already };
      }
      const [counts]: { active: number; recent: number }[] = await manager.query(
        `SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS active,
                count(*) FILTER (WHERE created_at > now() - interval '60 seconds')::int AS recent
           FROM jobs WHERE user_id = $1`,
        [job.userId],
      );
      if ((counts?.active ?? 0) >= limits.activeJobs) return 'running';
      if ((counts?.recent ?? 0) >= limits.perMinute) return 'per-minute';
      const rows = manager.getRepository(JobEntity);
      // Its turn is the user's jobs already waiting or running, counted under the same lock.
      return {
        job: await rows.save(rows.create({ ...job, status: 'queued', progress: 0 })),
        turn: counts?.active ?? 0,
      };
    });
  }

  /** How many of the job's user's other jobs, queued before it, wait or run now: its place in that user's line. */
  async turnOf(jobId: string): Promise<number> {
    const [row]: { ahead: number }[] = await this.db.query(
      `SELECT count(other.id)::int AS ahead
         FROM jobs job
         JOIN jobs other ON other.user_id = job.user_id AND other.status IN ('queued', 'running')
                        AND (other.created_at, other.id) < (job.created_at, job.id)
        WHERE job.id = $1`,
      [jobId],
    );
    return row?.ahead ?? 0;
  }

  findOne(id: string): Promise<JobEntity | null> {
    return this.rows.findOne({ where: { id } });
  }

  findOwned(ownerId: string, id: string): Promise<JobEntity | null> {
    return this.rows.findOne({ where: { id, userId: ownerId } });
  }

  list(userId: string, projectId?: string): Promise<JobEntity[]> {
    return this.rows.find({
      where: projectId === undefined ? { userId } : { userId, projectId },
      order: { createdAt: 'DESC' },
      take: JOB_LIST_LIMIT,
    });
  }

  async counts(userId: string): Promise<JobCounts> {
    const rows: { status: string; count: string }[] = await this.db.query(
      `SELECT status, count(*)::text AS count FROM jobs
        WHERE user_id = $1 AND status IN ('queued', 'running') GROUP BY status`,
      [userId],
    );
    const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
    return { waiting: count('queued'), running: count('running') };
  }

  async setQueueJob(id: string, queueJobId: string): Promise<void> {
    await this.db.query('UPDATE jobs SET queue_job_id = $2 WHERE id = $1', [id, queueJobId]);
  }

  /** queued → running for the worker holding this delivery; null when it is not this worker's to run. */
  claim(id: string, queueJobId: string): Promise<JobEntity | null> {
    return this.updateOne(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, heartbeat_at = now(), updated_at = now(),
              message = NULL
        WHERE id = $1 AND status = 'queued' AND queue_job_id = $2 RETURNING *`,
      [id, queueJobId],
    );
  }

  /** Progress of a running job; null once it is no longer running (cancelled meanwhile). */
  progress(id: string, progress: number, message: string | null, result: unknown): Promise<JobEntity | null> {
    return this.updateOne(
      `UPDATE jobs SET progress = $2, message = COALESCE($3::text, message), result = COALESCE($4::jsonb, result),
              heartbeat_at = now(), updated_at = now()
        WHERE id = $1 AND status = 'running' RETURNING *`,
      [id, progress, message, result === undefined ? null : JSON.stringify(result)],
    );
  }

  /** True while the job is still running (so its worker should go on). */
  async heartbeat(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE jobs SET heartbeat_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  finish(
    id: string,
    from: readonly string[],
    outcome: {
      status: 'completed' | 'failed' | 'cancelled';
      error?: string;
      errorCode?: string;
      message?: string;
      result?: unknown;
    },
  ): Promise<JobEntity | null> {
    return this.updateOne(
      `UPDATE jobs SET status = $3::varchar, error = $4::text, error_code = $7::varchar, message = COALESCE($5::text, message),
              result = COALESCE($6::jsonb, result), progress = CASE WHEN $3::varchar = 'completed' THEN 100 ELSE progress END,
              finished_at = now(), updated_at = now()
        WHERE id = $1 AND status = ANY($2) RETURNING *`,
      [
        id,
        [...from],
        outcome.status,
        outcome.error ?? null,
        outcome.message ?? null,
        outcome.result === undefined ? null : JSON.stringify(outcome.result),
        outcome.errorCode ?? null,
      ],
    );
  }

  /**
   * running → queued again for a job that gave its slot to another user's: the start it made is not
   * counted against it (a long batch may hand over many times).
   */
  handOver(id: string, message: string): Promise<JobEntity | null> {
    return this.updateOne(
      `UPDATE jobs SET status = 'queued', message = $2, heartbeat_at = NULL, attempts = GREATEST(attempts - 1, 0),
              updated_at = now()
        WHERE id = $1 AND status = 'running' RETURNING *`,
      [id, message],
    );
  }

  /** Whether another user has a job waiting for a slot. */
  async othersQueued(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM jobs WHERE status = 'queued' AND user_id <> $1 LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** running → queued again, for a job whose worker stopped (crash, restart, lost node). */
  requeue(id: string, message: string): Promise<JobEntity | null> {
    return this.updateOne(
      `UPDATE jobs SET status = 'queued', message = $2, heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND status = 'running' RETURNING *`,
      [id, message],
    );
  }

  /** Running jobs whose worker has been silent for staleSeconds (every running one when 0). */
  async stale(staleSeconds: number): Promise<JobEntity[]> {
    const rows = await this.rows
      .createQueryBuilder('job')
      .where(`job.status = 'running'`)
      .andWhere(`(job.heartbeat_at IS NULL OR job.heartbeat_at < now() - make_interval(secs => :seconds))`, {
        seconds: staleSeconds,
      })
      .getMany();
    return rows;
  }

  /** Queued jobs with no live delivery (their pg-boss delivery was lost): sent again by the sweeper. */
  async orphanedQueued(olderThanSeconds: number): Promise<JobEntity[]> {
    return this.rows
      .createQueryBuilder('job')
      .where(`job.status = 'queued'`)
      .andWhere('job.updated_at < now() - make_interval(secs => :seconds)', { seconds: olderThanSeconds })
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM pgboss.job q WHERE q.id = job.queue_job_id AND q.state IN ('created', 'retry', 'active'))`,
      )
      .getMany();
  }

  private async updateOne(sql: string, params: unknown[]): Promise<JobEntity | null> {
    // A bare UPDATE … RETURNING answers [rows, count].
    const [rows] = (await this.db.query(sql, params)) as [Record<string, unknown>[], number];
    return this.entityRows.first(rows);
  }
}
