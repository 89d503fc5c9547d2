import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

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
 *
 * Every program is bounded: a wall-clock time (the caller's, at most PROCESS_TIMEOUT_MS), processor
 * time (PROCESS_CPU_SECONDS, the kernel's RLIMIT_CPU set by `ulimit -t` in /bin/sh before it execs
 * the program) and the caller's AbortSignal. A program is stopped with SIGTERM, then SIGKILL when it
 * is still there PROCESS_KILL_GRACE_MS later.
 */

/** How a run ended: by itself, past its wall-clock time, stopped by its signal, or past its processor time. */
export type LaunchEnd = 'exited' | 'timed-out' | 'stopped' | 'cpu-limit';

export interface LaunchResult {
  code: number | null;
  /** The signal that ended the program, when one did. */
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
  ended: LaunchEnd;
}

export interface LaunchRequest {
  binary: string;
  args: string[];
  timeoutMs: number;
  /** How much of stderr's end to keep. */
  stderrKeep: number;
  /** Stops the program (SIGTERM, then SIGKILL after the grace) when it fires. */
  signal?: AbortSignal | undefined;
}

/** The bounds every program gets (AppConfig.limits: PROCESS_TIMEOUT_MS, PROCESS_CPU_SECONDS, PROCESS_KILL_GRACE_MS). */
export interface ProcessLimits {
  maxWallMs: number;
  /** Processor seconds (user + system, all threads); 0: none. */
  cpuSeconds: number;
  killGraceMs: number;
}

export const DEFAULT_PROCESS_LIMITS: ProcessLimits = {
  maxWallMs: 30 * 60_000,
  cpuSeconds: 4 * 60 * 60,
  killGraceMs: 2_000,
};

/** What the supervisor needs: the request's data (no signal) with the limits applied. */
interface SupervisedRequest {
  binary: string;
  args: string[];
  timeoutMs: number;
  stderrKeep: number;
  cpuSeconds: number;
  killGraceMs: number;
  /** /bin/sh, which sets the processor-time limit before it execs the program; null: no such limit. */
  shell: string | null;
}

interface SupervisedEnd {
  spawnError?: string;
  code?: number | null;
  signal?: NodeJS.Signals | null;
  stdout?: Uint8Array;
  stderr?: string;
  ended?: LaunchEnd;
}

type Spawn = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/**
 * Runs one program under its bounds and calls `done` once with how it ended. Self-contained (only its
 * parameters and globals): the helper runs this very function, from its source text.
 */
function supervise(
  spawnProcess: Spawn,
  request: SupervisedRequest,
  done: (end: SupervisedEnd) => void,
): { stop(): void; kill(): void } {
  // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL at the hard one a few seconds later. The program
  // and its arguments are positional parameters of a fixed script: nothing is parsed by the shell.
  const limited = request.cpuSeconds > 0 && request.shell !== null;
  const command = limited ? (request.shell as string) : request.binary;
  const args = limited
    ? [
        '-c',
        'ulimit -S -t "$1" && ulimit -H -t "$2" && shift 2 && exec "$@"',
        'sh',
        String(request.cpuSeconds),
        String(request.cpuSeconds + 3),
        request.binary,
        ...request.args,
      ]
    : request.args;
  let child: ChildProcess;
  try {
    child = spawnProcess(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    done({ spawnError: String((error as Error)?.message ?? error) });
    return { stop() {}, kill() {} };
  }
  const stdout: Buffer[] = [];
  let stderr = '';
  let ended: LaunchEnd = 'exited';
  let finished = false;
  let killTimer: ReturnType<typeof setTimeout> | undefined;
  const terminate = (why: LaunchEnd) => {
    if (finished || ended !== 'exited') return;
    ended = why;
    child.kill('SIGTERM');
    killTimer = setTimeout(() => child.kill('SIGKILL'), request.killGraceMs);
  };
  const wall = setTimeout(() => terminate('timed-out'), request.timeoutMs);
  const finish = (end: SupervisedEnd) => {
    if (finished) return;
    finished = true;
    clearTimeout(wall);
    clearTimeout(killTimer);
    done(end);
  };
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-request.stderrKeep);
  });
  // Not started at all (no such file): there is no close to wait for.
  child.on('error', (error) => {
    if (child.pid === undefined) finish({ spawnError: error.message });
  });
  child.on('close', (code, signal) => {
    // The shell could not exec the program (not found, not executable): as if spawn had failed.
    if (limited && (code === 126 || code === 127) && stdout.length === 0 && /exec: .*: /.test(stderr)) {
      finish({ spawnError: stderr.trim() });
      return;
    }
    const cpu = signal === 'SIGXCPU' || (signal === 'SIGKILL' && ended === 'exited' && limited);
    finish({
      code,
      signal,
      stdout: Buffer.concat(stdout),
      stderr,
      ended: ended === 'exited' && cpu ? 'cpu-limit' : ended,
    });
  });
  return {
    stop: () => terminate('stopped'),
    kill: () => child.kill('SIGKILL'),
  };
}

