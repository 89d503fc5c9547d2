import { useRef } from 'react';

declare global {
  interface Window {
    /** Set to true (e.g. by the bench) to count renders of shot views. */
    __reelbenchCountRenders?: boolean;
    /** Renders per shot id since counting started. */
    __reelbenchRenders?: Record<string, number>;
  }
}

/**
 * Dev and bench aid: counts renders of the component showing shot `id` into
 * window.__reelbenchRenders while window.__reelbenchCountRenders is true (a single shot update must
 * re-render only that shot's cell). Costs one property read otherwise.
 */
export function useRenderCount(id: string): void {
  const last = useRef(0);
  if (typeof window === 'undefined' || window.__reelbenchCountRenders !== true) return;
  const renders = window.__reelbenchRenders ?? {};
  window.__reelbenchRenders = renders;
  renders[id] = (renders[id] ?? 0) + 1;
  last.current += 1;
}
