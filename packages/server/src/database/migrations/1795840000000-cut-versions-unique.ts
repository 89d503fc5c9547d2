import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One version number per cut of a project, held by a unique index: cuts made at once got the same
 * version when it was a count. Versions that were already given twice are renumbered after the
 * project's highest, oldest first, so that the index can be made.
 */
export class CutVersionsUnique1795840000000 implements MigrationInterface {
  name = 'CutVersionsUnique1795840000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      WITH ranked AS (
        SELECT id, project_id, version,
               row_number() OVER (PARTITION BY project_id, version ORDER BY created_at, id) AS n
          FROM cuts
      ), repeated AS (
        SELECT id, project_id,
               row_number() OVER (PARTITION BY project_id ORDER BY version, n) AS k
          FROM ranked WHERE n > 1
      ), tops AS (
        SELECT project_id, max(version) AS top FROM cuts GROUP BY project_id
      )
      UPDATE cuts SET version = tops.top + repeated.k
        FROM repeated JOIN tops ON tops.project_id = repeated.project_id
       WHERE cuts.id = repeated.id`);
    await db.query('DROP INDEX IF EXISTS cuts_project_version_idx');
    await db.query('CREATE UNIQUE INDEX cuts_project_version_key ON cuts (project_id, version)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX cuts_project_version_key');
    await db.query('CREATE INDEX cuts_project_version_idx ON cuts (project_id, version DESC)');
  }
}
