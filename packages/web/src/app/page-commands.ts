import { useEffect, useRef } from 'react';
import { createStore } from '../state/store.js';

/**
 * Actions whose meaning depends on the page (undo, delete, zoom, play…) are global registered
 * actions; the page that can do them hands over a handler while it is mounted. An action without a
 * handler on this page is not available here, so the palette does not offer it.
 */
export type PageCommandId =
  | 'edit.undo'
  | 'edit.redo'
  | 'edit.duplicate'
  | 'edit.delete'
  | 'zoom.in'
  | 'zoom.out'
  | 'zoom.reset'
  | 'search.focus'
  | 'playback.toggle'
  | 'frame.previous'
  | 'frame.next'
  | 'shot.previous'
  | 'shot.next'
  | 'scene.create'
  | 'scene.rename'
  | 'scene.recolor'
  | 'scene.moveEarlier'
  | 'scene.moveLater'
  | 'timeline.preserveTiming'
  | 'asset.generateImage'
  | 'asset.regenerate'
  | 'project.rename'
  | 'project.delete'
  | 'project.moveToSeries'
  // The audio page (soundtrack) and the rough-cut page.
  | 'audio.pick'
  | 'audio.playPause'
  | 'audio.nudge.frameEarlier'
  | 'audio.nudge.frameLater'
  | 'audio.nudge.secondEarlier'
  | 'audio.nudge.secondLater'
  | 'audio.setCut'
  | 'audio.remove'
  | 'roughCut.render'
  | 'roughCut.playPause';

export class PageCommands {
  readonly version = createStore(0);
  readonly #handlers = new Map<PageCommandId, (() => void)[]>();

  set(id: PageCommandId, handler: () => void): () => void {
    const stack = this.#handlers.get(id) ?? [];
    stack.push(handler);
    this.#handlers.set(id, stack);
    this.version.set((v) => v + 1);
    return () => {
      const current = this.#handlers.get(id) ?? [];
      this.#handlers.set(
        id,
        current.filter((candidate) => candidate !== handler),
      );
      this.version.set((v) => v + 1);
    };
  }

  has(id: PageCommandId): boolean {
    return (this.#handlers.get(id)?.length ?? 0) > 0;
  }

  /** Runs the most recently mounted handler; false when this page has none. */
  run(id: PageCommandId): boolean {
    const handler = this.#handlers.get(id)?.at(-1);
    if (!handler) return false;
    handler();
    return true;
  }
}

/** Hands `handler` to the action `id` while the component is mounted. */
export function usePageCommand(
  commands: PageCommands,
  id: PageCommandId,
  handler: (() => void) | null,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const enabled = handler !== null;
  useEffect(() => {
    if (!enabled) return;
    return commands.set(id, () => latest.current?.());
  }, [commands, id, enabled]);
}
