import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { CutsController } from './cut.controller.js';
import { CutsGateway } from './cut.gateway.js';
import { CutsRepository } from './cut.repository.js';
import { CutsService } from './cut.service.js';

/** Cuts (the EDLs of SPEC.md): versioned snapshots of the timeline and their editorial files. */
@Module({
  imports: [ProjectsModule],
  controllers: [CutsController],
  providers: [CutsRepository, CutsService, CutsGateway],
  exports: [CutsService],
})
export class CutsModule {}
