import type { ChildProcess } from 'node:child_process';

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** What a spawned process wrote so far, and its exit. */
export interface ChildOutput {
  stdout(): string;
  stderr(): string;
  /** stdout and stderr as they came. */
  all(): string;
  exited: Promise<ExitStatus>;
}

/** Collects what `child` (spawned with piped stdout and stderr) writes, and resolves on its exit. */
export function watchChild(child: ChildProcess): ChildOutput {
  let stdout = '';
  let stderr = '';
  let all = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    all += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    all += chunk.toString();
  });
  const exited = new Promise<ExitStatus>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { stdout: () => stdout, stderr: () => stderr, all: () => all, exited };
}
