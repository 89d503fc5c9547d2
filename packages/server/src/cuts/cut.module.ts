import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/job.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { CutsController } from './cut.controller.js';
import { CutsGateway } from './cut.gateway.js';
import { CutsRepository } from './cut.repository.js';
import { CutsService } from './cut.service.js';
import { CutInputs } from './cut-inputs.js';
import { CutPackageService } from './cut-package.service.js';
import { RoughCutService } from './rough-cut.service.js';
import { StoryboardService } from './storyboard.service.js';

/** Cuts (the EDLs of SPEC.md): versioned snapshots of the timeline, their editorial files and storyboard PDF. */
@Module({
  imports: [ProjectsModule, ShotsModule, StorageModule, JobsModule],
  controllers: [CutsController],
  providers: [
    CutsRepository,
    CutsService,
    CutInputs,
    CutPackageService,
    StoryboardService,
    RoughCutService,
    CutsGateway,
  ],
  exports: [CutsService, RoughCutService, CutsRepository, CutInputs],
})
export class CutsModule {}
