import { HTTP_ROUTES } from './contract/http.js';
import type { Scene } from './contract/scene.js';
import type { ActionPayload, SocketActionName } from './contract/socket.js';
import { type DomainContext, httpThenSocket, requireSocket } from './domain-context.js';

const routes = HTTP_ROUTES.shots;
type ShotAction = SocketActionName<'shot'>;
type ShotListOptions = Omit<ActionPayload<'shot', 'getAll'>, 'projectId'>;

export function shotsClient(ctx: DomainContext) {
  const { http } = ctx;
  const socketOnly =
    <A extends ShotAction>(action: A) =>
    (payload: ActionPayload<'shot', A>) =>
      requireSocket(ctx).request('shot', action, payload);
  return {
    list: (projectId: string, options: ShotListOptions = {}) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.list, { params: { projectId }, query: options }),
        (socket) => socket.request('shot', 'getAll', { projectId, ...options }),
      ),

    get: (id: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.get, { params: { id } }),
        (socket) => socket.request('shot', 'getOne', { shotId: id }),
      ),

    create: (projectId: string, shot: Omit<ActionPayload<'shot', 'create'>, 'projectId'>) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.create, { params: { projectId }, body: shot }),
        (socket) => socket.request('shot', 'create', { ...shot, projectId }),
      ),

    update: (id: string, updates: ActionPayload<'shot', 'update'>['updates']) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.update, { params: { id }, body: updates }),
        (socket) => socket.request('shot', 'update', { shotId: id, updates }),
      ),

    delete: (id: string) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.delete, { params: { id } }),
        (socket) => socket.request('shot', 'delete', { shotId: id }),
      ),

    /** Persists the shot order, and the scenes with it when given. */
    reorder: (projectId: string, order: string[], scenes?: Scene[]) =>
      httpThenSocket(
        ctx,
        () => http.typedRequest(routes.reorder, { params: { projectId }, body: { order, scenes } }),
        (socket) =>
          scenes
            ? socket.request('shot', 'reorder-with-scenes', { projectId, order, scenes })
            : socket.request('shot', 'reorder', { projectId, order }),
      ),

    generate: socketOnly('generate'),
    /** De-duplicated: an identical request in flight or finished in the last 2 s shares its result. */
    generateVideo: socketOnly('generate-video'),
    generateBatch: socketOnly('generate-batch'),
    generateVideoBatch: socketOnly('generate-video-batch'),
    generateWithQuality: socketOnly('generate-with-quality'),
    edit: socketOnly('edit'),
    /** The shot's takes (earlier images and videos), newest first, with freshly signed URLs. */
    getTakes: (shotId: string) => requireSocket(ctx).request('shot', 'getTakes', { shotId }),
    /** A shot a script revision removed, back from the project's trash (for a week after). */
    restoreRemoved: (projectId: string, shotId: string) =>
      requireSocket(ctx).request('shot', 'restoreRemoved', { projectId, shotId }),
    /** Restores a take; the shot's current media become a take. Answers the shot and its takes. */
    restoreTake: (shotId: string, takeId: string) =>
      requireSocket(ctx).request('shot', 'useTake', { shotId, takeId }),

    /** Any other shot action (placements, coverage, seedream, …), typed by the contract. */
    send: <A extends ShotAction>(action: A, payload: ActionPayload<'shot', A>) =>
      requireSocket(ctx).request('shot', action, payload),
  };
}

export type ShotsClient = ReturnType<typeof shotsClient>;
