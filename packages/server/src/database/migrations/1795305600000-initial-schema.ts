import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole domain's schema. Plain SQL that runs the same on PostgreSQL and on PGlite:
 * gen_random_uuid() is core since PostgreSQL 13, so no extension is needed.
 */
export class InitialSchema1795305600000 implements MigrationInterface {
  name = 'InitialSchema1795305600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email varchar(320) NOT NULL,
        username varchar(40) NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))');

    await db.query(`
      CREATE TABLE auth_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz
      )`);
    await db.query('CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id)');

    await db.query(`
      CREATE TABLE series (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX series_owner_id_idx ON series (owner_id)');

    await db.query(`
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        series_id uuid REFERENCES series (id) ON DELETE SET NULL,
        name varchar(200) NOT NULL,
        description text,
        thumbnail text,
        audio_url text,
        audio_s3_key text,
        settings jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX projects_owner_updated_idx ON projects (owner_id, updated_at DESC)');
    await db.query('CREATE INDEX projects_series_id_idx ON projects (series_id)');

    await db.query(`
      CREATE TABLE scripts (
        project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
        content text NOT NULL DEFAULT '',
        format varchar(20) NOT NULL DEFAULT 'text',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await db.query(`
      CREATE TABLE shots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        description text,
        duration double precision NOT NULL DEFAULT 5,
        start_time double precision NOT NULL DEFAULT 0,
        prompt text,
        action text,
        script_text text,
        image_url text,
        video_url text,
        s3_image_key text,
        s3_video_key text,
        style_package_id text,
        composition_settings jsonb,
        selected_template text,
        custom_composition_url text,
        assets jsonb NOT NULL DEFAULT '[]',
        assessment_notes text,
        assessed_at timestamptz,
        generation_status varchar(20) NOT NULL DEFAULT 'pending',
        video_generation_status varchar(20) NOT NULL DEFAULT 'pending',
        sequence_id text,
        scene_id text,
        framing text,
        camera_move text,
        first_pass boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX shots_project_position_idx ON shots (project_id, position)');

    await db.query(`
      CREATE TABLE shot_variants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        shot_id uuid NOT NULL REFERENCES shots (id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        framing_type varchar(40) NOT NULL,
        name varchar(200) NOT NULL,
        description text,
        prompt text,
        image_url text,
        video_url text,
        generation_status varchar(20) NOT NULL DEFAULT 'pending',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX shot_variants_shot_id_idx ON shot_variants (shot_id)');
    await db.query('CREATE INDEX shot_variants_project_id_idx ON shot_variants (project_id)');

    await db.query(`
      CREATE TABLE assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        project_id uuid REFERENCES projects (id) ON DELETE CASCADE,
        series_id uuid REFERENCES series (id) ON DELETE CASCADE,
        type varchar(20) NOT NULL CHECK (type IN ('character', 'location', 'prop', 'custom')),
        name varchar(200) NOT NULL,
        description text,
        images jsonb NOT NULL DEFAULT '{}',
        config jsonb,
        metadata jsonb NOT NULL DEFAULT '{}',
        visual_identifier text,
        is_series_level boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX assets_project_id_idx ON assets (project_id)');
    await db.query('CREATE INDEX assets_series_id_idx ON assets (series_id)');
    await db.query('CREATE INDEX assets_owner_id_idx ON assets (owner_id)');

    await db.query(`
      CREATE TABLE files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        project_id uuid REFERENCES projects (id) ON DELETE SET NULL,
        key text NOT NULL UNIQUE,
        original_name text NOT NULL,
        mimetype varchar(255) NOT NULL,
        size bigint NOT NULL,
        kind varchar(20) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX files_project_id_idx ON files (project_id)');

    await db.query(`
      CREATE TABLE review_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`);
    await db.query('CREATE INDEX review_links_project_id_idx ON review_links (project_id)');

    await db.query(`
      CREATE TABLE project_saves (
        save_id uuid PRIMARY KEY,
        project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        result jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX project_saves_project_id_idx ON project_saves (project_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'project_saves',
      'review_links',
      'files',
      'assets',
      'shot_variants',
      'shots',
      'scripts',
      'projects',
      'series',
      'auth_tokens',
      'users',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
