import { z } from 'zod';
import { actionSpec, projectRef } from './internal.js';
import {
  deletedReplySchema,
  type HttpRouteSpec,
  idSchema,
  type SocketActionSpec,
  timestampSchema,
  urlSchema,
} from './primitives.js';
import { projectSchema } from './project.js';
import { scriptSchema } from './script.js';
import { shotSchema } from './shot.js';

/** Review links: a public page of the cut where reviewers leave time-coded comments. */

/** How long a new review link lives, in hours; none: until it is revoked. */
export const REVIEW_LIMITS = {
  maxExpiryHours: 24 * 365,
  authorName: 100,
  commentBody: 2_000,
  /** Comments kept per project; a review link cannot grow a project's data without bound. */
  commentsPerProject: 2_000,
  /** The latest time a comment may name: 22 hours, the longest cut the editorial formats hold. */
  maxTimeMs: 22 * 3_600 * 1_000,
} as const;

export const reviewLinkCreateSchema = z
  .object({
    /** Hours from now until the link stops working; left out: it works until revoked. */
    expiresInHours: z.number().int().min(1).max(REVIEW_LIMITS.maxExpiryHours).optional(),
  })
  .prefault({});

export type ReviewLinkCreate = z.input<typeof reviewLinkCreateSchema>;

/** A new link: the token is shown once, here; only its hash is stored. */
export const reviewLinkSchema = z.object({
  id: idSchema,
  token: z.string().min(1),
  url: urlSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
});

export type ReviewLink = z.infer<typeof reviewLinkSchema>;

/** A project's live (not revoked) link in the owner's list: no token, its first characters as a hint. */
export const reviewLinkSummarySchema = z.object({
  id: idSchema,
  projectId: idSchema,
  hint: z.string().min(1).max(16),
  createdAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
  expired: z.boolean(),
});

export type ReviewLinkSummary = z.infer<typeof reviewLinkSummarySchema>;

/** What a reviewer sends: a name, the text, and the time of the cut it is about. */
export const reviewCommentCreateSchema = z.object({
  authorName: z.string().trim().min(1).max(REVIEW_LIMITS.authorName),
  body: z.string().trim().min(1).max(REVIEW_LIMITS.commentBody),
  /** Milliseconds from the start of the cut the reviewer was watching. */
  timeMs: z.number().int().min(0).max(REVIEW_LIMITS.maxTimeMs),
});

export type ReviewCommentCreate = z.input<typeof reviewCommentCreateSchema>;

export const reviewCommentSchema = z.object({
  id: idSchema,
  projectId: idSchema,
  authorName: z.string().min(1).max(REVIEW_LIMITS.authorName),
  body: z.string().min(1).max(REVIEW_LIMITS.commentBody),
  timeMs: z.number().int().min(0),
  /** The shot on screen at timeMs when the comment was made (null past the end or with no shots). */
  shotId: idSchema.nullable(),
  /** Milliseconds into that shot. */
  shotOffsetMs: z.number().int().min(0),
  createdAt: timestampSchema,
});

export type ReviewComment = z.infer<typeof reviewCommentSchema>;

/** The project's rendered rough cut, when one exists; `duration` in seconds. */
export const reviewRoughCutSchema = z.object({ url: urlSchema, duration: z.number().min(0) });

export type ReviewRoughCut = z.infer<typeof reviewRoughCutSchema>;

/** What a public review page may read: no owner data, no storage keys beyond the urls. */
export const reviewViewSchema = z.object({
  project: projectSchema.pick({ id: true, name: true, description: true, thumbnail: true, settings: true }),
  shots: z.array(shotSchema),
  script: scriptSchema.nullable(),
  roughCut: reviewRoughCutSchema.optional(),
  comments: z.array(reviewCommentSchema).default([]),
});

export type ReviewView = z.infer<typeof reviewViewSchema>;

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The review socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const REVIEW_ACTIONS = /* @__PURE__ */ (() =>
  ({
    /** The owner's review links and the comments reviewers left (the page itself is HTTP, by token). */
    review: {
      createLink: actionSpec(
        projectRef.extend({
          expiresInHours: z.number().int().min(1).max(REVIEW_LIMITS.maxExpiryHours).optional(),
        }),
        reviewLinkSchema,
      ),
      listLinks: actionSpec(projectRef, z.array(reviewLinkSummarySchema)),
      revokeLink: actionSpec(projectRef.extend({ linkId: idSchema }), deletedReplySchema),
      listComments: actionSpec(projectRef, z.array(reviewCommentSchema)),
      deleteComment: actionSpec(projectRef.extend({ commentId: idSchema }), deletedReplySchema),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The review HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const REVIEW_ROUTES = /* @__PURE__ */ (() =>
  ({
    review: {
      createLink: {
        method: 'POST',
        path: '/api/projects/:id/review-links',
        body: reviewLinkCreateSchema,
        response: reviewLinkSchema,
        auth: true,
      },
      /** The project's links that were not revoked (expired ones say so). */
      listLinks: {
        method: 'GET',
        path: '/api/projects/:id/review-links',
        response: z.array(reviewLinkSummarySchema),
        auth: true,
      },
      revokeLink: {
        method: 'DELETE',
        path: '/api/projects/:id/review-links/:linkId',
        response: deletedReplySchema,
        auth: true,
      },
      revoke: {
        method: 'DELETE',
        path: '/api/review-links/:token',
        response: z.object({ revoked: z.literal(true) }),
        auth: true,
      },
      view: { method: 'GET', path: '/api/review/:token', response: reviewViewSchema, auth: false },
      /**
       * A shot's current frame (:kind image) or video (:kind video) for a review link, the link checked
       * on every request: it stops working when the link is revoked or expires. The bytes, with byte ranges.
       */
      shotMedia: {
        method: 'GET',
        path: '/api/files/review/:token/shots/:shotId/:kind',
        response: z.string(),
        auth: false,
      },
      /** The project's newest rough cut (MP4) for a review link, checked like shotMedia. */
      roughCutMedia: {
        method: 'GET',
        path: '/api/files/review/:token/rough-cut',
        response: z.string(),
        auth: false,
      },
      /** A reviewer's time-coded comment: the token is the permission, a name is all it asks. */
      comment: {
        method: 'POST',
        path: '/api/review/:token/comments',
        body: reviewCommentCreateSchema,
        response: reviewCommentSchema,
        auth: false,
      },
      listComments: {
        method: 'GET',
        path: '/api/projects/:id/review-comments',
        response: z.array(reviewCommentSchema),
        auth: true,
      },
      deleteComment: {
        method: 'DELETE',
        path: '/api/projects/:id/review-comments/:commentId',
        response: deletedReplySchema,
        auth: true,
      },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
