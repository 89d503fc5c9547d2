import { Worker } from 'node:worker_threads';
import { MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';

/**
 * Synchronous work that would hold the event loop (a storyboard PDF of long texts, a password's
 * strength estimate) runs in worker threads: the server keeps answering everyone else meanwhile.
 * At most `size` threads, started on first use and kept; tasks beyond wait their turn. A task that
 * runs past its time limit or exhausts its thread's heap fails alone (SERVER_ERROR) and the thread
 * is replaced.
 *
 * Run from the TypeScript sources (the vitest suites), a worker thread could not load the task
 * modules, so the tasks run inline there; the built server (dist, every process test and the trust
 * suite) always uses the threads.
 *
 * The pool knows no task: a domain names its own (offThreadTask, beside the pure function it runs),
 * so workers/ imports no domain and a thread loads only the module its task lives in.
 */

/** A pure function of structured-clonable input, offered by a domain to run off the event loop. */
export interface OffThreadTask<I, O> {
  /** The module that exports it, as a file URL: what a worker thread imports (the compiled one in dist). */
  readonly module: string;
  /** The export's name. */
  readonly name: string;
  /** The same module imported in this thread: the inline run from the TypeScript sources. */
  readonly load: () => Promise<object>;
  /** Never set: carries the input and output types. */
  readonly types?: (input: I) => O;
}

/** A task: `name`, exported by the module at `module` (new URL('./x.js', import.meta.url)), which `load` imports. */
export function offThreadTask<I, O>(
  module: URL,
  name: string,
  load: () => Promise<object>,
): OffThreadTask<I, O> {
  return { module: module.href, name, load };
}

interface Queued {
  task: OffThreadTask<unknown, unknown>;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Running extends Queued {
  timer: NodeJS.Timeout;
}

const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL('./off-thread.worker.js', import.meta.url);

function failed(reason: string): ReelbenchError {
  return new ReelbenchError({
    code: 'SERVER_ERROR',
    message: MESSAGES.serverError,
    context: { reason },
  });
}

export class OffThread {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Running>();
  private readonly queue: Queued[] = [];

  constructor(
    readonly size = 2,
    private readonly timeoutMs = 60_000,
    private readonly heapMb = 512,
  ) {}

  run<I, O>(task: OffThreadTask<I, O>, input: I): Promise<O> {
    if (FROM_SOURCES) return this.inline(task, input);
    return new Promise((resolve, reject) => {
      this.queue.push({
        task: task as OffThreadTask<unknown, unknown>,
        input,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.next();
    });
  }

  /** Ends every thread (the next task starts new ones). */
  async stop(): Promise<void> {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    for (const [worker, running] of this.busy) this.lost(worker, running, 'the server stopped');
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private async inline<I, O>(task: OffThreadTask<I, O>, input: I): Promise<O> {
    const loaded = (await task.load()) as Record<string, (value: I) => O>;
    return (loaded[task.name] as (value: I) => O)(input);
  }

  private next(): void {
    const queued = this.queue[0];
    if (queued === undefined) return;
    const worker = this.idle.pop() ?? (this.busy.size < this.size ? this.spawn() : undefined);
    if (worker === undefined) return;
    this.queue.shift();
    worker.ref();
    const timer = setTimeout(() => {
      this.lost(worker, running, `it ran past ${this.timeoutMs} ms`);
      void worker.terminate();
    }, this.timeoutMs);
    const running: Running = { ...queued, timer };
    this.busy.set(worker, running);
    worker.postMessage({ module: queued.task.module, name: queued.task.name, input: queued.input });
    this.next();
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    worker.on('message', (message: { value?: unknown; error?: string }) => {
      const running = this.busy.get(worker);
      if (running === undefined) return;
      clearTimeout(running.timer);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (message.error !== undefined) running.reject(failed(message.error));
      else running.resolve(message.value);
      this.next();
    });
    worker.on('error', (error) => this.lost(worker, this.busy.get(worker), error.message));
    worker.on('exit', () => this.lost(worker, this.busy.get(worker), 'its thread stopped'));
    return worker;
  }

  /** The thread is gone or given up: its task fails, and it is never used again. */
  private lost(worker: Worker, running: Running | undefined, reason: string): void {
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    if (running !== undefined && this.busy.get(worker) === running) {
      clearTimeout(running.timer);
      this.busy.delete(worker);
      running.reject(failed(reason));
    }
    this.next();
  }
}

/** The server's one pool. */
export const offThread = new OffThread();
