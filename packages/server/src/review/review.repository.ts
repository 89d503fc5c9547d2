import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, IsNull, type Repository } from 'typeorm';
import { EntityRows } from '../database/entity-rows.js';
import { ProjectEntity } from '../projects/project.entity.js';
import { ScriptEntity } from '../script/script.entity.js';
import { ShotEntity } from '../shots/shot.entity.js';
import { ReviewCommentEntity } from './review-comment.entity.js';
import { ReviewLinkEntity } from './review-link.entity.js';

@Injectable()
export class ReviewRepository {
  private readonly commentRows: EntityRows<ReviewCommentEntity>;

  constructor(@InjectDataSource() private readonly db: DataSource) {
    this.commentRows = new EntityRows(db, ReviewCommentEntity);
  }

  private get links(): Repository<ReviewLinkEntity> {
    return this.db.getRepository(ReviewLinkEntity);
  }

  private get comments(): Repository<ReviewCommentEntity> {
    return this.db.getRepository(ReviewCommentEntity);
  }

  insertLink(
    values: Pick<ReviewLinkEntity, 'projectId' | 'tokenHash' | 'tokenHint' | 'createdBy' | 'expiresAt'>,
  ): Promise<ReviewLinkEntity> {
    return this.links.save(this.links.create(values));
  }

  /** The link with this token hash, unless it was revoked (its expiry is the caller's to check). */
  findActive(tokenHash: string): Promise<ReviewLinkEntity | null> {
    return this.links.findOneBy({ tokenHash, revokedAt: IsNull() });
  }

  findActiveIn(projectId: string, id: string): Promise<ReviewLinkEntity | null> {
    return this.links.findOneBy({ projectId, id, revokedAt: IsNull() });
  }

  /** The project's links that were not revoked, newest first. */
  listActive(projectId: string): Promise<ReviewLinkEntity[]> {
    return this.links.find({
      where: { projectId, revokedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
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

  /** The project's shots' ids and lengths in timeline order: all a comment's placement needs. */
  shotTimings(projectId: string): Promise<Pick<ShotEntity, 'id' | 'duration'>[]> {
    return this.db.getRepository(ShotEntity).find({
      select: { id: true, duration: true },
      where: { projectId },
      order: { position: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
  }

  findScript(projectId: string): Promise<ScriptEntity | null> {
    return this.db.getRepository(ScriptEntity).findOneBy({ projectId });
  }

  /**
   * The new comment, or 'full' when the project already keeps as many as it may: the database's
   * trigger (migration ReviewCommentCap) counts under a per-project lock, so concurrent inserts
   * cannot pass the cap.
   */
  async insertComment(
    values: Pick<
      ReviewCommentEntity,
      'projectId' | 'linkId' | 'authorName' | 'body' | 'timeMs' | 'shotId' | 'shotOffsetMs'
    >,
  ): Promise<ReviewCommentEntity | 'full'> {
    try {
      // One statement (no transaction around it): the trigger's lock is held for as short as can be.
      const inserted = await this.comments
        .createQueryBuilder()
        .insert()
        .values(values)
        .returning('*')
        .execute();
      const saved = this.commentRows.first(inserted.raw as Record<string, unknown>[]);
      if (saved === null) throw new Error('The comment insert returned no row');
      return saved;
    } catch (error) {
      const driverError = (error as { driverError?: { code?: unknown; constraint?: unknown } }).driverError;
      if (driverError?.code === '23514' && driverError.constraint === 'review_comments_per_project')
        return 'full';
      throw error;
    }
  }

  findShot(projectId: string, id: string): Promise<ShotEntity | null> {
    return this.db.getRepository(ShotEntity).findOneBy({ projectId, id });
  }

  /** In the order of the cut: by time, then as they came. */
  listComments(projectId: string): Promise<ReviewCommentEntity[]> {
    return this.comments.find({
      where: { projectId },
      order: { timeMs: 'ASC', createdAt: 'ASC', id: 'ASC' },
    });
  }

  findComment(projectId: string, id: string): Promise<ReviewCommentEntity | null> {
    return this.comments.findOneBy({ projectId, id });
  }

  async deleteComment(id: string): Promise<void> {
    await this.comments.delete({ id });
  }
}
