import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from './support/cli-harness.js';

const run = promisify(execFile);
const CLI_PACKAGE = join(ROOT, 'packages/cli');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function node(script: string, args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { ...process.env, NO_COLOR: '1', REELBENCH_TOKEN: '' },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function binTarget(): string {
  const manifest = JSON.parse(readFileSync(join(CLI_PACKAGE, 'package.json'), 'utf8')) as {
    bin: Record<string, string>;
    files: string[];
  };
  const target = manifest.bin.reelbench;
  if (target === undefined) throw new Error('packages/cli/package.json names no reelbench bin');
  return target;
}

describe('the reelbench command on a fresh clone', () => {
  beforeAll(ensureBuilt);

  it('is linked to a committed file, not to the build output npm ci cannot see yet', async () => {
    const target = binTarget();
    expect(target).not.toMatch(/(^|\/)dist\//);
    const tracked = await run('git', ['ls-files', '--error-unmatch', target], { cwd: CLI_PACKAGE });
    expect(tracked.stdout.trim()).toBe(target.replace(/^\.\//, ''));
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { bin?: Record<string, string> }>;
    };
    expect(lock.packages['packages/cli']?.bin?.reelbench).toBe(target.replace(/^\.\//, ''));
    // What `npm ci` made of it in this checkout: node_modules/.bin/reelbench leads to that file.
    const link = join(ROOT, 'node_modules/.bin/reelbench');
    expect(existsSync(link)).toBe(true);
    expect(realpathSync(link)).toBe(realpathSync(join(CLI_PACKAGE, target)));
  });

  it('runs the built CLI: --help and --version answer as the CLI itself does', async () => {
    const shim = join(CLI_PACKAGE, binTarget());
    const help = await node(shim, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: reelbench /);
    expect(help.stdout).toBe((await node(join(CLI_PACKAGE, 'dist/bin.js'), ['--help'])).stdout);
    const version = await node(join(ROOT, 'node_modules/.bin/reelbench'), ['--version']);
    expect(version).toMatchObject({ code: 0, stderr: '' });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('says to build first, with a non-zero exit, when the CLI is not built', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'reelbench-shim-'));
    mkdirSync(join(copy, 'bin'));
    copyFileSync(join(CLI_PACKAGE, binTarget()), join(copy, 'bin/reelbench.js'));
    const outcome = await node(join(copy, 'bin/reelbench.js'), ['--help']);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toContain('the CLI is not built yet');
    expect(outcome.stderr).toContain('npm run build');
  });

  it('ends quietly when its reader stops early (`reelbench … | head -1`): no EPIPE stack trace', async () => {
    const script = join(ROOT, '../shared/tools/make-screenplay.mjs');
    const dir = mkdtempSync(join(tmpdir(), 'reelbench-pipe-'));
    const file = join(dir, 'long.fountain');
    const { stdout: long } = await run(process.execPath, [script, '--pages', '120'], { maxBuffer: 1 << 26 });
    writeFileSync(file, long);
    // The report is far longer than a pipe holds; head takes one line and hangs up.
    const { stdout } = await run(
      'bash',
      [
        '-c',
        '"$0" "$1" script analyze --director --json "$2" 2>"$3" | head -1; echo "exit $PIPESTATUS"',
        process.execPath,
        join(CLI_PACKAGE, binTarget()),
        file,
        join(dir, 'stderr.txt'),
      ],
      { env: { ...process.env, NO_COLOR: '1', REELBENCH_TOKEN: '' }, timeout: 60_000 },
    );
    expect(stdout).toBe('{\nexit 0\n');
    expect(readFileSync(join(dir, 'stderr.txt'), 'utf8')).toBe('');
  }, 60_000);
});
