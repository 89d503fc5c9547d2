import type { CutSummary, EditorialFormat, EditorialFrameRate } from '@reelbench/sdk/contract';
import { type ActionContext, defineActions, hasProject } from '../actions/action.js';
import { actionOn } from '../actions/action-on.js';
import { perServices } from '../app/per-services.js';
import type { AppServices } from '../app/services.js';
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

/** The cuts pages' state, one store per tab; a change of cut makes the actions re-read availability. */
export const cutsUi: (services: AppServices) => Store<CutsUi> = perServices((services) => {
  const store = createStore<CutsUi>({ dialog: null, current: null, frameRate: 24, dropFrame: true });
  store.subscribe(() => services.registry.touch());
  return store;
});

/** The cut page's file picker, while it is mounted (the import action opens it). */
export const cutImporter = perServices((services) => {
  const store = createStore<(() => void) | null>(null);
  store.subscribe(() => services.registry.touch());
  return store;
});

export const EXPORT_LABELS: Record<EditorialFormat | 'pdf' | 'package', string> = {
  edl: 'EDL',
  otio: 'OTIO',
  fcpxml: 'FCPXML',
  pdf: 'PDF',
  package: 'Hand-off Package',
};

const ui = (context: ActionContext) => cutsUi(context.services);
const open = (context: ActionContext, dialog: CutDialog) =>
  ui(context).set((state) => ({ ...state, dialog }));
const current = (context: ActionContext) => ui(context).get().current;
const hasCurrent = (context: ActionContext) => hasProject(context) && current(context) !== null;

/** Rename Cut and Delete Cut: each opens its dialog on the current cut. */
const CUT_DIALOGS = [
  { kind: 'rename', label: 'Rename Cut', keywords: ['edl', 'name'] },
  { kind: 'delete', label: 'Delete Cut', keywords: ['edl', 'remove'] },
] as const;

/** Writes the current cut as a download, with code loaded on the first export. */
async function exportCut(
  context: ActionContext,
  format: EditorialFormat | 'pdf' | 'package',
  layout?: 'contact' | 'pages',
) {
  const { exportCurrentCut } = await import('./cut-export.js');
  await exportCurrentCut(context.services, context.projectId ?? '', format, layout);
}

/**
 * The cuts actions: Create Cut (from the timeline or the cuts pages), and on a cut: rename, delete,
 * the exports and import. Dialogs and the file pick belong to the pages; the actions open them
 * through the cuts UI store and the page's importer.
 */
export const cutActions = defineActions([
  {
    id: 'cut.create',
    label: 'Create Cut',
    section: 'Project',
    keywords: ['edl', 'snapshot', 'version', 'save cut', 'edit decision list'],
    hint: "Save the timeline's order and durations as a new cut",
    scope: 'cut-source',
    available: hasProject,
    perform: (context) => open(context, { kind: 'create' }),
  },
  ...CUT_DIALOGS.map(({ kind, label, keywords }) =>
    actionOn(
      current,
      { id: `cut.${kind}`, label, section: 'Selection', keywords, scope: 'cuts', available: hasProject },
      (cut, context) => open(context, { kind, cut }),
    ),
  ),
  ...(['edl', 'otio', 'fcpxml'] as const).map((format) => ({
    id: `cut.export.${format}`,
    label: `Export ${EXPORT_LABELS[format]}`,
    section: 'Project' as const,
    keywords: ['download', 'editor', 'cut', format, 'resolve', 'premiere', 'final cut'],
    hint: 'The open cut, at the chosen frame rate',
    scope: 'cut' as const,
    available: hasCurrent,
    perform: (context: ActionContext) => exportCut(context, format),
  })),
  {
    id: 'cut.export.pdf',
    label: 'Export Storyboard PDF',
    section: 'Project',
    keywords: ['download', 'print', 'contact sheet', 'boards', 'pdf'],
    hint: 'A contact sheet of the open cut',
    scope: 'cut',
    available: hasCurrent,
    perform: (context) => exportCut(context, 'pdf', 'contact'),
  },
  {
    id: 'cut.export.pdfPages',
    label: 'Export Storyboard PDF, One Shot a Page',
    section: 'Project',
    keywords: ['download', 'print', 'boards', 'pdf', 'pages'],
    scope: 'cut',
    available: hasCurrent,
    perform: (context) => exportCut(context, 'pdf', 'pages'),
  },
  {
    id: 'cut.export.package',
    label: 'Export Hand-off Package',
    section: 'Project',
    keywords: ['download', 'zip', 'media', 'editor', 'relink', 'resolve', 'premiere', 'final cut', 'handoff'],
    hint: 'One zip: EDL, OTIO and FCPXML with the shot media beside them',
    scope: 'cut',
    available: hasCurrent,
    perform: (context) => exportCut(context, 'package'),
  },
  {
    id: 'cut.restore',
    label: 'Restore This Version',
    section: 'Project',
    keywords: ['undo import', 'revert', 'roll back', 'order', 'durations', 'timeline'],
    hint: "Put the timeline's order and durations back to the open cut's",
    scope: 'cut',
    available: hasCurrent,
    perform: async (context) => {
      const { restoreCurrentCut } = await import('./cut-export.js');
      await restoreCurrentCut(context.services, context.projectId ?? '');
    },
  },
  {
    id: 'cut.import',
    label: 'Import EDL or OTIO',
    section: 'Project',
    keywords: ['edl', 'otio', 'round trip', 'conform', 'apply edit'],
    hint: 'A list edited elsewhere, back into this cut',
    scope: 'cut',
    available: (context) => hasCurrent(context) && cutImporter(context.services).get() !== null,
    perform: (context) => cutImporter(context.services).get()?.(),
  },
]);
