import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { CliIO } from '../../src/context.js';
import { run } from '../../src/program.js';

export class Capture {
  text = '';
  constructor(readonly isTTY = false) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which then ends. */
  stdin?: string;
  /** Pretend stdin and stdout are a terminal. */
  tty?: boolean;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh REELBENCH_CONFIG_DIR, so that no test reads or writes ~/.config. */
export function configDir(): string {
  return mkdtempSync(join(tmpdir(), 'reelbench-cli-test-'));
}

/** Runs the CLI in-process with captured output. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliRun> {
  const stdout = new Capture(options.tty);
  const stderr = new Capture(options.tty);
  const stdin = Object.assign(new PassThrough(), { isTTY: options.tty });
  stdin.end(options.stdin ?? '');
  const io: CliIO = {
    stdout,
    stderr,
    stdin,
    env: { REELBENCH_CONFIG_DIR: configDir(), ...options.env },
  };
  const code = await run(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
