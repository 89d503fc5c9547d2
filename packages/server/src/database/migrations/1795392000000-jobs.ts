import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user-facing record of every long operation. pg-boss (its own `pgboss` schema, created by
 * pg-boss at start-up) only carries `{jobId}` and decides which worker runs it; this row holds what
 * the user sees: status, progress, per-shot results, errors.
 */
export class Jobs1795392000000 implements MigrationInterface {
  name = 'Jobs1795392000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE jobs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type varchar(100) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'queued',
        progress double precision NOT NULL DEFAULT 0,
        message text,
        error text,
        payload jsonb NOT NULL DEFAULT '{}',
        result jsonb,
        shot_ids jsonb,
        queue_job_id uuid,
        attempts integer NOT NULL DEFAULT 0,
        heartbeat_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await db.query('CREATE INDEX jobs_user_status_idx ON jobs (user_id, status)');
    await db.query('CREATE INDEX jobs_project_created_idx ON jobs (project_id, created_at DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE jobs');
  }
}
