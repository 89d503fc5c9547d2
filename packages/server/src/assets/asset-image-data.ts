import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { imageDataKind, isReelbenchError, SERVER_MESSAGES, type User } from '@reelbench/sdk/contract';
import { validation } from '../common/domain-error.js';
import { AppConfig } from '../config/config.js';
import { assertImagePixels } from '../media/image-pixels.js';
import { ProjectsService } from '../projects/project.service.js';
import { mismatchReason, SNIFF_BYTES, sniff } from '../storage/content-type.js';
import { STORAGE, type Storage } from '../storage/storage.types.js';
import { assetPrefix, isAssetOwnedKey, isValidStorageKey, projectIdOfKey } from '../storage/storage-key.js';
import { readStart } from '../storage/stream-bytes.js';

export const EXTERNAL_IMAGE_URL =
  'External image URLs cannot be fetched by the server; upload the image first';
export interface StoredImage {
  key: string;
  mimetype: string;
  size: number;
}

function badImageData(reason: string) {
  return validation(`imageData: ${reason}`, [{ path: 'imageData', message: reason }]);
}

function extensionOf(key: string): string {
  const name = key.slice(key.lastIndexOf('/') + 1);
  return name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) : 'bin';
}

/**
 * Turns setImage's imageData into bytes the asset owns, under `projects/<projectId>/assets/<assetId>/`:
 * a data URL is decoded, checked by its magic bytes and stored; a storage key of the user's is checked
 * the same way and copied in (or used as is when the asset already owns it).
 */
@Injectable()
export class AssetImageData {
  constructor(
    private readonly projects: ProjectsService,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async store(user: User, asset: { id: string; projectId: string }, imageData: string): Promise<StoredImage> {
    switch (imageDataKind(imageData)) {
      case 'data-url':
        return this.storeDataUrl(asset, imageData);
      case 'storage-key':
        return this.adoptStoredKey(user, asset, imageData);
      case 'https-url':
        throw badImageData(EXTERNAL_IMAGE_URL);
      default:
        throw badImageData('Expected an image data URL or a storage key');
    }
  }

  /** Copies an image the asset owns to another asset (clone); undefined when its bytes are gone. */
  async copyTo(key: string, target: { id: string; projectId: string }): Promise<string | undefined> {
    if (!isValidStorageKey(key) || !(await this.storage.exists(key))) return undefined;
    const targetKey = `${assetPrefix(target.projectId, target.id)}${randomUUID()}.${extensionOf(key)}`;
    await this.storage.copy(key, targetKey);
    return targetKey;
  }

  private async storeDataUrl(
    asset: { id: string; projectId: string },
    dataUrl: string,
  ): Promise<StoredImage> {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    const type = sniff(bytes, 'image');
    if (type === undefined) throw badImageData(mismatchReason(bytes, 'image'));
    await assertImagePixels(bytes, 'imageData', this.config.limits.imagePixels);
    const key = `${assetPrefix(asset.projectId, asset.id)}${randomUUID()}.${type.extension}`;
    await this.storage.put(key, bytes, type.mimetype);
    return { key, mimetype: type.mimetype, size: bytes.byteLength };
  }

  private async adoptStoredKey(
    user: User,
    asset: { id: string; projectId: string },
    key: string,
  ): Promise<StoredImage> {
    await this.requireUsersKey(user, key);
    const object = await this.storage.get(key);
    if (object === undefined) throw badImageData(SERVER_MESSAGES.noStoredImage);
    const head = await readStart(object.body, SNIFF_BYTES);
    const type = sniff(head, 'image');
    if (type === undefined) throw badImageData(mismatchReason(head, 'image'));
    if (isAssetOwnedKey(key, asset.id)) return { key, mimetype: type.mimetype, size: object.size };
    const copy = `${assetPrefix(asset.projectId, asset.id)}${randomUUID()}.${type.extension}`;
    await this.storage.copy(key, copy);
    return { key: copy, mimetype: type.mimetype, size: object.size };
  }

  /** Keys of another user's project look exactly like keys that do not exist. */
  private async requireUsersKey(user: User, key: string): Promise<void> {
    const projectId = projectIdOfKey(key);
    if (projectId === undefined) throw badImageData(SERVER_MESSAGES.noStoredImage);
    try {
      await this.projects.requireOwned(user, projectId);
    } catch (error) {
      throw isReelbenchError(error) && error.code === 'NOT_FOUND_ERROR'
        ? badImageData(SERVER_MESSAGES.noStoredImage)
        : error;
    }
  }
}
