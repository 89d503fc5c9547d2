import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import type { DataSource } from 'typeorm';

/** The one pg-boss queue every Reelbench job travels on; its data is `{jobId}` of a row in `jobs`. */
export const JOB_QUEUE = 'reelbench-jobs';
/** A delivery pg-boss considers lost after this long; our own heartbeat notices much sooner. */
const QUEUE_EXPIRE_SECONDS = 6 * 60 * 60;

export interface QueuedDelivery {
  /** pg-boss's id of this delivery. */
  id: string;
  jobId: string;
}

interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on the server's own database. Its SQL goes through TypeORM's pg pool, so on PGlite it shares
 * the single connection with everything else (pg-boss never holds a connection between statements).
 * pg-boss persists deliveries and shares them between server processes; what a job is and how far
 * it got lives in our `jobs` table.
 */
@Injectable()
export class JobQueue {
  private readonly logger = new Logger('JobQueue');
  private boss: PgBoss | undefined;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async start(): Promise<void> {
    const pool = (this.db.driver as unknown as { master: PgPool }).master;
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
      supervise: true,
      schedule: false,
      migrate: true,
    });
    boss.on('error', (error: unknown) => this.logger.warn(`queue: ${String(error)}`));
    await boss.start();
    await boss.createQueue(JOB_QUEUE, { name: JOB_QUEUE, retryLimit: 0 }).catch((error: unknown) => {
      // Another process created it first.
      if (!String(error).includes('already exists')) throw error;
    });
    this.boss = boss;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: false, wait: true, close: false });
  }

  private get started(): PgBoss {
    if (this.boss === undefined) throw new Error('The job queue is not running');
    return this.boss;
  }

  get running(): boolean {
    return this.boss !== undefined;
  }

  /**
   * Queues a delivery of the job; returns pg-boss's id for it. `turn` is how many of the same user's
   * jobs wait or run ahead of it: workers take the lowest turn first (pg-boss fetches by priority, then
   * age), so every user's next job goes before anyone's later ones. One user's batch of two hundred
   * cannot hold the slots while another user's single image waits behind it.
   */
  async send(jobId: string, turn: number): Promise<string> {
    const id = await this.started.send(
      JOB_QUEUE,
      { jobId },
      { retryLimit: 0, expireInSeconds: QUEUE_EXPIRE_SECONDS, priority: -Math.max(0, Math.trunc(turn)) },
    );
    if (id === null) throw new Error('pg-boss refused the job');
    return id;
  }

  async fetch(count: number): Promise<QueuedDelivery[]> {
    if (this.boss === undefined || count <= 0) return [];
    const jobs = await this.boss.fetch<{ jobId?: unknown }>(JOB_QUEUE, { batchSize: count });
    return jobs.flatMap((job) =>
      typeof job.data?.jobId === 'string' ? [{ id: job.id, jobId: job.data.jobId }] : [],
    );
  }

  /** Best effort: a delivery left behind only expires later; the jobs table stays the truth. */
  async complete(id: string): Promise<void> {
    await this.boss
      ?.complete(JOB_QUEUE, id)
      .catch((error: unknown) => this.logger.warn(`complete: ${String(error)}`));
  }

  async fail(id: string, reason: string): Promise<void> {
    await this.boss
      ?.fail(JOB_QUEUE, id, { reason })
      .catch((error: unknown) => this.logger.warn(`fail: ${String(error)}`));
  }

  async cancel(id: string): Promise<void> {
    await this.boss
      ?.cancel(JOB_QUEUE, id)
      .catch((error: unknown) => this.logger.warn(`cancel: ${String(error)}`));
  }
}
