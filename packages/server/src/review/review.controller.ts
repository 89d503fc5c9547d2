import { Body, Controller, Param } from '@nestjs/common';
import {
  type DeletedReply,
  HTTP_ROUTES,
  type ReviewComment,
  type ReviewLink,
  type ReviewLinkSummary,
  type ReviewView,
  type RouteBody,
  type User,
} from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { ReviewService } from './review.service.js';

const routes = HTTP_ROUTES.review;

/**
 * HTTP_ROUTES.review: the owner creates, lists and revokes links and reads or deletes comments;
 * anyone with a live token may view the project and comment on it.
 */
@Controller()
export class ReviewController {
  constructor(private readonly reviews: ReviewService) {}

  @Route(routes.createLink)
  createLink(
    @CurrentUser() user: User,
    @Param('id') projectId: string,
    @Body() body: RouteBody<typeof routes.createLink>,
  ): Promise<ReviewLink> {
    return this.reviews.createLink(user, projectId, body);
  }

  @Route(routes.listLinks)
  listLinks(@CurrentUser() user: User, @Param('id') projectId: string): Promise<ReviewLinkSummary[]> {
    return this.reviews.listLinks(user, projectId);
  }

  @Route(routes.revokeLink)
  revokeLink(
    @CurrentUser() user: User,
    @Param('id') projectId: string,
    @Param('linkId') linkId: string,
  ): Promise<DeletedReply> {
    return this.reviews.revokeLink(user, projectId, linkId);
  }

  @Route(routes.revoke)
  revoke(@CurrentUser() user: User, @Param('token') token: string): Promise<{ revoked: true }> {
    return this.reviews.revoke(user, token);
  }

  @Route(routes.view)
  view(@Param('token') token: string): Promise<ReviewView> {
    return this.reviews.view(token);
  }

  @Route(routes.comment)
  comment(
    @Param('token') token: string,
    @Body() body: RouteBody<typeof routes.comment>,
  ): Promise<ReviewComment> {
    return this.reviews.comment(token, body);
  }

  @Route(routes.listComments)
  listComments(@CurrentUser() user: User, @Param('id') projectId: string): Promise<ReviewComment[]> {
    return this.reviews.listComments(user, projectId);
  }

  @Route(routes.deleteComment)
  deleteComment(
    @CurrentUser() user: User,
    @Param('id') projectId: string,
    @Param('commentId') commentId: string,
  ): Promise<DeletedReply> {
    return this.reviews.deleteComment(user, projectId, commentId);
  }
}
