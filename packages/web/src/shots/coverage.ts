import type { CoverageVariant, Reelbench } from '@reelbench/sdk';
import { useSyncExternalStore } from 'react';

/** The coverage alternates of a shot as the storyboard cycles them: 0 is the shot's own frame. */
export interface AlternatesState {
  status: 'loading' | 'ready' | 'failed';
  /** Variants that have an image, in the server's order. */
  variants: CoverageVariant[];
  shown: number;
}

/** Alternates per shot id, loaded lazily on the first C, with per-shot listeners (one cell re-renders). */
export class AlternatesStore {
  readonly #entries = new Map<string, AlternatesState>();
  readonly #listeners = new Map<string, Set<() => void>>();

  get(shotId: string): AlternatesState | undefined {
    return this.#entries.get(shotId);
  }

  set(shotId: string, state: AlternatesState | undefined): void {
    if (state === undefined) this.#entries.delete(shotId);
    else this.#entries.set(shotId, state);
    for (const listener of [...(this.#listeners.get(shotId) ?? [])]) listener();
  }

  subscribe(shotId: string, listener: () => void): () => void {
    let set = this.#listeners.get(shotId);
    if (!set) {
      set = new Set();
      this.#listeners.set(shotId, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Loads the shot's variants once (get-coverage); resolves to the state after loading. */
  async load(client: Pick<Reelbench, 'shots'>, shotId: string): Promise<AlternatesState> {
    const current = this.get(shotId);
    if (current && current.status !== 'failed') return current;
    this.set(shotId, { status: 'loading', variants: [], shown: 0 });
    try {
      const variants = await client.shots.send('get-coverage', { shotId });
      const next: AlternatesState = {
        status: 'ready',
        variants: variants.filter((variant) => Boolean(variant.image_url)),
        shown: 0,
      };
      this.set(shotId, next);
      return next;
    } catch (error) {
      this.set(shotId, { status: 'failed', variants: [], shown: 0 });
      throw error;
    }
  }

  /** Shows the next alternate (wrapping back to the shot's own frame); the count includes the frame. */
  cycle(shotId: string): AlternatesState | undefined {
    const current = this.get(shotId);
    if (current?.status !== 'ready' || current.variants.length === 0) return current;
    const next = { ...current, shown: (current.shown + 1) % (current.variants.length + 1) };
    this.set(shotId, next);
    return next;
  }

  /** The variant shown instead of the frame, if any. */
  shownVariant(shotId: string): CoverageVariant | undefined {
    const current = this.get(shotId);
    return current && current.shown > 0 ? current.variants[current.shown - 1] : undefined;
  }

  reset(shotId: string): void {
    const current = this.get(shotId);
    if (current && current.shown !== 0) this.set(shotId, { ...current, shown: 0 });
  }
}

export const alternates = new AlternatesStore();

export function useAlternates(shotId: string, store: AlternatesStore = alternates) {
  return useSyncExternalStore(
    (listener) => store.subscribe(shotId, listener),
    () => store.get(shotId),
    () => store.get(shotId),
  );
}
