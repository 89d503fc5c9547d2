import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  type Asset,
  type AssetConfig,
  type AssetConfigInput,
  type AssetCreate,
  type AssetImageEntry,
  type AssetType,
  type AssetUpdates,
  type DeletedReply,
  defaultAssetConfig,
  formatMessage,
  idSchema,
  inputExcerpt,
  normalizeImageKey,
  ReelbenchError,
  SERVER_EVENTS,
  SERVER_MESSAGES,
  type ServerEventName,
  type ServerEventPayload,
  type StreamlinedAsset,
  supportedImageKeys,
  type User,
} from '@reelbench/sdk/contract';
import { notFound, validation } from '../common/domain-error.js';
import { variantStorageKeys } from '../media/variants.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { FileUrls } from '../storage/file-urls.js';
import { STORAGE, type Storage } from '../storage/storage.types.js';
import { assetPrefix, isAssetOwnedKey } from '../storage/storage-key.js';
import type { AssetEntity } from './asset.entity.js';
import { storedConfig, toAsset, toStreamlinedAsset } from './asset.mapper.js';
import { AssetsRepository, type AssetValues } from './asset.repository.js';
import { AssetImageData, type StoredImage } from './asset-image-data.js';
import { type AssetImages, dependentImageKeys, markStale, readImages } from './asset-images.js';

export function assetNotFound(id: string): ReelbenchError {
  return new ReelbenchError({
    code: 'NOT_FOUND_ERROR',
    message: formatMessage.assetNotFound(inputExcerpt(id)),
  });
}

export function unsupportedKey(imageKey: string, config: AssetConfig): ReelbenchError {
  const message = `Image key '${imageKey}' is not supported by this ${config.type}. Supported keys: ${supportedImageKeys(config).join(', ')}`;
  return validation(message, [{ path: 'imageKey', message }]);
}

/** The type's default config with the given overrides; the default key must be one of the supported keys. */
export function resolveConfig(
  type: AssetType,
  base: AssetConfig,
  overrides: AssetConfigInput = {},
): AssetConfig {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const config: AssetConfig = { ...base, ...defined, type };
  const keys = supportedImageKeys(config);
  if (!keys.includes(config.defaultImageKey)) {
    const message = `config.defaultImageKey: '${config.defaultImageKey}' is not one of the supported keys: ${keys.join(', ')}`;
    throw validation(message, [{ path: 'config.defaultImageKey', message }]);
  }
  return config;
}

/** The project an asset was created in (its storage folder and its jobs' project). */
export function homeProjectId(asset: AssetEntity): string {
  if (asset.projectId === null) throw validation(SERVER_MESSAGES.assetHasNoProject);
  return asset.projectId;
}

/** The outcome of writeImage. */
export interface ImageWrite {
  entity: AssetEntity;
  asset: Asset;
  /** False when `next` left the asset as it was. */
  written: boolean;
  /** Dependent images this write marked stale. */
  invalidated: string[];
}

/** The stored bytes an entry refers to: its image and, after background removal, the original it kept. */
function entryBlobs(entry: AssetImageEntry): string[] {
  const original = entry.metadata.originalS3Key;
  return [entry.s3Key, typeof original === 'string' ? original : null].filter(
    (key): key is string => key !== null,
  );
}

/** Told the keys of blobs an asset owned, once deleted (the files domain forgets their upload records). */
export type DeletedBlobsListener = (keys: string[]) => Promise<void>;
/** Told of every change announced as asset:updated, with the projects the asset is seen in. */
export type UpdatedAssetListener = (asset: AssetEntity, projectIds: string[]) => Promise<void>;

/**
 * The unified-asset domain. Every method acts for a user: another user's asset is
 * 'Asset {id} not found', never its data. A series-level asset is seen by every project of its series,
 * and its events go to each of their rooms.
 */

@Injectable()
export class AssetsService implements OnModuleInit {
  private readonly logger = new Logger('Assets');
  private readonly deletedBlobsListeners: DeletedBlobsListener[] = [];
  private readonly updatedListeners: UpdatedAssetListener[] = [];

