import { readFileSync } from 'node:fs';

/** The server package's version; the file sits two levels up from both src/system and dist/system. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
