import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/asset.module.js';
import { JobsModule } from '../jobs/job.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ShotsController } from './shot.controller.js';
import { ShotsGateway } from './shot.gateway.js';
import { ShotsRepository } from './shot.repository.js';
import { ShotsService } from './shot.service.js';
import { ShotCoverageService } from './shot-coverage.service.js';
import { ShotGenerationJobs } from './shot-generation.jobs.js';
import { ShotGenerationService } from './shot-generation.service.js';
import { ShotMediaRepository } from './shot-media.repository.js';
import { ShotOrderService } from './shot-order.service.js';
import { ShotPlacementsService } from './shot-placement.service.js';
import { ShotRenderService } from './shot-render.service.js';
import { ShotTakesService } from './shot-takes.service.js';
import { ShotVariantsRepository } from './shot-variant.repository.js';

@Module({
  imports: [ProjectsModule, AssetsModule, StorageModule, JobsModule],
  controllers: [ShotsController],
  providers: [
    ShotsRepository,
    ShotMediaRepository,
    ShotVariantsRepository,
    ShotsService,
    ShotPlacementsService,
    ShotOrderService,
    ShotCoverageService,
    ShotRenderService,
    ShotTakesService,
    ShotGenerationJobs,
    ShotGenerationService,
    ShotsGateway,
  ],
  exports: [ShotsRepository, ShotsService],
})
export class ShotsModule {}
