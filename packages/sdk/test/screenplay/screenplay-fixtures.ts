import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';
import { parseFountain } from '../../src/screenplay/fountain.parser.js';
import type { Screenplay } from '../../src/screenplay/fountain.types.js';

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

/**
 * The generated script of `pages` pages, as text and parsed, made once in a beforeAll of the
 * describe block that calls this; read its fields inside the tests.
 */
export function useGeneratedScreenplay(pages: number): { source: string; screenplay: Screenplay } {
  const generated = { source: '', screenplay: parseFountain('') };
  beforeAll(() => {
    generated.source = generateScreenplay(pages);
    generated.screenplay = parseFountain(generated.source);
  }, FEATURE_TIMEOUT_MS);
  return generated;
}

export function readFixture(name: string): string {
  return readFileSync(path.resolve(here, '../fixtures', name), 'utf8');
}
