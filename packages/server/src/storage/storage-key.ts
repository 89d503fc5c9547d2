import { inputExcerpt, SERVER_MESSAGES, TEXT_LIMITS } from '@reelbench/sdk/contract';
import { validation } from '../common/domain-error.js';

/** One path segment: starts with a letter or digit, so '.', '..' and hidden names are impossible. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVALID_STORAGE_KEY = 'Invalid storage key';

/**
 * A relative path of safe segments: no '..', no absolute path, no backslash, no empty segment.
 * Every storage driver checks keys with this before touching anything.
 */
export function isValidStorageKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= TEXT_LIMITS.storageKey &&
    key.split('/').every((segment) => SEGMENT.test(segment))
  );
}

export function assertStorageKey(key: string): string {
  if (!isValidStorageKey(key))
    throw validation(INVALID_STORAGE_KEY, [{ path: 'key', message: inputExcerpt(key) }]);
  return key;
}

/** A list prefix: '' (everything) or a key, optionally ending with '/'. */
export function assertStoragePrefix(prefix: string): string {
  if (prefix === '') return prefix;
  assertStorageKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
  return prefix;
}

export function projectPrefix(projectId: string): string {
  return `projects/${projectId}/`;
}

/** The project a key belongs to (`projects/<uuid>/…`), or undefined for any other key. */
export function projectIdOfKey(key: string): string | undefined {
  if (!isValidStorageKey(key)) return undefined;
  const [root, projectId, ...rest] = key.split('/');
  return root === 'projects' && projectId !== undefined && UUID.test(projectId) && rest.length > 0
    ? projectId.toLowerCase()
    : undefined;
}

/** Where an asset's own images live; they are deleted with the image or the asset. */
export function assetPrefix(projectId: string, assetId: string): string {
  return `${projectPrefix(projectId)}assets/${assetId}/`;
}

/** True for keys under `projects/<any project>/assets/<assetId>/` (an asset that moved keeps its old keys). */
export function isAssetOwnedKey(key: string, assetId: string): boolean {
  const segments = key.split('/');
  return (
    projectIdOfKey(key) !== undefined &&
    segments[2] === 'assets' &&
    segments[3] === assetId &&
    segments.length > 4
  );
}

/** Encodes each segment for a URL path, keeping the slashes. */
export function encodeKeyPath(key: string): string {
  return key.split('/').map(encodeURIComponent).join('/');
}

/** Whose objects a read may touch: the project's, and with assetId that asset's own (wherever it was). */
export interface KeyScope {
  projectId: string;
  assetId?: string;
}

/** Whether `key` is an object of the scope: under the project's prefix, or one of the asset's own images. */
export function isKeyInScope(key: string, scope: KeyScope): boolean {
  if (projectIdOfKey(key) === scope.projectId.toLowerCase()) return true;
  return scope.assetId !== undefined && isAssetOwnedKey(key, scope.assetId);
}

/**
 * THE check for a storage key a client sent or a stored row names: it must be an object of the
 * scope, else VALIDATION_ERROR 'The storage key does not belong to this project' (naming `field`
 * when given). Every write of a client key and every read by a job goes through it.
 */
export function requireKeyInScope(key: string, scope: KeyScope, field?: string): string {
  if (isKeyInScope(key, scope)) return key;
  const message = SERVER_MESSAGES.keyNotInProject;
  throw field === undefined
    ? validation(message)
    : validation(`${field}: ${message}`, [{ path: field, message }]);
}

/** The storage-key fields of a write, each checked against the project (null clears, undefined leaves). */
export function requireKeyFields(
  fields: Record<string, unknown>,
  names: readonly string[],
  projectId: string,
  pathPrefix = '',
): void {
  for (const name of names) {
    const value = fields[name];
    if (typeof value === 'string') requireKeyInScope(value, { projectId }, `${pathPrefix}${name}`);
  }
}
