import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
/** CI copies shared/ beside the repository, read-only. */
const DTD = resolve(REPO_ROOT, '../shared/validators/fcpxml/FCPXMLv1_10.dtd');
const haveXmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' }).error === undefined;
let skipNoted = false;

/** Why the DTD check cannot run on this machine (no xmllint, no DTD), or undefined when it can. */
export function fcpxmlDtdMissing(): string | undefined {
  if (!haveXmllint) return 'xmllint is not installed (Debian: apt-get install -y libxml2-utils)';
  return existsSync(DTD) ? undefined : `the FCPXML DTD is not at ${DTD}`;
}

/**
 * xmllint --dtdvalid against Apple's FCPXML 1.10 DTD: its exit status and complaints. Outside CI,
 * undefined (with one note per test file) when the tool or the DTD is missing; in CI that fails.
 */
export function checkFcpxml(
  xml: string,
  name: string,
): { status: number | null; stderr: string } | undefined {
  const missing = fcpxmlDtdMissing();
  if (missing) {
    if (process.env.CI === 'true') throw new Error(`Cannot validate FCPXML: ${missing}`);
    if (!skipNoted) console.warn(`FCPXML DTD validation skipped: ${missing}`);
    skipNoted = true;
    return undefined;
  }
  // A folder per check: nothing outlives it, however test files share this module.
  const work = mkdtempSync(join(tmpdir(), 'reelbench-fcpxml-'));
  try {
    const file = join(work, `${name}.fcpxml`);
    writeFileSync(file, xml);
    return spawnSync('xmllint', ['--noout', '--nonet', '--dtdvalid', DTD, file], { encoding: 'utf8' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The document is valid FCPXML 1.10 (the SDK's writer and the server's cut export both check with it). */
export function validateFcpxml(xml: string, name: string): void {
  const result = checkFcpxml(xml, name);
  if (result === undefined) return;
  expect(result.stderr, xml).toBe('');
  expect(result.status).toBe(0);
}
