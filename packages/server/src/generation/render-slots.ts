import { currentAbortSignal } from '../common/abort-scope.js';

/**
 * At most `size` renders at once in this process, whatever job they belong to: a batch asking for
 * more parallelism than the server has workers waits for a slot instead of overloading the CPU. A
 * render whose job is stopped while it waits leaves the queue at once (with the signal's reason).
 */
export class RenderSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>, signal: AbortSignal | undefined = currentAbortSignal()): Promise<T> {
    if (this.active >= this.size) await this.wait(signal);
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** Resolves holding a slot handed over by a finishing render; rejects (holding none) when the signal fires first. */
  private wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => {
        const index = this.waiting.indexOf(handOver);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      const handOver = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(handOver);
    });
  }
}
