import type { Asset, AssetType } from './contract/asset.js';
import { formatMessage, MESSAGES, ReelbenchError } from './contract/errors.js';
import { HTTP_ROUTES } from './contract/http.js';
import type { ActionPayload, SocketActionName } from './contract/socket.js';
import { type DomainContext, httpThenSocket, requireSocket } from './domain-context.js';
import type { SocketClient } from './socket-client.js';

const routes = HTTP_ROUTES.assets;
type AssetAction = SocketActionName<'unified-asset'>;

/** SPEC.md section 5: asset calls need a token for HTTP; without one they go over the socket. */
function assetCall<T>(
  ctx: DomainContext,
  viaHttp: () => Promise<T>,
  viaSocket: (socket: SocketClient) => Promise<T>,
) {
  if (!ctx.tokens.get() && ctx.socket) return viaSocket(ctx.socket);
  return httpThenSocket(ctx, viaHttp, viaSocket);
}

function isAssetNotFound(error: unknown, id: string): boolean {
  return (
    error instanceof ReelbenchError &&
    (error.code === 'NOT_FOUND_ERROR' || error.message === formatMessage.assetNotFound(id))
  );
}

export function assetsClient(ctx: DomainContext) {
  const { http } = ctx;
  return {
    /** The asset, or null when it does not exist (SPEC.md section 5: asset-not-found leads to null). */
    get: async (id: string): Promise<Asset | null> => {
      try {
        return await assetCall(
          ctx,
          () => http.typedRequest(routes.get, { params: { id } }),
          (socket) => socket.request('unified-asset', 'getById', { id }),
        );
      } catch (error) {
        if (isAssetNotFound(error, id)) return null;
        throw error;
      }
    },

    listByProject: (projectId: string, type?: AssetType) =>
      assetCall(
        ctx,
        () => http.typedRequest(routes.listByProject, { params: { projectId }, query: { type } }),
        (socket) =>
          type
            ? socket.request('unified-asset', 'getByProjectAndType', { projectId, type })
            : socket.request('unified-asset', 'getByProject', { projectId }),
      ),

    create: (input: ActionPayload<'unified-asset', 'create'>) =>
      assetCall(
        ctx,
        () => http.typedRequest(routes.create, { body: input }),
        (socket) => socket.request('unified-asset', 'create', input),
      ),

    update: (id: string, updates: ActionPayload<'unified-asset', 'update'>['updates']) => {
      if (!id) throw new ReelbenchError({ code: 'VALIDATION_ERROR', message: MESSAGES.assetIdRequired });
      return assetCall(
        ctx,
        () => http.typedRequest(routes.update, { params: { id }, body: updates }),
        (socket) => socket.request('unified-asset', 'update', { id, updates }),
      );
    },

    delete: (id: string) =>
      assetCall(
        ctx,
        () => http.typedRequest(routes.delete, { params: { id } }),
        (socket) => socket.request('unified-asset', 'delete', { id }),
      ),

    ensureImageBgRemoved: (id: string, key: string) =>
      http.typedRequest(routes.ensureImageBgRemoved, { params: { id, key } }),
    ensureVariantBgRemoved: (id: string, key: string) =>
      http.typedRequest(routes.ensureVariantBgRemoved, { params: { id, key } }),

    generateImage: (payload: ActionPayload<'unified-asset', 'generateImage'>) =>
      requireSocket(ctx).request('unified-asset', 'generateImage', payload),

    /** Any other unified-asset action (setImage, clone, upgradeToSeries, …), typed by the contract. */
    send: <A extends AssetAction>(action: A, payload: ActionPayload<'unified-asset', A>) =>
      requireSocket(ctx).request('unified-asset', action, payload),
  };
}

export type AssetsClient = ReturnType<typeof assetsClient>;
