import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, IsNull, type Repository } from 'typeorm';
import { ProjectEntity } from '../projects/project.entity.js';
import { ScriptEntity } from '../script/script.entity.js';
import { ShotEntity } from '../shots/shot.entity.js';
import { ReviewLinkEntity } from './review-link.entity.js';

@Injectable()
export class ReviewRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get links(): Repository<ReviewLinkEntity> {
    return this.db.getRepository(ReviewLinkEntity);
  }

  insertLink(
    values: Pick<ReviewLinkEntity, 'projectId' | 'tokenHash' | 'createdBy'>,
  ): Promise<ReviewLinkEntity> {
    return this.links.save(this.links.create(values));
  }

  /** The link with this token hash, unless it was revoked. */
  findActive(tokenHash: string): Promise<ReviewLinkEntity | null> {
    return this.links.findOneBy({ tokenHash, revokedAt: IsNull() });
  }

  async revoke(link: ReviewLinkEntity): Promise<void> {
    await this.links.update({ id: link.id }, { revokedAt: new Date() });
  }

  findProject(id: string): Promise<ProjectEntity | null> {
    return this.db.getRepository(ProjectEntity).findOneBy({ id });
  }

  /** The project's shots in timeline order. */
  listShots(projectId: string): Promise<ShotEntity[]> {
    return this.db
      .getRepository(ShotEntity)
      .find({ where: { projectId }, order: { position: 'ASC', createdAt: 'ASC', id: 'ASC' } });
  }

  findScript(projectId: string): Promise<ScriptEntity | null> {
    return this.db.getRepository(ScriptEntity).findOneBy({ projectId });
  }
}
