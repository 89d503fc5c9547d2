import { describe, expect, it } from 'vitest';
import { contentKey, PixelCache } from '../../src/generation/local/render-cache.js';

const pixels = (bytes: number, fill = 0) => ({
  data: Buffer.alloc(bytes, fill),
  info: { width: bytes, height: 1, channels: 1 as const },
});

describe('PixelCache', () => {
  it('keeps entries up to its byte budget, evicting the least recently used', () => {
    const cache = new PixelCache(300);
    cache.set('a', pixels(100, 1));
    cache.set('b', pixels(100, 2));
    cache.set('c', pixels(100, 3));
    expect(cache.get('a')?.data[0]).toBe(1);
    cache.set('d', pixels(100, 4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.data[0]).toBe(1);
    expect(cache.size).toEqual({ entries: 3, bytes: 300 });
    cache.set('huge', pixels(301));
    expect(cache.get('huge')).toBeUndefined();
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('makes a missing entry once and then serves it', async () => {
    const cache = new PixelCache(1_000);
    let made = 0;
    const make = async () => {
      made += 1;
      return pixels(10);
    };
    const first = await cache.remember('k', make);
    const second = await cache.remember('k', make);
    expect(made).toBe(1);
    expect(second).toBe(first);
  });

  it('keys content by its bytes', () => {
    expect(contentKey(Buffer.from('abc'))).toBe(contentKey(Buffer.from('abc')));
    expect(contentKey(Buffer.from('abc'))).not.toBe(contentKey(Buffer.from('abd')));
  });
});
