import { Body, Controller, Param, Req, Res } from '@nestjs/common';
import {
  type DeletedReply,
  HTTP_ROUTES,
  type ReviewComment,
  type ReviewLink,
  type ReviewLinkSummary,
  type ReviewView,
  type RouteBody,
  type RouteParams,
  type User,
} from '@reelbench/sdk/contract';
import type { Request, Response } from 'express';
import { CurrentUser } from '../auth/auth.guard.js';
import { clientAddress } from '../common/client-address.js';
import { Route } from '../common/route.decorator.js';
import { sendObject } from '../files/send-object.js';
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
  view(@Param('token') token: string, @Req() request: Request): Promise<ReviewView> {
    return this.reviews.view(token, clientAddress(request));
  }

  @Route(routes.shotMedia)
  async shotMedia(
    @Param() { token, shotId, kind }: RouteParams<typeof routes.shotMedia>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.send(
      request,
      response,
      await this.reviews.media(token, clientAddress(request), { shotId, kind }),
    );
  }

  @Route(routes.roughCutMedia)
  async roughCutMedia(
    @Param() { token }: RouteParams<typeof routes.roughCutMedia>,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.send(request, response, await this.reviews.media(token, clientAddress(request), 'rough-cut'));
  }

  @Route(routes.comment)
  comment(
    @Param('token') token: string,
    @Body() body: RouteBody<typeof routes.comment>,
    @Req() request: Request,
  ): Promise<ReviewComment> {
    return this.reviews.comment(token, body, clientAddress(request));
  }

  /**
   * The bytes, revalidated on every use (no-cache with an ETag): a browser keeps its copy only while
   * the link still answers, and a revoked or expired link answers 404.
   */
  private async send(
    request: Request,
    response: Response,
    { object, etag }: Awaited<ReturnType<ReviewService['media']>>,
  ): Promise<void> {
    response.setHeader('ETag', etag);
    if (request.get('if-none-match') === etag && request.get('range') === undefined) {
      object.body.destroy();
      response.setHeader('Cache-Control', 'private, no-cache');
      response.status(304).end();
      return;
    }
    await sendObject(request, response, object, 'private, no-cache');
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
