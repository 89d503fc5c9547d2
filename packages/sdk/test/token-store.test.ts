import { describe, expect, it } from 'vitest';
import { LEGACY_TOKEN_KEYS } from '../src/contract/constants.js';
import { BrowserTokenStore, type KeyValueStorage, MemoryTokenStore } from '../src/token-store.js';

/** Node 20 has no localStorage: a Map with the Storage methods the store uses. */
class MapStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

describe('MemoryTokenStore', () => {
  it('holds a token until it is cleared', () => {
    const store = new MemoryTokenStore('t1');
    expect(store.get()).toBe('t1');
    store.set(null);
    expect(store.get()).toBeNull();
  });
});

describe('BrowserTokenStore', () => {
  it('names the three legacy keys', () => {
    expect(LEGACY_TOKEN_KEYS).toHaveLength(3);
  });

  it.each(LEGACY_TOKEN_KEYS)('migrates a token found under the legacy key %s to auth_token', (key) => {
    const storage = new MapStorage();
    storage.setItem(key, `legacy-${key}`);
    const store = new BrowserTokenStore(storage);
    expect(store.get()).toBe(`legacy-${key}`);
    expect([...storage.items]).toEqual([['auth_token', `legacy-${key}`]]);
  });

  it('takes the first legacy key holding a token and removes them all', () => {
    const storage = new MapStorage();
    storage.setItem('jwt_token', 'third');
    storage.setItem('authToken', 'second');
    expect(new BrowserTokenStore(storage).get()).toBe('second');
    expect([...storage.items]).toEqual([['auth_token', 'second']]);
  });

  it('keeps an existing auth_token over a legacy one', () => {
    const storage = new MapStorage();
    storage.setItem('auth_token', 'current');
    storage.setItem('token', 'old');
    expect(new BrowserTokenStore(storage).get()).toBe('current');
    expect(storage.getItem('token')).toBeNull();
  });

  it('writes and removes auth_token; a logout before any read leaves no legacy token behind', () => {
    const storage = new MapStorage();
    storage.setItem('token', 'old');
    const store = new BrowserTokenStore(storage);
    store.set(null);
    expect(new BrowserTokenStore(storage).get()).toBeNull();
    store.set('fresh');
    expect(storage.getItem('auth_token')).toBe('fresh');
    expect(new BrowserTokenStore(storage).get()).toBe('fresh');
  });
});
