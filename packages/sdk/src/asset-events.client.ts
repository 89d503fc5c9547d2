import type { z } from 'zod';
import { errorBodySchema, isErrorCode, MESSAGES, ReelbenchError } from './contract/errors.js';
import type { LEGACY_EVENTS } from './contract/legacy-events.js';
import type { SocketClient } from './socket-client.js';

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
 * event's body ({error, code, statusCode…}) as a ReelbenchError. Like the actions' replies, the data
 * is typed by the contract, not parsed again (and the table of older events stays out of a browser's
 * first load).
 */
async function legacyCall<E extends AssetLegacyEvent>(
  socket: SocketClient,
  event: E,
  payload: LegacyInput<E>,
): Promise<LegacyData<E>> {
  const reply = await socket.emitWithAck<unknown>(event, payload, {
    timeoutMs: ASSET_LEGACY_TIMEOUTS_MS[event],
  });
  if (typeof reply === 'object' && reply !== null && 'error' in reply && 'code' in reply) {
    const { error, code, statusCode } = reply as { error: unknown; code: unknown; statusCode?: unknown };
    const body = errorBodySchema.partial().safeParse(reply);
    throw new ReelbenchError({
      code: isErrorCode(code) ? code : 'UNKNOWN_ERROR',
      message: typeof error === 'string' && error !== '' ? error : MESSAGES.unknown,
      ...(typeof statusCode === 'number' ? { statusCode } : {}),
      ...(body.success && body.data.details ? { details: body.data.details } : {}),
      ...(body.success && body.data.correlationId ? { correlationId: body.data.correlationId } : {}),
      context: { event },
    });
  }
  return reply as LegacyData<E>;
}

/**
 * The older named asset events of SPEC.md section 7 (enhance, assess, define, a character's
 * rotation), typed by the contract, over the client's socket: `assetEvents(rb.socket)`. Kept apart
 * from `rb.assets` so that a browser loads them with the page that uses them.
 */
export function assetEvents(socket: SocketClient | null) {
  if (!socket) {
    throw new ReelbenchError({
      code: 'NOT_AVAILABLE_ERROR',
      message: 'This call needs the socket, which is turned off in this client (socket: false)',
    });
  }
  return {
    /** asset:enhance-image: a job that enhances the stored image under the key and stores it back. */
    enhanceImage: (payload: LegacyInput<'asset:enhance-image'>) =>
      legacyCall(socket, 'asset:enhance-image', payload),
    /** asset:assess: the stored image's score (0–10) and the reasons for it. */
    assess: (payload: LegacyInput<'asset:assess'>) => legacyCall(socket, 'asset:assess', payload),
    /** asset:define: a description, visual identifier and prompt for an asset of the project. */
    define: (payload: LegacyInput<'asset:define'>) => legacyCall(socket, 'asset:define', payload),
    /** character:generate-rotation: a character's image turned front, back, left or right, as a job. */
    generateRotation: (payload: LegacyInput<'character:generate-rotation'>) =>
      legacyCall(socket, 'character:generate-rotation', payload),
  };
}

export type AssetEvents = ReturnType<typeof assetEvents>;
