import { KeyBuffer } from '../keyboard/key-buffer.js';
import { createStore } from '../state/store.js';

/** Which overlays and panels are open; actions and components both read and change it. */
export interface UiState {
  paletteOpen: boolean;
  helpOpen: boolean;
  firstPassOpen: boolean;
  /** The "Revise shots" dialog (issue 30): the first pass's revision, previewed before it is applied. */
  reviseShotsOpen: boolean;
  newProjectOpen: boolean;
  newAssetOpen: boolean;
  shareReviewOpen: boolean;
  railCollapsed: boolean;
  inspectorCollapsed: boolean;
  statusLineCollapsed: boolean;
}

const PANEL_KEY = 'reelbench-panels';

function loadPanels(): Pick<UiState, 'railCollapsed' | 'inspectorCollapsed' | 'statusLineCollapsed'> {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(PANEL_KEY) ?? '{}') as Partial<UiState>;
    return {
      railCollapsed: saved.railCollapsed === true,
      inspectorCollapsed: saved.inspectorCollapsed === true,
      statusLineCollapsed: saved.statusLineCollapsed === true,
    };
  } catch {
    return { railCollapsed: false, inspectorCollapsed: false, statusLineCollapsed: false };
  }
}

export function createUiState() {
  const store = createStore<UiState>({
    paletteOpen: false,
    helpOpen: false,
    firstPassOpen: false,
    reviseShotsOpen: false,
    newProjectOpen: false,
    newAssetOpen: false,
    shareReviewOpen: false,
    ...loadPanels(),
  });
  store.subscribe(() => {
    const { railCollapsed, inspectorCollapsed, statusLineCollapsed } = store.get();
    try {
      globalThis.localStorage?.setItem(
        PANEL_KEY,
        JSON.stringify({ railCollapsed, inspectorCollapsed, statusLineCollapsed }),
      );
    } catch {
      // Private mode: panels simply are not remembered.
    }
  });
  /**
   * Replaced by the palette once its code has loaded (kbar owns its open state); until then a
   * request to open is remembered in paletteOpen and honoured when it mounts.
   */
  const palette = {
    toggle: () => store.set((state) => ({ ...state, paletteOpen: !state.paletteOpen })),
    open: () => store.set((state) => ({ ...state, paletteOpen: true })),
  };
  return {
    store,
    palette,
    /** Keys typed after Ctrl+K before the palette's field has the focus go there (palette.open). */
    paletteKeys: new KeyBuffer(),
    patch(patch: Partial<UiState>) {
      store.set((state) => ({ ...state, ...patch }));
    },
  };
}

export type UiStateStore = ReturnType<typeof createUiState>;
