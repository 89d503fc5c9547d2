import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { ShotEntity } from '../shots/shot.entity.js';
import { StylePackageEntity } from './style-package.entity.js';

export type StylePackageValues = Pick<
  StylePackageEntity,
  'projectId' | 'name' | 'look' | 'grade' | 'referenceKeys' | 'basedOn'
>;

@Injectable()
export class StylesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get packages(): Repository<StylePackageEntity> {
    return this.db.getRepository(StylePackageEntity);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  list(projectId: string): Promise<StylePackageEntity[]> {
    return this.packages.find({ where: { projectId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  count(projectId: string): Promise<number> {
    return this.packages.countBy({ projectId });
  }

  find(projectId: string, id: string): Promise<StylePackageEntity | null> {
    return this.packages.findOneBy({ projectId, id });
  }

  insert(values: StylePackageValues): Promise<StylePackageEntity> {
    return this.packages.save(this.packages.create(values));
  }

  async update(entity: StylePackageEntity, values: Partial<StylePackageValues>): Promise<StylePackageEntity> {
    return this.packages.save(this.packages.merge(entity, values));
  }

  /** Deletes the package; its shots fall back to the default one. Returns those shots. */
  async delete(entity: StylePackageEntity): Promise<ShotEntity[]> {
    return this.db.transaction(async (manager) => {
      const shots = await this.shotsUsing(entity.projectId, entity.id, manager);
      if (shots.length > 0) {
        await manager
          .getRepository(ShotEntity)
          .createQueryBuilder()
          .update()
          .set({ stylePackageId: null })
          .where('project_id = :projectId AND style_package_id = :id', {
            projectId: entity.projectId,
            id: entity.id,
          })
          .execute();
      }
      await manager.getRepository(StylePackageEntity).delete({ id: entity.id });
      return shots.map((shot) => ({ ...shot, stylePackageId: null }) as ShotEntity);
    });
  }

  shotsUsing(projectId: string, id: string, manager: EntityManager = this.db.manager): Promise<ShotEntity[]> {
    return manager
      .getRepository(ShotEntity)
      .find({ where: { projectId, stylePackageId: id }, order: { position: 'ASC', id: 'ASC' } });
  }

  /** How many shots of the project use each style_package_id. */
  async usage(projectId: string): Promise<Map<string, number>> {
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
}
