import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { StylesGateway } from './style.gateway.js';
import { StylesRepository } from './style.repository.js';
import { StylesService } from './style.service.js';

@Module({
  imports: [ProjectsModule, ShotsModule, StorageModule],
  providers: [StylesRepository, StylesService, StylesGateway],
})
export class StylesModule {}
