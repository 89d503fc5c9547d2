import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type {
  AspectRatio,
  EditorialFrameRate,
  JobAcceptedReply,
  RoughCut,
  RoughCutRender,
  User,
} from '@reelbench/sdk/contract';
import { roughCutSchema } from '@reelbench/sdk/contract';
import { framesToSeconds, placeCutDialogue } from '@reelbench/sdk/editorial';
import { validation } from '../common/domain-error.js';
import { FRAME_SIZES } from '../generation/generation.types.js';
import { MediaStore } from '../generation/media-store.js';
import { RenderSlots } from '../generation/render-slots.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobContext } from '../jobs/job-handlers.js';
import type { JobPayloads } from '../jobs/job-types.js';
import { MediaService } from '../media/media.service.js';
import { ProjectsService } from '../projects/project.service.js';
import { STORAGE, type Storage } from '../storage/storage.types.js';
import { isKeyInScope, projectPrefix } from '../storage/storage-key.js';
import type { CutEntity } from './cut.entity.js';
import { toCut } from './cut.mapper.js';
import { CutsRepository, type ShotMediaRow } from './cut.repository.js';
import { withProjectDialogue } from './cut-dialogue.js';
import type { RoughCutLine } from './rough-cut.audio.js';
import { framesToSecondsExact } from './rough-cut.rate.js';
import { type RoughCutEvent, renderRoughCut } from './rough-cut.render.js';

const JOB_TYPE = 'cut:render-rough-cut';
/** What the job stores as its result: the rough cut without its (signed, short-lived) URL. */
const storedSchema = roughCutSchema.omit({ url: true, jobId: true, createdAt: true });
type StoredRoughCut = ReturnType<typeof storedSchema.parse>;

