import { createHash } from 'node:crypto';
import type { RawImage } from '../../media/sharp-io.js';

/**
 * Prepared pixels (a location scaled for a framing, a cut-out at its drawn size) kept by content
 * hash and parameters. A batch render places the same characters and locations in shot after
 * shot; measured, decoding and scaling them is over half the cost of a frame. Bounded by bytes,
 * least recently used first out. Entries are shared: callers must not modify them.
 */
export class PixelCache {
  private readonly entries = new Map<string, RawImage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): RawImage | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, value: RawImage): void {
    if (value.data.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.data.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }

  /** The cached pixels for the key, or makes, keeps and returns them. */
  async remember(key: string, make: () => Promise<RawImage>): Promise<RawImage> {
    const cached = this.get(key);
    if (cached) return cached;
    const made = await make();
    this.set(key, made);
    return made;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

export function contentKey(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('base64url');
}

/** 64 MiB: about twenty 720p backdrops, or a hundred cut-outs. */
export const framePixelCache = new PixelCache(64 * 1024 * 1024);
