import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { JobsGateway } from './job.gateway.js';
import { JobsService } from './job.service.js';

@Module({
  imports: [ProjectsModule],
  providers: [JobsService, JobsGateway],
})
export class JobsModule {}
