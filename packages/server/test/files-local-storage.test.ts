import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../src/storage/local.storage.js';
import {
  assetPrefix,
  isAssetOwnedKey,
  isValidStorageKey,
  projectIdOfKey,
} from '../src/storage/storage-key.js';
import { readAll } from '../src/storage/stream-bytes.js';
import { UrlSigner } from '../src/storage/url-signer.js';

const SECRET = 'a-test-signing-secret-of-32-characters!';
const PROJECT = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
/** Keys no storage driver may touch, each with what is wrong with it. */
const BAD_KEYS: [key: string, why: string][] = [
  ['', 'empty'],
  ['../etc/passwd', 'climbs out of the root'],
  ['projects/../../x', 'climbs out from inside'],
  ['/etc/passwd', 'absolute'],
  ['a\\b', 'a backslash'],
  ['a//b', 'an empty segment'],
  ['a/./b', "a '.' segment"],
  ['a/', 'an empty last segment'],
  ['.meta/x', "the local driver's own metadata (a dot segment)"],
  ['a/.hidden', 'a hidden name'],
];

describe('storage keys', () => {
  it('accepts relative paths of safe segments only', () => {
    expect(isValidStorageKey(`projects/${PROJECT}/images/1.png`)).toBe(true);
    for (const [key, why] of BAD_KEYS) expect(isValidStorageKey(key), `${key}: ${why}`).toBe(false);
    expect(isValidStorageKey(`a/${'b'.repeat(1100)}`)).toBe(false);
  });

  it('finds the project and the owning asset of a key', () => {
    expect(projectIdOfKey(`projects/${PROJECT}/images/1.png`)).toBe(PROJECT);
    expect(projectIdOfKey(`projects/${PROJECT.toUpperCase()}/a.png`)).toBe(PROJECT);
    expect(projectIdOfKey(`projects/not-a-uuid/a.png`)).toBeUndefined();
    expect(projectIdOfKey(`projects/${PROJECT}`)).toBeUndefined();
    expect(projectIdOfKey('system/probe.txt')).toBeUndefined();
    const asset = '9b2f0b8a-4a7e-4c4b-8d0e-0f3f1c2d3e4f';
    expect(isAssetOwnedKey(`${assetPrefix(PROJECT, asset)}x.png`, asset)).toBe(true);
    expect(isAssetOwnedKey(`projects/${PROJECT}/images/x.png`, asset)).toBe(false);
    expect(isAssetOwnedKey(assetPrefix(PROJECT, asset).slice(0, -1), asset)).toBe(false);
  });
});

describe('signed file URLs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own signature until the expiry, and nothing else', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    const signer = new UrlSigner(SECRET);
    const key = `projects/${PROJECT}/images/a b.png`;
    const url = new URL(signer.url(key, 60), 'http://localhost');
    expect(url.pathname).toBe(`/api/files/raw/projects/${PROJECT}/images/a%20b.png`);
    const expires = url.searchParams.get('expires');
    const sig = url.searchParams.get('sig');
    expect(Number(expires)).toBe(Date.parse('2030-01-01T00:01:00Z') / 1000);
    expect(signer.verify(key, expires, sig)).toBe(true);

    expect(signer.verify(`${key}x`, expires, sig)).toBe(false);
    expect(signer.verify(key, String(Number(expires) + 1), sig)).toBe(false);
    expect(signer.verify(key, expires, `${sig}A`)).toBe(false);
    expect(signer.verify(key, expires, undefined)).toBe(false);
    expect(signer.verify(key, '1e12', sig)).toBe(false);
    expect(new UrlSigner(`${SECRET}-other`).verify(key, expires, sig)).toBe(false);

    vi.advanceTimersByTime(59_000);
    expect(signer.verify(key, expires, sig)).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(signer.verify(key, expires, sig)).toBe(false);
  });

  it('is absolute under PUBLIC_URL', () => {
    const url = new UrlSigner(SECRET, 'https://reel.example.com/').url('a/b.png', 10);
    expect(url).toMatch(/^https:\/\/reel\.example\.com\/api\/files\/raw\/a\/b\.png\?expires=\d+&sig=[\w-]+$/);
  });
});

