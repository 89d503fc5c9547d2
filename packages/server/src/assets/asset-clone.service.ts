import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Asset, SERVER_EVENTS, type User } from '@reelbench/sdk/contract';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { FileUrls } from '../storage/file-urls.js';
import { storedConfig, toAsset } from './asset.mapper.js';
import { AssetsRepository } from './asset.repository.js';
import { AssetsService } from './asset.service.js';
import { AssetImageData } from './asset-image-data.js';
import { type AssetImages, readImages } from './asset-images.js';

/** Copies of an asset into another project, with their own copies of the images' bytes. */
@Injectable()
export class AssetCloneService {
  constructor(
    private readonly assets: AssetsService,
    private readonly rows: AssetsRepository,
    private readonly projects: ProjectsService,
    private readonly imageData: AssetImageData,
    private readonly events: EventsService,
    private readonly urls: FileUrls,
  ) {}

  /** A new asset in the target project with the same fields and copies of the images' bytes. */
  async clone(user: User, input: { sourceAssetId: string; targetProjectId: string }): Promise<Asset> {
    const source = await this.assets.requireAsset(user, input.sourceAssetId);
    const project = await this.projects.requireOwned(user, input.targetProjectId);
    const target = { id: randomUUID(), projectId: project.id };
    const copied: string[] = [];
    try {
      const images: AssetImages = {};
      for (const [key, entry] of Object.entries(readImages(source.images))) {
        if (entry.s3Key === null) {
          images[key] = entry;
          continue;
        }
        const copy = await this.imageData.copyTo(entry.s3Key, target);
        if (copy === undefined) continue;
        copied.push(copy);
        images[key] = { ...entry, s3Key: copy };
      }
      const entity = await this.rows.insert({
        id: target.id,
        ownerId: user.id,
        projectId: project.id,
        type: source.type,
        name: source.name,
        description: source.description,
        images,
        config: storedConfig(source),
        metadata: source.metadata,
        visualIdentifier: source.visualIdentifier,
      });
      const asset = await toAsset(entity, this.urls);
      this.events.toProject(project.id, SERVER_EVENTS.assetCreated, { projectId: project.id, asset });
      return asset;
    } catch (error) {
      await this.assets.deleteBlobs(copied);
      throw error;
    }
  }
}
