import { Injectable } from '@nestjs/common';
import {
  type BatchTarget,
  type CoverageVariant,
  type GenerationOptions,
  type JobAcceptedReply,
  type QualityGenerationReply,
  SERVER_MESSAGES,
  type ShotGenerationReply,
  type User,
} from '@reelbench/sdk/contract';
import { notFound, validation } from '../common/domain-error.js';
import { ProviderRegistry } from '../generation/provider.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobPayloads, ShotRenderOptions, ShotsJobType } from '../jobs/job-types.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import { FileUrls } from '../storage/file-urls.js';
import { presentVariants } from './shot.mapper.js';
import { ShotsRepository } from './shot.repository.js';
import { ShotsService } from './shot.service.js';
import { ShotCoverageService } from './shot-coverage.service.js';
import { staleness } from './shot-inputs.js';
import { ShotMediaRepository } from './shot-media.repository.js';
import { failureMessage, type MediaKind, ShotRenderService } from './shot-render.service.js';
import { ShotVariantsRepository } from './shot-variant.repository.js';

/** A single-shot request: the shot, and the options its job renders with. */
type SingleRequest = { projectId: string; shotId: string } & ShotRenderOptions;
/** Job types about one shot: a shot image or video, an edit, a quality run. */
type OneShotJobType = ShotsJobType | 'shot:edit' | 'shot:generate-with-quality';

/**
 * Shot images and videos, as jobs (see ShotGenerationJobs): a request checks the payload and
 * ownership, marks the shots queued and queues a job; single-shot requests answer when it is done.
 */
