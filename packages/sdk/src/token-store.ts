import { LEGACY_TOKEN_KEYS, TOKEN_STORAGE_KEY } from './contract/constants.js';

export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export class MemoryTokenStore implements TokenStore {
  #token: string | null;

  constructor(token: string | null = null) {
    this.#token = token;
  }

  get(): string | null {
    return this.#token;
  }

  set(token: string | null): void {
    this.#token = token;
  }
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The browser's token under `auth_token` (SPEC.md section 6). On the first read a token found under
 * a legacy key is moved to `auth_token` (the first legacy key holding one wins) and every legacy
 * key is removed (also on a first write), so a stale token cannot come back after a logout.
 */
export class BrowserTokenStore implements TokenStore {
  readonly #storage: KeyValueStorage;
  #migrated = false;

  constructor(storage: KeyValueStorage = globalThis.localStorage) {
    this.#storage = storage;
  }

  get(): string | null {
    if (!this.#migrated) this.#migrate();
    return this.#storage.getItem(TOKEN_STORAGE_KEY);
  }

  set(token: string | null): void {
    if (!this.#migrated) this.#dropLegacyKeys();
    if (token === null) this.#storage.removeItem(TOKEN_STORAGE_KEY);
    else this.#storage.setItem(TOKEN_STORAGE_KEY, token);
  }

  #migrate(): void {
    const legacy = LEGACY_TOKEN_KEYS.map((key) => this.#storage.getItem(key)).find((token) => token);
    if (legacy && !this.#storage.getItem(TOKEN_STORAGE_KEY)) this.#storage.setItem(TOKEN_STORAGE_KEY, legacy);
    this.#dropLegacyKeys();
  }

  #dropLegacyKeys(): void {
    this.#migrated = true;
    for (const key of LEGACY_TOKEN_KEYS) this.#storage.removeItem(key);
  }
}
