/**
 * The palette's code (kbar, its virtual list and fuzzy search) is not part of the first render: it
 * is fetched when the user is about to use it — a Ctrl or Cmd key going down, the pointer or focus on
 * the palette button — so it has usually arrived before the K of Ctrl+K.
 */
let loading: Promise<typeof import('./palette.js')> | null = null;

export function loadPalette(): Promise<typeof import('./palette.js')> {
  loading ??= import('./palette.js');
  return loading;
}

export function preloadPaletteOnModifier(target: Window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Control' || event.key === 'Meta') {
      void loadPalette();
      target.removeEventListener('keydown', onKey, true);
    }
  };
  target.addEventListener('keydown', onKey, true);
  return () => target.removeEventListener('keydown', onKey, true);
}
