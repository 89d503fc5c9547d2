import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every saved script a first pass ran on is kept as a version (issue 30): the text, who ran the pass
 * and when, the page count and the pass's mode. Numbered per project; listed newest first.
 */
export class ScriptVersions1796050000000 implements MigrationInterface {
  name = 'ScriptVersions1796050000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE script_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        number integer NOT NULL,
        content text NOT NULL,
        format varchar(20) NOT NULL,
        page_count integer NOT NULL,
        mode varchar(20) NOT NULL,
        author_id uuid NULL REFERENCES users (id) ON DELETE SET NULL,
        author_name varchar(200) NOT NULL,
        author_email varchar(320) NOT NULL,
        last_pass_at timestamptz NOT NULL DEFAULT now(),
        passes integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      'CREATE UNIQUE INDEX script_versions_project_number_key ON script_versions (project_id, number)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE script_versions');
  }
}
