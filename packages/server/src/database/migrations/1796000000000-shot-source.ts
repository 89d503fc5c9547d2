import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every first-pass shot knows its source in the script (scene, element span, fingerprint), so a
 * revised script revises the shots in place; a shot a revise removes goes to the project's trash
 * for a week with its media and coverage, restorable.
 */
export class ShotSource1796000000000 implements MigrationInterface {
  name = 'ShotSource1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE shots ADD COLUMN source jsonb NULL');
    await db.query(`
      CREATE TABLE shot_trash (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        shot_id uuid NOT NULL,
        shot jsonb NOT NULL,
        variants jsonb NOT NULL DEFAULT '[]',
        reason varchar(40) NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX shot_trash_project_idx ON shot_trash (project_id, expires_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE shot_trash');
    await db.query('ALTER TABLE shots DROP COLUMN source');
  }
}
