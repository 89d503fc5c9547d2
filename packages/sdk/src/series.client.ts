import { HTTP_ROUTES } from './contract/http.js';
import type { SeriesCreate, SeriesUpdates } from './contract/series.js';
import type { DomainContext } from './domain-context.js';

const routes = HTTP_ROUTES.series;

export function seriesClient({ http }: DomainContext) {
  return {
    list: () => http.typedRequest(routes.list),
    get: (id: string) => http.typedRequest(routes.get, { params: { id } }),
    create: (input: SeriesCreate) => http.typedRequest(routes.create, { body: input }),
    update: (id: string, updates: SeriesUpdates) =>
      http.typedRequest(routes.update, { params: { id }, body: updates }),
    delete: (id: string) => http.typedRequest(routes.delete, { params: { id } }),
    projects: (seriesId: string) =>
      http.typedRequest(HTTP_ROUTES.projects.bySeries, { params: { seriesId } }),
  };
}

export type SeriesClient = ReturnType<typeof seriesClient>;
