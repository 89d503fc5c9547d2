import { createHmac, timingSafeEqual } from 'node:crypto';
import { encodeKeyPath } from './storage-key.js';

/** The public route that serves signed local files. */
export const RAW_FILES_PATH = '/api/files/raw';

/**
 * Signs `/api/files/raw/<key>?expires=<unix seconds>&sig=<hmac>` URLs with the SIGNING_SECRET, so a
 * browser can load an image or video without a bearer token, and only until the URL expires.
 */
export class UrlSigner {
  private readonly hmacKey: Buffer;

  /** `baseUrl` is PUBLIC_URL when set, so the URL is absolute; otherwise URLs are same-origin paths. */
  constructor(
    secret: string,
    private readonly baseUrl = '',
  ) {
    // A key of its own, so a file signature can never be replayed as another use of the secret.
    this.hmacKey = createHmac('sha256', secret).update('reelbench:files:v1').digest();
  }

  signature(key: string, expires: number): string {
    return createHmac('sha256', this.hmacKey).update(`${key}\n${expires}`).digest('base64url');
  }

  url(key: string, expiresInSeconds: number, nowMs = Date.now()): string {
    const expires = Math.floor(nowMs / 1000) + Math.max(1, Math.floor(expiresInSeconds));
    const base = this.baseUrl.replace(/\/+$/, '');
    return `${base}${RAW_FILES_PATH}/${encodeKeyPath(key)}?expires=${expires}&sig=${this.signature(key, expires)}`;
  }

  /** True when `sig` is this key's signature for `expires` and that moment has not passed. */
  verify(key: string, expires: unknown, sig: unknown, nowMs = Date.now()): boolean {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof sig !== 'string') return false;
    const expiresAt = Number(expires);
    if (expiresAt * 1000 <= nowMs) return false;
    const expected = Buffer.from(this.signature(key, expiresAt));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
