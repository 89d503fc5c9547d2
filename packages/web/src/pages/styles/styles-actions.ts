import { type ColourGrade, type StylePackage, stylesClient, TOASTS } from '@reelbench/sdk';
import type { ActionContext } from '../../actions/registry.js';
import { queryKeys } from '../../app/queries.js';
import { type AppServices, perServices } from '../../app/services.js';
import { errorBody } from '../../state/errors.js';
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

export const STYLES_PATHS = ['/styles'];

/** Each colour of the preview strip, before the grade: sky, skin, foliage, a neon sign, shadow, paper. */
export const SWATCHES: readonly [number, number, number][] = [
  [96, 140, 200],
  [224, 172, 140],
  [80, 140, 70],
  [230, 60, 150],
  [40, 44, 52],
  [236, 232, 222],
];

const LUMA = [0.2126, 0.7152, 0.0722] as const;
const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** One colour through the grade the way the local renderer applies it (mix, tint, contrast, lift). */
export function gradeColour([r, g, b]: readonly [number, number, number], grade: ColourGrade): string {
  const luma = LUMA[0] * r + LUMA[1] * g + LUMA[2] * b;
  const out = [r, g, b].map((value, channel) => {
    const mixed = (luma + grade.saturation * (value - luma)) * (grade.tint[channel] ?? 1);
    const contrast = grade.contrast[channel] ?? 1;
    return clamp(contrast * mixed + 128 * (1 - contrast) + (grade.lift[channel] ?? 0));
  });
  return `rgb(${out.join(' ')})`;
}

/** Duplicate Style Package: a copy the project owns, opened for editing. */
async function duplicateStyle(services: AppServices, projectId: string, style: StylePackage) {
  const { client, activity, toasts, queryClient } = services;
  try {
    const copy = await activity.track(stylesClient(client.socket).duplicate(projectId, style.id));
    queryClient.setQueryData(queryKeys.styles(projectId), (list) => (list ? [...list, copy] : list));
    stylesUi(services).set({ selected: copy, dialog: { kind: 'edit', style: copy } });
    toasts.show({ type: 'success', title: 'Style Package Duplicated', message: copy.name });
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}

/** The styles page's actions, registered once per tab and scoped to the page. */
export function registerStyleActions(services: AppServices): void {
  const ui = stylesUi(services);
  const open = (dialog: StyleDialog) => ui.set((state) => ({ ...state, dialog }));
  const selected = () => ui.get().selected;
  const onPage = (context: ActionContext) => context.projectId !== null;
  const own = (context: ActionContext) => onPage(context) && selected()?.builtIn === false;
  services.registry.registerOnce(
    {
      id: 'style.create',
      label: 'New Style Package',
      section: 'Project',
      keywords: ['look', 'grade', 'colour', 'lut', 'style'],
      hint: 'A look of your own: words for the prompts, a grade for the frames',
      paths: STYLES_PATHS,
      available: onPage,
      perform: () => open({ kind: 'create' }),
    },
    {
      id: 'style.duplicate',
      label: 'Duplicate Style Package',
      section: 'Selection',
      keywords: ['copy', 'look', 'start from'],
      hint: 'Built-in packages are read-only: duplicate one to change it',
      paths: STYLES_PATHS,
      available: (context) => onPage(context) && selected() !== null,
      perform: async (context) => {
        const style = selected();
        if (style !== null && context.projectId !== null)
          await duplicateStyle(services, context.projectId, style);
      },
    },
    {
      id: 'style.edit',
      label: 'Edit Style Package',
      section: 'Selection',
      keywords: ['look', 'grade', 'rename', 'reference images'],
      paths: STYLES_PATHS,
      available: own,
      perform: () => {
        const style = selected();
        if (style) open({ kind: 'edit', style });
      },
    },
    {
      id: 'style.delete',
      label: 'Delete Style Package',
      section: 'Selection',
      keywords: ['remove', 'look'],
      paths: STYLES_PATHS,
      available: own,
      perform: () => {
        const style = selected();
        if (style) open({ kind: 'delete', style });
      },
    },
  );
}
