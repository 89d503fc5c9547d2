import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS_PATH, FileTokenStore } from '../src/node/index.js';

let dir: string;
let path: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'reelbench-creds-'));
  path = join(dir, 'nested', 'reelbench', 'credentials.json');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const onDisk = () => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('FileTokenStore', () => {
  it('defaults to ~/.config/reelbench/credentials.json', () => {
    expect(DEFAULT_CREDENTIALS_PATH.endsWith(join('.config', 'reelbench', 'credentials.json'))).toBe(true);
    expect(new FileTokenStore().path).toBe(DEFAULT_CREDENTIALS_PATH);
  });

  it('returns null before anything is stored', () => {
    expect(new FileTokenStore(path).get()).toBeNull();
  });

  it('creates the file 0600 in a 0700 directory and keeps the server on logout', () => {
    const store = new FileTokenStore(path);
    store.setServer('http://127.0.0.1:3002');
    store.set('secret');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'nested', 'reelbench')).mode & 0o777).toBe(0o700);
    expect(onDisk()).toEqual({ token: 'secret', server: 'http://127.0.0.1:3002' });
    expect(new FileTokenStore(path).get()).toBe('secret');
    store.set(null);
    expect(onDisk()).toEqual({ server: 'http://127.0.0.1:3002' });
    expect(store.getServer()).toBe('http://127.0.0.1:3002');
  });

  it.each(['auth_token', 'authToken', 'jwt_token'])('migrates a token stored under %s to token', (key) => {
    new FileTokenStore(path).write({});
    writeFileSync(path, JSON.stringify({ [key]: 'old-token', server: 'https://reelbench.example' }));
    const store = new FileTokenStore(path);
    expect(store.get()).toBe('old-token');
    expect(onDisk()).toEqual({ token: 'old-token', server: 'https://reelbench.example' });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('rejects a file that is not a JSON object with a clear error', () => {
    new FileTokenStore(path).write({});
    writeFileSync(path, 'token=abc');
    expect(() => new FileTokenStore(path).get()).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: `Credentials file ${path} is not a JSON object; fix or delete it`,
      }),
    );
    writeFileSync(path, '["abc"]');
    expect(() => new FileTokenStore(path).get()).toThrowError(/is not a JSON object/);
  });
});
