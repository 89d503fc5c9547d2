import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * For the suites that run the built server as `npm start` does (a child process of
 * packages/server/dist/main.js): where it is, building it when missing, and a port for it.
 */

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const BUILT_MAIN = path.join(REPO_ROOT, 'packages/server/dist/main.js');

/** `npm test` builds first; a bare `vitest run` on a fresh clone builds the server here. */
export function ensureServerBuilt(): void {
  if (existsSync(BUILT_MAIN)) return;
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/server'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    },
  );
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