describe('LocalStorage', () => {
  let root: string;
  let storage: LocalStorage;
  const key = `projects/${PROJECT}/images/one.png`;
  const bytes = Buffer.from('not really a png, but bytes are bytes');

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'reelbench-storage-'));
    storage = new LocalStorage(root, new UrlSigner(SECRET));
  });

  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('puts, gets with size and content type, and deletes', async () => {
    await storage.put(key, bytes, 'image/png');
    expect(await readFile(path.join(root, 'projects', PROJECT, 'images', 'one.png'))).toEqual(bytes);
    const stored = await storage.get(key);
    expect(stored?.size).toBe(bytes.length);
    expect(stored?.contentType).toBe('image/png');
    expect(await readAll(stored?.body ?? Readable.from([]))).toEqual(bytes);
    expect(await storage.exists(key)).toBe(true);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('replaces an object atomically and leaves no temp files behind', async () => {
    await storage.put(key, bytes, 'image/png');
    await storage.put(key, Buffer.from('second version'), 'image/webp');
    const stored = await storage.get(key);
    expect(await readAll(stored?.body ?? Readable.from([]))).toEqual(Buffer.from('second version'));
    expect(stored?.contentType).toBe('image/webp');
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('lists by plain prefix, sorted, without its own bookkeeping files', async () => {
    for (const name of ['b.png', 'a.png', 'sub/c.png']) {
      await storage.put(`projects/${PROJECT}/images/${name}`, Buffer.from(name), 'image/png');
    }
    await storage.put('projects/other/x.json', Buffer.from('{}'), 'application/json');
    expect(await storage.list(`projects/${PROJECT}/`)).toEqual([
      { key: `projects/${PROJECT}/images/a.png`, size: 5 },
      { key: `projects/${PROJECT}/images/b.png`, size: 5 },
      { key: `projects/${PROJECT}/images/sub/c.png`, size: 9 },
    ]);
    expect((await storage.list(`projects/${PROJECT}/images/a`)).map((o) => o.key)).toEqual([
      `projects/${PROJECT}/images/a.png`,
    ]);
    expect((await storage.list('')).map((o) => o.key)).toHaveLength(4);
    expect(await storage.list('nothing/here/')).toEqual([]);
  });

  it('copies an object with its content type; copying a missing one is File not found', async () => {
    await storage.put(key, bytes, 'image/png');
    const copy = `projects/${PROJECT}/assets/x/copy.png`;
    await storage.copy(key, copy);
    const stored = await storage.get(copy);
    expect(stored?.contentType).toBe('image/png');
    expect(await readAll(stored?.body ?? Readable.from([]))).toEqual(bytes);
    await expect(storage.copy('projects/missing.png', copy)).rejects.toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'File not found',
    });
  });

  it('falls back to application/octet-stream when the content type record is missing', async () => {
    await storage.put(key, bytes, 'image/png');
    await rm(path.join(root, '.meta', 'projects', PROJECT, 'images', 'one.png.json'));
    expect((await storage.get(key))?.contentType).toBe('application/octet-stream');
  });

  it('writes again into folders removed behind its back, the temp folder too, and leaves no temp files', async () => {
    await storage.put(key, bytes, 'image/png');
    await rm(path.join(root, 'projects'), { recursive: true });
    await rm(path.join(root, '.meta'), { recursive: true });
    await rm(path.join(root, '.tmp'), { recursive: true });
    const again = `projects/${PROJECT}/images/two.png`;
    await storage.put(again, bytes, 'image/png');
    const object = await storage.get(again);
    expect(object?.contentType).toBe('image/png');
    expect(object ? await readAll(object.body) : undefined).toEqual(bytes);
    await rm(path.join(root, '.tmp'), { recursive: true });
    await storage.copy(again, key);
    expect(await storage.exists(key)).toBe(true);
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps no temp file when a write cannot land, and deleting what is gone is not an error', async () => {
    // An object where the key needs a folder: the rename into place fails.
    await storage.put(`projects/${PROJECT}/images/a`, bytes, 'text/plain');
    await expect(storage.put(`projects/${PROJECT}/images/a/b.png`, bytes, 'image/png')).rejects.toThrow();
    expect(await readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(await storage.exists(`projects/${PROJECT}/images/a`)).toBe(true);
    await storage.delete(`projects/${PROJECT}/images/a`);
    await storage.delete(`projects/${PROJECT}/images/a`);
    expect(await storage.exists(`projects/${PROJECT}/images/a`)).toBe(false);
  });

  it('refuses every unsafe key before touching the disk', async () => {
    for (const [bad] of BAD_KEYS) {
      await expect(storage.put(bad, bytes, 'text/plain'), bad).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      });
      await expect(storage.get(bad), bad).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await expect(storage.delete(bad), bad).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await expect(storage.exists(bad), bad).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await expect(storage.copy(key, bad), bad).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    await expect(storage.list('../')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await readdir(root)).toEqual([]);
  });

  it('signs URLs that its signer verifies', async () => {
    const signer = new UrlSigner(SECRET);
    const url = new URL(await new LocalStorage(root, signer).signedUrl(key, 30), 'http://localhost');
    expect(signer.verify(key, url.searchParams.get('expires'), url.searchParams.get('sig'))).toBe(true);
  });
});
