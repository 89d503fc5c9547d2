import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/job.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { SeriesModule } from '../series/series.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { AssetsController } from './asset.controller.js';
import { AssetsGateway } from './asset.gateway.js';
import { AssetsRepository } from './asset.repository.js';
import { AssetsService } from './asset.service.js';
import { AssetCloneService } from './asset-clone.service.js';
import { AssetGenerationService } from './asset-generation.service.js';
import { AssetImageData } from './asset-image-data.js';
import { AssetImageEditsService } from './asset-image-edits.service.js';
import { AssetImageStore } from './asset-image-store.js';
import { AssetSeriesService } from './asset-series.service.js';

@Module({
  imports: [ProjectsModule, SeriesModule, StorageModule, JobsModule],
  controllers: [AssetsController],
  providers: [
    AssetsRepository,
    AssetsService,
    AssetSeriesService,
    AssetCloneService,
    AssetImageData,
    AssetImageStore,
    AssetGenerationService,
    AssetImageEditsService,
    AssetsGateway,
  ],
  exports: [AssetsService, AssetGenerationService],
})
export class AssetsModule {}
