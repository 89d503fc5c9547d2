import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../src/context.js';
import { UsageError } from '../src/errors.js';
import { ask, confirm, readStdin, readTextFile, writeTextFile } from '../src/input.js';
import { Capture } from './support/run-cli.js';

function terminal(typed: string, tty = true): { io: CliIO; stderr: Capture } {
  const stderr = new Capture(tty);
  const stdin = Object.assign(new PassThrough(), { isTTY: tty });
  stdin.end(typed);
  return { io: { stdout: new Capture(tty), stderr, stdin, env: {} }, stderr };
}

describe('ask', () => {
  it('asks on stderr and answers the typed line', async () => {
    const { io, stderr } = terminal('mara@example.com\n');
    expect(await ask(io, 'Email: ')).toBe('mara@example.com');
    expect(stderr.text).toContain('Email: ');
  });

  it('does not echo a secret', async () => {
    const { io, stderr } = terminal('correct horse battery\n');
    expect(await ask(io, 'Password: ', { secret: true })).toBe('correct horse battery');
    expect(stderr.text).toContain('Password: ');
    expect(stderr.text).not.toContain('correct horse');
  });
});

describe('confirm', () => {
  it.each([
    ['y\n', true],
    ['YES\n', true],
    ['n\n', false],
    ['\n', false],
    ['yep\n', false],
  ])('%j → %s', async (typed, expected) => {
    expect(await confirm(terminal(typed).io, 'Delete?')).toBe(expected);
  });
});

describe('readStdin', () => {
  it('reads everything and drops the final line break only', async () => {
    expect(await readStdin(terminal('a secret\n', false).io)).toBe('a secret');
    expect(await readStdin(terminal('two\nlines\r\n', false).io)).toBe('two\nlines');
    expect(await readStdin(terminal('no newline', false).io)).toBe('no newline');
  });
});

describe('files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'reelbench-input-'));

  it('reads and writes text', async () => {
    const path = join(dir, 'out.fountain');
    await writeTextFile(path, 'INT. ROOF - NIGHT\n');
    expect(readFileSync(path, 'utf8')).toBe('INT. ROOF - NIGHT\n');
    expect(await readTextFile(path)).toBe('INT. ROOF - NIGHT\n');
  });

  it.each([
    ['a missing file', () => readTextFile(join(dir, 'missing.fountain')), 'no such file'],
    ['a directory', () => readTextFile(dir), 'it is a directory'],
    ['a missing folder', () => writeTextFile(join(dir, 'nope', 'x.txt'), 'x'), 'no such file'],
  ])('%s is a UsageError naming the path', async (_case, act, reason) => {
    const error = await act().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(new RegExp(`^Cannot (read|write) ${dir}.*: ${reason}$`));
  });
});
