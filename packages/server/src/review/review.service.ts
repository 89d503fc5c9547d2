import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  buildPath,
  type DeletedReply,
  HTTP_ROUTES,
  isReelbenchError,
  REVIEW_LIMITS,
  type ReviewComment,
  type ReviewCommentCreate,
  type ReviewLink,
  type ReviewLinkSummary,
  type ReviewView,
  reviewCommentCreateSchema,
  reviewLinkCreateSchema,
  type Script,
  type ScriptFormat,
  SERVER_EVENTS,
  SERVER_MESSAGES,
  type Shot,
  STORED_FILE_PATH,
  scriptFormatSchema,
  type User,
} from '@reelbench/sdk/contract';
import { hashToken, newToken } from '../auth/token.js';
import { notFound, validation } from '../common/domain-error.js';
import { Throttles } from '../common/throttles.js';
import { parse, parseId } from '../common/validation.js';
import { AppConfig } from '../config/config.js';
import { CutInputs } from '../cuts/cut-inputs.js';
import { RoughCutService } from '../cuts/rough-cut.service.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import type { ScriptEntity } from '../script/script.entity.js';
import type { ShotEntity } from '../shots/shot.entity.js';
import { ShotsService } from '../shots/shot.service.js';
import { STORAGE, type Storage, type StoredObject } from '../storage/storage.types.js';
import { isKeyInScope, projectIdOfKey } from '../storage/storage-key.js';
import { ReviewRepository } from './review.repository.js';
import type { ReviewCommentEntity } from './review-comment.entity.js';
import type { ReviewLinkEntity } from './review-link.entity.js';

const HOUR_MS = 3_600_000;
/** Characters of the token the owner's list shows: enough to tell links apart, far from a token. */
const HINT_LENGTH = 6;

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

export function toReviewComment(entity: ReviewCommentEntity): ReviewComment {
  return {
    id: entity.id,
    projectId: entity.projectId,
    authorName: entity.authorName,
    body: entity.body,
    timeMs: entity.timeMs,
    shotId: entity.shotId,
    shotOffsetMs: entity.shotOffsetMs,
    createdAt: entity.createdAt.toISOString(),
  };
}

function isExpired(link: ReviewLinkEntity, now: number): boolean {
  return link.expiresAt !== null && link.expiresAt.getTime() <= now;
}

function toSummary(link: ReviewLinkEntity, now: number): ReviewLinkSummary {
  return {
    id: link.id,
    projectId: link.projectId,
    hint: link.tokenHint || '…',
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt?.toISOString() ?? null,
    expired: isExpired(link, now),
  };
}

/** A shot's length on the review timeline, as the cuts count it: a shot without one shows a second. */
function shotLengthMs(shot: Pick<ShotEntity, 'duration'>): number {
  return Math.round((shot.duration > 0 ? shot.duration : 1) * 1_000);
}

/** The shot on screen at timeMs in the review's order, and how far into it; none past the end. */
export function shotAt(
  shots: readonly Pick<ShotEntity, 'id' | 'duration'>[],
  timeMs: number,
): { shotId: string | null; offsetMs: number } {
  let start = 0;
  for (const shot of shots) {
    const length = shotLengthMs(shot);
    if (timeMs < start + length) return { shotId: shot.id, offsetMs: timeMs - start };
    start += length;
  }
  return { shotId: null, offsetMs: 0 };
}

/**
 * Read-only review of a project behind unguessable, revocable, optionally expiring tokens. A token
 * is shown once, on creation; only its sha256 (and a short hint) is stored. The view holds nothing
 * about the owner or other projects. Reviewers leave time-coded comments with just a name; the
 * owner's open pages hear about them live.
 */
