import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  type DownloadUrl,
  formatMessage,
  HTTP_ROUTES,
  isReelbenchError,
  MESSAGES,
  ReelbenchError,
  type RouteBody,
  SERVER_MESSAGES,
  type StorageTest,
  type StoredFile,
  UPLOAD_MAX_BYTES,
  type UploadResult,
  type User,
  type VideoMigration,
} from '@reelbench/sdk/contract';
import { AssetsService } from '../assets/asset.service.js';
import { forbidden, notFound, validation } from '../common/domain-error.js';
import type { UploadedBlob } from '../common/upload.interceptor.js';
import { AppConfig } from '../config/config.js';
import { assertImagePixels } from '../media/image-pixels.js';
import { ProjectsService } from '../projects/project.service.js';
import { mismatchReason, SNIFF_BYTES, type SniffedKind, sniff } from '../storage/content-type.js';
import { FileUrls } from '../storage/file-urls.js';
import { STORAGE, type Storage, type StoredObject } from '../storage/storage.types.js';
import { assetPrefix, isValidStorageKey, projectIdOfKey, projectPrefix } from '../storage/storage-key.js';
import { readAll, readStart } from '../storage/stream-bytes.js';
import { RAW_FILES_PATH, UrlSigner } from '../storage/url-signer.js';
import type { FileEntity } from './file.entity.js';
import { FilesRepository } from './file.repository.js';

const routes = HTTP_ROUTES.files;
type FileKind = StoredFile['kind'];

const MAX_NAME_CHARS = 255;
export const NO_OUTBOUND_NETWORK =
  'Only videos stored on this server can be migrated: the server makes no outbound requests';
interface NewFile {
  key: string;
  bytes: Uint8Array;
  mimetype: string;
  originalName: string;
  kind: FileKind;
}

function isControlCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f;
}

