import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
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

  /** Deletes the package, inside the caller's transaction (its shots are released first: ShotsService). */
  async delete(entity: StylePackageEntity, manager: EntityManager): Promise<void> {
    await manager.getRepository(StylePackageEntity).delete({ id: entity.id });
  }
}
