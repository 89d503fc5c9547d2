import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { notFound } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { CutEntity } from './cut.entity.js';

/** The columns of a shot a cut is built from. */
export interface TimelineShotRow {
  id: string;
  name: string;
  duration: number;
  imageUrl: string | null;
  videoUrl: string | null;
}

/** The columns of a shot its storyboard page prints. */
export interface StoryboardShotRow {
  id: string;
  name: string;
  description: string | null;
  scriptText: string | null;
  framing: string | null;
  cameraMove: string | null;
  imageKey: string | null;
}

/** What a rough cut needs of a shot: its stored media and what is known of its video. */
export interface ShotMediaRow {
  id: string;
  name: string;
  videoKey: string | null;
  imageKey: string | null;
  video: Record<string, unknown> | null;
}

/** A spoken line of the project's scratch track, as a cut places it (docs/editorial.md). */
export interface DialogueLineRow {
  id: string;
  shotId: string | null;
  order: number;
  character: string;
  text: string;
  parenthetical: string | null;
  key: string;
  durationMs: number;
}

/** A completed rough cut job: its stored result. */
export interface RoughCutJobRow {
  id: string;
  result: unknown;
  updatedAt: Date;
}

@Injectable()
export class CutsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private repo(manager: EntityManager = this.db.manager): Repository<CutEntity> {
    return manager.getRepository(CutEntity);
  }

  transaction<T>(run: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(run);
  }

  findIn(projectId: string, id: string, manager?: EntityManager): Promise<CutEntity | null> {
    return this.repo(manager).findOneBy({ id, projectId });
  }

  /** The project's cut with the id a client sent, or NOT_FOUND 'Cut not found' (a bad id too). */
  async requireIn(projectId: string, cutId: unknown, manager?: EntityManager): Promise<CutEntity> {
    const cut = await this.findIn(projectId, parseId(cutId, 'Cut'), manager);
    if (cut === null) throw notFound('Cut');
    return cut;
  }

  save(cut: CutEntity): Promise<CutEntity> {
    return this.repo().save(cut);
  }

  /** The project's cuts, newest version first. */
  list(projectId: string): Promise<CutEntity[]> {
    return this.repo().find({ where: { projectId }, order: { version: 'DESC', createdAt: 'DESC' } });
  }

  /**
   * Holds the project's version numbers until the transaction ends, so that cuts made at once get
   * one version each (the unique index on project and version is the backstop, not a count).
   */
  async lockVersions(projectId: string, manager: EntityManager): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtextextended('cuts:' || $1::text, 0))", [
      projectId,
    ]);
  }

  async nextVersion(projectId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const rows: { v: number | null }[] = await manager.query(
      'SELECT max(version)::int AS v FROM cuts WHERE project_id = $1',
      [projectId],
    );
    return (rows[0]?.v ?? 0) + 1;
  }

  insert(
    values: Omit<CutEntity, 'createdAt' | 'updatedAt' | 'exportedAt'>,
    manager: EntityManager = this.db.manager,
  ): Promise<CutEntity> {
    const repo = this.repo(manager);
    return repo.save(repo.create(values));
  }

  rename(cut: CutEntity, name: string): Promise<CutEntity> {
    return this.repo().save(this.repo().merge(cut, { name }));
  }

  /** Notes that the cut was written out; a plain update, so updated_at (its last edit) stays. */
  async markExported(id: string): Promise<void> {
    await this.db.query('UPDATE cuts SET exported_at = now() WHERE id = $1', [id]);
  }

  async delete(id: string): Promise<void> {
    await this.repo().delete({ id });
  }

  /** The aspect most of the project's shots are framed at (composition settings), or null. */
  async commonAspect(projectId: string, manager: EntityManager = this.db.manager): Promise<string | null> {
    const rows: { aspect: string | null }[] = await manager.query(
      `SELECT composition_settings->>'aspect' AS aspect FROM shots
        WHERE project_id = $1 AND composition_settings ? 'aspect'
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [projectId],
    );
    return rows[0]?.aspect ?? null;
  }

  /** Every shot of the project, in their stored position order. */
  async timelineShots(
    projectId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<TimelineShotRow[]> {
    const rows: {
      id: string;
      name: string;
      duration: number;
      image_url: string | null;
      video_url: string | null;
    }[] = await manager.query(
      `SELECT id, name, duration, image_url, video_url FROM shots
       WHERE project_id = $1 ORDER BY position, created_at, id`,
      [projectId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      duration: Number(row.duration),
      imageUrl: row.image_url,
      videoUrl: row.video_url,
    }));
  }

  /** Every shot of the project with what its storyboard page prints. */
  async storyboardShots(projectId: string): Promise<StoryboardShotRow[]> {
    const rows: {
      id: string;
      name: string;
      description: string | null;
      script_text: string | null;
      framing: string | null;
      camera_move: string | null;
      s3_image_key: string | null;
    }[] = await this.db.query(
      `SELECT id, name, description, script_text, framing, camera_move, s3_image_key FROM shots
       WHERE project_id = $1`,
      [projectId],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      scriptText: row.script_text,
      framing: row.framing,
      cameraMove: row.camera_move,
      imageKey: row.s3_image_key,
    }));
  }

  /** The media of these shots of the project (shots of other projects are not returned). */
  async shotMedia(projectId: string, shotIds: string[]): Promise<ShotMediaRow[]> {
    if (shotIds.length === 0) return [];
    const rows: {
      id: string;
      name: string;
      s3_video_key: string | null;
      s3_image_key: string | null;
      video: Record<string, unknown> | null;
    }[] = await this.db.query(
      `SELECT id, name, s3_video_key, s3_image_key, metadata -> 'video' AS video FROM shots
       WHERE project_id = $1 AND id = ANY($2::uuid[])`,
      [projectId, shotIds],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      videoKey: row.s3_video_key,
      imageKey: row.s3_image_key,
      video: row.video && typeof row.video === 'object' ? row.video : null,
    }));
  }

  /** The project's dialogue lines in script order (their clips and measured lengths). */
  async dialogueLines(projectId: string): Promise<DialogueLineRow[]> {
    const rows: {
      id: string;
      shot_id: string | null;
      line_order: number;
      character: string;
      text: string;
      parenthetical: string | null;
      audio_key: string;
      duration_ms: number;
    }[] = await this.db.query(
      `SELECT id, shot_id, line_order, character, text, parenthetical, audio_key, duration_ms
         FROM dialogue_lines WHERE project_id = $1 ORDER BY line_order, id`,
      [projectId],
    );
    return rows.map((row) => ({
      id: row.id,
      shotId: row.shot_id,
      order: Number(row.line_order),
      character: row.character,
      text: row.text,
      parenthetical: row.parenthetical,
      key: row.audio_key,
      durationMs: Number(row.duration_ms),
    }));
  }

  /** The newest completed rough cut job of the project, or of one of its cuts. */
  async latestRoughCut(projectId: string, type: string, cutId?: string): Promise<RoughCutJobRow | null> {
    const rows: { id: string; result: unknown; updated_at: Date }[] = await this.db.query(
      `SELECT id, result, updated_at FROM jobs
       WHERE project_id = $1 AND type = $2 AND status = 'completed'
         AND ($3::text IS NULL OR payload ->> 'cutId' = $3::text)
       ORDER BY updated_at DESC, created_at DESC LIMIT 1`,
      [projectId, type, cutId ?? null],
    );
    const row = rows[0];
    return row ? { id: row.id, result: row.result, updatedAt: new Date(row.updated_at) } : null;
  }
}
