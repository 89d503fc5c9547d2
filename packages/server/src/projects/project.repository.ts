import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { EntityRows } from '../database/entity-rows.js';
import { ProjectEntity } from './project.entity.js';
import type { ProjectStats } from './project.mapper.js';

export type ProjectValues = Partial<Omit<ProjectEntity, 'id' | 'createdAt' | 'updatedAt'>>;

@Injectable()
export class ProjectsRepository {
  private readonly rows: EntityRows<ProjectEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.rows = new EntityRows(db, ProjectEntity);
  }

  private get projects(): Repository<ProjectEntity> {
    return this.db.getRepository(ProjectEntity);
  }

  findById(id: string): Promise<ProjectEntity | null> {
    return this.db.getRepository(ProjectEntity).findOne({ where: { id } });
  }

  findOwned(ownerId: string, id: string): Promise<ProjectEntity | null> {
    return this.projects.findOneBy({ id, ownerId });
  }

  /**
   * The owner's projects (optionally of one series), newest first, each with its shot count, total
   * duration and the storage key of its first framed shot's image (timeline order), or null. A read of
   * the shots table by name: the shots domain builds on projects, never the other way round.
   */
  async listWithStats(
    ownerId: string,
    seriesId?: string,
  ): Promise<{ project: ProjectEntity; stats: ProjectStats; posterKey: string | null }[]> {
    const query = this.projects
      .createQueryBuilder('p')
      .leftJoin('shots', 's', 's.project_id = p.id')
      .addSelect('count(s.id)::int', 'shot_count')
      .addSelect('coalesce(sum(s.duration), 0)::float8', 'total_duration')
      .addSelect(
        `(SELECT f.s3_image_key FROM shots f WHERE f.project_id = p.id AND f.s3_image_key IS NOT NULL
           ORDER BY f.position, f.created_at, f.id LIMIT 1)`,
        'poster_key',
      )
      .where('p.owner_id = :ownerId', { ownerId })
      .groupBy('p.id')
      .orderBy('p.updated_at', 'DESC')
      .addOrderBy('p.id');
    if (seriesId !== undefined) query.andWhere('p.series_id = :seriesId', { seriesId });
    const { entities, raw } = await query.getRawAndEntities<{
      p_id: string;
      shot_count: number;
      total_duration: number;
      poster_key: string | null;
    }>();
    const rows = new Map(raw.map((row) => [row.p_id, row]));
    return entities.map((project) => {
      const row = rows.get(project.id);
      return {
        project,
        stats: { shotCount: row?.shot_count ?? 0, duration: row?.total_duration ?? 0 },
        posterKey: row?.poster_key ?? null,
      };
    });
  }

  /** The owner's project, locked until the transaction ends: writers of its settings go one at a time. */
  lockOwned(manager: EntityManager, ownerId: string, id: string): Promise<ProjectEntity | null> {
    return manager
      .getRepository(ProjectEntity)
      .findOne({ where: { id, ownerId }, lock: { mode: 'pessimistic_write' } });
  }

  /** Writes the settings and bumps updated_at, inside the caller's transaction. */
  saveSettings(
    manager: EntityManager,
    project: ProjectEntity,
    settings: Record<string, unknown>,
  ): Promise<ProjectEntity> {
    const projects = manager.getRepository(ProjectEntity);
    return projects.save(projects.merge(project, { settings, updatedAt: new Date() }));
  }

  async setRepositoryPublished(id: string, published: boolean): Promise<void> {
    await this.projects.update({ id }, { repositoryPublished: published });
  }

  /** The project's audio columns (its soundtrack's URL and key), inside the caller's transaction. */
  async setAudio(manager: EntityManager, id: string, audioUrl: string, key: string): Promise<void> {
    await manager.query(
      'UPDATE projects SET audio_url = $2, audio_s3_key = $3, updated_at = now() WHERE id = $1',
      [id, audioUrl, key],
    );
  }

  /** Clears the project's audio columns (when set), inside the caller's transaction. */
  async clearAudio(manager: EntityManager, id: string): Promise<void> {
    await manager.query(
      'UPDATE projects SET audio_url = NULL, audio_s3_key = NULL, updated_at = now() WHERE id = $1 AND audio_s3_key IS NOT NULL',
      [id],
    );
  }

  insert(values: ProjectValues & Pick<ProjectEntity, 'ownerId' | 'name'>): Promise<ProjectEntity> {
    return this.projects.save(this.projects.create(values));
  }

  /**
   * Writes only `values` (one UPDATE of those columns) and answers the row as it then stands: a
   * concurrent change to another field is kept, never put back to what this request had read.
   */
  async update(project: ProjectEntity, values: ProjectValues): Promise<ProjectEntity> {
    if (Object.keys(values).length === 0) return project;
    const { sets, params } = this.rows.assignments(values, 2);
    const [rows] = (await this.db.query(
      `UPDATE projects SET ${sets}, "updated_at" = now() WHERE id = $1 RETURNING *`,
      [project.id, ...params],
    )) as [Record<string, unknown>[], number];
    return this.rows.first(rows) ?? project;
  }

  /**
   * Deletes the project (its rows in other tables go by the database's cascades), after `before` has
   * run in the same transaction.
   */
  async delete(
    project: Pick<ProjectEntity, 'id'>,
    before: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      await before(manager);
      await manager.getRepository(ProjectEntity).delete({ id: project.id });
    });
  }
}
