import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Soundtracks (issue 16): one per project, the audio file uploaded with upload-audio, its decoded
 * duration, its waveform peaks and where it sits against the picture (docs/editorial.md).
 */
export class Soundtracks1795564800000 implements MigrationInterface {
  name = 'Soundtracks1795564800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE soundtracks (
        project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        key text NOT NULL,
        name varchar(200) NOT NULL,
        mimetype varchar(100) NOT NULL,
        size bigint NOT NULL,
        duration_seconds double precision NOT NULL,
        offset_seconds double precision NOT NULL DEFAULT 0,
        peaks jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE soundtracks');
  }
}
