import type { Reelbench, Shot } from '@reelbench/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryKeys } from '../app/queries.js';
import type { ShotProgress } from './model.js';

export type ProgressKind = 'image' | 'video';

/**
 * Live generation progress keyed by shot id, with one listener list per shot: a progress event for
 * one shot re-renders only the views of that shot (the storyboard cell, the shot list row).
 */
export class ShotProgressStore {
  readonly #entries = new Map<string, ShotProgress>();
  readonly #listeners = new Map<string, Set<() => void>>();

  static key(kind: ProgressKind, shotId: string): string {
    return `${kind}:${shotId}`;
  }

  get(kind: ProgressKind, shotId: string): ShotProgress | undefined {
    return this.#entries.get(ShotProgressStore.key(kind, shotId));
  }

  set(kind: ProgressKind, shotId: string, entry: ShotProgress | undefined): void {
    const key = ShotProgressStore.key(kind, shotId);
    if (entry === undefined) {
      if (!this.#entries.delete(key)) return;
    } else this.#entries.set(key, entry);
    for (const listener of [...(this.#listeners.get(key) ?? [])]) listener();
  }

  subscribe(kind: ProgressKind, shotId: string, listener: () => void): () => void {
    const key = ShotProgressStore.key(kind, shotId);
    let set = this.#listeners.get(key);
    if (!set) {
      set = new Set();
      this.#listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(key);
    };
  }

  clear(): void {
    const keys = [...this.#entries.keys()];
    this.#entries.clear();
    for (const key of keys) for (const listener of [...(this.#listeners.get(key) ?? [])]) listener();
  }
}

/** One store per tab: progress outlives a page switch (a render started on the storyboard shows in the shot list). */
export const shotProgress = new ShotProgressStore();

type ShotList = { shots: Shot[] };

/**
 * Feeds the progress store from the socket (shot:generation-progress, shot:video-progress,
 * shot:batch-progress). A finished render also writes its url into the shots cache (SPEC.md §4:
 * progress events set status and url); shot:updated follows with the whole shot.
 */
export function startProgressSync(
  client: Pick<Reelbench, 'socket'>,
  queryClient: QueryClient,
  store: ShotProgressStore = shotProgress,
): () => void {
  const socket = client.socket;
  if (!socket) return () => {};
  const onShotProgress =
    (kind: ProgressKind) =>
    (event: {
      projectId: string;
      shotId: string;
      status: ShotProgress['status'];
      progress: number;
      url?: string | undefined;
      message?: string | undefined;
    }) => {
      if (event.status === 'completed' || event.status === 'cancelled') {
        store.set(kind, event.shotId, undefined);
        if (event.status === 'completed' && event.url) {
          const url = event.url;
          queryClient.setQueryData<ShotList>(queryKeys.shots(event.projectId), (list) => {
            if (!list) return list;
            const index = list.shots.findIndex((shot) => shot.id === event.shotId);
            const current = list.shots[index];
            if (!current) return list;
            const shots = list.shots.slice();
            shots[index] =
              kind === 'image'
                ? { ...current, image_url: url, generation_status: 'completed' }
                : { ...current, video_url: url, video_generation_status: 'completed' };
            return { ...list, shots };
          });
        }
        return;
      }
      store.set(kind, event.shotId, {
        status: event.status,
        progress: event.progress,
        ...(event.message ? { message: event.message } : {}),
      });
    };
  const offs = [
    socket.on('shot:generation-progress', onShotProgress('image')),
    socket.on('shot:video-progress', onShotProgress('video')),
    // A batch names the shot that just finished; its own progress event says how.
    socket.on('shot:batch-progress', (event) => {
      if (!event.shotId) return;
      const current = store.get('image', event.shotId);
      if (current && current.status !== 'failed') store.set('image', event.shotId, undefined);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

/** The live progress of one shot, re-rendering only when that shot's entry changes. */
export function useShotProgress(
  shotId: string,
  kind: ProgressKind = 'image',
  store: ShotProgressStore = shotProgress,
) {
  return useSyncExternalStore(
    (listener) => store.subscribe(kind, shotId, listener),
    () => store.get(kind, shotId),
    () => store.get(kind, shotId),
  );
}
