import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type ErrorCode, MESSAGES, ReelbenchError } from '@reelbench/sdk/contract';
import type { RenderedImage, ShotImageRequest } from '../generation.types.js';

export interface RenderTask {
  id: number;
  request: Omit<ShotImageRequest, 'signal'>;
}

export type RenderReply =
  | { id: number; ok: true; image: RenderedImage }
  | { id: number; ok: false; error: { code: ErrorCode; message: string; context: Record<string, unknown> } };

interface Slot {
  worker: Worker;
  busy: number;
}

interface Pending {
  slot: Slot;
  resolve: (image: RenderedImage) => void;
  reject: (error: Error) => void;
}

/** The built worker beside this module; absent when running from TypeScript sources (tests). */
export function renderWorkerFile(): string | undefined {
  const file = fileURLToPath(new URL('./render-worker.js', import.meta.url));
  return existsSync(file) ? file : undefined;
}

/**
 * Storyboard frames rendered in worker threads, so their JavaScript pixel work (blending, grading,
 * caption shading) runs beside the event loop instead of on it: with N render slots, N frames really
 * render at once and the server stays responsive during a batch. Workers start on first use.
 */
export class RenderPool {
  private readonly workers: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly file: string,
  ) {}

  render(request: ShotImageRequest): Promise<RenderedImage> {
    if (this.closed) return Promise.reject(new Error('The render pool is closed'));
    const { signal: _signal, ...task } = request as ShotImageRequest & { signal?: AbortSignal };
    const slot = this.pick();
    const id = this.nextId++;
    return new Promise<RenderedImage>((resolve, reject) => {
      this.pending.set(id, { slot, resolve, reject });
      slot.busy += 1;
      slot.worker.postMessage({ id, request: task } satisfies RenderTask);
    }).finally(() => {
      slot.busy -= 1;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
    this.workers.length = 0;
  }

  /** The least busy worker, starting a new one while fewer than `size` run. */
  private pick(): Slot {
    const idle = this.workers.find((slot) => slot.busy === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) return this.start();
    return this.workers.reduce((best, slot) => (slot.busy < best.busy ? slot : best));
  }

  private start(): Slot {
    // No inherited flags: a test runner's --conditions would point the worker at TypeScript sources.
    const worker = new Worker(this.file, { execArgv: [] });
    worker.unref();
    const slot: Slot = { worker, busy: 0 };
    worker.on('message', (reply: RenderReply) => this.settle(reply));
    worker.on('error', (error) => this.fail(slot, error));
    worker.on('exit', (code) => {
      if (code !== 0) this.fail(slot, new Error(`render worker exited with ${code}`));
    });
    this.workers.push(slot);
    return slot;
  }

  private settle(reply: RenderReply): void {
    const pending = this.pending.get(reply.id);
    if (pending === undefined) return;
    this.pending.delete(reply.id);
    if (reply.ok) {
      const png = reply.image.png as unknown as Uint8Array;
      pending.resolve({ ...reply.image, png: Buffer.from(png.buffer, png.byteOffset, png.byteLength) });
    } else {
      pending.reject(new ReelbenchError({ ...reply.error }));
    }
  }

  /** A worker that died fails what it held; the next render starts a new one. */
  private fail(slot: Slot, error: Error): void {
    const index = this.workers.indexOf(slot);
    if (index >= 0) this.workers.splice(index, 1);
    if (this.closed) return;
    for (const [id, pending] of this.pending) {
      if (pending.slot !== slot) continue;
      this.pending.delete(id);
      pending.reject(
        new ReelbenchError({ code: 'SERVER_ERROR', message: MESSAGES.imageGenerationFailed, cause: error }),
      );
    }
  }
}
