import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { SeriesEntity } from './series.entity.js';

export type SeriesValues = Partial<Pick<SeriesEntity, 'name' | 'description'>>;

@Injectable()
export class SeriesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get series(): Repository<SeriesEntity> {
    return this.db.getRepository(SeriesEntity);
  }

  findOwned(ownerId: string, id: string): Promise<SeriesEntity | null> {
    return this.series.findOneBy({ id, ownerId });
  }

  /**
   * The owner's series, newest first, each with how many projects it holds (a read of the projects
   * table by name: projects build on series, never the other way round).
   */
  async listWithCounts(ownerId: string): Promise<{ series: SeriesEntity; projectCount: number }[]> {
    const { entities, raw } = await this.series
      .createQueryBuilder('s')
      .leftJoin('projects', 'p', 'p.series_id = s.id')
      .addSelect('count(p.id)::int', 'project_count')
      .where('s.owner_id = :ownerId', { ownerId })
      .groupBy('s.id')
      .orderBy('s.updated_at', 'DESC')
      .addOrderBy('s.id')
      .getRawAndEntities<{ s_id: string; project_count: number }>();
    const counts = new Map(raw.map((row) => [row.s_id, row.project_count]));
    return entities.map((series) => ({ series, projectCount: counts.get(series.id) ?? 0 }));
  }

  insert(values: Pick<SeriesEntity, 'ownerId' | 'name' | 'description'>): Promise<SeriesEntity> {
    return this.series.save(this.series.create(values));
  }

  update(series: SeriesEntity, values: SeriesValues): Promise<SeriesEntity> {
    return this.series.save(this.series.merge(series, values));
  }

  async delete(id: string): Promise<void> {
    await this.series.delete({ id });
  }
}
