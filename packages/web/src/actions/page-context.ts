import { useLayoutEffect, useRef } from 'react';
import { perServices } from '../app/per-services.js';
import type { AppServices } from '../app/services.js';
import { useServices } from '../app/services-context.js';
import { createStore, type Store } from '../state/store.js';

/**
 * What a mounted page hands its actions: its state (the selection, the shot on screen, the player)
 * and the few things only it can do (open its dialog, announce what happened). Pages never register
 * actions; they supply context, which the actions read when they are looked up or run.
 */
export interface PageContext<T> {
  readonly name: string;
  store(services: AppServices): Store<T | null>;
  /** The mounted page's context, or null when that page is not on screen. */
  get(services: AppServices): T | null;
}

export function definePageContext<T>(name: string): PageContext<T> {
  const stores = perServices(() => createStore<T | null>(null));
  return { name, store: stores, get: (services) => stores(services).get() };
}

/**
 * What availability can depend on: which entries are there, and the plain values. A page hands a
 * fresh object on every render (its handlers close over its state); the palette and the buttons
 * re-read availability only when this changes.
 */
function shapeOf(value: object | null): string {
  if (value === null) return 'null';
  return Object.entries(value)
    .map(([key, entry]) => {
      const kind = typeof entry;
      if (entry === undefined || entry === null) return `${key}:-`;
      return `${key}:${kind === 'function' || kind === 'object' ? kind : String(entry)}`;
    })
    .join(',');
}

/**
 * Hands `value` to the actions while the component is mounted (null: nothing to hand now), always
 * the latest one, so an action runs with this render's state. Set before paint, so the page's
 * buttons and the palette see it on the first frame.
 */
export function usePageContext<T extends object>(context: PageContext<T>, value: T | null): void {
  const services = useServices();
  const shape = useRef<string | null>(null);
  useLayoutEffect(() => {
    context.store(services).set(value);
    const next = shapeOf(value);
    if (next === shape.current) return;
    shape.current = next;
    services.registry.touch();
  });
  useLayoutEffect(
    () => () => {
      context.store(services).set(null);
      shape.current = null;
      services.registry.touch();
    },
    [context, services],
  );
}
