import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, type Repository } from 'typeorm';
import { EntityRows } from '../database/entity-rows.js';
import { ProjectEntity } from '../projects/project.entity.js';
import { AssetEntity } from './asset.entity.js';

export type AssetValues = Partial<Omit<AssetEntity, 'createdAt' | 'updatedAt'>>;

@Injectable()
export class AssetsRepository {
  private readonly rows: EntityRows<AssetEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.rows = new EntityRows(db, AssetEntity);
  }

  private get assets(): Repository<AssetEntity> {
    return this.db.getRepository(AssetEntity);
  }

  findOwned(ownerId: string, id: string): Promise<AssetEntity | null> {
    return this.assets.findOneBy({ id, ownerId });
  }

  findOwnedMany(ownerId: string, ids: string[]): Promise<AssetEntity[]> {
    return this.assets.findBy({ id: In(ids), ownerId });
  }

  /**
   * What a project sees: its own assets and, with `seriesId`, the series-level assets of that
   * series (whichever project of the series they came from). Oldest first.
   */
  listVisible(
    ownerId: string,
    projectId: string,
    seriesId: string | null,
    type?: string,
  ): Promise<AssetEntity[]> {
    const query = this.assets
      .createQueryBuilder('a')
      .where('a.owner_id = :ownerId', { ownerId })
      .orderBy('a.created_at', 'ASC')
      .addOrderBy('a.id', 'ASC');
    if (seriesId === null) {
      query.andWhere('a.project_id = :projectId', { projectId });
    } else {
      query.andWhere('(a.project_id = :projectId OR (a.is_series_level AND a.series_id = :seriesId))', {
        projectId,
        seriesId,
      });
    }
    if (type !== undefined) query.andWhere('a.type = :type', { type });
    return query.getMany();
  }

  insert(values: AssetValues & Pick<AssetEntity, 'ownerId' | 'type' | 'name'>): Promise<AssetEntity> {
    return this.assets.save(this.assets.create(values));
  }

  /**
   * Writes only `values` (one UPDATE of those columns) and answers the row as it then stands: what a
   * concurrent write changed in other columns (an image a job stored) is kept.
   */
  async update(asset: AssetEntity, values: AssetValues): Promise<AssetEntity> {
    if (Object.keys(values).length === 0) return asset;
    const { sets, params } = this.rows.assignments(values, 2);
    const [rows] = (await this.db.query(
      `UPDATE assets SET ${sets}, "updated_at" = now() WHERE id = $1 RETURNING *`,
      [asset.id, ...params],
    )) as [Record<string, unknown>[], number];
    return this.rows.first(rows) ?? asset;
  }

  async delete(id: string): Promise<void> {
    await this.assets.delete({ id });
  }

  /**
   * Read-modify-write of one asset under a row lock, so concurrent image changes do not overwrite
   * each other. `change` gets the current row and returns the values to save; null when the asset is gone.
   */
  modifyLocked<T>(
    ownerId: string,
    id: string,
    change: (asset: AssetEntity) => { values: AssetValues; result: T },
  ): Promise<{ asset: AssetEntity; result: T } | null> {
    return this.db.transaction(async (manager: EntityManager) => {
      const asset = await manager.findOne(AssetEntity, {
        where: { id, ownerId },
        lock: { mode: 'pessimistic_write' },
      });
      if (asset === null) return null;
      const outcome = change(asset);
      const merged = manager.merge<AssetEntity>(AssetEntity, asset, outcome.values);
      return { asset: await manager.save(merged), result: outcome.result };
    });
  }

  async setRepositoryPublished(id: string, published: boolean): Promise<void> {
    await this.assets.update({ id }, { repositoryPublished: published });
  }

  /**
   * Inside the transaction deleting the project: its series-level assets move to the oldest other
   * project of the series (the other episodes keep using them; their stored images keep their keys).
   * Without another project in the series there is no heir row, so nothing moves (and they go with
   * the project).
   */
  async passSeriesAssetsToHeir(
    manager: EntityManager,
    project: Pick<ProjectEntity, 'id' | 'ownerId' | 'seriesId'>,
  ): Promise<void> {
    if (project.seriesId === null) return;
    await manager.query(
      `UPDATE assets SET project_id = heir.id, updated_at = now()
       FROM (
         SELECT id FROM projects
         WHERE series_id = $1 AND owner_id = $2 AND id <> $3
         ORDER BY created_at ASC, id ASC
         LIMIT 1
       ) AS heir
       WHERE assets.project_id = $3 AND assets.is_series_level AND assets.series_id = $1`,
      [project.seriesId, project.ownerId, project.id],
    );
  }

  /** The owner's projects in a series: the rooms a series-level asset's events go to. */
  async seriesProjectIds(ownerId: string, seriesId: string): Promise<string[]> {
    const rows = await this.db
      .getRepository(ProjectEntity)
      .find({ select: { id: true }, where: { ownerId, seriesId }, order: { id: 'ASC' } });
    return rows.map((row) => row.id);
  }
}