@Injectable()
export class ShotGenerationService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shotsService: ShotsService,
    private readonly shots: ShotsRepository,
    private readonly variants: ShotVariantsRepository,
    private readonly coverage: ShotCoverageService,
    private readonly jobs: JobsService,
    private readonly registry: ProviderRegistry,
    private readonly renderer: ShotRenderService,
    private readonly shotMedia: ShotMediaRepository,
    private readonly urls: FileUrls,
  ) {}

  /** One shot, answered when its image (or video) exists. */
  async single(
    user: User,
    type: ShotsJobType,
    kind: MediaKind,
    request: SingleRequest,
  ): Promise<ShotGenerationReply> {
    const { projectId, shotId, ...options } = request;
    const { project, shot } = await this.ownedShot(user, projectId, shotId);
    const payload = { ...stripUndefined(options), shotIds: [shot.id] };
    return this.runOne(user, project, kind, { type, payload }, options.provider);
  }

  /** Many shots (or every stale one), answered once the job is queued. */
  async batch(
    user: User,
    type: ShotsJobType,
    kind: MediaKind,
    request: { projectId: string } & BatchTarget & GenerationOptions & { concurrency?: number | undefined },
  ): Promise<JobAcceptedReply> {
    const { projectId, shotIds, staleOnly, all, ...options } = request;
    const project = await this.projects.requireOwned(user, projectId);
    const ids = await this.batchTargets(project, kind, {
      ...(shotIds ? { shotIds } : {}),
      ...(staleOnly ? { staleOnly } : {}),
      ...(all ? { all } : {}),
    });
    this.checkProvider(kind, options.provider);
    const payload = { ...stripUndefined(options), shotIds: ids };
    const accepted = await this.jobs.enqueue({ user, projectId: project.id, type, payload, shotIds: ids });
    await this.markQueued(project, ids, kind, accepted);
    return accepted;
  }

  async edit(
    user: User,
    request: { projectId: string; shotId: string; instruction: string; provider?: string | undefined },
  ): Promise<ShotGenerationReply> {
    const { projectId, shotId, instruction, provider } = request;
    const shot = await this.shotsService.requireOwned(user, shotId);
    if (shot.projectId !== projectId) throw notFound('Shot');
    if (shot.s3ImageKey === null) throw validation(SERVER_MESSAGES.noImageToEdit);
    const owned = await this.ownedShot(user, projectId, shotId);
    const payload = { instruction, ...stripUndefined({ provider }), shotIds: [owned.shot.id] as [string] };
    return this.runOne(user, owned.project, 'image', { type: 'shot:edit', payload }, provider);
  }

  async withQuality(
    user: User,
    request: { projectId: string; shotId: string; maxRetries: number; minScore: number } & GenerationOptions,
  ): Promise<QualityGenerationReply> {
    const { projectId, shotId, ...options } = request;
    const { project, shot } = await this.ownedShot(user, projectId, shotId);
    const payload = { ...stripUndefined(options), shotIds: [shot.id] as [string] };
    const reply = await this.runOne(
      user,
      project,
      'image',
      { type: 'shot:generate-with-quality', payload },
      options.provider,
    );
    const job = await this.jobs.get(user, reply.jobId);
    const result = job.result as { attempts: { score: number }[]; score: number; passed: boolean };
    return { ...reply, attempts: result.attempts.length, score: result.score, passed: result.passed };
  }

  async coverageVariants(
    user: User,
    shotId: string,
    variantIds: string[],
  ): Promise<{ jobId: string; variants: CoverageVariant[] }> {
    await this.coverage.requireVariantsOfShot(user, shotId, variantIds);
    const shot = await this.shotsService.requireOwned(user, shotId);
    const project = await this.projects.requireOwned(user, shot.projectId);
    const job = await this.jobs.runAndWait(
      {
        user,
        projectId: project.id,
        type: 'shot:generate-coverage',
        payload: { shotIds: [shot.id], variantIds },
        shotIds: [shot.id],
      },
      failureMessage('image'),
    );
    const variants = await this.variants.findByIds(shot.id, variantIds);
    return { jobId: job.id, variants: await presentVariants(variants, this.urls) };
  }

  async grid(
    user: User,
    request: { projectId: string; shotIds: string[]; columns: number },
  ): Promise<{ jobId: string; url: string; key: string; shotIds: string[]; columns: number }> {
    const project = await this.projects.requireOwned(user, request.projectId);
    const ids = await this.batchTargets(project, 'image', { shotIds: request.shotIds });
    const job = await this.jobs.runAndWait(
      {
        user,
        projectId: project.id,
        type: 'composition:create-grid',
        payload: { shotIds: ids, columns: request.columns },
        shotIds: ids,
      },
      failureMessage('image'),
    );
    const result = job.result as { key: string; shotIds: string[]; columns: number };
    return { jobId: job.id, url: await this.renderer.displayUrl(result.key), ...result };
  }

  private async ownedShot(user: User, projectId: string, shotId: string) {
    const project = await this.projects.requireOwned(user, projectId);
    const shot = await this.shotsService.requireOwned(user, shotId);
    if (shot.projectId !== project.id) throw notFound('Shot');
    return { project, shot };
  }

  /** Queues the one-shot job, marks the shot queued, and answers with the shot once the job is done. */
  private async runOne<T extends OneShotJobType>(
    user: User,
    project: ProjectEntity,
    kind: MediaKind,
    job: { type: T; payload: JobPayloads[T] },
    provider: string | undefined,
  ): Promise<ShotGenerationReply> {
    this.checkProvider(kind, provider);
    const shotIds = [job.payload.shotIds[0]];
    const finished = await this.jobs.runAndWait(
      { user, projectId: project.id, ...job, shotIds },
      failureMessage(kind),
      (accepted) => this.markQueued(project, shotIds, kind, accepted),
    );
    const updated = await this.shotsService.requireOwned(user, job.payload.shotIds[0]);
    return { jobId: finished.id, shot: await this.shotsService.present(updated) };
  }

  /** An unknown provider is the caller's error, before anything is queued. */
  private checkProvider(kind: MediaKind, provider: string | undefined): void {
    if (provider !== undefined) this.registry.get(kind === 'image' ? 'shotImage' : 'video', provider);
  }

  private async markQueued(
    project: ProjectEntity,
    shotIds: string[],
    kind: MediaKind,
    accepted: JobAcceptedReply,
  ): Promise<void> {
    const marked = await this.shotMedia.markGeneration(project.id, shotIds, kind, 'queued', accepted.job.id);
    await this.shotsService.announceAllUpdated(marked);
  }

  /**
   * Explicit ids must all be the project's; `all` is every shot in timeline order; staleOnly picks
   * the shots whose image (or video) is missing or stale.
   */
  private async batchTargets(
    project: ProjectEntity,
    kind: MediaKind,
    target: BatchTarget,
  ): Promise<string[]> {
    const ordered = await this.shots.idsOf(this.shots.manager, project.id);
    if (target.all) return ordered;
    if (target.shotIds !== undefined) {
      const known = new Set(ordered);
      const unique = [...new Set(target.shotIds.map((id) => id.toLowerCase()))];
      if (!unique.every((id) => known.has(id))) throw notFound('Shot');
      return unique;
    }
    const shots = await this.shots.findIn(project.id, ordered);
    const assets = await this.renderer.assetsOf(project);
    const styles = await this.shots.stylesOf(project.id, shots);
    const stale = new Set(
      shots.filter((shot) => staleness(shot, assets, styles)[kind]).map((shot) => shot.id),
    );
    return ordered.filter((id) => stale.has(id));
  }
}

function stripUndefined<T extends object>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}
