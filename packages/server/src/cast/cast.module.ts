import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/asset.module.js';
import { JobsModule } from '../jobs/job.module.js';
import { ProjectsModule } from '../projects/project.module.js';
import { ScriptModule } from '../script/script.module.js';
import { ShotsModule } from '../shots/shot.module.js';
import { CastGateway } from './cast.gateway.js';
import { CastService } from './cast.service.js';

@Module({
  imports: [ProjectsModule, ShotsModule, JobsModule, AssetsModule, ScriptModule],
  providers: [CastService, CastGateway],
})
export class CastModule {}
