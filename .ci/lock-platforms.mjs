#!/usr/bin/env node
// The registry this project installs from serves only some platform builds of a few packages (e.g.
// @biomejs/cli-darwin-arm64). npm then leaves those optional dependencies out of package-lock.json,
// and `npm ci` refuses the lockfile as out of sync. This records each missing platform package as
// an optional entry with its os/cpu/libc, so npm ci skips it on other platforms without fetching.
// Run it after `npm install` changes the lockfile: `node .ci/lock-platforms.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32'];
const CPU = ['arm64', 'x64', 'arm', 'ia32'];

export function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!os || !cpu) return null;
  return { os: [os], cpu: [cpu], ...(parts.includes('musl') ? { libc: ['musl'] } : {}) };
}

export function missingPlatformEntries(lock) {
  const missing = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const key = `node_modules/${name}`;
      const platform = platformOf(name);
      if (lock.packages[key] === undefined && platform) {
        missing.push({
          key,
          entry: { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform },
          from: path,
        });
      }
    }
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL('../package-lock.json', import.meta.url);
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const missing = missingPlatformEntries(lock);
  for (const { key, entry } of missing) lock.packages[key] = entry;
  lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`recorded ${missing.length} platform entr${missing.length === 1 ? 'y' : 'ies'}`);
}
