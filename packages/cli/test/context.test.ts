import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { DEFAULT_CREDENTIALS_PATH, FileTokenStore } from '@reelbench/sdk/node';
import { describe, expect, it } from 'vitest';
import { CliContext, DEFAULT_SERVER, type GlobalFlags } from '../src/context.js';
import { Capture, configDir } from './support/run-cli.js';

function context(flags: Partial<GlobalFlags>, env: Record<string, string>): CliContext {
  const io = { stdout: new Capture(), stderr: new Capture(), stdin: new PassThrough(), env };
  return new CliContext(io, () => ({ color: true, ...flags }));
}

describe('CliContext', () => {
  it('keeps the login under REELBENCH_CONFIG_DIR, else in ~/.config/reelbench', () => {
    const dir = configDir();
    expect(context({}, { REELBENCH_CONFIG_DIR: dir }).credentials.path).toBe(join(dir, 'credentials.json'));
    expect(context({}, {}).credentials.path).toBe(DEFAULT_CREDENTIALS_PATH);
  });

  it('picks the server: --server, REELBENCH_SERVER, the saved login, then localhost:3002', () => {
    const dir = configDir();
    const env = { REELBENCH_CONFIG_DIR: dir };
    expect(context({}, env).serverUrl).toBe(DEFAULT_SERVER);
    expect(DEFAULT_SERVER).toBe('http://localhost:3002');
    new FileTokenStore(join(dir, 'credentials.json')).setServer('http://saved:1');
    expect(context({}, env).serverUrl).toBe('http://saved:1');
    expect(context({}, { ...env, REELBENCH_SERVER: 'http://env:2' }).serverUrl).toBe('http://env:2');
    expect(context({ server: 'http://flag:3' }, { ...env, REELBENCH_SERVER: 'http://env:2' }).serverUrl).toBe(
      'http://flag:3',
    );
  });

  it('picks the token: --token, then REELBENCH_TOKEN, else the saved login', () => {
    expect(context({}, {}).explicitToken).toBeUndefined();
    expect(context({}, { REELBENCH_TOKEN: '' }).explicitToken).toBeUndefined();
    expect(context({}, { REELBENCH_TOKEN: 'env' }).explicitToken).toBe('env');
    expect(context({ token: 'flag' }, { REELBENCH_TOKEN: 'env' }).explicitToken).toBe('flag');
  });

  it('gives the SDK the explicit token without writing it to the credentials file', async () => {
    const dir = configDir();
    const ctx = context({ token: 'flag-token' }, { REELBENCH_CONFIG_DIR: dir });
    const client = await ctx.client();
    expect(client.auth.token).toBe('flag-token');
    expect(ctx.credentials.read()).toEqual({});
    const signIn = await ctx.client({ persist: true });
    expect(signIn.auth.token).toBeNull();
    ctx.close();
  });

  it('chooses the output mode from the flags: --json wins over --quiet', () => {
    expect(context({}, {}).out.mode).toBe('human');
    expect(context({ quiet: true }, {}).out.mode).toBe('quiet');
    expect(context({ quiet: true, json: true }, {}).out.mode).toBe('json');
  });
});
