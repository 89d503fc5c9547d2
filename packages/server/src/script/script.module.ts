import { Module } from '@nestjs/common';
import { createBreakdownProvider } from '../breakdown/breakdown.config.js';
import { AppConfig } from '../config/config.js';
import { JobsModule } from '../jobs/job.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { BREAKDOWN_PROVIDER, FirstPassService } from './first-pass.service.js';
import { ScriptController } from './script.controller.js';
import { ScriptGateway } from './script.gateway.js';
import { ScriptsRepository } from './script.repository.js';
import { ScriptService } from './script.service.js';
import { ScriptVersionsRepository } from './script-version.repository.js';
import { ScriptVersionsService } from './script-version.service.js';

@Module({
  imports: [ProjectsModule, ShotsModule, JobsModule],
  controllers: [ScriptController],
  providers: [
    {
      provide: BREAKDOWN_PROVIDER,
      useFactory: (config: AppConfig) => createBreakdownProvider(config.breakdown),
      inject: [AppConfig],
    },
    ScriptsRepository,
    ScriptService,
    ScriptVersionsRepository,
    ScriptVersionsService,
    FirstPassService,
    ScriptGateway,
  ],
  exports: [ScriptsRepository, ScriptService, FirstPassService],
})
export class ScriptModule {}
