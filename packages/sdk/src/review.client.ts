import { HTTP_ROUTES } from './contract/http.js';
import type { ReviewCommentCreate, ReviewLinkCreate } from './contract/review.js';
import type { DomainContext } from './domain-context.js';

const routes = HTTP_ROUTES.review;

/**
 * Review links and comments. The owner's calls (links, the comment list, deleting one) need the
 * project; a reviewer's (view, comment) need only the link's token, which is their permission.
 */
export function reviewClient({ http }: DomainContext) {
  return {
    createLink: (projectId: string, input: ReviewLinkCreate = {}) =>
      http.typedRequest(routes.createLink, { params: { id: projectId }, body: input }),
    /** The project's links that were not revoked (expired ones say so). */
    listLinks: (projectId: string) => http.typedRequest(routes.listLinks, { params: { id: projectId } }),
    revokeLink: (projectId: string, linkId: string) =>
      http.typedRequest(routes.revokeLink, { params: { id: projectId, linkId } }),
    /** Revokes a link by its token (the owner's own link). */
    revoke: (token: string) => http.typedRequest(routes.revoke, { params: { token } }),
    /** What a reviewer sees: no sign-in, the token is the permission. */
    view: (token: string) => http.typedRequest(routes.view, { params: { token } }),
    comment: (token: string, input: ReviewCommentCreate) =>
      http.typedRequest(routes.comment, { params: { token }, body: input }),
    listComments: (projectId: string) =>
      http.typedRequest(routes.listComments, { params: { id: projectId } }),
    deleteComment: (projectId: string, commentId: string) =>
      http.typedRequest(routes.deleteComment, { params: { id: projectId, commentId } }),
  };
}

export type ReviewClient = ReturnType<typeof reviewClient>;
