import { HTTP_ROUTES } from './contract/http.js';
import type { DomainContext } from './domain-context.js';

const routes = HTTP_ROUTES.repository;

/** The public repository page of a project's assets, and what its owner publishes on it. */
export function repositoryClient({ http }: DomainContext) {
  return {
    /** The public page (no sign-in): the published assets of repository `repositoryId`. */
    view: (repositoryId: string) => http.typedRequest(routes.view, { params: { id: repositoryId } }),
    /** The owner's view: which of the project's assets are published. */
    state: (projectId: string) => http.typedRequest(routes.state, { params: { id: projectId } }),
    publishProject: (projectId: string, published: boolean) =>
      http.typedRequest(routes.publishProject, { params: { id: projectId }, body: { published } }),
    publishAsset: (assetId: string, published: boolean) =>
      http.typedRequest(routes.publishAsset, { params: { id: assetId }, body: { published } }),
  };
}

export type RepositoryClient = ReturnType<typeof repositoryClient>;
