import { Injectable } from '@nestjs/common';
import {
  formatMessage,
  LIST_LIMITS,
  ReelbenchError,
  SERVER_MESSAGES,
  type Shot,
  type ShotAssetPlacement,
  type ShotAssetPlacementUpdates,
  type ShotAssetsReply,
  type User,
} from '@reelbench/sdk/contract';
import { toAsset } from '../assets/asset.mapper.js';
import { notFound, validation } from '../common/domain-error.js';
import { ProjectsService } from '../projects/project.service.js';
import { FileUrls } from '../storage/file-urls.js';
import type { ShotEntity } from './shot.entity.js';
import { ShotsRepository } from './shot.repository.js';
import { ShotsService } from './shot.service.js';

export const TOO_MANY_PLACEMENTS = `A shot holds at most ${LIST_LIMITS.placements} placed assets`;
function placementsOf(shot: ShotEntity): ShotAssetPlacement[] {
  // Written only through the contract's placement schema.
  return shot.assets as ShotAssetPlacement[];
}

function indexOf(placements: ShotAssetPlacement[], assetId: string): number {
  const index = placements.findIndex((placement) => placement.assetId === assetId);
  if (index < 0) throw notFound('Placement');
  return index;
}

/**
 * Assets placed in a shot: each placement names an asset of the shot's project or of its series.
 * Every change is a read-modify-write of the shot's placements under a row lock.
 */
@Injectable()
export class ShotPlacementsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shotsService: ShotsService,
    private readonly shots: ShotsRepository,
    private readonly urls: FileUrls,
  ) {}

  /** Places the asset, or moves it when it is already placed. */
  add(user: User, shotId: string, placement: ShotAssetPlacement): Promise<Shot> {
    return this.change(user, shotId, [placement.assetId], (placements) => {
      const index = placements.findIndex((existing) => existing.assetId === placement.assetId);
      if (index >= 0) return placements.with(index, placement);
      if (placements.length >= LIST_LIMITS.placements) throw validation(TOO_MANY_PLACEMENTS);
      return [...placements, placement];
    });
  }

  update(user: User, shotId: string, assetId: string, updates: ShotAssetPlacementUpdates): Promise<Shot> {
    return this.change(user, shotId, [], (placements) => {
      const index = indexOf(placements, assetId);
      return placements.with(index, { ...(placements[index] as ShotAssetPlacement), ...updates });
    });
  }

  /** Replaces every placement of the shot. */
  replace(user: User, shotId: string, assets: ShotAssetPlacement[]): Promise<Shot> {
    const ids = assets.map((placement) => placement.assetId);
    if (new Set(ids).size !== ids.length) throw validation(SERVER_MESSAGES.assetPlacedTwice);
    return this.change(user, shotId, ids, () => assets);
  }

  remove(user: User, shotId: string, assetId: string): Promise<Shot> {
    return this.change(user, shotId, [], (placements) =>
      placements.toSpliced(indexOf(placements, assetId), 1),
    );
  }

  /** The placements and, once each, the placed assets that still exist. */
  async list(user: User, shotId: string): Promise<ShotAssetsReply> {
    const shot = await this.shotsService.requireOwned(user, shotId);
    const placements = placementsOf(shot);
    const project = await this.projects.requireOwned(user, shot.projectId);
    const assets = await this.shots.accessibleAssets(
      project,
      placements.map((placement) => placement.assetId),
    );
    return {
      shotId: shot.id,
      placements,
      assets: await Promise.all(assets.map((asset) => toAsset(asset, this.urls))),
    };
  }

  private async change(
    user: User,
    shotId: string,
    assetIds: string[],
    edit: (placements: ShotAssetPlacement[]) => ShotAssetPlacement[],
  ): Promise<Shot> {
    const shot = await this.shotsService.requireOwned(user, shotId);
    if (assetIds.length > 0) await this.requireAssets(user, shot.projectId, assetIds);
    const entity = await this.shots.transaction(async (manager) => {
      const current = await this.shotsService.requireOwned(user, shot.id, manager, true);
      return this.shots.updateOwned(user.id, shot.id, { assets: edit(placementsOf(current)) }, manager);
    });
    if (entity === null) throw notFound('Shot');
    return this.shotsService.announceUpdated(entity);
  }

  /** 'Asset {id} not found' for the first asset the project may not place. */
  private async requireAssets(user: User, projectId: string, assetIds: string[]): Promise<void> {
    const project = await this.projects.requireOwned(user, projectId);
    const found = new Set((await this.shots.accessibleAssets(project, assetIds)).map((asset) => asset.id));
    const missing = assetIds.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw new ReelbenchError({ code: 'NOT_FOUND_ERROR', message: formatMessage.assetNotFound(missing) });
    }
  }
}
