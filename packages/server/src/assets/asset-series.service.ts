import { Injectable } from '@nestjs/common';
import { type Asset, SERVER_EVENTS, SERVER_MESSAGES, type User } from '@reelbench/sdk/contract';
import { notFound, validation } from '../common/domain-error.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { SeriesRepository } from '../series/series.repository.js';
import { FileUrls } from '../storage/file-urls.js';
import { toAsset } from './asset.mapper.js';
import { AssetsRepository } from './asset.repository.js';
import { AssetsService, homeProjectId } from './asset.service.js';

/** Series level: an asset every project of its series sees, and back to one project. */
@Injectable()
export class AssetSeriesService {
  constructor(
    private readonly assets: AssetsService,
    private readonly rows: AssetsRepository,
    private readonly projects: ProjectsService,
    private readonly series: SeriesRepository,
    private readonly events: EventsService,
    private readonly urls: FileUrls,
  ) {}

  /** Every project of the asset's series sees it from now on. */
  async upgradeToSeries(user: User, input: { id: string; seriesId?: string | undefined }): Promise<Asset> {
    const asset = await this.assets.requireAsset(user, input.id);
    const project = await this.projects.requireOwned(user, homeProjectId(asset));
    if (project.seriesId === null) throw validation(SERVER_MESSAGES.projectNotInSeries);
    if (input.seriesId !== undefined) {
      const series = await this.series.findOwned(user.id, input.seriesId);
      if (series === null) throw notFound('Series');
      if (series.id !== project.seriesId) throw validation(SERVER_MESSAGES.projectNotInThatSeries);
    }
    const entity = await this.rows.update(asset, { isSeriesLevel: true, seriesId: project.seriesId });
    const upgraded = await toAsset(entity, this.urls);
    const seriesId = project.seriesId;
    await this.assets.emitToRooms(entity, SERVER_EVENTS.assetUpgradedToSeries, (projectId) => ({
      projectId,
      assetId: entity.id,
      seriesId,
      asset: upgraded,
    }));
    return upgraded;
  }

  /** Back to one project: the one it came from, or `projectId` (a project of the asset's series). */
  async downgradeFromSeries(
    user: User,
    input: { id: string; projectId?: string | undefined },
  ): Promise<Asset> {
    const asset = await this.assets.requireAsset(user, input.id);
    const target = await this.projects.requireOwned(user, input.projectId ?? homeProjectId(asset));
    if (!asset.isSeriesLevel) {
      if (target.id !== asset.projectId) throw validation(SERVER_MESSAGES.notSeriesLevel);
      return toAsset(asset, this.urls);
    }
    if (target.id !== asset.projectId && target.seriesId !== asset.seriesId)
      throw validation(SERVER_MESSAGES.targetNotInSeries);
    const roomsBefore = await this.assets.roomsOf(asset);
    const entity = await this.rows.update(asset, {
      isSeriesLevel: false,
      seriesId: null,
      projectId: target.id,
    });
    const downgraded = await toAsset(entity, this.urls);
    for (const projectId of new Set([...roomsBefore, target.id])) {
      this.events.toProject(projectId, SERVER_EVENTS.assetDowngradeFromSeries, {
        projectId,
        assetId: entity.id,
        asset: downgraded,
      });
    }
    return downgraded;
  }
}
