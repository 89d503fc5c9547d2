import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review and repository (issue 16): review links get an optional expiry and a short hint of their
 * token for the owner's list; reviewers' time-coded comments per project; a publish flag on projects
 * and on assets for the public repository page.
 */
export class Review1795571000000 implements MigrationInterface {
  name = 'Review1795571000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE review_links ADD COLUMN expires_at timestamptz');
    await db.query("ALTER TABLE review_links ADD COLUMN token_hint varchar(16) NOT NULL DEFAULT ''");
    await db.query(`
      CREATE TABLE review_comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        link_id uuid REFERENCES review_links (id) ON DELETE SET NULL,
        author_name varchar(100) NOT NULL,
        body text NOT NULL,
        time_ms integer NOT NULL,
        shot_id uuid,
        shot_offset_ms integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      'CREATE INDEX review_comments_project_idx ON review_comments (project_id, time_ms, created_at)',
    );
    await db.query('ALTER TABLE projects ADD COLUMN repository_published boolean NOT NULL DEFAULT false');
    await db.query('ALTER TABLE assets ADD COLUMN repository_published boolean NOT NULL DEFAULT false');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE assets DROP COLUMN repository_published');
    await db.query('ALTER TABLE projects DROP COLUMN repository_published');
    await db.query('DROP TABLE review_comments');
    await db.query('ALTER TABLE review_links DROP COLUMN token_hint');
    await db.query('ALTER TABLE review_links DROP COLUMN expires_at');
  }
}
