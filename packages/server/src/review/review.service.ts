import { Injectable } from '@nestjs/common';
import {
  isReelbenchError,
  type ReviewLink,
  type ReviewView,
  type Script,
  type ScriptFormat,
  type Shot,
  scriptFormatSchema,
  type User,
} from '@reelbench/sdk/contract';
import { hashToken, newToken } from '../auth/token.js';
import { notFound } from '../common/domain-error.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import type { ScriptEntity } from '../script/script.entity.js';
import type { ShotEntity } from '../shots/shot.entity.js';
import { toShot } from '../shots/shot.mapper.js';
import { signedIfOwn } from '../shots/shot.service.js';
import { FileUrls } from '../storage/file-urls.js';
import { ReviewRepository } from './review.repository.js';

function linkNotFound() {
  return notFound('Review link');
}

function toReviewScript(entity: ScriptEntity): Script {
  const format = scriptFormatSchema.safeParse(entity.format);
  return {
    projectId: entity.projectId,
    content: entity.content,
    ...(format.success ? { format: format.data as ScriptFormat } : {}),
    updatedAt: entity.updatedAt.toISOString(),
  };
}

/**
 * Read-only review of a project behind an unguessable, revocable token. The token is shown once, on
 * creation; only its sha256 is stored. The view holds nothing about the owner or other projects.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly projects: ProjectsService,
    private readonly urls: FileUrls,
  ) {}

  async createLink(user: User, projectId: string): Promise<ReviewLink> {
    const project = await this.projects.requireOwned(user, projectId);
    const token = newToken();
    const link = await this.reviews.insertLink({
      projectId: project.id,
      tokenHash: hashToken(token),
      createdBy: user.id,
    });
    return { token, url: `/review/${token}`, createdAt: link.createdAt.toISOString() };
  }

  /** Only the project's owner may revoke; any other token is 'Review link not found'. */
  async revoke(user: User, token: string): Promise<{ revoked: true }> {
    const link = await this.reviews.findActive(hashToken(token));
    if (link === null) throw linkNotFound();
    try {
      await this.projects.requireOwned(user, link.projectId);
    } catch (error) {
      throw isReelbenchError(error) && error.code === 'NOT_FOUND_ERROR' ? linkNotFound() : error;
    }
    await this.reviews.revoke(link);
    return { revoked: true };
  }

  /** Public: no account, the token is the permission. */
  async view(token: string): Promise<ReviewView> {
    const link = await this.reviews.findActive(hashToken(token));
    const project = link === null ? null : await this.reviews.findProject(link.projectId);
    if (project === null) throw linkNotFound();
    const [shots, script] = await Promise.all([
      this.reviews.listShots(project.id),
      this.reviews.findScript(project.id),
    ]);
    return {
      project: this.reviewProject(project),
      shots: await Promise.all(shots.map((shot) => this.reviewShot(shot))),
      script: script === null ? null : toReviewScript(script),
    };
  }

  private reviewProject(entity: ProjectEntity): ReviewView['project'] {
    const { id, name, description, thumbnail, settings } = toProject(entity);
    return { id, name, description, thumbnail, settings };
  }

  /**
   * A reviewer has no account: stored images and videos get freshly signed URLs, and the storage keys
   * themselves stay private.
   */
  private async reviewShot(entity: ShotEntity): Promise<Shot> {
    const shot = toShot(entity);
    const [imageUrl, videoUrl] = await Promise.all([
      signedIfOwn(this.urls, shot.s3_image_key, shot.projectId),
      signedIfOwn(this.urls, shot.s3_video_key, shot.projectId),
    ]);
    return {
      ...shot,
      image_url: imageUrl ?? shot.image_url,
      video_url: videoUrl ?? shot.video_url,
      s3_image_key: null,
      s3_video_key: null,
    };
  }
}
