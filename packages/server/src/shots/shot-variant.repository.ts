import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, In, type Repository } from 'typeorm';
import { ProjectEntity } from '../projects/project.entity.js';
import { ShotVariantEntity } from './shot-variant.entity.js';

export type VariantValues = Pick<
  ShotVariantEntity,
  'shotId' | 'projectId' | 'framingType' | 'name' | 'description' | 'prompt'
>;

@Injectable()
export class ShotVariantsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get variants(): Repository<ShotVariantEntity> {
    return this.db.getRepository(ShotVariantEntity);
  }

  findOwned(ownerId: string, variantId: string): Promise<ShotVariantEntity | null> {
    return this.variants
      .createQueryBuilder('v')
      .innerJoin(ProjectEntity, 'p', 'p.id = v.project_id')
      .where('v.id = :variantId AND p.owner_id = :ownerId', { variantId, ownerId })
      .getOne();
  }

  listByShot(shotId: string): Promise<ShotVariantEntity[]> {
    return this.variants.find({ where: { shotId } });
  }

  /** Variants per shot of the project, for the shots that have any. */
  async countsByShot(projectId: string): Promise<Record<string, number>> {
    const rows: { shot_id: string; n: number }[] = await this.db.query(
      'SELECT shot_id, count(*)::int AS n FROM shot_variants WHERE project_id = $1 GROUP BY shot_id',
      [projectId],
    );
    return Object.fromEntries(rows.map((row) => [row.shot_id, row.n]));
  }

  insertMany(values: VariantValues[]): Promise<ShotVariantEntity[]> {
    return this.variants.save(values.map((value) => this.variants.create(value)));
  }

  update(variant: ShotVariantEntity, values: Partial<VariantValues>): Promise<ShotVariantEntity> {
    return this.variants.save(this.variants.merge(variant, values));
  }

  async delete(id: string): Promise<void> {
    await this.variants.delete({ id });
  }

  /** The shot's variants among `ids`, in the order of `ids`. */
  async findByIds(shotId: string, ids: string[]): Promise<ShotVariantEntity[]> {
    if (ids.length === 0) return [];
    const found = await this.variants.find({ where: { shotId, id: In(ids) } });
    const byId = new Map(found.map((variant) => [variant.id, variant]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Generation results (image url, status) of one variant. */
  async updateValues(
    id: string,
    values: Partial<Pick<ShotVariantEntity, 'imageUrl' | 's3ImageKey' | 'videoUrl' | 'generationStatus'>>,
  ): Promise<void> {
    await this.variants.update({ id }, values);
  }

  /** Returns how many were deleted. */
  async deleteByShot(shotId: string): Promise<number> {
    const result = await this.variants.delete({ shotId });
    return result.affected ?? 0;
  }
}
