import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingPlatformEntries } from '../.ci/lock-platforms.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

/** The README's set-up block: exactly two commands, install-and-run then test. */
function readmeCommands(): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter(Boolean);
}

describe('repository conventions', () => {
  it('the README starts with exactly two set-up commands', () => {
    const commands = readmeCommands();
    expect(commands).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    expect(read('README.md').split('\n').slice(0, 3)).toEqual(['# Reelbench', '', '```sh']);
  });

  it('.ci/run ends by calling the README test command', () => {
    const lines = read('.ci/run')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(lines.at(-1)).toBe(readmeCommands()[1]);
  });

  it('every workspace pins exact dependency versions', () => {
    const manifests = [
      'package.json',
      ...['sdk', 'server', 'cli', 'web'].map((p) => `packages/${p}/package.json`),
    ];
    for (const manifest of manifests) {
      const json = JSON.parse(read(manifest)) as Record<string, Record<string, string> | undefined>;
      for (const field of ['dependencies', 'devDependencies']) {
        for (const [name, version] of Object.entries(json[field] ?? {})) {
          expect(version, `${manifest} ${name}`).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
        }
      }
    }
  });

  it('the lockfile records every optional platform package, so npm ci accepts it', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const missing = missingPlatformEntries(lock).map(({ key }) => key);
    expect(missing, 'run `node .ci/lock-platforms.mjs` after npm install').toEqual([]);
  });
});
