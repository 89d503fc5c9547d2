import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/project.module.js';
import { JobsGateway } from './job.gateway.js';
import { JobsRepository } from './job.repository.js';
import { JobsService } from './job.service.js';
import { JobWorker } from './job.worker.js';
import { JobQueue } from './job-queue.js';

@Module({
  imports: [ProjectsModule],
  providers: [JobQueue, JobsRepository, JobWorker, JobsService, JobsGateway],
  exports: [JobsService],
})
export class JobsModule {}
