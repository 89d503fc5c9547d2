import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scratch track (issue 31): one row per spoken dialogue line of a project's script, with its clip
 * (generated or a recorded take), measured length, waveform and the hash of what it was spoken from.
 * A shot deleted later leaves its lines unplaced (shot_id set null by the service, not a foreign key:
 * a revised first pass replaces shots and the next run places the lines again).
 */
export class DialogueLines1796100000000 implements MigrationInterface {
  name = 'DialogueLines1796100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE dialogue_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        scene_number integer NOT NULL,
        line_order integer NOT NULL,
        character varchar(200) NOT NULL,
        asset_id uuid NULL,
        text text NOT NULL,
        parenthetical varchar(200) NULL,
        extension varchar(200) NULL,
        delivery varchar(20) NOT NULL,
        manner varchar(20) NOT NULL,
        shot_id uuid NULL,
        audio_key text NOT NULL,
        duration_ms integer NOT NULL,
        hash varchar(64) NOT NULL,
        source varchar(20) NOT NULL,
        peaks jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      'CREATE INDEX dialogue_lines_project_order_idx ON dialogue_lines (project_id, line_order)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE dialogue_lines');
  }
}
