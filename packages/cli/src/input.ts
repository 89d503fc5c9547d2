import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import type { CliIO } from './context.js';
import { UsageError } from './errors.js';

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
};

function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return FILE_PROBLEMS[code] ?? (error instanceof Error ? error.message : String(error));
}

async function readOrExplain<T>(path: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${fileProblem(error)}`);
  }
}

export function readTextFile(path: string): Promise<string> {
  return readOrExplain(path, () => readFile(path, 'utf8'));
}

/** A file to upload, e.g. an image. */
export async function readFileBlob(path: string): Promise<Blob> {
  return new Blob([new Uint8Array(await readOrExplain(path, () => readFile(path)))]);
}

export async function writeTextFile(path: string, content: string): Promise<void> {
  try {
    await writeFile(path, content, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot write ${path}: ${fileProblem(error)}`);
  }
}

export async function writeBinaryFile(path: string, content: Uint8Array): Promise<void> {
  try {
    await writeFile(path, content);
  } catch (error) {
    throw new UsageError(`Cannot write ${path}: ${fileProblem(error)}`);
  }
}

/** All of stdin, without the line break a shell pipe adds at the end. */
export async function readStdin(io: CliIO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export function isInteractive(io: CliIO): boolean {
  return io.stdin.isTTY === true;
}

/** One line from the terminal; with `secret`, what is typed is not echoed. The question goes to stderr. */
export async function ask(io: CliIO, question: string, options: { secret?: boolean } = {}): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) io.stderr.write(String(chunk));
      done();
    },
  });
  const rl = createInterface({ input: io.stdin, output, terminal: isInteractive(io) });
  try {
    const answer = rl.question(question);
    muted = options.secret === true;
    const text = await answer;
    if (muted) io.stderr.write('\n');
    return text;
  } finally {
    rl.close();
  }
}

/** y or yes (any case) confirms; anything else does not. */
export async function confirm(io: CliIO, question: string): Promise<boolean> {
  return /^y(es)?$/i.test((await ask(io, `${question} [y/N] `)).trim());
}