@Injectable()
export class ReviewService implements OnModuleInit {
  constructor(
    private readonly reviews: ReviewRepository,
    private readonly projects: ProjectsService,
    private readonly shots: ShotsService,
    private readonly events: EventsService,
    private readonly roughCuts: RoughCutService,
    private readonly cutInputs: CutInputs,
    private readonly throttles: Throttles,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  /** A cut's export writes the reviewers' comments as markers: cuts ask for them here (never this table). */
  onModuleInit(): void {
    this.cutInputs.provideReviewMarkers((projectId) => this.reviews.listComments(projectId));
  }

  async createLink(user: User, projectId: string, input: unknown = {}): Promise<ReviewLink> {
    const project = await this.projects.requireOwned(user, projectId);
    const { expiresInHours } = parse(reviewLinkCreateSchema, input ?? {});
    const token = newToken();
    const link = await this.reviews.insertLink({
      projectId: project.id,
      tokenHash: hashToken(token),
      tokenHint: token.slice(0, HINT_LENGTH),
      createdBy: user.id,
      expiresAt: expiresInHours === undefined ? null : new Date(Date.now() + expiresInHours * HOUR_MS),
    });
    return {
      id: link.id,
      token,
      url: `/review/${token}`,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt?.toISOString() ?? null,
    };
  }

  async listLinks(user: User, projectId: string): Promise<ReviewLinkSummary[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const now = Date.now();
    return (await this.reviews.listActive(project.id)).map((link) => toSummary(link, now));
  }

  async revokeLink(user: User, projectId: string, linkId: string): Promise<DeletedReply> {
    const project = await this.projects.requireOwned(user, projectId);
    const link = await this.reviews.findActiveIn(project.id, parseId(linkId, 'Review link'));
    if (link === null) throw linkNotFound();
    await this.reviews.revoke(link);
    return { id: link.id, deleted: true };
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

  /**
   * Public: no account, the token is the permission (REVIEW_VIEWS_PER_MINUTE per address). The shots
   * carry what the page shows, their media as URLs through the token (see media()).
   */
  async view(token: string, address: string): Promise<ReviewView> {
    await this.throttles.require('review-view', address, SERVER_MESSAGES.tooManyReviewRequests);
    const { project } = await this.requireLive(token);
    const [shots, script, comments, roughCut] = await Promise.all([
      this.reviews.listShots(project.id),
      this.reviews.findScript(project.id),
      this.reviews.listComments(project.id),
      this.roughCuts.newest(project.id),
    ]);
    const media = new ReviewMediaUrls(this.config.publicUrl, token);
    return {
      project: this.reviewProject(project),
      shots: (await this.shots.presentAll(shots)).map((shot) => reviewShot(shot, media)),
      script: script === null ? null : toReviewScript(script),
      comments: comments.map(toReviewComment),
      ...(roughCut === null
        ? {}
        : { roughCut: { url: media.roughCut(), duration: roughCut.durationSeconds } }),
    };
  }

  /**
   * Public: a shot's current frame or video, or the newest rough cut, for as long as the link is live
   * (REVIEW_MEDIA_PER_MINUTE per address). Nothing else of the project is reachable this way.
   */
  async media(
    token: string,
    address: string,
    what: { shotId: string; kind: string } | 'rough-cut',
  ): Promise<{ object: StoredObject; etag: string }> {
    await this.throttles.require('review-media', address, SERVER_MESSAGES.tooManyReviewRequests);
    const { project } = await this.requireLive(token);
    let key: string | null = null;
    if (what === 'rough-cut') {
      key = (await this.roughCuts.newest(project.id))?.key ?? null;
    } else if (what.kind === 'image' || what.kind === 'video') {
      const shot = await this.reviews.findShot(project.id, parseId(what.shotId, 'File'));
      key = (what.kind === 'image' ? shot?.s3ImageKey : shot?.s3VideoKey) ?? null;
    }
    if (key === null || !isKeyInScope(key, { projectId: project.id })) throw notFound('File');
    const object = await this.storage.get(key);
    if (object === undefined) throw notFound('File');
    return { object, etag: `"${hashToken(key).slice(0, 32)}"` };
  }

  /**
   * Public: a reviewer's comment, placed on the shot on screen at its time. At most
   * REVIEW_COMMENTS_PER_MINUTE per address; the project's cap is the database's to hold.
   */
  async comment(token: string, input: ReviewCommentCreate, address: string): Promise<ReviewComment> {
    await this.throttles.require('review-comment', address, SERVER_MESSAGES.tooManyReviewComments);
    const { link, project } = await this.requireLive(token);
    const { authorName, body, timeMs } = parse(reviewCommentCreateSchema, input);
    const at = shotAt(await this.reviews.shotTimings(project.id), timeMs);
    const inserted = await this.reviews.insertComment({
      projectId: project.id,
      linkId: link.id,
      authorName,
      body,
      timeMs,
      shotId: at.shotId,
      shotOffsetMs: at.offsetMs,
    });
    if (inserted === 'full') {
      throw validation(`A project keeps at most ${REVIEW_LIMITS.commentsPerProject} review comments`);
    }
    const saved = toReviewComment(inserted);
    this.events.toProject(project.id, SERVER_EVENTS.reviewCommentAdded, {
      projectId: project.id,
      comment: saved,
    });
    return saved;
  }

  async listComments(user: User, projectId: string): Promise<ReviewComment[]> {
    const project = await this.projects.requireOwned(user, projectId);
    return (await this.reviews.listComments(project.id)).map(toReviewComment);
  }

  async deleteComment(user: User, projectId: string, commentId: string): Promise<DeletedReply> {
    const project = await this.projects.requireOwned(user, projectId);
    const comment = await this.reviews.findComment(project.id, parseId(commentId, 'Review comment'));
    if (comment === null) throw notFound('Review comment');
    await this.reviews.deleteComment(comment.id);
    this.events.toProject(project.id, SERVER_EVENTS.reviewCommentDeleted, {
      projectId: project.id,
      commentId: comment.id,
    });
    return { id: comment.id, deleted: true };
  }

  /** The link and its project, unless the link is unknown, revoked or expired, or the project gone. */
  private async requireLive(token: string): Promise<{ link: ReviewLinkEntity; project: ProjectEntity }> {
    const link = await this.reviews.findActive(hashToken(token));
    if (link === null || isExpired(link, Date.now())) throw linkNotFound();
    const project = await this.reviews.findProject(link.projectId);
    if (project === null) throw linkNotFound();
    return { link, project };
  }

  /** The thumbnail is left out: the page does not show it, and it may be a signed URL of ours. */
  private reviewProject(entity: ProjectEntity): ReviewView['project'] {
    const { id, name, description, settings } = toProject(entity);
    return { id, name, description, thumbnail: null, settings };
  }
}

/** The URLs of a link's media: through the token, so they work exactly as long as the link does. */
class ReviewMediaUrls {
  private readonly base: string;

  constructor(
    publicUrl: string | undefined,
    private readonly token: string,
  ) {
    this.base = (publicUrl ?? '').replace(/\/+$/, '');
  }

  shot(shotId: string, kind: 'image' | 'video'): string {
    return `${this.base}${buildPath(HTTP_ROUTES.review.shotMedia.path, { token: this.token, shotId, kind })}`;
  }

  roughCut(): string {
    return `${this.base}${buildPath(HTTP_ROUTES.review.roughCutMedia.path, { token: this.token })}`;
  }
}

/** A stored-file URL the review must not hand out (signed for days, or for another use). */
function isOurFileUrl(url: string | null): boolean {
  return url !== null && (url.startsWith(STORED_FILE_PATH) || /^https?:\/\/[^/]+\/api\/files\//.test(url));
}

/**
 * What a reviewer sees of a shot (docs/security.md, "The review view"): what the page shows (name,
 * description, action, script text, framing, camera move, timing, generation state, staleness) and
 * its media through the link; not how it is made (prompt, composition, placements, style, template,
 * assessment) nor any storage key or signed URL.
 */
function reviewShot(shot: Shot, media: ReviewMediaUrls): Shot {
  const own = (key: string | null) => key !== null && projectIdOfKey(key) === shot.projectId;
  const mediaUrl = (key: string | null, url: string | null, kind: 'image' | 'video') =>
    own(key) ? media.shot(shot.id, kind) : isOurFileUrl(url) ? null : url;
  return {
    ...shot,
    image_url: mediaUrl(shot.s3_image_key, shot.image_url, 'image'),
    video_url: mediaUrl(shot.s3_video_key, shot.video_url, 'video'),
    s3_image_key: null,
    s3_video_key: null,
    prompt: null,
    composition_settings: null,
    selected_template: null,
    customCompositionUrl: null,
    assets: [],
    style_package_id: null,
    assessment_notes: null,
    assessed_at: null,
    sequence_id: null,
  };
}
