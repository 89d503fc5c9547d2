import type { CreateCast } from './contract/cast.js';
import { HTTP_ROUTES } from './contract/http.js';
import type { ProjectCreateInput, ProjectSaveInput } from './contract/project.js';
import type { ActionPayload } from './contract/socket.js';
import { type DomainContext, httpThenSocket, requireSocket, requireToken } from './domain-context.js';

const routes = HTTP_ROUTES.projects;
type ProjectUpdatesInput = ActionPayload<'project', 'update'>['updates'];

export function projectsClient(ctx: DomainContext) {
  const { http } = ctx;
  return {
    list: () =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.list),
        (socket) => socket.request('project', 'getAll', {}),
      ),

    get: (id: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.get, { params: { id } }),
        (socket) => socket.request('project', 'getOne', { projectId: id }),
      ),

    create: (input: ProjectCreateInput = {}) => {
      requireToken(ctx);
      return httpThenSocket(
        ctx,
        () => http.typedRequest(routes.create, { body: input }),
        (socket) => socket.request('project', 'create', input),
      );
    },

    update: (id: string, updates: ProjectUpdatesInput) => {
      requireToken(ctx);
      return httpThenSocket(
        ctx,
        () => http.typedRequest(routes.update, { params: { id }, body: updates }),
        (socket) => socket.request('project', 'update', { projectId: id, updates }),
      );
    },

    delete: (id: string) => {
      requireToken(ctx);
      return httpThenSocket(
        ctx,
        () => http.typedRequest(routes.delete, { params: { id } }),
        (socket) => socket.request('project', 'delete', { projectId: id }),
      );
    },

    bySeries: (seriesId: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.bySeries, { params: { seriesId } }),
        (socket) => socket.request('project', 'getBySeries', { seriesId }),
      ),

    /** Saves shots, script and settings in one idempotent call (replaying a saveId writes nothing). */
    save: (id: string, save: ProjectSaveInput) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.save, { params: { id }, body: save }),
        (socket) => socket.request('project', 'save', { ...save, projectId: id }),
      ),

    /** Joins the project's room: its server events start arriving through `on`. */
    subscribe: (projectId: string) => requireSocket(ctx).request('project', 'subscribe', { projectId }),
    unsubscribe: (projectId: string) => requireSocket(ctx).request('project', 'unsubscribe', { projectId }),
    edls: (projectId: string) => requireSocket(ctx).request('project', 'getEDLs', { projectId }),
    edl: (projectId: string, edlId: string) =>
      requireSocket(ctx).request('project', 'getEDL', { projectId, edlId }),
    /** The characters, locations and props the script names, each with its asset or null (socket). */
    cast: (projectId: string) => requireSocket(ctx).request('project', 'cast', { projectId }),
    /**
     * The cast from the script (socket): creates the missing assets described from the script,
     * generates their default images as one job with `generate`, and places them on the shots.
     */
    createCast: (projectId: string, options: CreateCast = {}) =>
      requireSocket(ctx).request('project', 'create-cast', { projectId, ...options }),
  };
}

export type ProjectsClient = ReturnType<typeof projectsClient>;
