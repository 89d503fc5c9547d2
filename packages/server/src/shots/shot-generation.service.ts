import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type AspectRatio,
  type AssetType,
  type BatchShotResult,
  type BatchTarget,
  type CoverageVariant,
  type FramingType,
  type GenerationOptions,
  type Job,
  type JobAcceptedReply,
  MESSAGES,
  type QualityGenerationReply,
  ReelbenchError,
  type ShotAssetPlacement,
  type ShotGenerationReply,
  type User,
} from '@reelbench/sdk/contract';
import type { AssetEntity } from '../assets/asset.entity.js';
import { storedConfig } from '../assets/asset.mapper.js';
import { notFound, validation } from '../common/domain-error.js';
import {
  GENERATION_MESSAGES,
  GenerationCancelledError,
  throwIfCancelled,
} from '../generation/generation.errors.js';
import type { PlacedAssetSource, RenderedImage } from '../generation/generation.types.js';
import { DEFAULT_FRAMING } from '../generation/local/framing.js';
import { MediaStore } from '../generation/media-store.js';
import { ProviderRegistry } from '../generation/provider.js';
import { RenderSlots } from '../generation/render-slots.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobContext } from '../jobs/job-handlers.js';
import { jobOutcomeError } from '../jobs/job-outcome.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { projectPrefix } from '../storage/storage-key.js';
import type { ShotEntity } from './shot.entity.js';
import { toCoverageVariant, toShot } from './shot.mapper.js';
import { ShotsRepository } from './shot.repository.js';
import { ShotsService } from './shot.service.js';
import { ShotCoverageService } from './shot-coverage.service.js';
import {
  imageInputs,
  type PlacementSource,
  placementSources,
  placementsOf,
  shotAspect,
  shotStyle,
  staleness,
  videoInputs,
} from './shot-inputs.js';
import { ShotVariantsRepository } from './shot-variant.repository.js';

type Kind = 'image' | 'video';

/** The project's placeable assets for one job, and each placed image's bytes, read once per job. */
interface JobAssets {
  byId: Map<string, AssetEntity>;
  images: Map<string, Promise<Buffer | null>>;
}

/** What a shot generation job carries (the checked request). */
export interface ShotJobPayload extends GenerationOptions {
  shotIds: string[];
  concurrency?: number;
  instruction?: string;
  maxRetries?: number;
  minScore?: number;
  variantIds?: string[];
  columns?: number;
  placements?: ShotAssetPlacement[];
}

export const IMAGE_JOB_TYPES = [
  'shot:generate',
  'shot:generate-seedream',
  'shot:generate-batch',
  'composition:create',
  'composition:create-batch',
] as const;
export const VIDEO_JOB_TYPES = [
  'shot:generate-video',
  'shot:generate-video-batch',
  'video:generate',
  'video:generate-batch',
] as const;
/** How often a batch stores its per-shot results while it runs. */
const RESULT_SAVE_MS = 500;
export const NO_IMAGE_TO_EDIT = 'The shot has no image to edit yet: generate one first';
export const NO_IMAGES_FOR_GRID = 'None of these shots has an image yet';

function failureMessage(kind: Kind): string {
  return kind === 'image' ? MESSAGES.imageGenerationFailed : GENERATION_MESSAGES.videoFailed;
}

function errorMessage(error: unknown, kind: Kind): string {
  return error instanceof ReelbenchError && error.code !== 'SERVER_ERROR'
    ? error.message
    : failureMessage(kind);
}

/** Runs `work` over items, at most `limit` at a time, stopping early when the signal fires. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const lane = async () => {
    while (!signal.aborted && next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * Shot images and videos, as jobs: a request checks the payload and ownership, marks the shots
 * queued and queues a job; the job renders each shot through the configured provider (at most the
 * server's render slots at once), stores the result with its WebP variants and records what it was
 * made from, so a later change to any of those inputs makes the shot stale.
 */
