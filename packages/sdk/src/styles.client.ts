import type { StylePackageCreate, StylePackageUpdates } from './contract/styles.js';
import { requireSocket } from './domain-context.js';
import type { SocketClient } from './socket-client.js';

/**
 * Style packages over the socket: the four built-in looks (read-only; their ids are the visual
 * styles) and the project's own. A shot uses one through its style_package_id. Made from a
 * client's socket, `stylesClient(rb.socket)`, so that code that never needs it (the web's first
 * page) does not carry it.
 */
export function stylesClient(client: SocketClient | null) {
  const socket = () => requireSocket({ socket: client });
  return {
    list: (projectId: string) => socket().request('style', 'list', { projectId }),
    get: (projectId: string, styleId: string) => socket().request('style', 'get', { projectId, styleId }),
    create: (projectId: string, input: StylePackageCreate) =>
      socket().request('style', 'create', { projectId, ...input }),
    /** The package and the ids of the shots the change made stale. */
    update: (projectId: string, styleId: string, updates: StylePackageUpdates) =>
      socket().request('style', 'update', { projectId, styleId, updates }),
    /** Shots that used it fall back to the default package. */
    delete: (projectId: string, styleId: string) =>
      socket().request('style', 'delete', { projectId, styleId }),
    /** A copy the project owns, of a built-in or of its own package. */
    duplicate: (projectId: string, styleId: string, name?: string) =>
      socket().request('style', 'duplicate', { projectId, styleId, ...(name ? { name } : {}) }),
  };
}

export type StylesClient = ReturnType<typeof stylesClient>;
