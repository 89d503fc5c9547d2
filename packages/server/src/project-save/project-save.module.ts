import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { ScriptModule } from '../script/script.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { ProjectSaveController } from './project-save.controller.js';
import { ProjectSaveGateway } from './project-save.gateway.js';
import { ProjectSavesRepository } from './project-save.repository.js';
import { ProjectSaveService } from './project-save.service.js';

@Module({
  imports: [AuthModule, ProjectsModule, ShotsModule, ScriptModule],
  controllers: [ProjectSaveController],
  providers: [ProjectSavesRepository, ProjectSaveService, ProjectSaveGateway],
})
export class ProjectSaveModule {}
