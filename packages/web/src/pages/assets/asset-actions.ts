import {
  type Asset,
  type AssetAssessment,
  type AssetDefinition,
  assetEvents,
  parseImageKey,
  type Rotation,
  supportedImageKeys,
  TOASTS,
} from '@reelbench/sdk';
import type { ActionContext, ActionDefinition } from '../../actions/registry.js';
import { queryKeys } from '../../app/queries.js';
import { type AppServices, perServices } from '../../app/services.js';
import { errorBody } from '../../state/errors.js';
import { createStore, type Store } from '../../state/store.js';
import {
  displayUrl,
  type ImageOperation,
  imageSections,
  type RunningOperation,
  staleKeys,
} from './asset-model.js';

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
  // The palette and the buttons re-read availability when the page commands change: the asset and
  // the key the actions work on are part of that.
  let seen: Pick<AssetsUi, 'current' | 'selectedKey'> = { current: null, selectedKey: null };
  store.subscribe(() => {
    const { current, selectedKey } = store.get();
    if (current === seen.current && selectedKey === seen.selectedKey) return;
    seen = { current, selectedKey };
    services.commands.version.set((version) => version + 1);
  });
  return store;
});

/** What this tab is doing on asset images right now. */
export const runningOperations = perServices(() => createStore<RunningOperation[]>([]));

/** Where "Open Asset" and a deleted asset's page go; the mounted page hands over the router's navigate. */
export const assetNavigation = { navigate: (to: string) => globalThis.location.assign(to) };

export function assetsPath(projectId: string): string {
  return `/project/${projectId}/assets`;
}

export function assetPath(projectId: string, assetId: string): string {
  return `/project/${projectId}/assets/${assetId}`;
}

export const ASSET_LIST_PATHS = ['/assets'];
export const ASSET_PAGE_PATHS = ['/assets/'];

export function assessmentKey(assetId: string, key: string): string {
  return `${assetId}:${key}`;
}

/** The asset as the server now has it, everywhere the cache holds it. */
export function storeAsset(services: Pick<AppServices, 'queryClient'>, asset: Asset): void {
  const { queryClient } = services;
  queryClient.setQueryData(queryKeys.asset(asset.id), asset);
  const projects = new Set<string>();
  for (const [key] of queryClient.getQueriesData<Asset[]>({ queryKey: queryKeys.allAssets })) {
    const projectId = key[1];
    if (typeof projectId === 'string') projects.add(projectId);
  }
  for (const projectId of projects) {
    queryClient.setQueryData<Asset[]>(queryKeys.assets(projectId), (list) =>
      list?.map((entry) => (entry.id === asset.id ? asset : entry)),
    );
  }
}

function keyLabel(asset: Asset, key: string): string {
  const slot = imageSections(asset)
    .flatMap((section) => section.slots)
    .find((candidate) => candidate.key === key);
  return slot ? `${slot.label} (${key})` : key;
}

let operationCounter = 0;

/**
 * Runs `work` on one image of `asset` as a tracked operation: the cell shows it while it runs
 * (with the job's progress), the answer updates the cache, and a failure is an 'Operation Failed'
 * toast with the server's reason.
 */
async function runImageOperation<T>(
  services: AppServices,
  asset: Asset,
  key: string,
  operation: ImageOperation,
  work: (report: (percent: number) => void) => Promise<T>,
): Promise<T | undefined> {
  const running = runningOperations(services);
  if (running.get().some((entry) => entry.assetId === asset.id && entry.key === key)) return undefined;
  operationCounter += 1;
  const id = `op-${operationCounter}`;
  running.set((list) => [
    ...list,
    {
      id,
      assetId: asset.id,
      key,
      projectId: asset.projectId ?? '',
      operation,
      progress: operation === 'upload' ? 0 : null,
      knownJobs: new Set(services.jobs.store.get().jobs.keys()),
    },
  ]);
  const report = (percent: number) =>
    running.set((list) => list.map((entry) => (entry.id === id ? { ...entry, progress: percent } : entry)));
  try {
    return await services.activity.track(work(report));
  } catch (error) {
    services.toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
    return undefined;
  } finally {
    running.set((list) => list.filter((entry) => entry.id !== id));
  }
}

