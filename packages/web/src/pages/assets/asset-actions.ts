import { type Asset, type AssetAssessment, type AssetDefinition, supportedImageKeys } from '@reelbench/sdk';
import { type ActionContext, type ActionDefinition, defineActions } from '../../actions/action.js';
import { perServices } from '../../app/per-services.js';
import { createStore } from '../../state/store.js';
import { displayUrl, staleKeys } from './asset-images.js';
import type { RunningOperation } from './asset-model.js';

export type AssetDialog =
  | { kind: 'rename'; asset: Asset }
  | { kind: 'details'; asset: Asset; definition?: AssetDefinition }
  | { kind: 'delete'; asset: Asset }
  | { kind: 'clone'; asset: Asset }
  | null;

export interface AssetsUi {
  /** The asset the asset actions act on: the open asset's page, or the selected cell of the list. */
  current: Asset | null;
  /** The image key selected on the asset's page. */
  selectedKey: string | null;
  dialog: AssetDialog;
  /** The last assessment of each image, by `${assetId}:${key}`. */
  assessments: Record<string, AssetAssessment>;
  /** Opens the asset page's file picker for the selected key, while the page is mounted. */
  pickFile: (() => void) | null;
}

export const assetsUi = perServices((services) => {
  const store = createStore<AssetsUi>({
    current: null,
    selectedKey: null,
    dialog: null,
    assessments: {},
    pickFile: null,
  });
  // The palette and the buttons re-read availability when the asset or the key the actions work on changes.
  let seen: Pick<AssetsUi, 'current' | 'selectedKey'> = { current: null, selectedKey: null };
  store.subscribe(() => {
    const { current, selectedKey } = store.get();
    if (current === seen.current && selectedKey === seen.selectedKey) return;
    seen = { current, selectedKey };
    services.registry.touch();
  });
  return store;
});

/** What this tab is doing on asset images right now. */
export const runningOperations = perServices(() => createStore<RunningOperation[]>([]));

export function assetsPath(projectId: string): string {
  return `/project/${projectId}/assets`;
}

export function assetPath(projectId: string, assetId: string): string {
  return `/project/${projectId}/assets/${assetId}`;
}

export function assessmentKey(assetId: string, key: string): string {
  return `${assetId}:${key}`;
}

type Operations = typeof import('./asset-operations.js');

/** Runs an operation of asset-operations.ts, loaded with its first use. */
async function operate(work: (operations: Operations) => Promise<unknown>): Promise<void> {
  await work(await import('./asset-operations.js'));
}

const ui = (context: ActionContext) => assetsUi(context.services);
const current = (context: ActionContext) => ui(context).get().current;
const hasAsset = (context: ActionContext) => context.projectId !== null && current(context) !== null;

/** The asset page's selected key of the open asset, when the asset supports it. */
function selected(context: ActionContext): { asset: Asset; key: string } | null {
  const { current: asset, selectedKey } = ui(context).get();
  return asset && selectedKey && supportedImageKeys(asset.config).includes(selectedKey)
    ? { asset, key: selectedKey }
    : null;
}

const hasImage = (context: ActionContext) => {
  const target = selected(context);
  return target !== null && displayUrl(target.asset.images[target.key]) !== null;
};

/** Whether the selected key of the open asset can start an operation (none runs on it). */
const idle = (context: ActionContext) => {
  const target = selected(context);
  return (
    target !== null &&
    !runningOperations(context.services)
      .get()
      .some((entry) => entry.assetId === target.asset.id && entry.key === target.key)
  );
};

const openDialog =
  (kind: 'rename' | 'details' | 'delete' | 'clone') =>
  (context: ActionContext): void => {
    const asset = current(context);
    if (asset) ui(context).set((state) => ({ ...state, dialog: { kind, asset } }));
  };

/** An action on the list's selected asset or the open one (section Selection). */
/** Moves the open asset to the series level, or back to its project (one server action toggles it). */
function toggleSeriesLevel(context: ActionContext): Promise<void> | undefined {
  const asset = current(context);
  const projectId = context.projectId;
  if (asset && projectId !== null)
    return operate((operations) => operations.toggleSeriesLevel(context.services, asset, projectId));
}

function forAsset(
  definition: Omit<ActionDefinition, 'section' | 'scope' | 'available'> & {
    available?: (context: ActionContext) => boolean;
  },
): ActionDefinition {
  return {
    section: 'Selection',
    scope: 'asset',
    ...definition,
    available: (context) => hasAsset(context) && (definition.available?.(context) ?? true),
  };
}

/** An action on the open asset's selected image key. */
function forImage(
  definition: Omit<ActionDefinition, 'section' | 'scope' | 'available' | 'perform'> & {
    needsImage?: boolean;
    perform: (context: ActionContext, asset: Asset, key: string) => unknown;
  },
): ActionDefinition {
  const { needsImage, perform, ...rest } = definition;
  return {
    section: 'Selection',
    scope: 'asset-page',
    ...rest,
    available: (context) =>
      hasAsset(context) && selected(context) !== null && (!needsImage || hasImage(context)),
    unavailableReason: (context) =>
      selected(context) === null
        ? 'select an image first'
        : needsImage
          ? 'this key has no image yet'
          : undefined,
    perform: (context) => {
      const target = selected(context);
      if (target) return perform(context, target.asset, target.key);
    },
  };
}