@Injectable()
export class ShotGenerationService implements OnModuleInit {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shotsService: ShotsService,
    private readonly shots: ShotsRepository,
    private readonly variants: ShotVariantsRepository,
    private readonly coverage: ShotCoverageService,
    private readonly jobs: JobsService,
    private readonly registry: ProviderRegistry,
    private readonly media: MediaStore,
    private readonly slots: RenderSlots,
    private readonly events: EventsService,
  ) {}

  onModuleInit(): void {
    for (const type of IMAGE_JOB_TYPES) this.registerShotJob(type, 'image');
    for (const type of VIDEO_JOB_TYPES) this.registerShotJob(type, 'video');
    this.jobs.register<ShotJobPayload>('shot:edit', {
      run: (ctx) => this.runEdit(ctx),
      release: (job) => this.release(job, 'image'),
    });
    this.jobs.register<ShotJobPayload>('shot:generate-with-quality', {
      run: (ctx) => this.runQuality(ctx),
      release: (job) => this.release(job, 'image'),
    });
    this.jobs.register<ShotJobPayload>('shot:generate-coverage', { run: (ctx) => this.runCoverage(ctx) });
    this.jobs.register<ShotJobPayload>('composition:create-grid', { run: (ctx) => this.runGrid(ctx) });
  }

  private registerShotJob(type: string, kind: Kind): void {
    this.jobs.register<ShotJobPayload>(type, {
      run: (ctx) => this.runShots(ctx, kind),
      release: (job) => this.release(job, kind),
    });
  }

  // ------------------------------------------------------------------ requests

  /** One shot, answered when its image (or video) exists. */
  async single(
    user: User,
    type: string,
    kind: Kind,
    request: { projectId: string; shotId: string } & GenerationOptions & Partial<ShotJobPayload>,
  ): Promise<ShotGenerationReply> {
    const { projectId, shotId, ...options } = request;
    const project = await this.projects.requireOwned(user, projectId);
    const shot = await this.shotsService.requireOwned(user, shotId);
    if (shot.projectId !== project.id) throw notFound('Shot');
    const job = await this.start(user, project, type, kind, [shot.id], options);
    const finished = await this.jobs.waitFor(job.job.id);
    if (finished.status !== 'completed') throw jobOutcomeError(finished, failureMessage(kind));
    const updated = await this.shotsService.requireOwned(user, shot.id);
    return { jobId: finished.id, shot: await this.shotsService.present(updated) };
  }

  /** Many shots (or every stale one), answered once the job is queued. */
  async batch(
    user: User,
    type: string,
    kind: Kind,
    request: { projectId: string } & BatchTarget & GenerationOptions & { concurrency?: number | undefined },
  ): Promise<JobAcceptedReply> {
    const { projectId, shotIds, staleOnly, all, ...options } = request;
    const project = await this.projects.requireOwned(user, projectId);
    const ids = await this.batchTargets(project, kind, {
      ...(shotIds ? { shotIds } : {}),
      ...(staleOnly ? { staleOnly } : {}),
      ...(all ? { all } : {}),
    });
    return this.start(user, project, type, kind, ids, options);
  }

  async edit(
    user: User,
    request: { projectId: string; shotId: string; instruction: string; provider?: string | undefined },
  ): Promise<ShotGenerationReply> {
    const shot = await this.shotsService.requireOwned(user, request.shotId);
    if (shot.projectId !== request.projectId) throw notFound('Shot');
    if (shot.s3ImageKey === null) throw validation(NO_IMAGE_TO_EDIT);
    return this.single(user, 'shot:edit', 'image', request);
  }

  async withQuality(
    user: User,
    request: { projectId: string; shotId: string; maxRetries: number; minScore: number } & GenerationOptions,
  ): Promise<QualityGenerationReply> {
    const reply = await this.single(user, 'shot:generate-with-quality', 'image', request);
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
    const { job } = await this.jobs.enqueue({
      user,
      projectId: project.id,
      type: 'shot:generate-coverage',
      payload: { shotIds: [shot.id], variantIds },
      shotIds: [shot.id],
    });
    const finished = await this.jobs.waitFor(job.id);
    if (finished.status !== 'completed') throw jobOutcomeError(finished, failureMessage('image'));
    const variants = await this.variants.findByIds(shot.id, variantIds);
    return { jobId: job.id, variants: variants.map(toCoverageVariant) };
  }

  async grid(
    user: User,
    request: { projectId: string; shotIds: string[]; columns: number },
  ): Promise<{ jobId: string; url: string; key: string; shotIds: string[]; columns: number }> {
    const project = await this.projects.requireOwned(user, request.projectId);
    const ids = await this.batchTargets(project, 'image', { shotIds: request.shotIds });
    const { job } = await this.jobs.enqueue({
      user,
      projectId: project.id,
      type: 'composition:create-grid',
      payload: { shotIds: ids, columns: request.columns },
      shotIds: ids,
    });
    const finished = await this.jobs.waitFor(job.id);
    if (finished.status !== 'completed') throw jobOutcomeError(finished, failureMessage('image'));
    const result = finished.result as { key: string; shotIds: string[]; columns: number };
    return { jobId: job.id, url: await this.media.displayUrl(result.key), ...result };
  }

  private async start(
    user: User,
    project: ProjectEntity,
    type: string,
    kind: Kind,
    shotIds: string[],
    options: Record<string, unknown>,
  ): Promise<JobAcceptedReply> {
    if (options.provider !== undefined) {
      this.registry.get(kind === 'image' ? 'shotImage' : 'video', options.provider as string);
    }
    const payload: Record<string, unknown> = { ...stripUndefined(options), shotIds };
    const accepted = await this.jobs.enqueue({ user, projectId: project.id, type, payload, shotIds });
    const marked = await this.shots.markGeneration(project.id, shotIds, kind, 'queued', accepted.job.id);
    for (const entity of marked) this.shotsService.announceUpdated(toShot(entity));
    return accepted;
  }

  /**
   * Explicit ids must all be the project's; `all` is every shot in timeline order; staleOnly picks
   * the shots whose image (or video) is missing or stale.
   */
  private async batchTargets(project: ProjectEntity, kind: Kind, target: BatchTarget): Promise<string[]> {
    const ordered = await this.shots.idsOf(this.shots.manager, project.id);
    if (target.all) return ordered;
    if (target.shotIds !== undefined) {
      const known = new Set(ordered);
      const unique = [...new Set(target.shotIds.map((id) => id.toLowerCase()))];
      if (!unique.every((id) => known.has(id))) throw notFound('Shot');
      return unique;
    }
    const shots = await this.shots.findIn(project.id, ordered);
    const assets = await this.assetsOf(project);
    const stale = new Set(shots.filter((shot) => staleness(shot, assets)[kind]).map((shot) => shot.id));
    return ordered.filter((id) => stale.has(id));
  }

  private async assetsOf(
    project: Pick<ProjectEntity, 'id' | 'ownerId' | 'seriesId'>,
  ): Promise<Map<string, AssetEntity>> {
    const assets = await this.shots.accessibleAssets(project);
    return new Map(assets.map((asset) => [asset.id, asset]));
  }

  private async jobAssets(project: Pick<ProjectEntity, 'id' | 'ownerId' | 'seriesId'>): Promise<JobAssets> {
    return { byId: await this.assetsOf(project), images: new Map() };
  }

  // ------------------------------------------------------------------ jobs

  /**
   * Renders every shot of the job not already done by an earlier attempt. Per-shot outcomes are the
   * job's result (stored after each shot, so a restart resumes); the job fails only when every shot failed.
   */
  private async runShots(ctx: JobContext<ShotJobPayload>, kind: Kind): Promise<BatchShotResult[]> {
    const { job, payload, signal } = ctx;
    const results = new Map<string, BatchShotResult>();
    for (const previous of asResults(ctx.previousResult)) {
      if (previous.status === 'completed') results.set(previous.shotId, previous);
    }
    const todo = payload.shotIds.filter((id) => !results.has(id));
    const project = await this.projects.findById(job.projectId);
    if (project === null) throw notFound('Project');
    const assets = await this.jobAssets(project);
    const total = payload.shotIds.length;
    let bookkeeping = Promise.resolve();
    let savedAt = 0;
    const record = (result: BatchShotResult) => {
      bookkeeping = bookkeeping.then(async () => {
        if (signal.aborted) return;
        results.set(result.shotId, result);
        const ordered = ordering(payload.shotIds, results);
        const completed = ordered.filter((entry) => entry.status === 'completed').length;
        const failed = ordered.filter((entry) => entry.status === 'failed').length;
        const progress = total === 0 ? 100 : ((completed + failed) / total) * 100;
        // The per-shot results (the resume point) are stored at most every RESULT_SAVE_MS: writing the
        // growing list after every shot would make a batch's writes grow with the square of its size.
        // A restart redoes at most the shots of that interval; the final result is stored at the end.
        const save = Date.now() - savedAt >= RESULT_SAVE_MS;
        if (save) savedAt = Date.now();
        const message = `${completed + failed}/${total} shots`;
        await ctx.progress(progress, save ? { message, result: ordered } : { message });
        if (signal.aborted) return;
        this.events.toProject(job.projectId, 'shot:batch-progress', {
          projectId: job.projectId,
          jobId: job.id,
          status: 'running',
          progress,
          total,
          completed,
          failed,
          shotId: result.shotId,
        });
      });
      return bookkeeping;
    };
    const lanes = Math.min(payload.concurrency ?? this.slots.size, this.slots.size);
    await eachLimited(todo, lanes, signal, async (shotId) => {
      const outcome = await this.renderOne(job, kind, shotId, payload, assets, signal);
      // The lane goes on to its next shot while the bookkeeping (ordered, one at a time) catches up.
      if (outcome !== null) void record(outcome);
    });
    await bookkeeping;
    throwIfCancelled(signal);
    const ordered = ordering(payload.shotIds, results);
    if (ordered.length > 0 && ordered.every((entry) => entry.status === 'failed')) {
      throw new ReelbenchError({
        code: 'SERVER_ERROR',
        message: ordered[0]?.error ?? failureMessage(kind),
        context: { results: ordered },
      });
    }
    return ordered;
  }

  /** One shot of a job: null when the job was cancelled meanwhile (the shot is left to release). */
  private async renderOne(
    job: Job,
    kind: Kind,
    shotId: string,
    options: ShotJobPayload,
    assets: JobAssets,
    signal: AbortSignal,
  ): Promise<BatchShotResult | null> {
    const marked = await this.shots.markGeneration(job.projectId, [shotId], kind, 'processing', job.id);
    const shot = marked[0];
    if (shot === undefined) return { shotId, status: 'failed', error: 'Shot not found' };
    this.announce(job, kind, shot, { status: 'processing', progress: 0 });
    try {
      const updated =
        kind === 'image'
          ? await this.renderImage(job, shot, options, assets, signal)
          : await this.renderVideo(job, shot, options, assets, signal);
      const url = (kind === 'image' ? updated.imageUrl : updated.videoUrl) ?? undefined;
      this.announce(job, kind, updated, { status: 'completed', progress: 100, ...(url ? { url } : {}) });
      return { shotId, status: 'completed', ...(url ? { url } : {}) };
    } catch (error) {
      if (error instanceof GenerationCancelledError || signal.aborted) return null;
      const message = errorMessage(error, kind);
      const failed = await this.shots.releaseGeneration([shotId], kind, job.id, 'failed');
      for (const entity of failed)
        this.announce(job, kind, entity, { status: 'failed', progress: 0, message });
      return { shotId, status: 'failed', error: message };
    }
  }

  private announce(
    job: Job,
    kind: Kind,
    shot: ShotEntity,
    progress: {
      status: 'processing' | 'completed' | 'failed';
      progress: number;
      url?: string;
      message?: string;
    },
  ): void {
    this.events.toProject(
      job.projectId,
      kind === 'image' ? 'shot:generation-progress' : 'shot:video-progress',
      {
        projectId: job.projectId,
        shotId: shot.id,
        jobId: job.id,
        ...progress,
      },
    );
    this.shotsService.announceUpdated(toShot(shot));
  }

  /** The placed assets and the bytes of the image each placement shows, each image read once per job. */
  private async placedAssets(
    placements: readonly ShotAssetPlacement[],
    assets: JobAssets,
  ): Promise<{ sources: PlacementSource[]; request: PlacedAssetSource[] }> {
    const sources = placementSources(placements, assets.byId);
    const request = await Promise.all(
      sources.map(async (source) => ({
        asset: assetSubject(source.asset),
        image: await this.imageOf(source, assets),
      })),
    );
    return { sources, request };
  }

  private imageOf(source: PlacementSource, assets: JobAssets): Promise<Buffer | null> {
    const key = source.s3Key;
    if (key === null) return Promise.resolve(null);
    let image = assets.images.get(key);
    if (image === undefined) {
      image = this.media.read(key).then((bytes) => bytes ?? null);
      assets.images.set(key, image);
    }
    return image;
  }

  private async renderShotImage(
    shot: ShotEntity,
    options: ShotJobPayload,
    assets: JobAssets,
    signal: AbortSignal,
    framing?: FramingType,
  ): Promise<{ rendered: RenderedImage; inputs: string; aspect: AspectRatio }> {
    const aspect = shotAspect(shot, options.aspect);
    const placements = options.placements ?? placementsOf(shot);
    const { sources, request } = await this.placedAssets(placements, assets);
    const generator = this.registry.get('shotImage', options.provider);
    throwIfCancelled(signal);
    const rendered = await this.slots.run(() => {
      throwIfCancelled(signal);
      return generator.renderShot({
        shot: {
          name: shot.name,
          action: shot.action,
          description: shot.description,
          framing: (framing ?? shot.framing ?? DEFAULT_FRAMING) as FramingType,
          assets: placements,
        },
        aspect,
        style: shotStyle(shot),
        assets: request,
        signal,
        ...definedPrompt(options.prompt ?? shot.prompt),
      });
    });
    throwIfCancelled(signal);
    return { rendered, inputs: imageInputs(shot, sources, aspect, options.prompt), aspect };
  }

  private async renderImage(
    job: Job,
    shot: ShotEntity,
    options: ShotJobPayload,
    assets: JobAssets,
    signal: AbortSignal,
  ): Promise<ShotEntity> {
    const { rendered, inputs } = await this.renderShotImage(shot, options, assets, signal);
    return this.storeShotImage(job, shot, rendered, inputs, signal);
  }

  private async storeShotImage(
    job: Job,
    shot: ShotEntity,
    image: Pick<RenderedImage, 'png' | 'pixels'>,
    inputs: string,
    signal: AbortSignal,
  ): Promise<ShotEntity> {
    const key = await this.media.putImage(
      `${projectPrefix(shot.projectId)}shots/${shot.id}/`,
      image.png,
      image.pixels,
    );
    if (signal.aborted) {
      await this.media.deleteImage(key);
      throw new GenerationCancelledError();
    }
    const { imageJobId: _done, ...metadata } = shot.metadata ?? {};
    const updated = await this.shots.writeGeneration(shot.id, {
      imageUrl: await this.media.displayUrl(key),
      s3ImageKey: key,
      generationStatus: 'completed',
      metadata: { ...metadata, imageInputs: inputs, imageJob: job.id },
    });
    if (updated === null) {
      await this.media.deleteImage(key);
      throw notFound('Shot');
    }
    if (shot.s3ImageKey !== null && shot.s3ImageKey !== key && isGeneratedShotKey(shot, shot.s3ImageKey)) {
      await this.media.deleteImage(shot.s3ImageKey).catch(() => undefined);
    }
    return updated;
  }

  /** The animatic from the shot's current image (rendered first when it has none) at its current duration. */
  private async renderVideo(
    job: Job,
    shot: ShotEntity,
    options: ShotJobPayload,
    assets: JobAssets,
    signal: AbortSignal,
  ): Promise<ShotEntity> {
    let current = shot;
    let image = current.s3ImageKey === null ? undefined : await this.media.read(current.s3ImageKey);
    if (image === undefined) {
      const { rendered, inputs } = await this.renderShotImage(current, options, assets, signal);
      current = await this.storeShotImage(job, current, rendered, inputs, signal);
      image = rendered.png;
    }
    const aspect = shotAspect(current, options.aspect);
    const generator = this.registry.get('video', options.provider);
    const clip = await this.slots.run(() => {
      throwIfCancelled(signal);
      return generator.renderClip({
        image: image as Buffer,
        durationSeconds: current.duration,
        framing: (current.framing ?? null) as FramingType | null,
        aspect,
        signal,
      });
    });
    if (signal.aborted) throw new GenerationCancelledError();
    const key = await this.media.putClip(
      `${projectPrefix(current.projectId)}shots/${current.id}/`,
      clip.path,
    );
    const { videoJobId: _done, ...metadata } = current.metadata ?? {};
    const updated = await this.shots.writeGeneration(current.id, {
      videoUrl: await this.media.displayUrl(key),
      s3VideoKey: key,
      videoGenerationStatus: 'completed',
      metadata: {
        ...metadata,
        videoInputs: videoInputs(current, aspect),
        videoJob: job.id,
        video: {
          durationSeconds: clip.durationSeconds,
          frames: clip.frames,
          fps: clip.fps,
          width: clip.width,
          height: clip.height,
        },
      },
    });
    if (updated === null) {
      await this.media.deleteObject(key);
      throw notFound('Shot');
    }
    if (
      current.s3VideoKey !== null &&
      current.s3VideoKey !== key &&
      isGeneratedShotKey(current, current.s3VideoKey)
    ) {
      await this.media.deleteObject(current.s3VideoKey).catch(() => undefined);
    }
    return updated;
  }

  private async runEdit(ctx: JobContext<ShotJobPayload>): Promise<BatchShotResult[]> {
    const { job, payload, signal } = ctx;
    const shotId = payload.shotIds[0] as string;
    const [shot] = await this.shots.markGeneration(job.projectId, [shotId], 'image', 'processing', job.id);
    if (shot === undefined) throw notFound('Shot');
    const image = shot.s3ImageKey === null ? undefined : await this.media.read(shot.s3ImageKey);
    if (image === undefined) throw validation(NO_IMAGE_TO_EDIT);
    this.announce(job, 'image', shot, {
      status: 'processing',
      progress: 0,
      message: payload.instruction ?? '',
    });
    const enhancer = this.registry.get('enhance', payload.provider);
    const edited = await this.slots.run(() => enhancer.enhance(image));
    throwIfCancelled(signal);
    const inputs = typeof shot.metadata?.imageInputs === 'string' ? shot.metadata.imageInputs : '';
    const updated = await this.storeShotImage(job, shot, edited, inputs, signal);
    const url = updated.imageUrl ?? undefined;
    this.announce(job, 'image', updated, { status: 'completed', progress: 100, ...(url ? { url } : {}) });
    return [{ shotId, status: 'completed', ...(url ? { url } : {}) }];
  }

  /**
   * Renders, assesses and, while the score is under minScore and retries remain, tries again from the
   * best image so far enhanced (normalised, sharpened): each attempt's score is reported.
   */
  private async runQuality(ctx: JobContext<ShotJobPayload>) {
    const { job, payload, signal } = ctx;
    const shotId = payload.shotIds[0] as string;
    const minScore = payload.minScore ?? 6;
    const maxRetries = payload.maxRetries ?? 3;
    const [shot] = await this.shots.markGeneration(job.projectId, [shotId], 'image', 'processing', job.id);
    if (shot === undefined) throw notFound('Shot');
    this.announce(job, 'image', shot, { status: 'processing', progress: 0 });
    const project = await this.projects.findById(job.projectId);
    if (project === null) throw notFound('Project');
    const assets = await this.jobAssets(project);
    const assessor = this.registry.get('assessment');
    const enhancer = this.registry.get('enhance');
    const first = await this.renderShotImage(shot, payload, assets, signal);
    let best = { png: first.rendered.png, score: -1 };
    let candidate = first.rendered.png;
    const attempts: { attempt: number; score: number; reasons: string[] }[] = [];
    for (let attempt = 1; attempt <= maxRetries + 1; attempt += 1) {
      throwIfCancelled(signal);
      const assessment = await this.slots.run(() => assessor.assess(candidate, minScore));
      attempts.push({ attempt, score: assessment.score, reasons: assessment.reasons });
      if (assessment.score > best.score) best = { png: candidate, score: assessment.score };
      const message = `Attempt ${attempt}: score ${assessment.score.toFixed(1)} of ${minScore} needed`;
      await ctx.progress((attempt / (maxRetries + 1)) * 90, { message, result: { attempts } });
      this.events.toProject(job.projectId, 'shot:generation-progress', {
        projectId: job.projectId,
        shotId,
        jobId: job.id,
        status: 'processing',
        progress: Math.min(90, (attempt / (maxRetries + 1)) * 90),
        message,
      });
      if (assessment.score >= minScore || attempt > maxRetries) break;
      const source = best.png;
      candidate = (await this.slots.run(() => enhancer.enhance(source))).png;
    }
    const updated = await this.storeShotImage(job, shot, best, first.inputs, signal);
    const score = Math.max(0, Math.min(10, best.score));
    await this.shots.writeGeneration(shotId, {
      assessmentNotes: attempts
        .map((a) => `Attempt ${a.attempt}: ${a.score.toFixed(1)} (${a.reasons.join('; ') || 'no issues'})`)
        .join('\n'),
      assessedAt: new Date(),
    });
    const url = updated.imageUrl ?? undefined;
    this.announce(job, 'image', updated, { status: 'completed', progress: 100, ...(url ? { url } : {}) });
    return { attempts, score, passed: score >= minScore };
  }

  /** Each coverage variant: the shot rendered at the variant's framing, stored on the variant. */
  private async runCoverage(ctx: JobContext<ShotJobPayload>) {
    const { job, payload, signal } = ctx;
    const shotId = payload.shotIds[0] as string;
    const [shot] = await this.shots.findIn(job.projectId, [shotId]);
    if (shot === undefined) throw notFound('Shot');
    const project = await this.projects.findById(job.projectId);
    if (project === null) throw notFound('Project');
    const assets = await this.jobAssets(project);
    const variants = await this.variants.findByIds(shotId, payload.variantIds ?? []);
    let done = 0;
    for (const variant of variants) {
      throwIfCancelled(signal);
      await this.variants.updateValues(variant.id, { generationStatus: 'processing' });
      try {
        const { rendered } = await this.renderShotImage(
          shot,
          { ...payload, ...(variant.prompt ? { prompt: variant.prompt } : {}) },
          assets,
          signal,
          variant.framingType as FramingType,
        );
        const key = await this.media.putImage(
          `${projectPrefix(shot.projectId)}shots/${shot.id}/coverage/`,
          rendered.png,
        );
        await this.variants.updateValues(variant.id, {
          imageUrl: await this.media.displayUrl(key),
          generationStatus: 'completed',
        });
      } catch (error) {
        await this.variants.updateValues(variant.id, { generationStatus: 'failed' });
        if (error instanceof GenerationCancelledError) throw error;
      }
      done += 1;
      await ctx.progress((done / variants.length) * 100, { message: `${done}/${variants.length} variants` });
    }
    return { variantIds: variants.map((variant) => variant.id) };
  }

  /** A contact sheet of the shots' current images, in timeline order. */
  private async runGrid(ctx: JobContext<ShotJobPayload>) {
    const { job, payload, signal } = ctx;
    const shots = await this.shots.findIn(job.projectId, payload.shotIds);
    const byId = new Map(shots.map((shot) => [shot.id, shot]));
    const images: Buffer[] = [];
    const used: string[] = [];
    for (const id of payload.shotIds) {
      const key = byId.get(id)?.s3ImageKey;
      const bytes = key ? await this.media.read(key) : undefined;
      if (bytes !== undefined) {
        images.push(bytes);
        used.push(id);
      }
    }
    if (images.length === 0) throw validation(NO_IMAGES_FOR_GRID);
    throwIfCancelled(signal);
    const columns = Math.min(payload.columns ?? 3, images.length);
    const compositor = this.registry.get('composition');
    const grid = await this.slots.run(() => compositor.grid(images, { columns }));
    const key = await this.media.putImage(`${projectPrefix(job.projectId)}compositions/`, grid.png);
    return { key, shotIds: used, columns };
  }

  /** After a cancel or failure: shots this job still held as queued or processing rest again. */
  private async release(job: Job, kind: Kind): Promise<void> {
    const released = await this.shots.releaseGeneration(job.shotIds ?? [], kind, job.id, 'pending');
    for (const entity of released) this.shotsService.announceUpdated(toShot(entity));
  }
}

function stripUndefined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function asResults(value: unknown): BatchShotResult[] {
  return Array.isArray(value) ? (value as BatchShotResult[]) : [];
}

/** Results in the job's shot order, only for shots that have one. */
function ordering(shotIds: readonly string[], results: Map<string, BatchShotResult>): BatchShotResult[] {
  return shotIds.flatMap((id) => {
    const result = results.get(id);
    return result ? [result] : [];
  });
}

function assetSubject(asset: AssetEntity): PlacedAssetSource['asset'] {
  return { id: asset.id, type: asset.type as AssetType, name: asset.name, config: storedConfig(asset) };
}

function definedPrompt(prompt: string | null | undefined): { prompt?: string } {
  return prompt ? { prompt } : {};
}

/** Generated media of the shot lives under its own folder; anything else (an upload) is not ours to delete. */
function isGeneratedShotKey(shot: ShotEntity, key: string): boolean {
  return key.startsWith(`${projectPrefix(shot.projectId)}shots/${shot.id}/`);
}
