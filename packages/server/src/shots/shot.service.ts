import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type DeletedReply,
  isBuiltInStyle,
  ReelbenchError,
  type Scene,
  SERVER_EVENTS,
  SERVER_MESSAGES,
  type Shot,
  type ShotListOptions,
  type ShotPage,
  type ShotUpdates,
  type ShotUpsert,
  type User,
} from '@reelbench/sdk/contract';
import type { EntityManager } from 'typeorm';
import type { AssetEntity } from '../assets/asset.entity.js';
import { AssetsService } from '../assets/asset.service.js';
import { notFound } from '../common/domain-error.js';
import { KeyedWrites } from '../common/keyed-writes.js';
import { parseId } from '../common/validation.js';
import { AppConfig } from '../config/config.js';
import { assertInlineImagePixels } from '../media/image-pixels.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { FileUrls } from '../storage/file-urls.js';
import { projectIdOfKey, requireKeyFields } from '../storage/storage-key.js';
import type { ShotEntity } from './shot.entity.js';
import {
  type PresentedShot,
  SHOT_IMAGE_URL_FIELDS,
  SHOT_KEY_FIELDS,
  type ShotValues,
  shotValues,
  toShot,
} from './shot.mapper.js';
import { ShotsRepository } from './shot.repository.js';
import { NO_STYLES, outdated, placementsOf, type StyleLookup } from './shot-inputs.js';
import { settingsOf, withShotsAppended, withShotsRemoved } from './shot-order.js';

/** One shot:update's write: the columns to set on the owner's shot. */
interface ShotWrite {
  ownerId: string;
  shotId: string;
  values: ShotValues;
}

/** Every method acts for a user: another user's shot is 'Shot not found', never its data. */
@Injectable()
export class ShotsService {
  /** shot:update's writes, grouped per shot while one is being written (common/keyed-writes.ts). */
  private readonly writes: KeyedWrites<ShotWrite, ShotEntity | null>;

