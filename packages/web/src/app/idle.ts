import { IDLE_DEFERRAL_MS } from '@reelbench/sdk';

/** Runs `work` when the browser is idle, or after IDLE_DEFERRAL_MS at the latest (SPEC.md §2). */
export function whenIdle(work: () => void, timeoutMs: number = IDLE_DEFERRAL_MS): () => void {
  const scope = globalThis as typeof globalThis & {
    requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (typeof scope.requestIdleCallback === 'function') {
    const handle = scope.requestIdleCallback(work, { timeout: timeoutMs });
    return () => scope.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(work, Math.min(timeoutMs, 1));
  return () => clearTimeout(timer);
}
