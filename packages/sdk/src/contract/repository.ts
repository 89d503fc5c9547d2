import { z } from 'zod';
import { assetSchema } from './asset.js';
import { imageKeySchema } from './image-keys.js';
import { actionSpec, projectRef } from './internal.js';
import { type HttpRouteSpec, idSchema, nameSchema, type SocketActionSpec, urlSchema } from './primitives.js';

/** The public repository page: what a project (or series) publishes of its assets. */

export const publishSchema = z.object({ published: z.boolean() });

export type PublishInput = z.infer<typeof publishSchema>;

export const projectPublishedSchema = z.object({ projectId: idSchema, published: z.boolean() });

export const assetPublishedSchema = z.object({ assetId: idSchema, published: z.boolean() });

/** The owner's view of what a project shows on its repository page. */
export const repositoryStateSchema = z.object({
  projectId: idSchema,
  /** The whole project: every asset of it (and its series' shared assets) is shown. */
  published: z.boolean(),
  publishedAssetIds: z.array(idSchema),
  /** The public page's id: the project's id. */
  repositoryId: idSchema,
});

export type RepositoryState = z.infer<typeof repositoryStateSchema>;

/** A published asset as the public sees it: its text and images' signed URLs, nothing else. */
export const repositoryAssetSchema = assetSchema.pick({ id: true, type: true, name: true }).extend({
  description: z.string().nullable(),
  images: z.array(
    z.object({
      key: imageKeySchema,
      url: urlSchema,
      thumbnailUrl: urlSchema.nullable(),
    }),
  ),
});

export type RepositoryAsset = z.infer<typeof repositoryAssetSchema>;

/** /repository/{repositoryId}: a project's or a series' published assets. */
export const repositoryViewSchema = z.object({
  id: idSchema,
  kind: z.enum(['project', 'series']),
  name: nameSchema,
  description: z.string().nullable(),
  assets: z.array(repositoryAssetSchema),
});

export type RepositoryView = z.infer<typeof repositoryViewSchema>;

// ---------------------------------------------------------------- socket actions and HTTP routes

/** The repository socket actions: socket.ts merges them into SOCKET_ACTIONS. */
export const REPOSITORY_ACTIONS = /* @__PURE__ */ (() =>
  ({
    /** What a project shows on its public repository page. */
    repository: {
      state: actionSpec(projectRef, repositoryStateSchema),
      publishProject: actionSpec(projectRef.extend(publishSchema.shape), repositoryStateSchema),
      publishAsset: actionSpec(
        z.object({ assetId: idSchema }).extend(publishSchema.shape),
        assetPublishedSchema,
      ),
    },
  }) as const satisfies Record<string, Record<string, SocketActionSpec>>)();

/** The repository HTTP routes: http.ts merges them into HTTP_ROUTES. */
export const REPOSITORY_ROUTES = /* @__PURE__ */ (() =>
  ({
    /** The public repository page (/repository/{repositoryId}) and what the owner publishes on it. */
    repository: {
      view: { method: 'GET', path: '/api/repository/:id', response: repositoryViewSchema, auth: false },
      state: {
        method: 'GET',
        path: '/api/projects/:id/repository',
        response: repositoryStateSchema,
        auth: true,
      },
      publishProject: {
        method: 'PUT',
        path: '/api/projects/:id/repository',
        body: publishSchema,
        response: repositoryStateSchema,
        auth: true,
      },
      publishAsset: {
        method: 'PUT',
        path: '/api/asset/:id/repository',
        body: publishSchema,
        response: assetPublishedSchema,
        auth: true,
      },
    },
  }) as const satisfies Record<string, Record<string, HttpRouteSpec>>)();
