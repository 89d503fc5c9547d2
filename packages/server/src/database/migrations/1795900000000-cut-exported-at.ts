import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a cut was last exported: the dashboard's pipeline says "Export: Done" from it. */
export class CutExportedAt1795900000000 implements MigrationInterface {
  name = 'CutExportedAt1795900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE cuts ADD COLUMN exported_at timestamptz NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE cuts DROP COLUMN exported_at');
  }
}
