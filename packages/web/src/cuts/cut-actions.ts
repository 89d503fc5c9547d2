import type {
  CutSummary,
  EditorialFormat,
  EditorialFrameRate,
  StoryboardLayout,
} from '@reelbench/sdk/contract';
import type { ActionContext } from '../actions/registry.js';
import type { AppServices } from '../app/services.js';
import { errorBody } from '../state/errors.js';
import { createStore, type Store } from '../state/store.js';

/** The cut a cut action works on: the open cut page's, or the selected row of the cuts list. */
export type CutRef = Pick<CutSummary, 'id' | 'name' | 'version'>;

export type CutDialog =
  | { kind: 'create' }
  | { kind: 'rename'; cut: CutRef }
  | { kind: 'delete'; cut: CutRef }
  | null;

export interface CutsUi {
  dialog: CutDialog;
  /** The cut the page shows or the list has selected. */
  current: CutRef | null;
  /** The rate the cut page shows timecodes at and exports with. */
  frameRate: EditorialFrameRate;
  dropFrame: boolean;
}

const stores = new WeakMap<AppServices, Store<CutsUi>>();

export function cutsUi(services: AppServices): Store<CutsUi> {
  let store = stores.get(services);
  if (!store) {
    store = createStore<CutsUi>({ dialog: null, current: null, frameRate: 24, dropFrame: true });
    stores.set(services, store);
  }
  return store;
}

/** Pages where the timeline's order and durations are on screen: a cut can be made from them. */
export const CUT_SOURCE_PATHS = ['/timeline', '/edl'];
export const CUT_PAGE_PATHS = ['/edl/'];
const CUT_LIST_PATHS = ['/edl'];

/** Saves `data` as a file named `filename` through the browser's download. */
export function saveFile(data: BlobPart, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const EXPORT_LABELS: Record<EditorialFormat | 'pdf', string> = {
  edl: 'EDL',
  otio: 'OTIO',
  fcpxml: 'FCPXML',
  pdf: 'PDF',
};

/** Writes the current cut in a format at the page's frame rate, as a download. */
export async function exportCurrentCut(
  services: AppServices,
  projectId: string,
  format: EditorialFormat | 'pdf',
  layout: StoryboardLayout = 'contact',
): Promise<void> {
  const ui = cutsUi(services).get();
  const cut = ui.current;
  if (!cut) return;
  const { client, activity, toasts } = services;
  try {
    if (format === 'pdf') {
      const file = await activity.track(client.cuts.storyboardPdf(projectId, cut.id, { layout }));
      saveFile(file.bytes as Uint8Array<ArrayBuffer>, file.filename, 'application/pdf');
    } else {
      const file = await activity.track(
        client.cuts.export(projectId, cut.id, format, {
          frameRate: ui.frameRate,
          ...(ui.frameRate === 29.97 ? { dropFrame: ui.dropFrame } : {}),
        }),
      );
      saveFile(file.text, file.filename, file.mimeType);
    }
    toasts.show({ type: 'success', title: `${EXPORT_LABELS[format]} Exported`, message: cut.name });
  } catch (error) {
    toasts.show({ type: 'error', title: 'Operation Failed', message: errorBody(error) });
  }
}

/**
 * The cuts actions, registered once per tab: Create Cut (from the timeline or the cuts pages),
 * and on a cut: rename, delete, the four exports and import. Dialogs and the file pick belong to
 * the pages; the actions open them through the cuts UI store and the page commands.
 */
export function registerCutActions(services: AppServices, importFile: Store<(() => void) | null>): void {
  const { registry } = services;
  const ui = cutsUi(services);
  const open = (dialog: CutDialog) => ui.set((state) => ({ ...state, dialog }));
  const hasCurrent = (context: ActionContext) => context.projectId !== null && ui.get().current !== null;
  const define = (action: Parameters<typeof registry.register>[0]) => {
    if (!registry.get(action.id)) registry.register(action);
  };
  define({
    id: 'cut.create',
    label: 'Create Cut',
    section: 'Project',
    keywords: ['edl', 'snapshot', 'version', 'save cut', 'edit decision list'],
    hint: "Save the timeline's order and durations as a new cut",
    paths: CUT_SOURCE_PATHS,
    available: (context) => context.projectId !== null,
    perform: () => open({ kind: 'create' }),
  });
  define({
    id: 'cut.rename',
    label: 'Rename Cut',
    section: 'Selection',
    keywords: ['edl', 'name'],
    paths: CUT_LIST_PATHS,
    available: hasCurrent,
    perform: () => {
      const cut = ui.get().current;
      if (cut) open({ kind: 'rename', cut });
    },
  });
  define({
    id: 'cut.delete',
    label: 'Delete Cut',
    section: 'Selection',
    keywords: ['edl', 'remove'],
    paths: CUT_LIST_PATHS,
    available: hasCurrent,
    perform: () => {
      const cut = ui.get().current;
      if (cut) open({ kind: 'delete', cut });
    },
  });
  for (const format of ['edl', 'otio', 'fcpxml'] as const) {
    define({
      id: `cut.export.${format}`,
      label: `Export ${EXPORT_LABELS[format]}`,
      section: 'Project',
      keywords: ['download', 'editor', 'cut', format, 'resolve', 'premiere', 'final cut'],
      hint: 'The open cut, at the chosen frame rate',
      paths: CUT_PAGE_PATHS,
      available: hasCurrent,
      perform: (context) => exportCurrentCut(services, context.projectId ?? '', format),
    });
  }
  define({
    id: 'cut.export.pdf',
    label: 'Export Storyboard PDF',
    section: 'Project',
    keywords: ['download', 'print', 'contact sheet', 'boards', 'pdf'],
    hint: 'A contact sheet of the open cut',
    paths: CUT_PAGE_PATHS,
    available: hasCurrent,
    perform: (context) => exportCurrentCut(services, context.projectId ?? '', 'pdf', 'contact'),
  });
  define({
    id: 'cut.export.pdfPages',
    label: 'Export Storyboard PDF, One Shot a Page',
    section: 'Project',
    keywords: ['download', 'print', 'boards', 'pdf', 'pages'],
    paths: CUT_PAGE_PATHS,
    available: hasCurrent,
    perform: (context) => exportCurrentCut(services, context.projectId ?? '', 'pdf', 'pages'),
  });
  define({
    id: 'cut.import',
    label: 'Import EDL or OTIO',
    section: 'Project',
    keywords: ['edl', 'otio', 'round trip', 'conform', 'apply edit'],
    hint: 'A list edited elsewhere, back into this cut',
    paths: CUT_PAGE_PATHS,
    available: (context) => hasCurrent(context) && importFile.get() !== null,
    perform: () => importFile.get()?.(),
  });
}

const importers = new WeakMap<AppServices, Store<(() => void) | null>>();

/** The cut page's file picker, while it is mounted (the import action opens it). */
export function cutImporter(services: AppServices): Store<(() => void) | null> {
  let store = importers.get(services);
  if (!store) {
    store = createStore<(() => void) | null>(null);
    importers.set(services, store);
  }
  return store;
}