/** What the helper runs: plain CommonJS, so it needs no build step and runs from the sources in tests. */
const HELPER_SOURCE = `
const { spawn } = require('node:child_process');
const supervise = ${supervise.toString()};
const running = new Map();
process.on('disconnect', () => {
  for (const run of running.values()) run.kill();
  process.exit(0);
});
process.on('message', (message) => {
  if (typeof message.stop === 'number') {
    running.get(message.stop)?.stop();
    return;
  }
  let done = false;
  const run = supervise(spawn, message, (end) => {
    done = true;
    running.delete(message.id);
    process.send({ id: message.id, ...end });
  });
  if (!done) running.set(message.id, run);
});
`;

interface HelperReply extends SupervisedEnd {
  id: number;
}

interface Pending {
  resolve(result: LaunchResult): void;
  reject(error: Error): void;
  /** Stops listening to the request's signal. */
  detach(): void;
}

/** An error starting the program itself (not found, not executable). */
export class LaunchError extends Error {}

/** The reason an aborted signal carries, as an Error. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The program was stopped');
}

function toResult(end: SupervisedEnd): LaunchResult {
  const ended = end.ended ?? 'exited';
  return {
    code: end.code ?? null,
    signal: end.signal ?? null,
    stdout: Buffer.from(end.stdout ?? new Uint8Array()),
    stderr: end.stderr ?? '',
    timedOut: ended === 'timed-out',
    ended,
  };
}

const SHELL = existsSync('/bin/sh') ? '/bin/sh' : null;

/** Runs programs through one helper process; see the file comment. */
export class ProcessLauncher {
  private helper: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** Set when the helper could not be started: programs are started directly from then on. */
  private direct = false;
  limits: ProcessLimits = { ...DEFAULT_PROCESS_LIMITS };

  /** The bounds every later run gets (the server sets them from its config at start-up). */
  configure(limits: ProcessLimits): void {
    this.limits = { ...limits };
  }

  run(request: LaunchRequest): Promise<LaunchResult> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const supervised = this.supervised(request);
    if (this.direct) return launchDirectly(supervised, signal);
    const helper = this.ensureHelper();
    if (helper === null) return launchDirectly(supervised, signal);
    const id = this.nextId++;
    return new Promise<LaunchResult>((resolve, reject) => {
      const onAbort = () => helper.send({ stop: id }, () => undefined);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { resolve, reject, detach: () => signal?.removeEventListener('abort', onAbort) });
      if (this.pending.size === 1) keepAlive(helper, true);
      helper.send({ id, ...supervised }, (error) => {
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

  private supervised(request: LaunchRequest): SupervisedRequest {
    return {
      binary: request.binary,
      args: request.args,
      stderrKeep: request.stderrKeep,
      timeoutMs: Math.max(1, Math.min(request.timeoutMs, this.limits.maxWallMs)),
      cpuSeconds: this.limits.cpuSeconds,
      killGraceMs: this.limits.killGraceMs,
      shell: SHELL,
    };
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
      else entry.resolve(toResult(reply));
    });
  }

  private settle(id: number, action: (entry: Pending) => void): void {
    const entry = this.pending.get(id);
    if (entry === undefined) return;
    this.pending.delete(id);
    entry.detach();
    if (this.pending.size === 0 && this.helper !== null) keepAlive(this.helper, false);
    action(entry);
  }

  /** The helper died: what it was running is reported as failed, and the next run starts a new one. */
  private lost(helper: ChildProcess): void {
    if (this.helper !== helper) return;
    this.helper = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) {
      entry.detach();
      entry.reject(new Error('the process launcher stopped'));
    }
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
function launchDirectly(request: SupervisedRequest, signal: AbortSignal | undefined): Promise<LaunchResult> {
  return new Promise((resolve, reject) => {
    let run: { stop(): void } | undefined;
    const onAbort = () => run?.stop();
    signal?.addEventListener('abort', onAbort, { once: true });
    run = supervise(spawn, request, (end) => {
      signal?.removeEventListener('abort', onAbort);
      if (end.spawnError !== undefined) reject(new LaunchError(end.spawnError));
      else resolve(toResult(end));
    });
  });
}

/** The server's one launcher. */
export const processLauncher = new ProcessLauncher();
