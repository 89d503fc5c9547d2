import { Injectable } from '@nestjs/common';
import type { DeletedReply, Series, SeriesCreate, SeriesUpdates, User } from '@reelbench/sdk/contract';
import { notFound } from '../common/domain-error.js';
import { namedRecordFields } from '../common/named-record.js';
import { parseId } from '../common/validation.js';
import type { SeriesEntity } from './series.entity.js';
import { SeriesRepository, type SeriesValues } from './series.repository.js';

export function toSeries(entity: SeriesEntity, projectCount?: number): Series {
  return {
    ...namedRecordFields(entity),
    ...(projectCount === undefined ? {} : { projectCount }),
  };
}

/** Every method acts for a user: another user's series is 'Series not found'. */
@Injectable()
export class SeriesService {
  constructor(private readonly series: SeriesRepository) {}

  async list(user: User): Promise<Series[]> {
    const rows = await this.series.listWithCounts(user.id);
    return rows.map(({ series, projectCount }) => toSeries(series, projectCount));
  }

  async get(user: User, seriesId: string): Promise<Series> {
    return toSeries(await this.requireOwned(user, seriesId));
  }

  async create(user: User, input: SeriesCreate): Promise<Series> {
    const entity = await this.series.insert({
      ownerId: user.id,
      name: input.name,
      description: input.description ?? null,
    });
    return toSeries(entity);
  }

  async update(user: User, seriesId: string, updates: SeriesUpdates): Promise<Series> {
    const existing = await this.requireOwned(user, seriesId);
    const values: SeriesValues = {};
    if (updates.name !== undefined) values.name = updates.name;
    if (updates.description !== undefined) values.description = updates.description;
    return toSeries(await this.series.update(existing, values));
  }

  /** The series' projects stay, outside any series (series_id is set NULL by the database). */
  async remove(user: User, seriesId: string): Promise<DeletedReply> {
    const existing = await this.requireOwned(user, seriesId);
    await this.series.delete(existing.id);
    return { id: existing.id, deleted: true };
  }

  private async requireOwned(user: User, seriesId: string): Promise<SeriesEntity> {
    const series = await this.series.findOwned(user.id, parseId(seriesId, 'Series'));
    if (series === null) throw notFound('Series');
    return series;
  }
}
