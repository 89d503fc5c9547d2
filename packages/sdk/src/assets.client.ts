import type { z } from 'zod';
import type { Asset, AssetType } from './contract/entities.js';
import { formatMessage, MESSAGES, ReelbenchError } from './contract/errors.js';
import { HTTP_ROUTES } from './contract/http.js';
import { LEGACY_EVENTS, legacyErrorPayloadSchema } from './contract/legacy-events.js';
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

/** The older named asset events (SPEC.md section 7) this client sends, and how long each may take. */
const ASSET_LEGACY_TIMEOUTS_MS = {
  'asset:enhance-image': 300_000,
  'asset:assess': 120_000,
  'asset:define': 60_000,
  'character:generate-rotation': 300_000,
} as const;
type AssetLegacyEvent = keyof typeof ASSET_LEGACY_TIMEOUTS_MS;
type LegacyInput<E extends AssetLegacyEvent> = z.input<(typeof LEGACY_EVENTS)[E]['payload']>;
type LegacyData<E extends AssetLegacyEvent> = z.infer<(typeof LEGACY_EVENTS)[E]['data']>;

/**
 * An older named event, answered by acknowledgement: the reply event's data, or the group's error
 * event's body as a ReelbenchError (its catalogue code, status and message).
 */
async function legacyCall<E extends AssetLegacyEvent>(
  ctx: DomainContext,
  event: E,
  payload: LegacyInput<E>,
): Promise<LegacyData<E>> {
  const reply = await requireSocket(ctx).emitWithAck<unknown>(event, payload, {
    timeoutMs: ASSET_LEGACY_TIMEOUTS_MS[event],
  });
  const failure = legacyErrorPayloadSchema.safeParse(reply);
  if (failure.success) {
    const { error, code, statusCode, details, correlationId } = failure.data;
    throw new ReelbenchError({
      code,
      message: error,
      ...(statusCode === undefined ? {} : { statusCode }),
      ...(details ? { details } : {}),
      ...(correlationId ? { correlationId } : {}),
    });
  }
  return LEGACY_EVENTS[event].data.parse(reply) as LegacyData<E>;
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

    /** asset:enhance-image: a job that enhances the stored image under the key and stores it back. */
    enhanceImage: (payload: LegacyInput<'asset:enhance-image'>) =>
      legacyCall(ctx, 'asset:enhance-image', payload),
    /** asset:assess: the stored image's score (0–10) and the reasons for it. */
    assess: (payload: LegacyInput<'asset:assess'>) => legacyCall(ctx, 'asset:assess', payload),
    /** asset:define: a description, visual identifier and prompt for an asset of the project. */
    define: (payload: LegacyInput<'asset:define'>) => legacyCall(ctx, 'asset:define', payload),
    /** character:generate-rotation: a character's image turned front, back, left or right, as a job. */
    generateRotation: (payload: LegacyInput<'character:generate-rotation'>) =>
      legacyCall(ctx, 'character:generate-rotation', payload),

    /** Any other unified-asset action (setImage, clone, upgradeToSeries, …), typed by the contract. */
    send: <A extends AssetAction>(action: A, payload: ActionPayload<'unified-asset', A>) =>
      requireSocket(ctx).request('unified-asset', action, payload),
  };
}

export type AssetsClient = ReturnType<typeof assetsClient>;
