import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  type BatchShotResult,
  type ErrorCode,
  type FramingType,
  type Job,
  ReelbenchError,
  SERVER_MESSAGES,
} from '@reelbench/sdk/contract';
import type { AssetEntity } from '../assets/asset.entity.js';
import { notFound, validation } from '../common/domain-error.js';
import { GenerationCancelledError, throwIfCancelled } from '../generation/generation.errors.js';
import { RenderSlots } from '../generation/render-slots.js';
import { JobsService } from '../jobs/job.service.js';
import { type JobContext, TurnHandedOver } from '../jobs/job-handlers.js';
import { operatorDetail } from '../jobs/job-outcome.js';
import {
  IMAGE_JOB_TYPES,
  type JobPayloads,
  type ShotsJobPayload,
  type ShotsJobType,
  VIDEO_JOB_TYPES,
} from '../jobs/job-types.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import type { ShotEntity } from './shot.entity.js';
import { ShotsRepository } from './shot.repository.js';
import { ShotsService } from './shot.service.js';
import { ShotMediaRepository } from './shot-media.repository.js';
import { failureMessage, type JobAssets, type MediaKind, ShotRenderService } from './shot-render.service.js';
import { ShotVariantsRepository } from './shot-variant.repository.js';

/** How often a batch stores its per-shot results while it runs. */
const RESULT_SAVE_MS = 500;
/** A shot's failure as its result says it (a catalogue error's own message, else the generic one) and its class. */
function failureOf(error: unknown, kind: MediaKind): { message: string; code: ErrorCode } {
  return error instanceof ReelbenchError && error.code !== 'SERVER_ERROR'
    ? { message: error.message, code: error.code }
    : { message: failureMessage(kind), code: 'SERVER_ERROR' };
}

/** Runs `work` over items, at most `limit` at a time, stopping early when the signal fires. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  signal: AbortSignal,
  work: (item: T) => Promise<void>,
  stopped: () => boolean = () => false,
) {
  let next = 0;
  const lane = async () => {
    while (!signal.aborted && !stopped() && next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}

/**
 * The shot job handlers: each renders through ShotRenderService, reports progress to the project room
 * and, when the job ends without completing, puts the shots it had marked back to rest.
 */
@Injectable()
export class ShotGenerationJobs implements OnModuleInit {
  private readonly logger = new Logger('ShotGeneration');

  constructor(
    private readonly projects: ProjectsService,
    private readonly shotsService: ShotsService,
    private readonly shots: ShotsRepository,
    private readonly variants: ShotVariantsRepository,
    private readonly jobs: JobsService,
    private readonly renderer: ShotRenderService,
    private readonly slots: RenderSlots,
    private readonly events: EventsService,
    private readonly shotMedia: ShotMediaRepository,
  ) {}

  onModuleInit(): void {
    for (const type of IMAGE_JOB_TYPES) this.registerShotsJob(type, 'image');
    for (const type of VIDEO_JOB_TYPES) this.registerShotsJob(type, 'video');
    this.jobs.register('shot:edit', {
      run: (ctx) => this.runEdit(ctx),
      release: (job) => this.release(job, 'image'),
    });
    this.jobs.register('shot:generate-with-quality', {
      run: (ctx) => this.runQuality(ctx),
      release: (job) => this.release(job, 'image'),
    });
    this.jobs.register('shot:generate-coverage', { run: (ctx) => this.runCoverage(ctx) });
    this.jobs.register('composition:create-grid', { run: (ctx) => this.runGrid(ctx) });
  }

  private registerShotsJob(type: ShotsJobType, kind: MediaKind): void {
    this.jobs.register(type, {
      run: (ctx) => this.runShots(ctx, kind),
      release: (job) => this.release(job, kind),
    });
  }

  /**
   * Renders every shot of the job not already done by an earlier attempt. Per-shot outcomes are the
   * job's result (stored after each shot, so a restart resumes); the job fails only when every shot failed.
   * When another user's job waits for the slot, the drawing shots finish, the result is stored and the
   * job hands its slot over (TurnHandedOver): it goes on after that job, one shot per turn while both wait.
   */
  private async runShots(ctx: JobContext<ShotsJobPayload>, kind: MediaKind): Promise<BatchShotResult[]> {
    const { job, payload, signal } = ctx;
    const results = new Map<string, BatchShotResult>();
    // Resumed (after a restart, or after handing the slot to another user): every shot with an outcome
    // keeps it; a failure stays one to retry by hand, never redone on each resume.
    for (const previous of asResults(ctx.previousResult)) results.set(previous.shotId, previous);
    const todo = payload.shotIds.filter((id) => !results.has(id));
    const assets = await this.jobAssets(job);
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
    // Each failed shot's error class: a job whose shots all failed fails with the first one's.
    const codes = new Map<string, ErrorCode>();
    // Another user's job waiting for this slot: the lanes take no new shot, the ones drawing finish.
    let handingOver = false;
    await eachLimited(
      todo,
      lanes,
      signal,
      async (shotId) => {
        const outcome = await this.renderOne(job, kind, shotId, payload, assets, signal, codes);
        // The lane goes on to its next shot while the bookkeeping (ordered, one at a time) catches up.
        if (outcome !== null) void record(outcome);
        if (!handingOver && (await ctx.othersWaiting())) handingOver = true;
      },
      () => handingOver,
    );
    await bookkeeping;
    throwIfCancelled(signal);
    const ordered = ordering(payload.shotIds, results);
    if (handingOver && ordered.length < total) {
      const done = ordered.length;
      await ctx.progress((done / total) * 100, { message: `${done}/${total} shots`, result: ordered });
      throwIfCancelled(signal);
      throw new TurnHandedOver();
    }
    if (ordered.length > 0 && ordered.every((entry) => entry.status === 'failed')) {
      // A shot deleted under its job is NOT_FOUND_ERROR (404 to the request waiting for it), not ours.
      throw new ReelbenchError({
        code: codes.get(ordered[0]?.shotId ?? '') ?? 'SERVER_ERROR',
        message: ordered[0]?.error ?? failureMessage(kind),
        context: { results: ordered },
      });
    }
    return ordered;
  }

