import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { EntityRows } from '../database/entity-rows.js';
import { ShotEntity } from './shot.entity.js';
import type { ShotValues } from './shot.mapper.js';
import { ShotsRepository } from './shot.repository.js';
import {
  RESTORE,
  restoredValues,
  type StoredTake,
  snapshotTake,
  type TakeKind,
  takesOf,
  withTake,
} from './shot-takes.js';

/** What a generation writes over a shot's media (see writeMedia). */
export interface MediaWriteInput {
  kind: TakeKind;
  replacedBy: string;
  values: ShotValues;
  media: Record<string, unknown>;
  clear: readonly string[];
}

/** A generation's write: the shot as written, its takes kept and the ones dropped by the cap. */
export interface MediaWrite {
  shot: ShotEntity;
  kept: StoredTake[];
  dropped: StoredTake[];
}

/**
 * What generations write on shots: the generation claims on their status, the rendered media and
 * the takes those media replace. Each write is one statement or one transaction on the locked row.
 */
@Injectable()
export class ShotMediaRepository {
  private readonly rows: EntityRows<ShotEntity>;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly shots: ShotsRepository,
  ) {
    this.rows = new EntityRows(db, ShotEntity);
  }

  /**
   * Marks the project's shots as claimed by a generation job: their image (or video) status becomes
   * `status` and metadata.<kind>JobId names the job, so only that job puts them back to rest.
   */
  async markGeneration(
    projectId: string,
    shotIds: string[],
    kind: 'image' | 'video',
    status: 'queued' | 'processing',
    jobId: string,
  ): Promise<ShotEntity[]> {
    const column = kind === 'image' ? 'generation_status' : 'video_generation_status';
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH updated AS (
         UPDATE shots SET ${column} = $3, metadata = (metadata - $6::text) || jsonb_build_object($4::text, $5::text), updated_at = now()
          WHERE project_id = $1 AND id = ANY($2) RETURNING *
       ) SELECT * FROM updated`,
      [projectId, shotIds, status, `${kind}JobId`, jobId, `${kind}Error`],
    );
    return rows.map((row) => this.rows.fromRow(row));
  }

  /** Shots the job still holds as queued or processing go back to `status` (pending after a cancel). */
  async releaseGeneration(
    shotIds: string[],
    kind: 'image' | 'video',
    jobId: string,
    status: 'pending' | 'failed',
    error?: string,
  ): Promise<ShotEntity[]> {
    const column = kind === 'image' ? 'generation_status' : 'video_generation_status';
    // A failure keeps its reason in metadata.<kind>Error (shot.generation_error) until the next render.
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH updated AS (
         UPDATE shots SET ${column} = $3,
                metadata = (metadata - $4::text - $5::text)
                           || CASE WHEN $6::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object($5::text, $6::text) END,
                updated_at = now()
          WHERE id = ANY($1) AND metadata->>$4::text = $2 AND ${column} IN ('queued', 'processing') RETURNING *
       ) SELECT * FROM updated`,
      [shotIds, jobId, status, `${kind}JobId`, `${kind}Error`, status === 'failed' ? (error ?? null) : null],
    );
    return rows.map((row) => this.rows.fromRow(row));
  }

  /** Writes generation results (url, key, status, metadata) without an owner check: the job was checked. */
  writeGeneration(shotId: string, values: ShotValues): Promise<ShotEntity | null> {
    return this.writeOn(this.db.manager, shotId, values);
  }

  /**
   * A generation's result written over the shot's media, in one transaction on the locked row: the
   * media it had become its newest take (the oldest beyond MAX_SHOT_TAKES dropped), `clear` leaves its
   * metadata and `media` is merged into it. Null when the shot is gone.
   */
  async writeMedia(shotId: string, change: MediaWriteInput): Promise<MediaWrite | null> {
    return this.db.transaction(async (manager) => {
      const [row]: Record<string, unknown>[] = await manager.query(
        'SELECT * FROM shots WHERE id = $1 FOR UPDATE',
        [shotId],
      );
      if (row === undefined) return null;
      const current = this.rows.fromRow(row);
      const { kept, dropped } = withTake(
        takesOf(current),
        snapshotTake(current, change.kind, change.replacedBy),
      );
      const metadata: Record<string, unknown> = { ...(current.metadata ?? {}) };
      for (const key of change.clear) delete metadata[key];
      const shot = await this.writeOn(manager, shotId, {
        ...change.values,
        metadata: { ...metadata, ...change.media, takes: kept },
      });
      return shot === null ? null : { shot, kept, dropped };
    });
  }

  /**
   * Restores the owner's shot's take: the take leaves the list and the shot's current media (if any)
   * become the newest take. 'shot' or 'take' says which was not found.
   */
  async restoreTake(
    ownerId: string,
    shotId: string,
    takeId: string,
  ): Promise<{ shot: ShotEntity; takes: StoredTake[] } | 'shot' | 'take'> {
    return this.db.transaction(async (manager) => {
      const current = await this.shots.findOwned(ownerId, shotId, manager, true);
      if (current === null) return 'shot';
      const takes = takesOf(current);
      const take = takes.find((candidate) => candidate.id === takeId);
      if (take === undefined) return 'take';
      const kind: TakeKind =
        take.s3ImageKey !== current.s3ImageKey || take.imageUrl !== current.imageUrl ? 'image' : 'video';
      const others = takes.filter((candidate) => candidate.id !== takeId);
      const { kept } = withTake(others, snapshotTake(current, kind, RESTORE));
      const shot = await this.writeOn(manager, current.id, restoredValues(current, take, kept));
      if (shot === null) return 'shot';
      return { shot, takes: kept };
    });
  }

  private async writeOn(
    manager: EntityManager,
    shotId: string,
    values: ShotValues,
  ): Promise<ShotEntity | null> {
    const { sets, params } = this.rows.assignments(values, 2);
    const rows: Record<string, unknown>[] = await manager.query(
      `WITH updated AS (UPDATE shots SET ${sets}, "updated_at" = now() WHERE id = $1 RETURNING *)
       SELECT * FROM updated`,
      [shotId, ...params],
    );
    return this.rows.first(rows);
  }
}
