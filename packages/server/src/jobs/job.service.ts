import { Injectable } from '@nestjs/common';
import type { User } from '@reelbench/sdk/contract';
import { notAvailable } from '../common/domain-error.js';
import { ProjectsService } from '../projects/project.service.js';

export const JOBS_NOT_AVAILABLE = 'Jobs are not available yet';

/**
 * The jobs domain until the generation pipeline brings the persistent queue: requests are validated
 * and checked for ownership, then answered with a clear NOT_AVAILABLE_ERROR instead of silence.
 */
@Injectable()
export class JobsService {
  constructor(private readonly projects: ProjectsService) {}

  async list(user: User, projectId: string | undefined): Promise<never> {
    if (projectId !== undefined) await this.projects.requireOwned(user, projectId);
    throw notAvailable(JOBS_NOT_AVAILABLE);
  }

  async cancel(_user: User, _jobId: string): Promise<never> {
    throw notAvailable(JOBS_NOT_AVAILABLE);
  }
}