function fileName(cut: CutEntity): string {
  const base =
    cut.name
      .replace(/[^\p{L}\p{N}._ -]+/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'rough-cut';
  return `${base}-v${cut.version}-rough-cut.mp4`;
}

function numberField(record: Record<string, unknown> | null, field: string): number | undefined {
  const value = record?.[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Rough cuts (docs/editorial.md): one MP4 of a cut rendered by a job, stored under the project,
 * the latest of each cut (and of the project) answered with a freshly signed URL.
 */
@Injectable()
export class RoughCutService implements OnModuleInit {
  private readonly logger = new Logger('RoughCut');

  constructor(
    private readonly cuts: CutsRepository,
    private readonly projects: ProjectsService,
    private readonly jobs: JobsService,
    private readonly media: MediaStore,
    private readonly mediaTools: MediaService,
    private readonly slots: RenderSlots,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  onModuleInit(): void {
    this.jobs.register(JOB_TYPE, { run: (context) => this.run(context) });
  }

  async render(
    user: User,
    projectId: string,
    cutId: string,
    input: RoughCutRender,
  ): Promise<JobAcceptedReply> {
    const project = await this.projects.requireOwned(user, projectId);
    const cut = await this.cuts.requireIn(project.id, cutId);
    if (cut.events.length === 0) throw validation('The cut has no events: there is nothing to render');
    return this.jobs.enqueue({
      user,
      projectId: project.id,
      type: JOB_TYPE,
      payload: { cutId: cut.id, burnIn: input.burnIn ?? false },
    });
  }

  /** The newest rough cut of the cut (or of the project); null when none was made or its file is gone. */
  async latest(user: User, projectId: string, cutId?: string): Promise<RoughCut | null> {
    const project = await this.projects.requireOwned(user, projectId);
    let checkedCutId: string | undefined;
    if (cutId !== undefined) {
      const cut = await this.cuts.requireIn(project.id, cutId);
      checkedCutId = cut.id;
    }
    return this.newest(project.id, checkedCutId);
  }

  /**
   * The project's newest rough cut for a page that has already checked its right to the project (a
   * live review link); null when none was made or its file is gone.
   */
  async newest(projectId: string, cutId?: string): Promise<RoughCut | null> {
    const row = await this.cuts.latestRoughCut(projectId, JOB_TYPE, cutId);
    if (row === null) return null;
    const stored = storedSchema.safeParse(row.result);
    if (!stored.success || !(await this.storage.exists(stored.data.key))) return null;
    return {
      ...stored.data,
      jobId: row.id,
      url: await this.media.displayUrl(stored.data.key),
      createdAt: row.updatedAt.toISOString(),
    };
  }

  /** The aspect most of the project's shots are framed at, 16:9 when none says. */
  private async projectAspect(projectId: string): Promise<AspectRatio> {
    const aspect = await this.cuts.commonAspect(projectId);
    return aspect !== null && aspect in FRAME_SIZES ? (aspect as AspectRatio) : '16:9';
  }

  private async run({ job, payload, signal, progress }: JobContext<JobPayloads[typeof JOB_TYPE]>) {
    const cut = await this.cuts.requireIn(job.projectId, payload.cutId);
    const previous = await this.cuts.latestRoughCut(job.projectId, JOB_TYPE, cut.id);
    const shots = new Map(
      (await this.cuts.shotMedia(job.projectId, [...new Set(cut.events.map((event) => event.shotId))])).map(
        (shot) => [shot.id.toLowerCase(), shot],
      ),
    );
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-rough-cut-'));
    try {
      const local = new Map<string, string>();
      const fetch = async (key: string, extension: string): Promise<string | null> => {
        const known = local.get(key);
        if (known) return known;
        // A key outside the project (a row written before keys were checked) counts as no media.
        const scope = { projectId: job.projectId };
        const bytes = isKeyInScope(key, scope) ? await this.media.read(key, scope) : undefined;
        if (bytes === undefined) return null;
        const file = path.join(workDir, `media-${local.size}${extension}`);
        await writeFile(file, bytes);
        local.set(key, file);
        return file;
      };
      const events: RoughCutEvent[] = [];
      let size: { width: number; height: number } | null = null;
      for (const event of cut.events) {
        const shot: ShotMediaRow | undefined = shots.get(event.shotId.toLowerCase());
        const videoPath = shot?.videoKey ? await fetch(shot.videoKey, '.mp4') : null;
        const imagePath = !videoPath && shot?.imageKey ? await fetch(shot.imageKey, '.png') : null;
        const width = numberField(shot?.video ?? null, 'width');
        const height = numberField(shot?.video ?? null, 'height');
        if (size === null && videoPath && width && height) size = { width, height };
        const encoder = shot?.video?.encoder;
        events.push({
          name: shot?.name ?? event.clipName,
          frames: event.duration,
          sourceIn: event.sourceIn,
          transition: event.transition,
          video: videoPath
            ? {
                path: videoPath,
                ...(typeof encoder === 'string' ? { encoder } : {}),
                ...(numberField(shot?.video ?? null, 'fps')
                  ? { fps: numberField(shot?.video ?? null, 'fps') }
                  : {}),
                ...(width ? { width } : {}),
                ...(height ? { height } : {}),
                ...(numberField(shot?.video ?? null, 'frames')
                  ? { frames: numberField(shot?.video ?? null, 'frames') }
                  : {}),
              }
            : null,
          image: imagePath,
        });
      }
      // Without a shot video to take it from, the picture is the project's frame size (the aspect its
      // shots are framed at): a 9:16 project's stills make a 720×1280 cut, not a pillarboxed 16:9 one.
      const { width, height } = size ?? FRAME_SIZES[await this.projectAspect(job.projectId)];
      const soundtrackPath = cut.soundtrack?.key ? await fetch(cut.soundtrack.key, '.audio') : null;
      const soundtrack =
        cut.soundtrack && soundtrackPath
          ? {
              path: soundtrackPath,
              offsetSeconds: framesToSeconds(
                cut.soundtrack.offsetFrames,
                cut.frameRate as EditorialFrameRate,
              ),
            }
          : null;
      // The scratch track: each line the cut places, where it plays (the same places as the exports).
      const spoken = await withProjectDialogue(this.cuts, toCut(cut), (line) => line.key);
      const dialogue: RoughCutLine[] = [];
      let missingLines = 0;
      for (const { line, recordIn, recordOut } of placeCutDialogue(spoken)) {
        const extension = /\.[a-z0-9]{2,4}$/i.exec(line.key ?? '')?.[0] ?? '.audio';
        const linePath = line.key ? await fetch(line.key, extension) : null;
        if (linePath === null) {
          missingLines += 1;
          continue;
        }
        dialogue.push({
          path: linePath,
          startSeconds: framesToSecondsExact(recordIn, cut.frameRate),
          seconds: framesToSecondsExact(recordOut - recordIn, cut.frameRate),
        });
      }
      const output = path.join(workDir, 'rough-cut.mp4');
      const ffmpeg = this.mediaTools.ffmpeg();
      const outcome = await this.slots.run(() =>
        renderRoughCut({
          ffmpeg,
          frameRate: cut.frameRate,
          width,
          height,
          events,
          soundtrack,
          dialogue,
          burnIn: payload.burnIn,
          workDir,
          output,
          signal,
          onProgress: (fraction, message) => progress(Math.min(99, Math.round(fraction * 100)), { message }),
        }),
      );
      this.logger.log(
        `${outcome.copiedEvents} event(s) joined as they were, ${outcome.encodedEvents} encoded; ${outcome.frames} frames`,
      );
      const bytes = (await stat(output)).size;
      const key = await this.media.putClip(`${projectPrefix(job.projectId)}rough-cuts/${cut.id}/`, output);
      const result: StoredRoughCut = {
        projectId: job.projectId,
        cutId: cut.id,
        cutName: cut.name,
        cutVersion: cut.version,
        key,
        filename: fileName(cut),
        bytes,
        frameRate: cut.frameRate,
        frames: outcome.frames,
        durationSeconds: outcome.durationSeconds,
        width,
        height,
        hasAudio: outcome.hasAudio,
        hasSoundtrack: soundtrack !== null,
        dialogueLines: outcome.hasAudio ? dialogue.length : 0,
        burnIn: payload.burnIn ? outcome.burnIn : 'off',
        dissolves: outcome.dissolves,
        notes: [
          ...outcome.notes,
          ...(cut.soundtrack && !soundtrack ? ['The soundtrack file is gone: no soundtrack'] : []),
          ...(missingLines > 0
            ? [
                `${missingLines} dialogue line${missingLines === 1 ? "'s clip is" : "s' clips are"} gone: not heard`,
              ]
            : []),
        ],
      };
      // The cut's previous rough cut is replaced: its file goes.
      const old = storedSchema.safeParse(previous?.result);
      if (old.success && old.data.key !== key) await this.storage.delete(old.data.key).catch(() => undefined);
      return result;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }
}
