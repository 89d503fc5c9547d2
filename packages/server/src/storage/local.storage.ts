import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { isStorageFull, notFound, storageFull } from '../common/domain-error.js';
import type { Storage, StoredObject, StoredObjectInfo } from './storage.types.js';
import { assertStorageKey, assertStoragePrefix } from './storage-key.js';
import type { UrlSigner } from './url-signer.js';

const logger = new Logger('Storage');

/** Keys never start with '.', so these folders of the root can never collide with an object. */
const META_DIR = '.meta';
const TEMP_DIR = '.tmp';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** How many folders the store remembers having made before it forgets them all and checks again. */
const KNOWN_FOLDERS_LIMIT = 4096;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Files under `<dataDir>/files`: the object at `<root>/<key>`, its content type beside it in
 * `<root>/.meta/<key>.json`. Writes go to a temp file first and are renamed into place, so a reader
 * sees the old object or the new one, never half of one.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local';
  /**
   * Folders this store has made or found: a write then costs a temp file and a rename, not a
   * `mkdir` of the temp folder and the target folder too (a shot image and its three variants are
   * eight writes). A folder removed behind the store's back is made again (inFolder).
   */
  private readonly knownFolders = new Set<string>();

  constructor(
    readonly root: string,
    private readonly signer: UrlSigner,
  ) {}

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertStorageKey(key);
    await this.writeAtomically(this.metaPath(key), JSON.stringify({ contentType }));
    await this.writeAtomically(this.objectPath(key), bytes);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.objectPath(assertStorageKey(key));
    const info = await stat(file).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (info === undefined || !info.isFile()) return undefined;
    return { body: createReadStream(file), size: info.size, contentType: await this.contentType(key) };
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await removeFile(this.objectPath(key));
    await removeFile(this.metaPath(key));
  }

  async list(prefix: string): Promise<StoredObjectInfo[]> {
    assertStoragePrefix(prefix);
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const names = await readdir(path.join(this.root, folder), { recursive: true, withFileTypes: true }).catch(
      (error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      },
    );
    const keys = names
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      )
      .filter(
        (key) => key.startsWith(prefix) && !key.startsWith(`${META_DIR}/`) && !key.startsWith(`${TEMP_DIR}/`),
      )
      .sort();
    const infos = await Promise.all(
      keys.map(async (key) => ({ key, size: (await stat(this.objectPath(key))).size })),
    );
    return infos;
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.objectPath(assertStorageKey(key)))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async copy(sourceKey: string, targetKey: string): Promise<void> {
    assertStorageKey(sourceKey);
    assertStorageKey(targetKey);
    const contentType = await this.contentType(sourceKey);
    const temp = this.tempPath();
    try {
      // A source still missing once the temp folder is known to exist is the caller's missing file.
      await this.inFolder(path.dirname(temp), () => copyFile(this.objectPath(sourceKey), temp)).catch(
        (error: unknown) => {
          throw isMissing(error) ? notFound('File') : error;
        },
      );
      await this.writeAtomically(this.metaPath(targetKey), JSON.stringify({ contentType }));
      await this.renameInto(temp, this.objectPath(targetKey));
    } catch (error) {
      await removeFile(temp);
      // Nothing half-written is left, and nothing will point at it: the caller's step fails whole.
      if (!isStorageFull(error)) throw error;
      logger.error(`storage is full (${(error as { code?: string }).code}) under ${this.root}`);
      throw storageFull();
    }
  }

  async signedUrl(key: string, expiresInSeconds: number): Promise<string> {
    return this.signer.url(assertStorageKey(key), expiresInSeconds);
  }

  private objectPath(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }

  private metaPath(key: string): string {
    return `${path.join(this.root, META_DIR, ...key.split('/'))}.json`;
  }

  private async contentType(key: string): Promise<string> {
    try {
      const meta: unknown = JSON.parse(await readFile(this.metaPath(key), 'utf8'));
      const value = (meta as { contentType?: unknown }).contentType;
      return typeof value === 'string' && value !== '' ? value : DEFAULT_CONTENT_TYPE;
    } catch {
      return DEFAULT_CONTENT_TYPE;
    }
  }

  private tempPath(): string {
    return path.join(this.root, TEMP_DIR, randomUUID());
  }

  /**
   * Runs a file operation inside `folder`, making the folder first unless the store knows it exists;
   * when the operation still finds something missing (the folder was removed behind the store's
   * back: a project deleted, say), the folder is made again and the operation tried once more.
   */
  private async inFolder<T>(folder: string, operation: () => Promise<T>): Promise<T> {
    if (!this.knownFolders.has(folder)) await this.makeFolder(folder);
    try {
      return await operation();
    } catch (error) {
      if (!isMissing(error)) throw error;
      await this.makeFolder(folder);
      return operation();
    }
  }

  private async makeFolder(folder: string): Promise<void> {
    await mkdir(folder, { recursive: true });
    if (this.knownFolders.size >= KNOWN_FOLDERS_LIMIT) this.knownFolders.clear();
    this.knownFolders.add(folder);
  }

  /** Moves a finished temp file into place. */
  private renameInto(temp: string, target: string): Promise<void> {
    return this.inFolder(path.dirname(target), () => rename(temp, target));
  }

  /** Temp file in the same file system, then rename: atomic on POSIX. A failed write leaves no temp file. */
  private async writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
    const temp = this.tempPath();
    try {
      await this.inFolder(path.dirname(temp), () => writeFile(temp, data));
      await this.renameInto(temp, target);
    } catch (error) {
      await removeFile(temp);
      // Nothing half-written is left, and nothing will point at it: the caller's step fails whole.
      if (!isStorageFull(error)) throw error;
      logger.error(`storage is full (${(error as { code?: string }).code}) under ${this.root}`);
      throw storageFull();
    }
  }
}

/** Removes a file; one that is not there is not an error. */
async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}
