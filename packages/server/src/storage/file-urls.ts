import { Inject, Injectable } from '@nestjs/common';
import { STORAGE, type Storage } from './storage.types.js';

const DAY_SECONDS = 24 * 60 * 60;
/** Display URLs (img/video src) live six to seven days: S3 presigning allows at most seven. */
const DISPLAY_URL_DAYS = 7;
/** How long a download URL from GET /api/files/download/:key stays valid. */
export const DOWNLOAD_URL_TTL_SECONDS = 60 * 60;

/**
 * URLs for stored objects. Entities keep storage keys; URLs are signed when an answer is built, so a
 * stored reference never expires. A display URL's expiry is rounded up to a whole day, so the same
 * image keeps the same URL for a day and browsers can cache it.
 */
@Injectable()
export class FileUrls {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  displayUrl(key: string, nowMs = Date.now()): Promise<string> {
    const now = Math.floor(nowMs / 1000);
    const expiresAt = (Math.floor(now / DAY_SECONDS) + DISPLAY_URL_DAYS) * DAY_SECONDS;
    return this.storage.signedUrl(key, expiresAt - now);
  }

  async downloadUrl(key: string): Promise<{ downloadUrl: string; expiresIn: number }> {
    return {
      downloadUrl: await this.storage.signedUrl(key, DOWNLOAD_URL_TTL_SECONDS),
      expiresIn: DOWNLOAD_URL_TTL_SECONDS,
    };
  }
}
