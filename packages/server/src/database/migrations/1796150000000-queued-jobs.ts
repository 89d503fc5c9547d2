import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A batch asks between its shots whether another user's job waits for its slot (JobWorker's
 * othersWaiting): the queued jobs are a few rows among many finished ones, so they get their own index.
 */
export class QueuedJobs1796150000000 implements MigrationInterface {
  name = 'QueuedJobs1796150000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX jobs_queued_user_idx ON jobs (user_id) WHERE status = 'queued'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX jobs_queued_user_idx');
  }
}
