import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-project cap on review comments (REVIEW_LIMITS.commentsPerProject, 2,000) held by the
 * database: a trigger takes a per-project lock, counts and refuses the row past the cap, so a burst
 * of concurrent comments cannot pass it (counting in the service and then inserting could).
 */
export class ReviewCommentCap1795760000000 implements MigrationInterface {
  name = 'ReviewCommentCap1795760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION review_comments_cap() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- One insert per project at a time until it commits; the count below then sees the others.
        PERFORM pg_advisory_xact_lock(hashtextextended('review_comments:' || NEW.project_id::text, 0));
        IF (SELECT count(*) FROM review_comments WHERE project_id = NEW.project_id) >= 2000 THEN
          RAISE EXCEPTION 'A project keeps at most 2000 review comments'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'review_comments_per_project';
        END IF;
        RETURN NEW;
      END
      $$`);
    await db.query(`
      CREATE TRIGGER review_comments_cap BEFORE INSERT ON review_comments
        FOR EACH ROW EXECUTE FUNCTION review_comments_cap()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TRIGGER review_comments_cap ON review_comments');
    await db.query('DROP FUNCTION review_comments_cap()');
  }
}
