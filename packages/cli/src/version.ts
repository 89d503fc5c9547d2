import { readFileSync } from 'node:fs';

/** The version in package.json, which sits one level above both src/ and dist/. */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