/** A client's file name, reduced to its last path segment without control characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((char) => !isControlCharacter(char))
    .join('')
    .trim()
    .slice(0, MAX_NAME_CHARS);
  return clean === '' ? fallback : clean;
}

function tooLarge(message: string, path: string, maxBytes: number): ReelbenchError {
  return new ReelbenchError({
    code: 'PAYLOAD_TOO_LARGE_ERROR',
    message,
    details: [{ path, message: formatMessage.fileTooLarge(maxBytes) }],
  });
}

function migrationFailed(reason: string): ReelbenchError {
  return validation(MESSAGES.videoMigrationFailed, [{ path: 'videoUrl', message: reason }]);
}

function isNotFound(error: unknown): boolean {
  return isReelbenchError(error) && error.code === 'NOT_FOUND_ERROR';
}

/** The storage key inside one of our /api/files/raw/<key> paths, or undefined. */
function keyOfRawPath(pathname: string): string | undefined {
  const prefix = `${RAW_FILES_PATH}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    const key = pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
    return isValidStorageKey(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Uploads, downloads and listings of a project's files. Keys live under `projects/<projectId>/`;
 * only the owner of that project may reach them ('File not found' for anyone else).
 */
@Injectable()
export class FilesService implements OnModuleInit {
  private readonly logger = new Logger('Files');

  constructor(
    private readonly files: FilesRepository,
    private readonly projects: ProjectsService,
    private readonly assets: AssetsService,
    private readonly urls: FileUrls,
    private readonly signer: UrlSigner,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  /** The upload records of blobs an asset deleted go with them (assets never write this table). */
  onModuleInit(): void {
    this.assets.onBlobsDeleted(async (keys) => {
      await this.files.deleteByKeys(keys);
    });
  }

  /** Forgets the project's record of an uploaded file whose object its owner deleted (audio's soundtrack). */
  async forgetRecord(projectId: string, key: string): Promise<void> {
    await this.files.deleteInProject(projectId, key);
  }

  async uploadImage(
    user: User,
    { projectId, assetId }: RouteBody<typeof routes.uploadImage>,
    file: UploadedBlob | undefined,
  ): Promise<UploadResult> {
    const message = MESSAGES.imageUploadFailed;
    const project = await this.projects.requireOwned(user, projectId);
    if (assetId !== undefined) await this.assets.requireAsset(user, assetId);
    const blob = this.requireBlob(file, 'image', message);
    const type = this.sniffOrFail(blob, 'image', message);
    await assertImagePixels(blob.buffer, 'image', this.config.limits.imagePixels);
    const folder =
      assetId === undefined ? `${projectPrefix(project.id)}images/` : assetPrefix(project.id, assetId);
    return this.store(user, project.id, {
      key: `${folder}${randomUUID()}.${type.extension}`,
      bytes: blob.buffer,
      mimetype: type.mimetype,
      originalName: cleanFileName(blob.originalname, 'image'),
      kind: 'image',
    });
  }

  async uploadAudio(
    user: User,
    { projectId }: RouteBody<typeof routes.uploadAudio>,
    file: UploadedBlob | undefined,
  ): Promise<UploadResult> {
    const message = MESSAGES.audioUploadFailed;
    const project = await this.projects.requireOwned(user, projectId);
    const blob = this.requireBlob(file, 'audio', message);
    const type = this.sniffOrFail(blob, 'audio', message);
    return this.store(user, project.id, {
      key: `${projectPrefix(project.id)}audio/${randomUUID()}.${type.extension}`,
      bytes: blob.buffer,
      mimetype: type.mimetype,
      originalName: cleanFileName(blob.originalname, 'audio'),
      kind: 'audio',
    });
  }

  async uploadJson(user: User, input: RouteBody<typeof routes.uploadJson>): Promise<UploadResult> {
    const message = MESSAGES.jsonUploadFailed;
    const project = await this.projects.requireOwned(user, input.projectId);
    const bytes = Buffer.from(JSON.stringify(input.data));
    if (bytes.byteLength > UPLOAD_MAX_BYTES.json) throw tooLarge(message, 'data', UPLOAD_MAX_BYTES.json);
    return this.store(user, project.id, {
      key: `${projectPrefix(project.id)}json/${randomUUID()}.json`,
      bytes,
      mimetype: 'application/json',
      originalName: input.filename,
      kind: 'json',
    });
  }

  async download(user: User, key: string): Promise<DownloadUrl> {
    await this.requireOwnedKey(user, key);
    if (!(await this.storage.exists(key))) throw notFound('File');
    return this.urls.downloadUrl(key);
  }

  async remove(user: User, key: string): Promise<{ deleted: true; key: string }> {
    await this.requireOwnedKey(user, key);
    const existed = await this.storage.exists(key);
    await this.storage.delete(key);
    const recorded = await this.files.deleteByKeys([key]);
    if (!existed && recorded === 0) throw notFound('File');
    return { deleted: true, key };
  }

  async list(user: User, projectId: string): Promise<{ files: StoredFile[] }> {
    const project = await this.projects.requireOwned(user, projectId);
    const rows = await this.files.listByProject(project.id);
    return { files: await Promise.all(rows.map((row) => this.toStoredFile(row))) };
  }

  /** Writes, reads back and deletes a probe object. */
  async test(): Promise<StorageTest> {
    const driver = this.storage.driver;
    const key = `system/storage-test/${randomUUID()}.txt`;
    const probe = Buffer.from(`reelbench storage test ${key}`);
    try {
      await this.storage.put(key, probe, 'text/plain');
      const stored = await this.storage.get(key);
      const readBack = stored === undefined ? undefined : await readAll(stored.body);
      await this.storage.delete(key);
      if (readBack?.equals(probe)) return { success: true, driver };
      return { success: false, driver, message: MESSAGES.storageTestFailed };
    } catch (error) {
      this.logger.warn(`storage test failed: ${error instanceof Error ? error.message : String(error)}`);
      return { success: false, driver, message: MESSAGES.storageTestFailed };
    }
  }

  /**
   * Copies a video this server already stores (a key, or one of our /api/files/raw URLs) into the
   * shot's project. External URLs are refused: the server makes no outbound requests.
   */
  async migrateVideo(
    user: User,
    input: RouteBody<typeof routes.migrateVideo>,
    requestOrigin: string,
  ): Promise<VideoMigration> {
    const projectId = await this.requireShotProject(user, input.shotId);
    const sourceKey = this.ourKey(input.videoUrl, requestOrigin);
    if (sourceKey === undefined) throw migrationFailed(NO_OUTBOUND_NETWORK);
    await this.requireOwnedKey(user, sourceKey).catch((error: unknown) => {
      throw isNotFound(error) ? migrationFailed(SERVER_MESSAGES.noStoredVideo) : error;
    });
    const source = await this.storage.get(sourceKey);
    if (source === undefined) throw migrationFailed(SERVER_MESSAGES.noStoredVideo);
    const head = await readStart(source.body, SNIFF_BYTES);
    const type = sniff(head, 'video');
    if (type === undefined) throw migrationFailed(mismatchReason(head, 'video'));
    const key = `${projectPrefix(projectId)}videos/${randomUUID()}.${type.extension}`;
    await this.storage.copy(sourceKey, key);
    await this.record(user, projectId, {
      key,
      size: source.size,
      mimetype: type.mimetype,
      originalName: cleanFileName(sourceKey, 'video'),
      kind: 'video',
    });
    return { newUrl: await this.urls.displayUrl(key), key, originalUrl: input.videoUrl };
  }

  /** The object behind a signed /api/files/raw URL: 403 for a wrong or expired signature. */
  async openSigned(key: string, expires: unknown, sig: unknown): Promise<StoredObject> {
    if (!isValidStorageKey(key)) throw notFound('File');
    if (!this.signer.verify(key, expires, sig)) throw forbidden();
    const object = await this.storage.get(key);
    if (object === undefined) throw notFound('File');
    return object;
  }

  /** The project of a key the user may touch; 'File not found' for any other key. */
  async requireOwnedKey(user: User, key: string): Promise<string> {
    const projectId = projectIdOfKey(key);
    if (projectId === undefined) throw notFound('File');
    try {
      return (await this.projects.requireOwned(user, projectId)).id;
    } catch (error) {
      throw isNotFound(error) ? notFound('File') : error;
    }
  }

  private async requireShotProject(user: User, shotId: string): Promise<string> {
    const projectId = await this.files.shotProjectId(shotId);
    if (projectId === null) throw notFound('Shot');
    try {
      return (await this.projects.requireOwned(user, projectId)).id;
    } catch (error) {
      throw isNotFound(error) ? notFound('Shot') : error;
    }
  }

  /** A storage key, or the key in a /api/files/raw URL on this server (same origin or PUBLIC_URL). */
  private ourKey(videoUrl: string, requestOrigin: string): string | undefined {
    if (isValidStorageKey(videoUrl)) return videoUrl;
    if (videoUrl.startsWith('/') && !videoUrl.startsWith('//')) {
      return keyOfRawPath(new URL(videoUrl, 'http://localhost').pathname);
    }
    if (!URL.canParse(videoUrl)) return undefined;
    const url = new URL(videoUrl);
    const ownOrigins = [requestOrigin, this.config.publicUrl && new URL(this.config.publicUrl).origin];
    return ownOrigins.includes(url.origin) ? keyOfRawPath(url.pathname) : undefined;
  }

  private requireBlob(file: UploadedBlob | undefined, field: SniffedKind, message: string): UploadedBlob {
    if (file === undefined)
      throw validation(message, [{ path: field, message: `A file in the '${field}' field is required` }]);
    return file;
  }

  private sniffOrFail(file: UploadedBlob, kind: SniffedKind, message: string) {
    const type = sniff(file.buffer, kind);
    if (type === undefined)
      throw validation(message, [{ path: kind, message: mismatchReason(file.buffer, kind) }]);
    return type;
  }

  private async store(user: User, projectId: string, file: NewFile): Promise<UploadResult> {
    await this.storage.put(file.key, file.bytes, file.mimetype);
    try {
      await this.record(user, projectId, { ...file, size: file.bytes.byteLength });
    } catch (error) {
      await this.storage.delete(file.key).catch(() => undefined);
      throw error;
    }
    return {
      url: await this.urls.displayUrl(file.key),
      key: file.key,
      size: file.bytes.byteLength,
      originalName: file.originalName,
      mimetype: file.mimetype,
    };
  }

  private async record(
    user: User,
    projectId: string,
    file: Omit<NewFile, 'bytes'> & { size: number },
  ): Promise<FileEntity> {
    return this.files.insert({
      ownerId: user.id,
      projectId,
      key: file.key,
      originalName: file.originalName,
      mimetype: file.mimetype,
      size: file.size,
      kind: file.kind,
    });
  }

  private async toStoredFile(row: FileEntity): Promise<StoredFile> {
    return {
      url: await this.urls.displayUrl(row.key),
      key: row.key,
      size: row.size,
      originalName: row.originalName,
      mimetype: row.mimetype,
      kind: row.kind as FileKind,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
