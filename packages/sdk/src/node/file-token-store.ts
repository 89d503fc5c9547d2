import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { LEGACY_TOKEN_KEYS, TOKEN_STORAGE_KEY } from '../contract/constants.js';
import { ReelbenchError } from '../contract/errors.js';
import type { TokenStore } from '../token-store.js';

export interface Credentials {
  token?: string;
  server?: string;
}

export const DEFAULT_CREDENTIALS_PATH = join(homedir(), '.config', 'reelbench', 'credentials.json');

/** In the file the token lives under `token`; the browser's key and the other legacy keys are migrated to it. */
const FILE_LEGACY_KEYS = [TOKEN_STORAGE_KEY, ...LEGACY_TOKEN_KEYS].filter((key) => key !== 'token');

function invalidFile(path: string, cause?: unknown): ReelbenchError {
  return new ReelbenchError({
    code: 'VALIDATION_ERROR',
    message: `Credentials file ${path} is not a JSON object; fix or delete it`,
    cause,
  });
}

function parseCredentials(path: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidFile(path, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidFile(path);
  return value as Record<string, unknown>;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The CLI's token store: JSON {token, server?} in a file only the user can read (0600, directory
 * 0700), written atomically. Every read goes to disk, so a login in another shell is seen at once.
 */
export class FileTokenStore implements TokenStore {
  constructor(readonly path: string = DEFAULT_CREDENTIALS_PATH) {}

  read(): Credentials {
    const raw = this.#readRaw();
    if (raw === undefined) return {};
    const legacyKey = FILE_LEGACY_KEYS.find((key) => key in raw);
    const token = asString(raw.token) ?? FILE_LEGACY_KEYS.map((key) => asString(raw[key])).find(Boolean);
    const credentials: Credentials = { token, server: asString(raw.server) };
    if (legacyKey !== undefined) this.write(credentials);
    return credentials;
  }

  write(credentials: Credentials): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, this.path);
  }

  get(): string | null {
    return this.read().token ?? null;
  }

  set(token: string | null): void {
    this.write({ ...this.read(), token: token ?? undefined });
  }

  getServer(): string | null {
    return this.read().server ?? null;
  }

  setServer(server: string | null): void {
    this.write({ ...this.read(), server: server ?? undefined });
  }

  #readRaw(): Record<string, unknown> | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return parseCredentials(this.path, text);
  }
}
