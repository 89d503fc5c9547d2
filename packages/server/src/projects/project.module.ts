import { Module } from '@nestjs/common';
import { SeriesModule } from '../series/series.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ProjectsController } from './project.controller.js';
import { ProjectsGateway } from './project.gateway.js';
import { ProjectsRepository } from './project.repository.js';
import { ProjectsService } from './project.service.js';

@Module({
  imports: [SeriesModule, StorageModule],
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService, ProjectsGateway],
  exports: [ProjectsService],
})
export class ProjectsModule {}