/**
 * The asset actions. Asset ones act on the open asset or the list's selected one; image ones on the
 * asset page's selected key. Dialogs belong to the pages; the operations load with their first use.
 */
export const assetActions = defineActions([
  forAsset({
    id: 'asset.open',
    label: 'Open Asset',
    keywords: ['images', 'rotations', 'views', 'variants'],
    available: (context) => !context.pathname.includes('/assets/'),
    perform: (context) => {
      const asset = current(context);
      if (asset && context.projectId !== null) context.navigate(assetPath(context.projectId, asset.id));
    },
  }),
  forAsset({
    id: 'asset.rename',
    label: 'Rename Asset',
    keywords: ['name', 'title'],
    binding: 'F2',
    perform: openDialog('rename'),
  }),
  forAsset({
    id: 'asset.editDetails',
    label: 'Edit Description and Visual Identifier',
    keywords: ['description', 'visual identifier', 'look', 'prompt words', 'details'],
    perform: openDialog('details'),
  }),
  forAsset({
    id: 'asset.define',
    label: 'Define Asset',
    hint: 'A description and visual identifier from the name',
    keywords: ['describe', 'definition', 'visual identifier', 'ai'],
    perform: (context) => {
      const asset = current(context);
      if (asset) return operate((operations) => operations.defineAsset(context.services, asset));
    },
  }),
  forAsset({
    id: 'asset.delete',
    label: 'Delete Asset',
    keywords: ['remove', 'trash'],
    perform: openDialog('delete'),
  }),
  forAsset({
    id: 'asset.toggleSeries',
    label: 'Move Asset to Series Level',
    keywords: ['series', 'share', 'upgrade', 'downgrade', 'project level', 'episodes'],
    available: (context) => current(context)?.isSeriesLevel !== true,
    perform: toggleSeriesLevel,
  }),
  forAsset({
    id: 'asset.toProject',
    label: 'Return Asset to Project Level',
    keywords: ['series', 'downgrade', 'project level', 'unshare'],
    available: (context) => current(context)?.isSeriesLevel === true,
    perform: toggleSeriesLevel,
  }),
  forAsset({
    id: 'asset.clone',
    label: 'Clone Asset to Another Project',
    keywords: ['copy', 'duplicate', 'project'],
    perform: openDialog('clone'),
  }),
  {
    id: 'asset.generateImage',
    label: 'Generate image',
    section: 'Assets',
    binding: 'Mod+G',
    scope: 'asset',
    available: (context) => hasAsset(context) && idle(context),
    perform: (context) => {
      const target = selected(context);
      if (target)
        return operate((operations) =>
          operations.generateImage(context.services, target.asset, target.key, false),
        );
    },
  },
  {
    id: 'asset.regenerate',
    label: 'Regenerate',
    section: 'Assets',
    binding: 'Mod+R',
    scope: 'asset',
    available: (context) => hasAsset(context) && idle(context) && hasImage(context),
    perform: (context) => {
      const target = selected(context);
      if (target)
        return operate((operations) =>
          operations.generateImage(context.services, target.asset, target.key, true),
        );
    },
  },
  forImage({
    id: 'asset.uploadImage',
    label: 'Upload Image',
    keywords: ['file', 'picture', 'drop', 'replace'],
    // The file picker opens inside the key press or click that asked for it.
    perform: (context) => ui(context).get().pickFile?.(),
  }),
  // The operations on the selected key's image, each a job or a call with its own toast.
  ...(
    [
      ['asset.enhanceImage', 'Enhance Image', ['improve', 'sharpen', 'upscale'], 'enhanceImage'],
      [
        'asset.removeBackground',
        'Remove Background',
        ['cut out', 'matte', 'transparent', 'bg'],
        'removeBackground',
      ],
      ['asset.assessImage', 'Assess Image', ['score', 'quality', 'rate', 'check'], 'assessImage'],
      ['asset.removeImage', 'Remove Image', ['delete', 'clear'], 'removeImage'],
    ] as const
  ).map(([id, label, keywords, operation]) =>
    forImage({
      id,
      label,
      keywords,
      needsImage: true,
      perform: (context, asset, key) =>
        operate((operations) => operations[operation](context.services, asset, key)),
    }),
  ),
  {
    id: 'asset.refreshStale',
    label: 'Refresh Stale Images',
    section: 'Generation',
    keywords: ['stale', 'out of date', 'regenerate', 'rotations', 'views'],
    scope: 'asset-page',
    available: (context) => {
      const asset = current(context);
      return hasAsset(context) && asset !== null && staleKeys(asset).length > 0;
    },
    unavailableReason: () => 'no image is stale',
    perform: (context) => {
      const asset = current(context);
      if (asset) return operate((operations) => operations.refreshStale(context.services, asset));
    },
  },
]);
