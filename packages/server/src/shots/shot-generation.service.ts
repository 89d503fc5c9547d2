import { Injectable } from '@nestjs/common';
import type { BatchTarget, User } from '@reelbench/sdk/contract';
import { notAvailable, notFound } from '../common/domain-error.js';
import { ProjectsService } from '../projects/project.service.js';
import { ShotsRepository } from './shot.repository.js';
import { ShotsService } from './shot.service.js';
import { ShotCoverageService } from './shot-coverage.service.js';

export const SHOT_GENERATION_NOT_AVAILABLE = 'Shot generation is not available yet';

/**
 * Generation actions until the generation work wires them: the payload (checked by the socket
 * wrapper) and the ownership of everything it names are checked first, so a client learns about a
 * bad request before it learns that generation is missing.
 */
@Injectable()
export class ShotGenerationService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shotsService: ShotsService,
    private readonly shots: ShotsRepository,
    private readonly coverage: ShotCoverageService,
  ) {}

  async single(user: User, projectId: string, shotId: string): Promise<never> {
    const project = await this.projects.requireOwned(user, projectId);
    const shot = await this.shotsService.requireOwned(user, shotId);
    if (shot.projectId !== project.id) throw notFound('Shot');
    throw notAvailable(SHOT_GENERATION_NOT_AVAILABLE);
  }

  async batch(user: User, projectId: string, target: BatchTarget): Promise<never> {
    const project = await this.projects.requireOwned(user, projectId);
    if (target.shotIds !== undefined) {
      const known = new Set(await this.shots.idsOf(this.shots.manager, project.id));
      if (!target.shotIds.every((id) => known.has(id))) throw notFound('Shot');
    }
    throw notAvailable(SHOT_GENERATION_NOT_AVAILABLE);
  }

  async coverageVariants(user: User, shotId: string, variantIds: string[]): Promise<never> {
    await this.coverage.requireVariantsOfShot(user, shotId, variantIds);
    throw notAvailable(SHOT_GENERATION_NOT_AVAILABLE);
  }
}