  constructor(
    private readonly assets: AssetsRepository,
    private readonly projects: ProjectsService,
    private readonly events: EventsService,
    private readonly urls: FileUrls,
    private readonly imageData: AssetImageData,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  /** A deleted project's series-level assets pass to another episode (projects never write this table). */
  onModuleInit(): void {
    this.projects.onDeleting((manager, project) => this.assets.passSeriesAssetsToHeir(manager, project));
  }

  /** Shows or hides the asset on the public repository page (the repository domain's toggle). */
  setRepositoryPublished(assetId: string, published: boolean): Promise<void> {
    return this.assets.setRepositoryPublished(assetId, published);
  }

  /** The user's asset, for this and other modules (files) to check ownership. */
  async requireAsset(user: User, id: string): Promise<AssetEntity> {
    if (!idSchema.safeParse(id).success) throw assetNotFound(id);
    const asset = await this.assets.findOwned(user.id, id.toLowerCase());
    if (asset === null) throw assetNotFound(id);
    return asset;
  }

  async getByProject(
    user: User,
    projectId: string,
    includeSeries = true,
    type?: AssetType,
  ): Promise<Asset[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const rows = await this.assets.listVisible(
      user.id,
      project.id,
      includeSeries ? project.seriesId : null,
      type,
    );
    return Promise.all(rows.map((row) => toAsset(row, this.urls)));
  }

  async getById(user: User, id: string): Promise<Asset> {
    return toAsset(await this.requireAsset(user, id), this.urls);
  }

  async getByIdStreamlined(user: User, id: string): Promise<StreamlinedAsset> {
    return toStreamlinedAsset(await this.getById(user, id));
  }

  /** The user's assets among `ids`, in the order asked; unknown and foreign ids are left out. */
  async getByIds(user: User, ids: string[]): Promise<Asset[]> {
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const rows = new Map((await this.assets.findOwnedMany(user.id, unique)).map((row) => [row.id, row]));
    const found = unique.flatMap((id) => rows.get(id) ?? []);
    return Promise.all(found.map((row) => toAsset(row, this.urls)));
  }

  async create(user: User, input: AssetCreate): Promise<Asset> {
    const project = await this.projects.requireOwned(user, input.projectId);
    const config = resolveConfig(input.type, defaultAssetConfig(input.type), input.config);
    const entity = await this.assets.insert({
      ownerId: user.id,
      projectId: project.id,
      type: input.type,
      name: input.name,
      description: input.description ?? null,
      config,
      metadata: input.metadata ?? {},
      visualIdentifier: input.visualIdentifier ?? null,
    });
    const asset = await toAsset(entity, this.urls);
    this.events.toProject(project.id, SERVER_EVENTS.assetCreated, { projectId: project.id, asset });
    return asset;
  }

  /**
   * Under the row's lock, like every other write of an asset: the config is merged into the current
   * one, and a concurrent image write (a generation finishing) is never put back to what was read.
   */
  async update(user: User, id: string, updates: AssetUpdates): Promise<Asset> {
    const existing = await this.requireAsset(user, id);
    const outcome = await this.assets.modifyLocked(existing.ownerId, existing.id, (current) => {
      const values: AssetValues = {};
      if (updates.name !== undefined) values.name = updates.name;
      if (updates.description !== undefined) values.description = updates.description;
      if (updates.metadata !== undefined) values.metadata = updates.metadata;
      if (updates.visualIdentifier !== undefined) values.visualIdentifier = updates.visualIdentifier;
      if (updates.config !== undefined) {
        values.config = resolveConfig(current.type as AssetType, storedConfig(current), updates.config);
      }
      return { values, result: undefined };
    });
    if (outcome === null) throw assetNotFound(id);
    return this.announceUpdate(outcome.asset);
  }

  async remove(user: User, id: string): Promise<DeletedReply> {
    const asset = await this.requireAsset(user, id);
    const rooms = await this.roomsOf(asset);
    const keys = await this.ownedKeys(asset);
    await this.assets.delete(asset.id);
    await this.deleteBlobs(keys);
    for (const projectId of rooms) {
      this.events.toProject(projectId, SERVER_EVENTS.assetDeleted, { projectId, assetId: asset.id });
    }
    return { id: asset.id, deleted: true };
  }

  /** The (normalised) key, or the type's default when absent; it must be one the asset's config supports. */
  supportedKey(asset: AssetEntity, imageKey: string | undefined): string {
    const config = storedConfig(asset);
    const key = normalizeImageKey(config.type, imageKey ?? config.defaultImageKey);
    if (!supportedImageKeys(config).includes(key)) throw unsupportedKey(imageKey ?? key, config);
    return key;
  }

  /** The asset for a job, which runs for its user id rather than a signed-in session. */
  async findForJob(ownerId: string, assetId: string): Promise<AssetEntity> {
    const asset = await this.assets.findOwned(ownerId, assetId);
    if (asset === null) throw assetNotFound(assetId);
    return asset;
  }

  /**
   * Stores the image under the (normalised, supported) key. A new base image marks the images
   * derived from it stale and announces them with asset:imagesInvalidated.
   */
  async setImage(
    user: User,
    input: { assetId: string; imageKey: string; imageData: string; prompt?: string | undefined },
  ): Promise<Asset> {
    const asset = await this.requireAsset(user, input.assetId);
    const key = this.supportedKey(asset, input.imageKey);
    const stored = await this.imageData.store(
      user,
      { id: asset.id, projectId: homeProjectId(asset) },
      input.imageData,
    );
    const written = await this.writeImage(user.id, asset.id, key, () => this.newEntry(stored, input.prompt), {
      invalidateDependents: true,
    });
    if (written === null) {
      await this.deleteBlobs(isAssetOwnedKey(stored.key, asset.id) ? [stored.key] : []);
      throw assetNotFound(input.assetId);
    }
    return written.asset;
  }

  /**
   * Replaces one image entry under the row lock: `next` builds it from the current entry, or returns
   * undefined to leave the asset as it is (written: false). With invalidateDependents a new base image
   * marks the images derived from it stale ('pending') and announces them (asset:imagesInvalidated,
   * 'refreshing'). Bytes the old entry used and the new one does not are released; asset:updated goes
   * to the asset's rooms. Null when the asset is gone.
   */
  async writeImage(
    ownerId: string,
    assetId: string,
    key: string,
    next: (current: AssetImageEntry | undefined) => AssetImageEntry | undefined,
    options: { invalidateDependents?: boolean } = {},
  ): Promise<ImageWrite | null> {
    const now = new Date();
    const outcome = await this.assets.modifyLocked(ownerId, assetId, (current) => {
      const images = readImages(current.images);
      const previous = images[key];
      const entry = next(previous);
      if (entry === undefined)
        return { values: {}, result: { written: false, released: [], invalidated: [] } };
      const invalidated = options.invalidateDependents
        ? dependentImageKeys(storedConfig(current), images, key)
        : [];
      for (const dependent of invalidated)
        images[dependent] = markStale(images[dependent] as AssetImageEntry, key, now);
      images[key] = entry;
      const kept = new Set(entryBlobs(entry));
      const released = previous === undefined ? [] : entryBlobs(previous).filter((blob) => !kept.has(blob));
      return { values: { images }, result: { written: true, released, invalidated } };
    });
    if (outcome === null) return null;
    const { written, released, invalidated } = outcome.result;
    if (!written)
      return { entity: outcome.asset, asset: await toAsset(outcome.asset, this.urls), written, invalidated };
    for (const blob of released) await this.releaseBlob(outcome.asset, blob);
    const asset = await this.announceUpdate(outcome.asset);
    if (invalidated.length > 0) {
      await this.emitToRooms(outcome.asset, SERVER_EVENTS.assetImagesInvalidated, (projectId) => ({
        projectId,
        assetId,
        baseImageKey: key,
        imageKeys: invalidated,
        action: 'refreshing',
      }));
    }
    return { entity: outcome.asset, asset, written, invalidated };
  }

  async deleteImage(user: User, input: { assetId: string; imageKey: string }): Promise<Asset> {
    const asset = await this.requireAsset(user, input.assetId);
    const key = normalizeImageKey(asset.type as AssetType, input.imageKey);
    const outcome = await this.assets.modifyLocked(user.id, asset.id, (current) => {
      const images: AssetImages = readImages(current.images);
      const entry = images[key];
      if (entry === undefined) throw notFound(`Image ${inputExcerpt(key)}`);
      delete images[key];
      return { values: { images }, result: entryBlobs(entry) };
    });
    if (outcome === null) throw assetNotFound(input.assetId);
    for (const blob of outcome.result) await this.releaseBlob(outcome.asset, blob);
    return this.announceUpdate(outcome.asset);
  }

  private newEntry(stored: StoredImage, prompt: string | undefined): AssetImageEntry {
    return {
      url: null,
      optimizedUrl: null,
      thumbnailUrl: null,
      mediumUrl: null,
      s3Key: stored.key,
      generatedAt: null,
      isCustomUpload: true,
      metadata: { mimetype: stored.mimetype, size: stored.size },
      prompt: prompt ?? null,
      status: 'completed',
    };
  }

  private async announceUpdate(entity: AssetEntity): Promise<Asset> {
    const asset = await toAsset(entity, this.urls);
    const rooms = await this.roomsOf(entity);
    for (const projectId of rooms)
      this.events.toProject(projectId, SERVER_EVENTS.assetUpdated, { projectId, asset });
    for (const listener of this.updatedListeners) {
      // Best effort: what others make of the change never fails the write that made it.
      await listener(entity, rooms).catch((error: unknown) =>
        this.logger.warn(`after the update of asset ${entity.id}: ${String(error)}`),
      );
    }
    return asset;
  }

  /**
   * A domain building on assets hears of every announced change (shots: the shots that place the asset
   * are sent again, their images now stale or not), so that assets need not know who uses them.
   */
  onUpdated(listener: UpdatedAssetListener): void {
    this.updatedListeners.push(listener);
  }

  /** The asset's project and, for a series-level asset, every project of the series. */
  async roomsOf(asset: AssetEntity): Promise<string[]> {
    const rooms = new Set<string>(asset.projectId === null ? [] : [asset.projectId]);
    if (asset.isSeriesLevel && asset.seriesId !== null) {
      for (const id of await this.assets.seriesProjectIds(asset.ownerId, asset.seriesId)) rooms.add(id);
    }
    return [...rooms];
  }

  /** Sends an event to every room the asset is seen in (its project, or each project of its series). */
  async emitToRooms<E extends ServerEventName>(
    asset: AssetEntity,
    event: E,
    payload: (projectId: string) => ServerEventPayload<E>,
  ): Promise<void> {
    for (const projectId of await this.roomsOf(asset))
      this.events.toProject(projectId, event, payload(projectId));
  }

  /** Blobs the asset owns: those its images point at and anything left under its folder. */
  private async ownedKeys(asset: AssetEntity): Promise<string[]> {
    const keys = new Set<string>();
    for (const entry of Object.values(readImages(asset.images))) {
      if (entry.s3Key !== null && isAssetOwnedKey(entry.s3Key, asset.id)) keys.add(entry.s3Key);
    }
    if (asset.projectId !== null) {
      for (const object of await this.storage.list(assetPrefix(asset.projectId, asset.id)))
        keys.add(object.key);
    }
    return [...keys];
  }

  /**
   * Deletes a replaced or removed image's bytes, and the WebP variants stored beside generated ones,
   * when the asset owned them and no other image uses them.
   */
  private async releaseBlob(asset: AssetEntity, key: string): Promise<void> {
    if (!isAssetOwnedKey(key, asset.id)) return;
    const stillUsed = Object.values(readImages(asset.images)).some((entry) =>
      entryBlobs(entry).includes(key),
    );
    if (!stillUsed) await this.deleteBlobs([key, ...Object.values(variantStorageKeys(key))]);
  }

  /**
   * A domain building on assets hears of the blobs deleteBlobs deleted (files: their upload records go),
   * so that assets never write another domain's table.
   */
  onBlobsDeleted(listener: DeletedBlobsListener): void {
    this.deletedBlobsListeners.push(listener);
  }

  /** Best effort: a blob that cannot be deleted now is logged, never a failed request. */
  async deleteBlobs(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((error: unknown) => this.logger.warn(`could not delete ${key}: ${String(error)}`));
    }
    if (keys.length === 0) return;
    for (const listener of this.deletedBlobsListeners) await listener(keys);
  }
}