function updated(services: AppServices, asset: Asset, title: string, message: string): void {
  storeAsset(services, asset);
  services.toasts.show({ type: 'success', title, message });
}

/** Uploads a file and makes it the image under `key` ('Image Uploaded'). */
export async function uploadImage(services: AppServices, asset: Asset, key: string, file: File) {
  const { client } = services;
  if (asset.projectId === null) return;
  const projectId = asset.projectId;
  const done = await runImageOperation(services, asset, key, 'upload', async (report) => {
    const uploaded = await client.files.uploadImage(projectId, file, {
      assetId: asset.id,
      onProgress: report,
    });
    return client.assets.send('setImage', { assetId: asset.id, imageKey: key, imageData: uploaded.key });
  });
  if (done) updated(services, done, TOASTS.imageUploaded.title, `${keyLabel(done, key)} of ${done.name}`);
}

/**
 * Generates the image under `key` as a job: a character's turned image through
 * character:generate-rotation, every other key through unified-asset:generateImage.
 */
export async function generateImage(services: AppServices, asset: Asset, key: string, again: boolean) {
  const { client } = services;
  const parts = parseImageKey(key);
  const turn =
    asset.type === 'character' && parts?.rotation !== undefined && key !== asset.config.defaultImageKey;
  const reply = await runImageOperation(services, asset, key, again ? 'regenerate' : 'generate', () =>
    turn
      ? assetEvents(client.socket).generateRotation({
          assetId: asset.id,
          rotation: parts?.rotation as Rotation,
          variant: parts?.variant ?? 'default',
        })
      : client.assets.generateImage({ assetId: asset.id, imageKey: key }),
  );
  if (!reply) return;
  const refreshed = reply.invalidatedKeys.length;
  updated(
    services,
    reply.asset,
    TOASTS.imageUpdated.title,
    `${again ? 'Regenerated' : 'Generated'} ${keyLabel(reply.asset, key)}${
      refreshed > 0 ? `; ${refreshed} ${refreshed === 1 ? 'image' : 'images'} made from it refreshed` : ''
    }`,
  );
}

export async function enhanceImage(services: AppServices, asset: Asset, key: string) {
  const reply = await runImageOperation(services, asset, key, 'enhance', () =>
    assetEvents(services.client.socket).enhanceImage({ assetId: asset.id, imageKey: key }),
  );
  if (reply)
    updated(services, reply.asset, TOASTS.imageUpdated.title, `Enhanced ${keyLabel(reply.asset, key)}`);
}

/** The idempotent ensure-bg-removed route: an image already cut out is answered as it is. */
export async function removeBackground(services: AppServices, asset: Asset, key: string) {
  const reply = await runImageOperation(services, asset, key, 'removeBackground', () =>
    services.client.assets.ensureImageBgRemoved(asset.id, key),
  );
  if (reply)
    updated(services, reply, TOASTS.imageUpdated.title, `Background removed from ${keyLabel(reply, key)}`);
}

export async function removeImage(services: AppServices, asset: Asset, key: string) {
  const reply = await runImageOperation(services, asset, key, 'remove', () =>
    services.client.assets.send('deleteImage', { assetId: asset.id, imageKey: key }),
  );
  if (reply) updated(services, reply, TOASTS.imageRemoved.title, `${keyLabel(reply, key)} of ${reply.name}`);
}

export async function assessImage(services: AppServices, asset: Asset, key: string) {
  const assessment = await runImageOperation(services, asset, key, 'assess', () =>
    assetEvents(services.client.socket).assess({ assetId: asset.id, imageKey: key }),
  );
  if (!assessment) return;
  assetsUi(services).set((state) => ({
    ...state,
    assessments: { ...state.assessments, [assessmentKey(asset.id, key)]: assessment },
  }));
  services.toasts.show({
    type: assessment.score >= 6 ? 'success' : 'warning',
    title: `Scored ${assessment.score.toFixed(1)} / 10`,
    message: keyLabel(asset, key),
  });
}

