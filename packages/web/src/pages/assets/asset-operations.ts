import { type Asset, assetEvents, parseImageKey, type Rotation, TOASTS } from '@reelbench/sdk';
import { queryKeys } from '../../app/queries.js';
import type { AppServices } from '../../app/services.js';
import { errorBody } from '../../state/errors.js';
import { assessmentKey, assetsUi, runningOperations } from './asset-actions.js';
import { staleKeys } from './asset-images.js';
import { type ImageOperation, imageSections } from './asset-model.js';

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
