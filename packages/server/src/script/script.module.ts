import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { FirstPassService } from './first-pass.service.js';
import { ScriptController } from './script.controller.js';
import { ScriptGateway } from './script.gateway.js';
import { ScriptsRepository } from './script.repository.js';
import { ScriptService } from './script.service.js';

@Module({
  imports: [ProjectsModule, ShotsModule],
  controllers: [ScriptController],
  providers: [ScriptsRepository, ScriptService, FirstPassService, ScriptGateway],
  exports: [ScriptsRepository],
})
export class ScriptModule {}