/** Generates each stale image again, one after another, from its new base image. */
export async function refreshStale(services: AppServices, asset: Asset) {
  for (const key of staleKeys(asset)) {
    const latest = services.queryClient.getQueryData<Asset>(queryKeys.asset(asset.id)) ?? asset;
    await generateImage(services, latest, key, true);
  }
}

/** Moves the asset to its project's series, or back to its project ('either change refreshes project assets'). */
export async function toggleSeriesLevel(services: AppServices, asset: Asset, projectId: string) {
  const { client, queryClient, toasts, activity } = services;
  try {
    const next = await activity.track(
      asset.isSeriesLevel
        ? client.assets.send('downgradeFromSeries', { id: asset.id })
        : client.assets.send('upgradeToSeries', { id: asset.id }),
    );
    storeAsset(services, next);
    assetsUi(services).set((state) => (state.current?.id === next.id ? { ...state, current: next } : state));
    await queryClient.invalidateQueries({ queryKey: queryKeys.assets(projectId) });
    toasts.show({
      type: 'success',
      title: next.isSeriesLevel ? 'Moved to Series Level' : 'Returned to Project Level',
      message: next.isSeriesLevel
        ? `${next.name} is shared by every project of the series`
        : `${next.name} belongs to this project only`,
    });
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}

/** Asks the server for a definition of the asset and opens the details dialog filled with it. */
export async function defineAsset(services: AppServices, asset: Asset) {
  const { client, toasts, activity } = services;
  if (asset.projectId === null) return;
  try {
    const definition = await activity.track(
      assetEvents(client.socket).define({
        projectId: asset.projectId,
        type: asset.type,
        name: asset.name,
        ...(asset.description ? { notes: asset.description } : {}),
      }),
    );
    assetsUi(services).set((state) => ({ ...state, dialog: { kind: 'details', asset, definition } }));
  } catch (error) {
    toasts.show({ type: 'error', title: TOASTS.operationFailed.title, message: errorBody(error) });
  }
}

/**
 * The asset actions, registered once per tab. Asset ones act on the open asset or the list's
 * selected one; image ones on the asset page's selected key. Dialogs belong to the pages.
 */
export function registerAssetActions(services: AppServices): void {
  const { registry } = services;
  const ui = assetsUi(services);
  const current = () => ui.get().current;
  const hasAsset = (context: ActionContext) => context.projectId !== null && current() !== null;
  const selected = (): { asset: Asset; key: string } | null => {
    const { current: asset, selectedKey } = ui.get();
    return asset && selectedKey && supportedImageKeys(asset.config).includes(selectedKey)
      ? { asset, key: selectedKey }
      : null;
  };
  const hasImage = () => {
    const target = selected();
    return target !== null && displayUrl(target.asset.images[target.key]) !== null;
  };
  const open = (kind: 'rename' | 'details' | 'delete' | 'clone') => () => {
    const asset = current();
    if (asset) ui.set((state) => ({ ...state, dialog: { kind, asset } }));
  };
  const onImage =
    (work: (asset: Asset, key: string) => Promise<void>): ActionDefinition['perform'] =>
    () => {
      const target = selected();
      if (target) return work(target.asset, target.key);
    };
  const forAsset = (
    definition: Omit<ActionDefinition, 'section' | 'paths' | 'available'> & {
      available?: (context: ActionContext) => boolean;
    },
  ): ActionDefinition => ({
    section: 'Selection',
    paths: ASSET_LIST_PATHS,
    ...definition,
    available: (context) => hasAsset(context) && (definition.available?.(context) ?? true),
  });
  const forImage = (
    definition: Omit<ActionDefinition, 'section' | 'paths' | 'available'> & { needsImage?: boolean },
  ): ActionDefinition => {
    const { needsImage, ...rest } = definition;
    return {
      section: 'Selection',
      paths: ASSET_PAGE_PATHS,
      ...rest,
      available: (context) => hasAsset(context) && selected() !== null && (!needsImage || hasImage()),
      unavailableReason: () =>
        selected() === null ? 'select an image first' : needsImage ? 'this key has no image yet' : undefined,
    };
  };

  registry.registerOnce(
    forAsset({
      id: 'asset.open',
      label: 'Open Asset',
      keywords: ['images', 'rotations', 'views', 'variants'],
      available: (context) => !context.pathname.includes('/assets/'),
      perform: (context) => {
        const asset = current();
        if (asset && context.projectId !== null)
          assetNavigation.navigate(assetPath(context.projectId, asset.id));
      },
    }),
    forAsset({
      id: 'asset.rename',
      label: 'Rename Asset',
      keywords: ['name', 'title'],
      binding: 'F2',
      perform: open('rename'),
    }),
    forAsset({
      id: 'asset.editDetails',
      label: 'Edit Description and Visual Identifier',
      keywords: ['description', 'visual identifier', 'look', 'prompt words', 'details'],
      perform: open('details'),
    }),
    forAsset({
      id: 'asset.define',
      label: 'Define Asset',
      hint: 'A description and visual identifier from the name',
      keywords: ['describe', 'definition', 'visual identifier', 'ai'],
      perform: () => {
        const asset = current();
        if (asset) return defineAsset(services, asset);
      },
    }),
    forAsset({
      id: 'asset.delete',
      label: 'Delete Asset',
      keywords: ['remove', 'trash'],
      perform: open('delete'),
    }),
    forAsset({
      id: 'asset.toggleSeries',
      label: 'Move Asset to Series Level',
      keywords: ['series', 'share', 'upgrade', 'downgrade', 'project level', 'episodes'],
      available: () => current()?.isSeriesLevel !== true,
      perform: (context) => {
        const asset = current();
        if (asset && context.projectId !== null) return toggleSeriesLevel(services, asset, context.projectId);
      },
    }),
    forAsset({
      id: 'asset.toProject',
      label: 'Return Asset to Project Level',
      keywords: ['series', 'downgrade', 'project level', 'unshare'],
      available: () => current()?.isSeriesLevel === true,
      perform: (context) => {
        const asset = current();
        if (asset && context.projectId !== null) return toggleSeriesLevel(services, asset, context.projectId);
      },
    }),
    forAsset({
      id: 'asset.clone',
      label: 'Clone Asset to Another Project',
      keywords: ['copy', 'duplicate', 'project'],
      perform: open('clone'),
    }),
    forImage({
      id: 'asset.uploadImage',
      label: 'Upload Image',
      keywords: ['file', 'picture', 'drop', 'replace'],
      perform: () => ui.get().pickFile?.(),
    }),
    forImage({
      id: 'asset.enhanceImage',
      label: 'Enhance Image',
      keywords: ['improve', 'sharpen', 'upscale'],
      needsImage: true,
      perform: onImage((asset, key) => enhanceImage(services, asset, key)),
    }),
    forImage({
      id: 'asset.removeBackground',
      label: 'Remove Background',
      keywords: ['cut out', 'matte', 'transparent', 'bg'],
      needsImage: true,
      perform: onImage((asset, key) => removeBackground(services, asset, key)),
    }),
    forImage({
      id: 'asset.assessImage',
      label: 'Assess Image',
      keywords: ['score', 'quality', 'rate', 'check'],
      needsImage: true,
      perform: onImage((asset, key) => assessImage(services, asset, key)),
    }),
    forImage({
      id: 'asset.removeImage',
      label: 'Remove Image',
      keywords: ['delete', 'clear'],
      needsImage: true,
      perform: onImage((asset, key) => removeImage(services, asset, key)),
    }),
    {
      id: 'asset.refreshStale',
      label: 'Refresh Stale Images',
      section: 'Generation',
      keywords: ['stale', 'out of date', 'regenerate', 'rotations', 'views'],
      paths: ASSET_PAGE_PATHS,
      available: (context) => {
        const asset = current();
        return hasAsset(context) && asset !== null && staleKeys(asset).length > 0;
      },
      unavailableReason: () => 'no image is stale',
      perform: () => {
        const asset = current();
        if (asset) return refreshStale(services, asset);
      },
    },
  );
}

/** The store of the assets UI and the registered actions, for a page. */
export function assetActionsFor(services: AppServices): Store<AssetsUi> {
  registerAssetActions(services);
  return assetsUi(services);
}
