import { WebSocketGateway } from '@nestjs/websockets';
import type { User } from '@reelbench/sdk/contract';
import { type ParsedPayload, SocketAction } from '../realtime/socket-action.decorator.js';
import { ReviewService } from './review.service.js';

/** The owner's side of review over the socket: links and the comments reviewers left. */
@WebSocketGateway()
export class ReviewGateway {
  constructor(private readonly reviews: ReviewService) {}

  @SocketAction('review:createLink')
  createLink(user: User, { projectId, ...input }: ParsedPayload<'review:createLink'>) {
    return this.reviews.createLink(user, projectId, input);
  }

  @SocketAction('review:listLinks')
  listLinks(user: User, { projectId }: ParsedPayload<'review:listLinks'>) {
    return this.reviews.listLinks(user, projectId);
  }

  @SocketAction('review:revokeLink')
  revokeLink(user: User, { projectId, linkId }: ParsedPayload<'review:revokeLink'>) {
    return this.reviews.revokeLink(user, projectId, linkId);
  }

  @SocketAction('review:listComments')
  listComments(user: User, { projectId }: ParsedPayload<'review:listComments'>) {
    return this.reviews.listComments(user, projectId);
  }

  @SocketAction('review:deleteComment')
  deleteComment(user: User, { projectId, commentId }: ParsedPayload<'review:deleteComment'>) {
    return this.reviews.deleteComment(user, projectId, commentId);
  }
}
