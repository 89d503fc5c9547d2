import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cuts (issue 16): a saved, versioned snapshot of a project's timeline, the source of the EDL,
 * OTIO and FCPXML exports and of `project:getEDLs` / `project:getEDL`. Events and soundtrack are
 * the contract's `cutSchema` fields, in frames at `frame_rate`.
 */
export class Cuts1795478400000 implements MigrationInterface {
  name = 'Cuts1795478400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE cuts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        version integer NOT NULL,
        frame_rate double precision NOT NULL,
        events jsonb NOT NULL DEFAULT '[]',
        soundtrack jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX cuts_project_version_idx ON cuts (project_id, version DESC)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE cuts');
  }
}