  /** One shot of a job: null when the job was cancelled meanwhile (the shot is left to release). */
  private async renderOne(
    job: Job,
    kind: MediaKind,
    shotId: string,
    options: ShotsJobPayload,
    assets: JobAssets,
    signal: AbortSignal,
    codes: Map<string, ErrorCode>,
  ): Promise<BatchShotResult | null> {
    const marked = await this.shotMedia.markGeneration(job.projectId, [shotId], kind, 'processing', job.id);
    const shot = marked[0];
    if (shot === undefined) {
      const gone = notFound('Shot');
      codes.set(shotId, gone.code);
      return { shotId, status: 'failed', error: gone.message };
    }
    await this.announce(job, kind, shot, { status: 'processing', progress: 0 }, assets.byId);
    try {
      const task = { job, shot, options, assets, signal };
      const updated =
        kind === 'image' ? await this.renderer.renderImage(task) : await this.renderer.renderVideo(task);
      const url = (kind === 'image' ? updated.imageUrl : updated.videoUrl) ?? undefined;
      const completed = { status: 'completed', progress: 100, ...(url ? { url } : {}) } as const;
      await this.announce(job, kind, updated, completed, assets.byId);
      return { shotId, status: 'completed', ...(url ? { url } : {}) };
    } catch (error) {
      if (error instanceof GenerationCancelledError || signal.aborted) return null;
      const { message, code } = failureOf(error, kind);
      codes.set(shotId, code);
      this.logFailure(job, kind, shotId, message, error);
      const failed = await this.shotMedia.releaseGeneration([shotId], kind, job.id, 'failed', message);
      for (const entity of failed)
        await this.announce(job, kind, entity, { status: 'failed', progress: 0, message }, assets.byId);
      return { shotId, status: 'failed', error: message };
    }
  }

  /**
   * One shot's failed render in the log, with the job id (also in the line's context), the shot, the
   * reason the page shows and, for the operator, what the program said; an unexpected error with its stack.
   */
  private logFailure(job: Job, kind: MediaKind, shotId: string, message: string, error: unknown): void {
    const line = `job ${job.id} (${job.type}): the ${kind} of shot ${shotId} failed: ${message}`;
    if (error instanceof ReelbenchError) {
      const own = error.message === message ? '' : ` [${error.message}]`;
      this.logger.warn(`${line}${own}${operatorDetail(error, message)}`);
    } else {
      this.logger.error(line, error as Error);
    }
  }

  /** The progress event, then shot:updated with the shot as clients get it (signed URLs, staleness). */
  private async announce(
    job: Job,
    kind: MediaKind,
    shot: ShotEntity,
    progress: {
      status: 'processing' | 'completed' | 'failed';
      progress: number;
      url?: string;
      message?: string;
    },
    assets?: ReadonlyMap<string, AssetEntity>,
  ): Promise<void> {
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
    await this.shotsService.announceUpdated(shot, assets);
  }

  /** The shot, marked processing for this job. */
  private async markProcessing(job: Job, shotId: string): Promise<ShotEntity> {
    const [shot] = await this.shotMedia.markGeneration(
      job.projectId,
      [shotId],
      'image',
      'processing',
      job.id,
    );
    if (shot === undefined) throw notFound('Shot');
    return shot;
  }

  private async jobAssets(job: Job): Promise<JobAssets> {
    const project = await this.projects.findById(job.projectId);
    if (project === null) throw notFound('Project');
    return this.renderer.jobAssets(project);
  }

