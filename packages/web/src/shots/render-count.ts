declare global {
  interface Window {
    /** Set to true (e.g. by the bench) to count renders of shot views. */
    __reelbenchCountRenders?: boolean;
    /** Renders per shot id since counting started. */
    __reelbenchRenders?: Record<string, number>;
  }
}

/**
 * Whether this build counts renders: in development and tests, and in the bench's build
 * (`vite build --mode bench`, whose .env.bench sets VITE_REELBENCH_RENDER_COUNT). A production build
 * has the constant false, and Vite drops the counter's code from the bundle.
 */
export const COUNTS_RENDERS: boolean =
  import.meta.env.DEV || import.meta.env.VITE_REELBENCH_RENDER_COUNT === 'true';

/**
 * Dev and bench aid: counts renders of the component showing shot `id` into
 * window.__reelbenchRenders while window.__reelbenchCountRenders is true (a single shot update must
 * re-render only that shot's cell). Costs one property read otherwise, and nothing in production.
 */
export function useRenderCount(id: string): void {
  if (!COUNTS_RENDERS) return;
  if (typeof window === 'undefined' || window.__reelbenchCountRenders !== true) return;
  const renders = window.__reelbenchRenders ?? {};
  window.__reelbenchRenders = renders;
  renders[id] = (renders[id] ?? 0) + 1;
}
