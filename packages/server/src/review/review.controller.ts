import { Controller, Param } from '@nestjs/common';
import { HTTP_ROUTES, type ReviewLink, type ReviewView, type User } from '@reelbench/sdk/contract';
import { CurrentUser } from '../auth/auth.guard.js';
import { Route } from '../common/route.decorator.js';
import { ReviewService } from './review.service.js';

const routes = HTTP_ROUTES.review;

/** HTTP_ROUTES.review: the owner creates and revokes links; anyone with a live token may view. */
@Controller()
export class ReviewController {
  constructor(private readonly reviews: ReviewService) {}

  @Route(routes.createLink)
  createLink(@CurrentUser() user: User, @Param('id') projectId: string): Promise<ReviewLink> {
    return this.reviews.createLink(user, projectId);
  }

  @Route(routes.revoke)
  revoke(@CurrentUser() user: User, @Param('token') token: string): Promise<{ revoked: true }> {
    return this.reviews.revoke(user, token);
  }

  @Route(routes.view)
  view(@Param('token') token: string): Promise<ReviewView> {
    return this.reviews.view(token);
  }
}
