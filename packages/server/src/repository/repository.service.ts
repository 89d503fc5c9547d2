import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AssetType,
  type RepositoryAsset,
  type RepositoryState,
  type RepositoryView,
  type User,
} from '@reelbench/sdk/contract';
import { type DataSource, In } from 'typeorm';
import { AssetEntity } from '../assets/asset.entity.js';
import { toAsset } from '../assets/asset.mapper.js';
import { AssetsService } from '../assets/asset.service.js';
import { notFound } from '../common/domain-error.js';
import { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import { SeriesEntity } from '../series/series.entity.js';
import { FileUrls } from '../storage/file-urls.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASSET_ORDER = { type: 'ASC', name: 'ASC', id: 'ASC' } as const;

function repositoryNotFound() {
  return notFound('Repository');
}

/**
 * The public repository page: a project's (or a series') published assets with their images. A
 * project publishes as a whole (every asset of it) or asset by asset; a series' page gathers what
 * its projects publish and its own shared assets marked published. A repository with nothing
 * published does not exist for the public: 'Repository not found', like an unknown id.
 */
@Injectable()
export class RepositoryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly projects: ProjectsService,
    private readonly assets: AssetsService,
    private readonly urls: FileUrls,
  ) {}

  async view(id: string): Promise<RepositoryView> {
    if (!UUID_PATTERN.test(id)) throw repositoryNotFound();
    const key = id.toLowerCase();
    const project = await this.db.getRepository(ProjectEntity).findOneBy({ id: key });
    if (project !== null) {
      const entities = await this.db.getRepository(AssetEntity).find({
        where: project.repositoryPublished
          ? { projectId: project.id }
          : { projectId: project.id, repositoryPublished: true },
        order: ASSET_ORDER,
      });
      if (!project.repositoryPublished && entities.length === 0) throw repositoryNotFound();
      return {
        id: project.id,
        kind: 'project',
        name: project.name,
        // Publishing an asset publishes that asset, under the project's name: the project's own
        // description is shown only when the owner publishes the project (docs/security.md).
        description: project.repositoryPublished ? project.description : null,
        assets: await this.publicAssets(entities),
      };
    }
    const series = await this.db.getRepository(SeriesEntity).findOneBy({ id: key });
    if (series === null) throw repositoryNotFound();
    const members = await this.db.getRepository(ProjectEntity).findBy({ seriesId: series.id });
    const published = members.filter((member) => member.repositoryPublished).map((member) => member.id);
    const entities = await this.db.getRepository(AssetEntity).find({
      where: [
        { seriesId: series.id, repositoryPublished: true },
        ...(members.length === 0
          ? []
          : [{ projectId: In(members.map((member) => member.id)), repositoryPublished: true }]),
        ...(published.length === 0 ? [] : [{ projectId: In(published) }]),
      ],
      order: ASSET_ORDER,
    });
    if (entities.length === 0 && published.length === 0) throw repositoryNotFound();
    return {
      id: series.id,
      kind: 'series',
      name: series.name,
      // Likewise the series' description: only once one of its projects is published as a whole.
      description: published.length > 0 ? series.description : null,
      assets: await this.publicAssets(entities),
    };
  }

  async state(user: User, projectId: string): Promise<RepositoryState> {
    return this.stateOf(await this.projects.requireOwned(user, projectId));
  }

  async publishProject(user: User, projectId: string, published: boolean): Promise<RepositoryState> {
    const project = await this.projects.requireOwned(user, projectId);
    await this.projects.setRepositoryPublished(project.id, published);
    return this.stateOf({ ...project, repositoryPublished: published } as ProjectEntity);
  }

  async publishAsset(
    user: User,
    assetId: string,
    published: boolean,
  ): Promise<{ assetId: string; published: boolean }> {
    const asset = await this.assets.requireAsset(user, assetId);
    await this.assets.setRepositoryPublished(asset.id, published);
    return { assetId: asset.id, published };
  }

  private async stateOf(project: ProjectEntity): Promise<RepositoryState> {
    const published = await this.db.getRepository(AssetEntity).find({
      select: { id: true },
      where: { projectId: project.id, repositoryPublished: true },
      order: { id: 'ASC' },
    });
    return {
      projectId: project.id,
      published: project.repositoryPublished,
      publishedAssetIds: published.map((asset) => asset.id),
      repositoryId: project.id,
    };
  }

  /** Name, type, description and the images' display URLs (signed now); no prompts, keys or owner. */
  private async publicAssets(entities: AssetEntity[]): Promise<RepositoryAsset[]> {
    const unique = [...new Map(entities.map((entity) => [entity.id, entity])).values()];
    return Promise.all(
      unique.map(async (entity) => {
        const asset = await toAsset(entity, this.urls);
        const images = Object.entries(asset.images).flatMap(([key, image]) =>
          image.url === null ? [] : [{ key, url: image.url, thumbnailUrl: image.thumbnailUrl }],
        );
        return {
          id: asset.id,
          type: asset.type as AssetType,
          name: asset.name,
          description: asset.description,
          images,
        };
      }),
    );
  }
}
