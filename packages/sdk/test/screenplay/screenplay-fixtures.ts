import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** shared/ sits beside the repository, here and in CI. */
export const SCREENPLAY_GENERATOR = path.resolve(here, '../../../../..', 'shared/tools/make-screenplay.mjs');

/**
 * Time allowed to a test or hook that handles a feature-length script (generating it starts a
 * process); on a loaded machine this takes seconds, far beyond vitest's 5 s default.
 */
export const FEATURE_TIMEOUT_MS = 60_000;

/** The deterministic feature-length script of shared/tools/make-screenplay.mjs. */
export function generateScreenplay(pages: number): string {
  if (!existsSync(SCREENPLAY_GENERATOR)) {
    throw new Error(
      `The screenplay generator is missing at ${SCREENPLAY_GENERATOR}: the shared/ folder must sit beside the repository.`,
    );
  }
  return execFileSync(process.execPath, [SCREENPLAY_GENERATOR, '--pages', String(pages)], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function readFixture(name: string): string {
  return readFileSync(path.resolve(here, '../fixtures', name), 'utf8');
}
