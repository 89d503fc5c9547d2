import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts short-lived programs (ffmpeg) from a small helper process instead of from the server.
 *
 * Node starts a child by fork + exec, and the fork copies the parent's page tables: the bigger the
 * process, the longer the event loop stands still. Measured on this machine: about 14 ms per start
 * from a bare Node process, 170 ms from one holding 1 GB. The server holds the embedded database
 * and image buffers (half a gigabyte and more while rendering), and a batch of animatics starts
 * hundreds of ffmpeg processes; from the helper (tens of megabytes) each start costs the server a
 * message instead. The helper is started on first use, does not keep the server alive, and is
 * started again if it dies; where it cannot run, programs are started directly.
 */

export interface LaunchResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
}

export interface LaunchRequest {
  binary: string;
  args: string[];
  timeoutMs: number;
  /** How much of stderr's end to keep. */
  stderrKeep: number;
}

/** What the helper runs: plain CommonJS, so it needs no build step and runs from the sources in tests. */
const HELPER_SOURCE = `
const { spawn } = require('node:child_process');
const running = new Set();
process.on('disconnect', () => {
  for (const child of running) child.kill('SIGKILL');
  process.exit(0);
});
process.on('message', (request) => {
  let child;
  try {
    child = spawn(request.binary, request.args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    process.send({ id: request.id, spawnError: String(error && error.message || error) });
    return;
  }
  running.add(child);
  const stdout = [];
  let stderr = '';
  let timedOut = false;
  let done = false;
  const finish = (reply) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    running.delete(child);
    process.send(reply);
  };
  const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, request.timeoutMs);
  child.stdout.on('data', (chunk) => stdout.push(chunk));
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-request.stderrKeep); });
  // Not started at all (no such file): there is no close to wait for.
  child.on('error', (error) => { if (child.pid === undefined) finish({ id: request.id, spawnError: error.message }); });
  child.on('close', (code) => finish({ id: request.id, code, stdout: Buffer.concat(stdout), stderr, timedOut }));
});
`;

interface HelperReply {
  id: number;
  spawnError?: string;
  code?: number | null;
  stdout?: Uint8Array;
  stderr?: string;
  timedOut?: boolean;
}

interface Pending {
  resolve(result: LaunchResult): void;
  reject(error: Error): void;
}

/** An error starting the program itself (not found, not executable). */
export class LaunchError extends Error {}

/** Runs programs through one helper process; see the file comment. */
export class ProcessLauncher {
  private helper: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set when the helper could not be started: programs are started directly from then on. */
  private direct = false;

  run(request: LaunchRequest): Promise<LaunchResult> {
    if (this.direct) return launchDirectly(request);
    const helper = this.ensureHelper();
    if (helper === null) return launchDirectly(request);
    const id = this.nextId++;
    return new Promise<LaunchResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) keepAlive(helper, true);
      helper.send({ id, ...request }, (error) => {
        if (error) this.settle(id, (entry) => entry.reject(error));
      });
    });
  }

  /** Stops the helper (and whatever it is running); the next run starts a new one. */
  stop(): void {
    const helper = this.helper;
    if (helper === null) return;
    helper.kill('SIGKILL');
    this.lost(helper);
  }

  private ensureHelper(): ChildProcess | null {
    if (this.helper !== null) return this.helper;
    let helper: ChildProcess;
    try {
      helper = spawn(process.execPath, ['--input-type=commonjs', '-e', HELPER_SOURCE], {
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        serialization: 'advanced',
        // The helper must not inherit the server's own flags (a CPU profile, --import hooks).
        env: { ...process.env, NODE_OPTIONS: '' },
      });
    } catch {
      this.direct = true;
      return null;
    }
    helper.on('message', (reply: HelperReply) => this.answer(reply));
    helper.on('error', () => this.lost(helper));
    helper.on('exit', () => this.lost(helper));
    keepAlive(helper, false);
    this.helper = helper;
    return helper;
  }

  private answer(reply: HelperReply): void {
    this.settle(reply.id, (entry) => {
      if (reply.spawnError !== undefined) entry.reject(new LaunchError(reply.spawnError));
      else
        entry.resolve({
          code: reply.code ?? null,
          stdout: Buffer.from(reply.stdout ?? new Uint8Array()),
          stderr: reply.stderr ?? '',
          timedOut: reply.timedOut === true,
        });
    });
  }

  private settle(id: number, action: (entry: Pending) => void): void {
    const entry = this.pending.get(id);
    if (entry === undefined) return;
    this.pending.delete(id);
    if (this.pending.size === 0 && this.helper !== null) keepAlive(this.helper, false);
    action(entry);
  }

  /** The helper died: what it was running is reported as failed, and the next run starts a new one. */
  private lost(helper: ChildProcess): void {
    if (this.helper !== helper) return;
    this.helper = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) entry.reject(new Error('the process launcher stopped'));
  }
}

/** While programs run the helper keeps the server's event loop alive; idle, it does not. */
function keepAlive(helper: ChildProcess, on: boolean): void {
  if (on) {
    helper.ref();
    helper.channel?.ref();
  } else {
    helper.unref();
    helper.channel?.unref();
  }
}

/** The same run without the helper. */
export function launchDirectly(request: LaunchRequest): Promise<LaunchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(request.binary, request.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, request.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-request.stderrKeep);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new LaunchError(error.message));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(stdout), stderr, timedOut });
    });
  });
}

/** The server's one launcher. */
export const processLauncher = new ProcessLauncher();