  private async runEdit(ctx: JobContext<JobPayloads['shot:edit']>): Promise<BatchShotResult[]> {
    const { job, payload, signal } = ctx;
    const [shotId] = payload.shotIds;
    const shot = await this.markProcessing(job, shotId);
    const image = shot.s3ImageKey === null ? undefined : await this.renderer.read(shot.s3ImageKey, shot);
    if (image === undefined) throw validation(SERVER_MESSAGES.noImageToEdit);
    await this.announce(job, 'image', shot, {
      status: 'processing',
      progress: 0,
      message: payload.instruction ?? '',
    });
    const edited = await this.renderer.enhance(image, payload.provider);
    throwIfCancelled(signal);
    const inputs = typeof shot.metadata?.imageInputs === 'string' ? shot.metadata.imageInputs : '';
    const updated = await this.renderer.storeShotImage(job, shot, edited, inputs, signal);
    const url = updated.imageUrl ?? undefined;
    await this.announce(job, 'image', updated, {
      status: 'completed',
      progress: 100,
      ...(url ? { url } : {}),
    });
    return [{ shotId, status: 'completed', ...(url ? { url } : {}) }];
  }

  /**
   * Renders, assesses and, while the score is under minScore and retries remain, tries again from the
   * best image so far enhanced (normalised, sharpened): each attempt's score is reported.
   */
  private async runQuality(ctx: JobContext<JobPayloads['shot:generate-with-quality']>) {
    const { job, payload, signal } = ctx;
    const [shotId] = payload.shotIds;
    const minScore = payload.minScore ?? 6;
    const maxRetries = payload.maxRetries ?? 3;
    const shot = await this.markProcessing(job, shotId);
    const assets = await this.jobAssets(job);
    await this.announce(job, 'image', shot, { status: 'processing', progress: 0 }, assets.byId);
    const tools = this.renderer.qualityTools();
    const first = await this.renderer.renderShotImage(shot, payload, assets, signal);
    let best = { png: first.rendered.png, score: -1 };
    let candidate = first.rendered.png;
    const attempts: { attempt: number; score: number; reasons: string[] }[] = [];
    for (let attempt = 1; attempt <= maxRetries + 1; attempt += 1) {
      throwIfCancelled(signal);
      const assessment = await tools.assess(candidate, minScore);
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
      candidate = (await tools.enhance(best.png)).png;
    }
    const updated = await this.renderer.storeShotImage(job, shot, best, first.inputs, signal);
    const score = Math.max(0, Math.min(10, best.score));
    await this.shotMedia.writeGeneration(shotId, {
      assessmentNotes: attempts
        .map((a) => `Attempt ${a.attempt}: ${a.score.toFixed(1)} (${a.reasons.join('; ') || 'no issues'})`)
        .join('\n'),
      assessedAt: new Date(),
    });
    const url = updated.imageUrl ?? undefined;
    await this.announce(
      job,
      'image',
      updated,
      { status: 'completed', progress: 100, ...(url ? { url } : {}) },
      assets.byId,
    );
    return { attempts, score, passed: score >= minScore };
  }

  /** Each coverage variant: the shot rendered at the variant's framing, stored on the variant. */
  private async runCoverage(ctx: JobContext<JobPayloads['shot:generate-coverage']>) {
    const { job, payload, signal } = ctx;
    const [shotId] = payload.shotIds;
    const [shot] = await this.shots.findIn(job.projectId, [shotId]);
    if (shot === undefined) throw notFound('Shot');
    const assets = await this.jobAssets(job);
    const variants = await this.variants.findByIds(shotId, payload.variantIds ?? []);
    let done = 0;
    for (const variant of variants) {
      throwIfCancelled(signal);
      await this.variants.updateValues(variant.id, { generationStatus: 'processing' });
      try {
        const image = await this.renderer.renderCoverage(
          shot,
          variant.prompt ? { prompt: variant.prompt } : {},
          assets,
          signal,
          variant.framingType as FramingType,
        );
        await this.variants.updateValues(variant.id, {
          imageUrl: image.url,
          s3ImageKey: image.key,
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
  private async runGrid(ctx: JobContext<JobPayloads['composition:create-grid']>) {
    const { job, payload, signal } = ctx;
    const shots = await this.shots.findIn(job.projectId, payload.shotIds);
    const byId = new Map(shots.map((shot) => [shot.id, shot]));
    const images: Buffer[] = [];
    const used: string[] = [];
    for (const id of payload.shotIds) {
      const shot = byId.get(id);
      const bytes = shot?.s3ImageKey ? await this.renderer.read(shot.s3ImageKey, shot) : undefined;
      if (bytes !== undefined) {
        images.push(bytes);
        used.push(id);
      }
    }
    if (images.length === 0) throw validation(SERVER_MESSAGES.noImagesForGrid);
    throwIfCancelled(signal);
    const columns = Math.min(payload.columns ?? 3, images.length);
    const key = await this.renderer.storeGrid(job.projectId, images, columns);
    return { key, shotIds: used, columns };
  }

  /** After a cancel or failure: shots this job still held as queued or processing rest again. */
  private async release(job: Job, kind: MediaKind): Promise<void> {
    const released = await this.shotMedia.releaseGeneration(job.shotIds ?? [], kind, job.id, 'pending');
    await this.shotsService.announceAllUpdated(released);
  }
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
