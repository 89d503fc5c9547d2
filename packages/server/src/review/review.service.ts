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
import { ShotsService } from '../shots/shot.service.js';
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
    private readonly shots: ShotsService,
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
      shots: (await this.shots.presentAll(shots)).map(reviewShot),
      script: script === null ? null : toReviewScript(script),
    };
  }

  private reviewProject(entity: ProjectEntity): ReviewView['project'] {
    const { id, name, description, thumbnail, settings } = toProject(entity);
    return { id, name, description, thumbnail, settings };
  }
}

/**
 * A reviewer has no account: the shot as present() makes it (freshly signed URLs, staleness), and the
 * storage keys themselves stay private.
 */
function reviewShot(shot: Shot): Shot {
  return { ...shot, s3_image_key: null, s3_video_key: null };
}
