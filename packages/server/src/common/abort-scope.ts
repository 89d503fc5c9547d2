import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The abort signal of the work being done now: a job runs its handler inside its signal's scope, so
 * every program it starts (ffmpeg for an animatic, a rough cut, audio peaks, whoever calls it) is
 * stopped when the job is cancelled, times out or its worker stops, without each caller passing it.
 */
const scope = new AsyncLocalStorage<AbortSignal | undefined>();

/** The signal of the job (or other abortable work) `fn` runs for. */
export function withAbortSignal<T>(signal: AbortSignal, fn: () => T): T {
  return scope.run(signal, fn);
}

/**
 * Runs `fn` outside any job's scope: for work shared by several jobs (a cached probe of ffmpeg's
 * capabilities), which one job's cancel must not stop for the others.
 */
export function outsideAbortScope<T>(fn: () => T): T {
  return scope.run(undefined, fn);
}

/** The current scope's signal, if any. */
export function currentAbortSignal(): AbortSignal | undefined {
  return scope.getStore();
}
