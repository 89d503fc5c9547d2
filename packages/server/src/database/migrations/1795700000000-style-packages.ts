import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Style packages (issue 14): a project's own looks (name, look words, colour grade, reference
 * images), beside the four built-in ones that live in code. Shots keep referencing them by
 * style_package_id (a built-in's visual style or a package's uuid, as text).
 */
export class StylePackages1795700000000 implements MigrationInterface {
  name = 'StylePackages1795700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE style_packages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        look text NOT NULL DEFAULT '',
        grade jsonb NOT NULL,
        reference_keys jsonb NOT NULL DEFAULT '[]',
        based_on varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX style_packages_project_idx ON style_packages (project_id, created_at)');
    await db.query('CREATE INDEX shots_style_package_idx ON shots (project_id, style_package_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX shots_style_package_idx');
    await db.query('DROP TABLE style_packages');
  }
}
