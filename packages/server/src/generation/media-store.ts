import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { Inject, Injectable } from '@nestjs/common';
import { makeImageVariants, variantStorageKeys } from '../media/variants.js';
import { FileUrls } from '../storage/file-urls.js';
import { STORAGE, type Storage } from '../storage/storage.types.js';
import { type KeyScope, requireKeyInScope } from '../storage/storage-key.js';
import { readAll } from '../storage/stream-bytes.js';
import type { RawPixelData } from './generation.types.js';

/** The display URLs of a stored image: the original and its WebP variants. */
export interface ImageUrls {
  url: string;
  thumbnailUrl: string;
  mediumUrl: string;
  optimizedUrl: string;
}

/**
 * Where generated media goes: an image is stored as PNG with thumbnail (256 wide), medium (768 wide)
 * and optimized (full size) WebP beside it; a clip as MP4. Entities keep the keys; URLs are signed
 * when an answer is built.
 */
@Injectable()
export class MediaStore {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly urls: FileUrls,
  ) {}

  /**
   * Stores the PNG and its variants under `prefix` (ending in '/'); returns the original's key.
   * `pixels`, the PNG's own decoded pixels when the caller has them, save decoding it again.
   */
  async putImage(prefix: string, png: Buffer, pixels?: RawPixelData): Promise<string> {
    const key = `${prefix}${randomUUID()}.png`;
    const variants = await makeImageVariants(png, pixels);
    const keys = variantStorageKeys(key);
    await this.storage.put(key, png, 'image/png');
    await Promise.all(
      (['thumbnail', 'medium', 'optimized'] as const).map((name) =>
        this.storage.put(keys[name], variants[name].buffer, variants[name].contentType),
      ),
    );
    return key;
  }

  /** Moves a rendered clip (a temp file) into storage; the temp file is removed either way. */
  async putClip(prefix: string, file: string): Promise<string> {
    const key = `${prefix}${randomUUID()}.mp4`;
    try {
      await this.storage.put(key, await readFile(file), 'video/mp4');
      return key;
    } finally {
      await rm(file, { force: true });
    }
  }

  /**
   * The bytes under a key, or undefined when there are none. Every read for a job names whose
   * object it may be: a key outside that scope is VALIDATION_ERROR, never read (requireKeyInScope).
   */
  async read(key: string, scope: KeyScope): Promise<Buffer | undefined> {
    requireKeyInScope(key, scope);
    const object = await this.storage.get(key);
    return object === undefined ? undefined : readAll(object.body);
  }

  /** An image and its variants; deleting what is missing is not an error. */
  async deleteImage(key: string): Promise<void> {
    const keys = variantStorageKeys(key);
    await Promise.all([key, keys.thumbnail, keys.medium, keys.optimized].map((k) => this.storage.delete(k)));
  }

  async deleteObject(key: string): Promise<void> {
    await this.storage.delete(key);
  }

  async imageUrls(key: string, withVariants: boolean): Promise<ImageUrls> {
    const url = await this.urls.displayUrl(key);
    if (!withVariants) return { url, thumbnailUrl: url, mediumUrl: url, optimizedUrl: url };
    const keys = variantStorageKeys(key);
    const [thumbnailUrl, mediumUrl, optimizedUrl] = await Promise.all([
      this.urls.displayUrl(keys.thumbnail),
      this.urls.displayUrl(keys.medium),
      this.urls.displayUrl(keys.optimized),
    ]);
    return { url, thumbnailUrl, mediumUrl, optimizedUrl };
  }

  displayUrl(key: string): Promise<string> {
    return this.urls.displayUrl(key);
  }
}