  constructor(
    private readonly projects: ProjectsService,
    private readonly assets: AssetsService,
    private readonly shots: ShotsRepository,
    private readonly events: EventsService,
    private readonly urls: FileUrls,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {
    this.writes = new KeyedWrites(
      ({ ownerId, shotId, values }) => this.shots.updateOwned(ownerId, shotId, values),
      (group) => this.writeInOrder(group),
    );
  }

  /**
   * A changed asset (a new image, one removed) changes what the shots that place it are made from:
   * they are sent again, so every open view shows them stale (or fresh) without a reload.
   */
  onModuleInit(): void {
    this.assets.onUpdated(async (asset, projectIds) => {
      const placing = await this.shots.placing(projectIds, asset.id);
      if (placing.length > 0) await this.announceAllUpdated(placing);
    });
  }

  /**
   * A group of writes to one shot, one statement per user who sent some (almost always one: the
   * owner's; another user's writes change nothing and answer null), each write answered with the
   * shot as it left it.
   */
  private async writeInOrder(group: ShotWrite[]): Promise<(ShotEntity | null)[]> {
    const results = new Array<ShotEntity | null>(group.length).fill(null);
    for (const ownerId of new Set(group.map((write) => write.ownerId))) {
      const indexes = [...group.keys()].filter((index) => group[index]?.ownerId === ownerId);
      const { shotId } = group[indexes[0] as number] as ShotWrite;
      const written = await this.shots.updateOwnedInOrder(
        ownerId,
        shotId,
        indexes.map((index) => (group[index] as ShotWrite).values),
      );
      for (const [n, index] of indexes.entries()) results[index] = written[n] ?? null;
    }
    return results;
  }

  /**
   * The shot as clients get it, in every reply and event: an image or video stored under the shot's
   * project gets a freshly signed URL (a stored one expires within days; a key of any other project
   * is never signed), and `image_stale` / `video_stale` say whether its media predate its inputs.
   */
  async present(entity: ShotEntity, assets?: ReadonlyMap<string, AssetEntity>): Promise<PresentedShot> {
    const [shot] = await this.presentAll([entity], assets);
    return shot as PresentedShot;
  }

  /**
   * present() for many shots: the placed assets are read once per project, only when some are placed,
   * unless the caller has the project's assets at hand (a job).
   */
  async presentAll(
    entities: readonly ShotEntity[],
    assets?: ReadonlyMap<string, AssetEntity>,
  ): Promise<PresentedShot[]> {
    const assetsOf = new Map<string, Promise<ReadonlyMap<string, AssetEntity>>>();
    for (const projectId of new Set(entities.map((entity) => entity.projectId))) {
      if (assets !== undefined) {
        assetsOf.set(projectId, Promise.resolve(assets));
        continue;
      }
      const placed = entities
        .filter((entity) => entity.projectId === projectId)
        .flatMap((entity) => placementsOf(entity).map((placement) => placement.assetId));
      assetsOf.set(projectId, this.placedAssets(projectId, placed));
    }
    const placeableOf = new Map<string, ReadonlyMap<string, AssetEntity>>();
    const stylesOf = new Map<string, StyleLookup>();
    for (const [projectId, placeable] of assetsOf) {
      const own = entities.filter((entity) => entity.projectId === projectId);
      const [assetMap, styles] = await Promise.all([placeable, this.shots.stylesOf(projectId, own)]);
      placeableOf.set(projectId, assetMap);
      stylesOf.set(projectId, styles);
    }
    const none = new Map<string, AssetEntity>();
    return Promise.all(
      entities.map((entity) => {
        const stale = outdated(
          entity,
          placeableOf.get(entity.projectId) ?? none,
          stylesOf.get(entity.projectId) ?? NO_STYLES,
        );
        const shot = toShot(entity, stale);
        const image = signedIfOwn(this.urls, shot.s3_image_key, shot.projectId);
        const video = signedIfOwn(this.urls, shot.s3_video_key, shot.projectId);
        // Most shots of a long list have no media yet: nothing to sign, nothing to wait for.
        if (image === undefined && video === undefined) return shot;
        return Promise.all([image, video]).then(([imageUrl, videoUrl]) => ({
          ...shot,
          image_url: imageUrl ?? shot.image_url,
          video_url: videoUrl ?? shot.video_url,
        }));
      }),
    );
  }

  /** The assets of `assetIds` the project may place (the ones a render would use), by id. */
  private async placedAssets(projectId: string, assetIds: string[]): Promise<Map<string, AssetEntity>> {
    const unique = [...new Set(assetIds)];
    if (unique.length === 0) return new Map();
    const project = await this.projects.findById(projectId);
    if (project === null) return new Map();
    const assets = await this.shots.accessibleAssets(project, unique);
    return new Map(assets.map((asset) => [asset.id, asset]));
  }

  /** The user's shot; inside a transaction pass its manager (and lock to hold the row). */
  async requireOwned(user: User, shotId: string, manager?: EntityManager, lock = false): Promise<ShotEntity> {
    const shot = await this.shots.findOwned(user.id, parseId(shotId, 'Shot'), manager, lock);
    if (shot === null) throw notFound('Shot');
    return shot;
  }

  async get(user: User, shotId: string): Promise<Shot> {
    return this.present(await this.requireOwned(user, shotId));
  }

  /** In timeline order; sceneNumber is the 1-based position of a scene in the project's settings. */
  async list(user: User, projectId: string, options: ShotListOptions): Promise<ShotPage> {
    const project = await this.projects.requireOwned(user, projectId);
    const { limit, offset, sceneNumber } = options;
    let ids: string[] | undefined;
    if (sceneNumber !== undefined) {
      const scene = settingsOf(project).scenes[sceneNumber - 1];
      if (scene === undefined) throw notFound('Scene');
      ids = scene.shotIds;
    }
    const { shots, total } = await this.shots.page(project.id, { limit, offset, ...(ids ? { ids } : {}) });
    return { shots: await this.presentAll(shots), total, limit, offset };
  }

  async scenes(user: User, projectId: string): Promise<Scene[]> {
    return settingsOf(await this.projects.requireOwned(user, projectId)).scenes;
  }

  /**
   * A shot a script revision removed, back from the project's trash as it was (media, takes,
   * coverage), at the end of the timeline; shot:created goes out.
   */
  async restoreRemoved(user: User, projectId: string, shotId: string): Promise<Shot> {
    const project = await this.projects.requireOwned(user, projectId);
    const id = parseId(shotId, 'Shot');
    return this.appendShot(user, project.id, id, async (manager, position) => {
      const entity = await this.shots.restoreFromTrash(manager, project.id, id, position);
      if (entity === null) throw notFound('Shot');
      return entity;
    });
  }

  /** Appends the shot to the timeline; a client-chosen id must be new. */
  async create(user: User, projectId: string, input: ShotUpsert): Promise<Shot> {
    const project = await this.projects.requireOwned(user, projectId);
    requireKeyFields(input, SHOT_KEY_FIELDS, project.id);
    await this.checkStyle(project.id, input.style_package_id);
    await this.checkInlineImages(input);
    const { id: requestedId, ...fields } = input;
    const id = requestedId ?? randomUUID();
    return this.appendShot(user, project.id, id, async (manager, position) => {
      if (requestedId !== undefined) await this.checkUnused(manager, project.id, requestedId);
      return this.shots.insertOne(manager, { id, projectId: project.id, fields, position });
    });
  }

  /**
   * Writes one shot (made by `write` at the next position) and appends it to the timeline in one
   * transaction under the project's lock, then tells the room: shot:created and timeline:shotAdded.
   */
  private async appendShot(
    user: User,
    projectId: string,
    id: string,
    write: (manager: EntityManager, position: number) => Promise<ShotEntity>,
  ): Promise<Shot> {
    const { entity, index } = await this.shots.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, projectId);
      const position = await this.shots.nextPosition(manager, projectId);
      const entity = await write(manager, position);
      const settings = withShotsAppended(settingsOf(locked), [id]);
      await this.projects.saveSettings(manager, locked, settings);
      return { entity, index: settings.shotOrder.indexOf(id) };
    });
    const shot = await this.present(entity);
    this.events.toProject(projectId, SERVER_EVENTS.shotCreated, { projectId, shot });
    this.events.toProject(projectId, SERVER_EVENTS.timelineShotAdded, { projectId, shot, index });
    return shot;
  }

  async update(user: User, shotId: string, updates: ShotUpdates): Promise<Shot> {
    await this.checkInlineImages(updates);
    const style = updates.style_package_id;
    if (SHOT_KEY_FIELDS.some((field) => typeof updates[field] === 'string') || typeof style === 'string') {
      const existing = await this.requireOwned(user, shotId);
      requireKeyFields(updates, SHOT_KEY_FIELDS, existing.projectId);
      await this.checkStyle(existing.projectId, style);
    }
    const id = parseId(shotId, 'Shot');
    const updated = await this.writes.write(id, {
      ownerId: user.id,
      shotId: id,
      values: shotValues(updates),
    });
    if (updated === null) throw notFound('Shot');
    // The writer's answer goes out first, the room's shot:updated right after it (next turn of the
    // event loop): telling 200 subscribers takes a few milliseconds of socket writes, and a writer
    // whose edits are single-flight (the web's save manager, the SDK) waits for its answer before
    // sending the next one. A grouped burst's events go out together. Events of one shot keep their order.
    const [shot] = await this.announceAllUpdated([updated], undefined, 'next-turn');
    return shot as PresentedShot;
  }

  /** A style_package_id is a built-in's visual style or one of the project's own packages. */
  private async checkStyle(projectId: string, styleId: string | null | undefined): Promise<void> {
    if (typeof styleId !== 'string' || isBuiltInStyle(styleId)) return;
    const found = await this.shots.stylesOf(projectId, [{ stylePackageId: styleId }]);
    if (found.size === 0) throw notFound('Style package');
  }

  /** Removes the shot and takes it out of the shot order and its scene. */
  async remove(user: User, shotId: string): Promise<DeletedReply> {
    const existing = await this.requireOwned(user, shotId);
    await this.shots.transaction(async (manager) => {
      const project = await this.projects.lockOwned(manager, user, existing.projectId);
      await this.shots.deleteIn(manager, project.id, [existing.id]);
      await this.projects.saveSettings(
        manager,
        project,
        withShotsRemoved(settingsOf(project), [existing.id]),
      );
    });
    const { projectId } = existing;
    this.events.toProject(projectId, SERVER_EVENTS.shotDeleted, { projectId, shotId: existing.id });
    return { id: existing.id, deleted: true };
  }

  /** Announces a changed shot to the project room, as present() makes it; answers that shot. */
  async announceUpdated(
    entity: ShotEntity,
    assets?: ReadonlyMap<string, AssetEntity>,
  ): Promise<PresentedShot> {
    const [shot] = await this.announceAllUpdated([entity], assets);
    return shot as PresentedShot;
  }

  /** The project's shots using the style package, in timeline order. */
  usingStyle(projectId: string, styleId: string): Promise<ShotEntity[]> {
    return this.shots.usingStyle(projectId, styleId);
  }

  /** How many shots of the project use each style_package_id. */
  styleUsage(projectId: string): Promise<Map<string, number>> {
    return this.shots.styleUsage(projectId);
  }

  /**
   * Inside the caller's transaction (a style package being deleted): its shots go back to the default
   * package; answers them as they now stand.
   */
  releaseStyle(manager: EntityManager, projectId: string, styleId: string): Promise<ShotEntity[]> {
    return this.shots.releaseStyle(manager, projectId, styleId);
  }

  /**
   * announceUpdated() for many shots, presented together; 'next-turn' sends the events on the next
   * turn of the event loop, after the caller's answer (EventsService.toProjectNextTurn).
   */
  async announceAllUpdated(
    entities: readonly ShotEntity[],
    assets?: ReadonlyMap<string, AssetEntity>,
    when: 'now' | 'next-turn' = 'now',
  ): Promise<PresentedShot[]> {
    const shots = await this.presentAll(entities, assets);
    for (const shot of shots) {
      const payload = { projectId: shot.projectId, shot };
      if (when === 'now') this.events.toProject(shot.projectId, SERVER_EVENTS.shotUpdated, payload);
      else this.events.toProjectNextTurn(shot.projectId, SERVER_EVENTS.shotUpdated, payload);
    }
    return shots;
  }

  /** An image inlined in a shot's URL fields is held to the pixel limit like an upload. */
  async checkInlineImages(fields: Partial<ShotUpdates>, pathPrefix = ''): Promise<void> {
    for (const field of SHOT_IMAGE_URL_FIELDS)
      await assertInlineImagePixels(fields[field], `${pathPrefix}${field}`, this.config.limits.imagePixels);
  }

  /** A client-chosen id: already a shot here is a conflict; another project's is not revealed. */
  private async checkUnused(manager: EntityManager, projectId: string, id: string): Promise<void> {
    const owner = await this.shots.projectIdOf(manager, id);
    if (owner === null) return;
    if (owner === projectId)
      throw new ReelbenchError({ code: 'CONFLICT_ERROR', message: SERVER_MESSAGES.shotExists });
    throw notFound('Shot');
  }
}

/** A display URL for a storage key of the project, or undefined for no key or someone else's. */
export function signedIfOwn(
  urls: FileUrls,
  key: string | null,
  projectId: string,
): Promise<string> | undefined {
  return key !== null && projectIdOfKey(key) === projectId ? urls.displayUrl(key) : undefined;
}
