import type { StylePackage } from '@reelbench/sdk';
import { type ActionContext, defineActions, hasProject } from '../../actions/action.js';
import { actionOn } from '../../actions/action-on.js';
import { perServices } from '../../app/per-services.js';
import { type AppServices } from '../../app/services.js';
import { createStore, type Store } from '../../state/store.js';

export type StyleDialog =
  | { kind: 'create' }
  | { kind: 'edit'; style: StylePackage }
  | { kind: 'delete'; style: StylePackage }
  | null;

export interface StylesUi {
  dialog: StyleDialog;
  /** The package the actions work on: the card holding the focus, or the last one used. */
  selected: StylePackage | null;
}

export const stylesUi: (services: AppServices) => Store<StylesUi> = perServices(() =>
  createStore<StylesUi>({ dialog: null, selected: null }),
);

const ui = (context: ActionContext) => stylesUi(context.services);
const selected = (context: ActionContext) => ui(context).get().selected;
const open = (context: ActionContext, dialog: StyleDialog) =>
  ui(context).set((state) => ({ ...state, dialog }));
const own = (context: ActionContext) => hasProject(context) && selected(context)?.builtIn === false;

/** Edit and Delete Style Package: each opens its dialog on the selected package, one of the project's own. */
const STYLE_DIALOGS = [
  { kind: 'edit', label: 'Edit Style Package', keywords: ['look', 'grade', 'rename', 'reference images'] },
  { kind: 'delete', label: 'Delete Style Package', keywords: ['remove', 'look'] },
] as const;

/** The styles page's actions. */
export const styleActions = defineActions([
  {
    id: 'style.create',
    label: 'New Style Package',
    section: 'Project',
    keywords: ['look', 'grade', 'colour', 'lut', 'style'],
    hint: 'A look of your own: words for the prompts, a grade for the frames',
    scope: 'styles',
    available: hasProject,
    perform: (context) => open(context, { kind: 'create' }),
  },
  actionOn(
    selected,
    {
      id: 'style.duplicate',
      label: 'Duplicate Style Package',
      section: 'Selection',
      keywords: ['copy', 'look', 'start from'],
      hint: 'Built-in packages are read-only: duplicate one to change it',
      scope: 'styles',
      available: hasProject,
    },
    async (style, { services, projectId }) => {
      if (projectId !== null)
        await (await import('./style-operations.js')).duplicateStyle(services, projectId, style);
    },
  ),
  ...STYLE_DIALOGS.map(({ kind, label, keywords }) =>
    actionOn(
      selected,
      { id: `style.${kind}`, label, section: 'Selection', keywords, scope: 'styles', available: own },
      (style, context) => open(context, { kind, style }),
    ),
  ),
]);
