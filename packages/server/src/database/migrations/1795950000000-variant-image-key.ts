import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A coverage variant keeps its image's storage key, as a shot does: its URL is signed on each answer.
 * Before, the signed URL itself was stored and stopped working after a week (and so did a shot's
 * frame promoted from it).
 */
export class VariantImageKey1795950000000 implements MigrationInterface {
  name = 'VariantImageKey1795950000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE shot_variants ADD COLUMN s3_image_key text NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE shot_variants DROP COLUMN s3_image_key');
  }
}
