import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig, ServerConfig } from './config.js';

export const SIGNING_SECRET_FILE = 'signing-secret';

async function readSecret(file: string): Promise<string | undefined> {
  try {
    const secret = (await readFile(file, 'utf8')).trim();
    return secret === '' ? undefined : secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * SIGNING_SECRET wins; otherwise the secret generated on the first start and kept in the data dir
 * (mode 0600), so signed URLs stay valid across restarts.
 */
export async function resolveSigningSecret(config: ServerConfig): Promise<AppConfig> {
  if (config.signingSecret !== undefined) return { ...config, signingSecret: config.signingSecret };
  const file = path.join(config.dataDir, SIGNING_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing !== undefined) return { ...config, signingSecret: existing };
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process started on the same data dir at the same moment and wrote first: use its secret.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { ...config, signingSecret: (await readSecret(file)) ?? secret };
  }
  return { ...config, signingSecret: secret };
}
