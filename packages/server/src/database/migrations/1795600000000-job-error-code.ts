import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A failed job keeps the class of its error (issue 13): VALIDATION_ERROR for bad input, and so on,
 * so the request waiting for it answers that code instead of SERVER_ERROR. Null for jobs that did
 * not fail and for failures recorded before this column.
 */
export class JobErrorCode1795600000000 implements MigrationInterface {
  name = 'JobErrorCode1795600000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE jobs ADD COLUMN error_code varchar(40)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE jobs DROP COLUMN error_code');
  }
}
