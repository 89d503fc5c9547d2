import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { SeriesModule } from '../series/series.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { AssetsController } from './asset.controller.js';
import { AssetsGateway } from './asset.gateway.js';
import { AssetsRepository } from './asset.repository.js';
import { AssetsService } from './asset.service.js';
import { AssetImageData } from './asset-image-data.js';

@Module({
  imports: [ProjectsModule, SeriesModule, StorageModule],
  controllers: [AssetsController],
  providers: [AssetsRepository, AssetsService, AssetImageData, AssetsGateway],
  exports: [AssetsService],
})
export class AssetsModule {}
