import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ShotAssetPlacement, ShotFields, ShotSource } from '@reelbench/sdk/contract';
import type { DataSource, EntityManager } from 'typeorm';
import { AssetEntity } from '../assets/asset.entity.js';
import { EntityRows } from '../database/entity-rows.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { ShotEntity } from './shot.entity.js';
import { SHOT_FIELD_PROPERTIES, type ShotValues, shotValues } from './shot.mapper.js';
import type { OwnStylePackage } from './shot-inputs.js';
/** A whole shot to write: its contract fields (defaults applied) and where it sits. */
export interface ShotWrite {
  id: string;
  projectId: string;
  fields: ShotFields;
  position: number;
  firstPass?: boolean;
  metadata?: Record<string, unknown>;
  /** Where a first-pass shot came from in the script. */
  source?: ShotSource | null;
}

/** Rows per INSERT statement of a bulk write: one JSON parameter each, so no bind-parameter limit applies. */
const WRITE_CHUNK = 500;

export interface ShotPageQuery {
  limit: number;
  offset: number;
  /** Only these shots (a scene's). */
  ids?: string[];
}

/** A first-pass shot already in the project: where it sits, what it was made from and its placements. */
export interface FirstPassShotRow {
  id: string;
  sceneId: string | null;
  sceneNumber: number | null;
  scriptText: string;
  framing: string | null;
  placements: ShotAssetPlacement[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The styles domain's table of own style packages, read by name (styles build on shots). */
const STYLE_PACKAGES = 'style_packages';

/**
 * Shots and the assets they may place (generation writes: ShotMediaRepository). Methods that take an
 * EntityManager run inside the caller's transaction: with PGlite's single connection, a query on
 * any other manager inside a transaction would wait for itself.
 */
@Injectable()
export class ShotsRepository {
  private readonly rows: EntityRows<ShotEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.rows = new EntityRows(db, ShotEntity);
  }

  transaction<T>(run: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(run);
  }

  get manager(): EntityManager {
    return this.db.manager;
  }

  /** The shot when its project belongs to the owner; `lock` holds the row until the transaction ends. */
  async findOwned(
    ownerId: string,
    shotId: string,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<ShotEntity | null> {
    const rows: Record<string, unknown>[] = await manager.query(
      `SELECT s.* FROM shots AS s JOIN projects AS p ON p.id = s.project_id
       WHERE s.id = $1 AND p.owner_id = $2${lock ? ' FOR UPDATE OF s' : ''}`,
      [shotId, ownerId],
    );
    return this.rows.first(rows);
  }

  /**
   * A page of the project's shots in timeline order and how many there are, in one query: the rows
   * are mapped straight from SQL (a 2,000-shot page is the shot views' first request, so no second
   * COUNT query and no query-builder hydration). Only a page past the end counts separately.
   */
  async page(projectId: string, query: ShotPageQuery): Promise<{ shots: ShotEntity[]; total: number }> {
    const filter: unknown[] = [projectId];
    let where = 's.project_id = $1';
    if (query.ids !== undefined) {
      filter.push(query.ids);
      where += ' AND s.id = ANY($2)';
    }
    const rows: (Record<string, unknown> & { total_count: number })[] = await this.db.query(
      `SELECT s.*, (count(*) OVER ())::int AS total_count FROM shots AS s WHERE ${where}
       ORDER BY s.position, s.created_at, s.id LIMIT $${filter.length + 1} OFFSET $${filter.length + 2}`,
      [...filter, query.limit, query.offset],
    );
    const shots = rows.map((row) => this.rows.fromRow(row));
    if (rows[0] !== undefined) return { shots, total: Number(rows[0].total_count) };
    const [counted]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM shots AS s WHERE ${where}`,
      filter,
    );
    return { shots, total: Number(counted?.total ?? 0) };
  }

  /** Every shot id of the project, in timeline order. */
  async idsOf(manager: EntityManager, projectId: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      'SELECT id FROM shots WHERE project_id = $1 ORDER BY position, created_at, id',
      [projectId],
    );
    return rows.map((row) => row.id);
  }

  /** The project a shot id belongs to, or null when no shot has it. */
  async projectIdOf(manager: EntityManager, shotId: string): Promise<string | null> {
    const [row]: { project_id: string }[] = await manager.query(
      'SELECT project_id FROM shots WHERE id = $1',
      [shotId],
    );
    return row?.project_id ?? null;
  }

  /** The position after the project's last shot. */
  async nextPosition(manager: EntityManager, projectId: string): Promise<number> {
    const [row]: { next: number }[] = await manager.query(
      'SELECT coalesce(max(position) + 1, 0)::int AS next FROM shots WHERE project_id = $1',
      [projectId],
    );
    return row?.next ?? 0;
  }

  async insertOne(manager: EntityManager, shot: ShotWrite): Promise<ShotEntity> {
    await this.write(manager, [shot], 'insert');
    return manager.getRepository(ShotEntity).findOneByOrFail({ id: shot.id });
  }

  /** Writes `values` to the shot if the owner's, in one statement; null when it is not theirs. */
  async updateOwned(
    ownerId: string,
    shotId: string,
    values: ShotValues,
    manager: EntityManager = this.db.manager,
  ): Promise<ShotEntity | null> {
    if (Object.keys(values).length === 0) return this.findOwned(ownerId, shotId, manager);
    const { sets, params } = this.rows.assignments(values, 3);
    const rows: Record<string, unknown>[] = await manager.query(
      `WITH updated AS (
         UPDATE shots AS s SET ${sets}, "updated_at" = now() FROM projects AS p
         WHERE s.id = $1 AND p.id = s.project_id AND p.owner_id = $2 RETURNING s.*
       ) SELECT * FROM updated`,
      [shotId, ownerId, ...params],
    );
    return this.rows.first(rows);
  }

  /**
   * Several writes of one shot by one user, in the order given, as one statement (one round trip,
   * one commit): the row is written once with all of them, and each write's result is the row as it
   * stood after that write, as running them one after another in a transaction would answer (one
   * `now()` for all). Every result is null when the shot is not the user's.
   */
  async updateOwnedInOrder(
    ownerId: string,
    shotId: string,
    steps: ShotValues[],
  ): Promise<(ShotEntity | null)[]> {
    // Column → value as far as each step: the row after step i is the row before, with patch i.
    const patches: Record<string, unknown>[] = [];
    let patch: Record<string, unknown> = {};
    for (const values of steps) {
      patch = { ...patch };
      for (const [property, value] of Object.entries(values)) patch[this.column(property)] = value ?? null;
      patches.push(patch);
    }
    const columns = Object.keys(patch);
    if (columns.length === 0) {
      const current = await this.findOwned(ownerId, shotId);
      return steps.map(() => current);
    }
    const sets = columns.map((column) => `"${column}" = r."${column}"`).join(', ');
    const rows: Record<string, unknown>[] = await this.db.query(
      `WITH old AS (
         SELECT s AS row FROM shots AS s JOIN projects AS p ON p.id = s.project_id
         WHERE s.id = $1 AND p.owner_id = $2 FOR UPDATE OF s
       ), updated AS (
         UPDATE shots AS s SET ${sets}, "updated_at" = now()
         FROM old, jsonb_populate_record(NULL::shots, $3::jsonb) AS r
         WHERE s.id = (old.row).id RETURNING s."updated_at"
       )
       SELECT (jsonb_populate_record(old.row, step.patch || jsonb_build_object('updated_at', updated."updated_at"))).*
       FROM old, updated, jsonb_array_elements($4::jsonb) WITH ORDINALITY AS step(patch, n)
       ORDER BY step.n`,
      [shotId, ownerId, JSON.stringify(patch), JSON.stringify(patches)],
    );
    if (rows.length === 0) return steps.map(() => null);
    return rows.map((row) => this.rows.fromRow(row));
  }

  /** Sets the shot's duration (seconds), inside the caller's transaction. */
  async setDuration(
    manager: EntityManager,
    projectId: string,
    shotId: string,
    seconds: number,
  ): Promise<void> {
    await manager.query(
      'UPDATE shots SET duration = $3, updated_at = now() WHERE project_id = $1 AND id = $2',
      [projectId, shotId, seconds],
    );
  }

  /** Deletes those of `ids` that are shots of the project; returns the ids deleted. */
  async deleteIn(manager: EntityManager, projectId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    // TypeORM answers a bare DELETE with [rows, count]; a CTE makes it a SELECT's rows.
    const rows: { id: string }[] = await manager.query(
      `WITH deleted AS (DELETE FROM shots WHERE project_id = $1 AND id = ANY($2::uuid[]) RETURNING id)
       SELECT id FROM deleted`,
      [projectId, ids],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Multi-row INSERT in chunks. 'upsert' updates the client-writable columns of an id that exists in
   * the same project; an id of another project is left alone and missing from the returned ids.
   */
  async write(manager: EntityManager, shots: ShotWrite[], mode: 'insert' | 'upsert'): Promise<string[]> {
    const written: string[] = [];
    for (let start = 0; start < shots.length; start += WRITE_CHUNK) {
      const rows = shots.slice(start, start + WRITE_CHUNK).map((shot) => this.toRow(shot));
      const result: { id: string }[] = await manager.query(this.writeSql(mode), [JSON.stringify(rows)]);
      written.push(...result.map((row) => row.id));
    }
    return written;
  }

  /**
   * Positions follow `order`; shots the order leaves out keep their relative order after it. One
   * statement, rewriting only the rows whose position changes.
   */
  async applyOrder(manager: EntityManager, projectId: string, order: string[]): Promise<void> {
    await manager.query(
      `UPDATE shots AS s SET position = r.pos
       FROM (
         SELECT s2.id, (row_number() OVER (ORDER BY o.ord NULLS LAST, s2.position, s2.created_at, s2.id) - 1)::int AS pos
         FROM shots AS s2
         LEFT JOIN unnest($2::uuid[]) WITH ORDINALITY AS o(id, ord) ON o.id = s2.id
         WHERE s2.project_id = $1
       ) AS r
       WHERE s.id = r.id AND s.position <> r.pos`,
      [projectId, order],
    );
  }

  /** The project's first-pass shots, whole, in timeline order (a revise reads and keeps them). */
  async firstPassEntities(manager: EntityManager, projectId: string): Promise<ShotEntity[]> {
    const rows: Record<string, unknown>[] = await manager.query(
      'SELECT * FROM shots WHERE project_id = $1 AND first_pass ORDER BY position, created_at, id',
      [projectId],
    );
    return rows.map((row) => this.rows.fromRow(row));
  }

  /**
   * Writes `properties` of each row (by id, within the project) in one statement per chunk; returns
   * the rows as written.
   */
  async updateRows(
    manager: EntityManager,
    projectId: string,
    rows: (ShotValues & { id: string })[],
    properties: readonly (keyof ShotValues)[],
  ): Promise<ShotEntity[]> {
    const updated: ShotEntity[] = [];
    const sets = properties.map((property) => `"${this.column(property)}" = r."${this.column(property)}"`);
    for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
      const chunk = rows.slice(start, start + WRITE_CHUNK).map((values) => {
        const row: Record<string, unknown> = { id: values.id };
        for (const property of properties) row[this.column(property)] = values[property] ?? null;
        return row;
      });
      const result: Record<string, unknown>[] = await manager.query(
        `WITH updated AS (
           UPDATE shots AS s SET ${sets.join(', ')}, "updated_at" = now()
           FROM jsonb_populate_recordset(NULL::shots, $2::jsonb) AS r
           WHERE s.id = r.id AND s.project_id = $1 RETURNING s.*
         ) SELECT * FROM updated`,
        [projectId, JSON.stringify(chunk)],
      );
      updated.push(...result.map((row) => this.rows.fromRow(row)));
    }
    return updated;
  }

  /**
   * Moves shots of the project to its trash (the whole row and its coverage variants, kept until
   * `days` from now) and deletes them; clears the project's expired trash. Returns the ids moved.
   */
  async trash(
    manager: EntityManager,
    projectId: string,
    ids: string[],
    reason: string,
    days: number,
  ): Promise<string[]> {
    await manager.query('DELETE FROM shot_trash WHERE project_id = $1 AND expires_at < now()', [projectId]);
    if (ids.length === 0) return [];
    await manager.query(
      `INSERT INTO shot_trash (project_id, shot_id, shot, variants, reason, expires_at)
       SELECT s.project_id, s.id, to_jsonb(s),
              coalesce((SELECT jsonb_agg(to_jsonb(v)) FROM shot_variants AS v WHERE v.shot_id = s.id), '[]'),
              $3, now() + make_interval(days => $4::int)
       FROM shots AS s WHERE s.project_id = $1 AND s.id = ANY($2::uuid[])`,
      [projectId, ids, reason, days],
    );
    return this.deleteIn(manager, projectId, ids);
  }

  /**
   * Puts a trashed shot (not expired) back as it was, at `position`, with its coverage variants, and
   * empties its trash row; null when the project's trash does not hold it (or the id is a shot again).
   * It comes back as a hand-made shot (no source): a later revise leaves it where it is; `asItWas`
   * (the undo of the revise that removed it) keeps it a first-pass shot with its source.
   */
  async restoreFromTrash(
    manager: EntityManager,
    projectId: string,
    shotId: string,
    position: number,
    asItWas = false,
  ): Promise<ShotEntity | null> {
    const [row]: { id: string }[] = await manager.query(
      `SELECT t.id FROM shot_trash AS t
        WHERE t.project_id = $1 AND t.shot_id = $2 AND t.expires_at >= now()
          AND NOT EXISTS (SELECT 1 FROM shots AS s WHERE s.id = t.shot_id)
        ORDER BY t.created_at DESC LIMIT 1 FOR UPDATE`,
      [projectId, shotId],
    );
    if (row === undefined) return null;
    await manager.query(
      `INSERT INTO shots SELECT (jsonb_populate_record(NULL::shots,
         t.shot || jsonb_build_object('position', $2::int, 'updated_at', now())
           || CASE WHEN $3::boolean THEN '{}'::jsonb ELSE jsonb_build_object('first_pass', false, 'source', NULL) END)).*
       FROM shot_trash AS t WHERE t.id = $1`,
      [row.id, position, asItWas],
    );
    await manager.query(
      `INSERT INTO shot_variants SELECT (jsonb_populate_record(NULL::shot_variants, v)).*
       FROM shot_trash AS t, jsonb_array_elements(t.variants) AS v WHERE t.id = $1`,
      [row.id],
    );
    await manager.query('DELETE FROM shot_trash WHERE id = $1', [row.id]);
    return manager.getRepository(ShotEntity).findOneByOrFail({ id: shotId });
  }

  /** Assets the project may place: its own and its series' (of the same owner). */
  /** The shots of these projects that place the asset: their images are made from its images. */
  async placing(projectIds: readonly string[], assetId: string): Promise<ShotEntity[]> {
    if (projectIds.length === 0) return [];
    const rows: Record<string, unknown>[] = await this.db.query(
      `SELECT * FROM shots WHERE project_id = ANY($1) AND assets @> $2::jsonb ORDER BY position, id`,
      [[...projectIds], JSON.stringify([{ assetId }])],
    );
    return rows.map((row) => this.rows.fromRow(row));
  }

  accessibleAssets(
    project: Pick<ProjectEntity, 'id' | 'ownerId' | 'seriesId'>,
    assetIds?: string[],
    manager: EntityManager = this.db.manager,
  ): Promise<AssetEntity[]> {
    const query = manager
      .getRepository(AssetEntity)
      .createQueryBuilder('a')
      .where('a.owner_id = :ownerId', { ownerId: project.ownerId })
      .andWhere('(a.project_id = :projectId OR (a.series_id IS NOT NULL AND a.series_id = :seriesId))', {
        projectId: project.id,
        seriesId: project.seriesId,
      })
      .orderBy('a.created_at')
      .addOrderBy('a.id');
    if (assetIds !== undefined) query.andWhere('a.id = ANY(:assetIds)', { assetIds });
    return query.getMany();
  }

  /**
   * The project's own style packages among the shots' style_package_ids, by id (built-in ids and
   * anything not a uuid are skipped: they name no row).
   */
  async stylesOf(
    projectId: string,
    shots: readonly Pick<ShotEntity, 'stylePackageId'>[],
    manager: EntityManager = this.db.manager,
  ): Promise<Map<string, OwnStylePackage>> {
    const ids = [
      ...new Set(
        shots.flatMap((shot) =>
          shot.stylePackageId && UUID.test(shot.stylePackageId) ? [shot.stylePackageId] : [],
        ),
      ),
    ];
    if (ids.length === 0) return new Map();
    const rows = await manager
      .getRepository<OwnStylePackage>(STYLE_PACKAGES)
      .createQueryBuilder('s')
      .where('s.project_id = :projectId', { projectId })
      .andWhere('s.id = ANY(:ids)', { ids })
      .getMany();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Every own style package of the project, by id. */
  async projectStyles(
    projectId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<Map<string, OwnStylePackage>> {
    const rows = await manager.getRepository<OwnStylePackage & { projectId: string }>(STYLE_PACKAGES).findBy({
      projectId,
    });
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The project's shots using the style package, in timeline order. */
  usingStyle(
    projectId: string,
    styleId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<ShotEntity[]> {
    return manager
      .getRepository(ShotEntity)
      .find({ where: { projectId, stylePackageId: styleId }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** How many shots of the project use each style_package_id. */
  async styleUsage(projectId: string): Promise<Map<string, number>> {
    const rows: { id: string; count: string }[] = await this.db
      .getRepository(ShotEntity)
      .createQueryBuilder('s')
      .select('s.style_package_id', 'id')
      .addSelect('COUNT(*)', 'count')
      .where('s.project_id = :projectId AND s.style_package_id IS NOT NULL', { projectId })
      .groupBy('s.style_package_id')
      .getRawMany();
    return new Map(rows.map((row) => [row.id, Number(row.count)]));
  }

  /** Puts the shots using the style package back on the default one; answers them as they now stand. */
  async releaseStyle(manager: EntityManager, projectId: string, styleId: string): Promise<ShotEntity[]> {
    const shots = await this.usingStyle(projectId, styleId, manager);
    if (shots.length > 0) {
      await manager
        .getRepository(ShotEntity)
        .createQueryBuilder()
        .update()
        .set({ stylePackageId: null })
        .where('project_id = :projectId AND style_package_id = :id', { projectId, id: styleId })
        .execute();
    }
    return shots.map((shot) => ({ ...shot, stylePackageId: null }) as ShotEntity);
  }

  private toRow(shot: ShotWrite): Record<string, unknown> {
    const values: ShotValues = {
      ...shotValues(shot.fields),
      id: shot.id,
      projectId: shot.projectId,
      position: shot.position,
      firstPass: shot.firstPass ?? false,
      metadata: shot.metadata ?? {},
      source: (shot.source ?? null) as Record<string, unknown> | null,
    };
    const row: Record<string, unknown> = {};
    for (const [property, value] of Object.entries(values)) {
      row[this.column(property)] = value;
    }
    return row;
  }

  private writeSql(mode: 'insert' | 'upsert'): string {
    const fieldColumns = SHOT_FIELD_PROPERTIES.map((property) => `"${this.column(property)}"`);
    const columns = [
      '"id"',
      '"project_id"',
      ...fieldColumns,
      '"first_pass"',
      '"metadata"',
      '"source"',
      '"position"',
    ].join(', ');
    const insert = `INSERT INTO shots (${columns}) SELECT ${columns} FROM jsonb_populate_recordset(NULL::shots, $1::jsonb)`;
    if (mode === 'insert') return `${insert} RETURNING id`;
    const updates = fieldColumns.map((column) => `${column} = EXCLUDED.${column}`).join(', ');
    return `${insert} ON CONFLICT (id) DO UPDATE SET ${updates}, "updated_at" = now()
      WHERE shots.project_id = EXCLUDED.project_id RETURNING id`;
  }

  private column(property: string): string {
    return this.rows.column(property).databaseName;
  }

  /** Shots of the project by id (any order); missing ids are left out. */
  async findIn(projectId: string, ids: string[]): Promise<ShotEntity[]> {
    if (ids.length === 0) return [];
    const rows: Record<string, unknown>[] = await this.db.query(
      'SELECT * FROM shots WHERE project_id = $1 AND id = ANY($2)',
      [projectId, ids],
    );
    return rows.map((row) => this.rows.fromRow(row));
  }
}
