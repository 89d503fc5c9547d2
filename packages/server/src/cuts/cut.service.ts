import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type AspectRatio,
  type Cut,
  type CutComparisonReply,
  type CutCreate,
  type CutExportFile,
  type CutExportOptions,
  type CutImportResultReply,
  type CutSoundtrack,
  type CutSummary,
  type DeletedReply,
  type EditorialFormat,
  type EditorialFrameRate,
  type Edl,
  type EdlSummary,
  editorialFormatSchema,
  type Project,
  ReelbenchError,
  SERVER_EVENTS,
  type User,
} from '@reelbench/sdk/contract';
import {
  compareCuts,
  cutFromTimeline,
  cutToEdlEntity,
  exportCut,
  framesToSeconds,
  importCut,
  secondsToFrames,
  summarizeCut,
  type TimelineShot,
  withReviewMarkers,
} from '@reelbench/sdk/editorial';
import { z } from 'zod';
import { validation } from '../common/domain-error.js';
import { parse, parseId } from '../common/validation.js';
import { FRAME_SIZES } from '../generation/generation.types.js';
import { MediaStore } from '../generation/media-store.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { ShotsRepository } from '../shots/shot.repository.js';
import { checkShotOrder, settingsOf } from '../shots/shot-order.js';
import type { CutEntity } from './cut.entity.js';
import { toCut } from './cut.mapper.js';
import { CutsRepository, type TimelineShotRow } from './cut.repository.js';
import { withProjectDialogue } from './cut-dialogue.js';
import { CutInputs } from './cut-inputs.js';

const DEFAULT_FRAME_RATE: EditorialFrameRate = 24;
const formatParam = z.object({ format: editorialFormatSchema });

export { toCut };

/** The project's shots in timeline order: shotOrder first, shots it leaves out after, by position. */
function inTimelineOrder(project: ProjectEntity, shots: TimelineShotRow[]): TimelineShotRow[] {
  const byId = new Map(shots.map((shot) => [shot.id, shot]));
  const ordered: TimelineShotRow[] = [];
  for (const id of settingsOf(project).shotOrder) {
    const shot = byId.get(id);
    if (shot === undefined) continue;
    ordered.push(shot);
    byId.delete(id);
  }
  return [...ordered, ...byId.values()];
}

function timelineShot(shot: TimelineShotRow): TimelineShot {
  const mediaUrl = shot.videoUrl ?? shot.imageUrl ?? undefined;
  return {
    shotId: shot.id,
    name: shot.name,
    take: 1,
    durationSeconds: shot.duration > 0 ? shot.duration : 1,
    ...(mediaUrl ? { mediaUrl } : {}),
  };
}

/** A writer's refusal (too many events, a rule the cut breaks) is the caller's input, not a 500. */
function asDomainError(error: unknown): unknown {
  if (error instanceof ReelbenchError) return error;
  if (error instanceof z.ZodError) {
    const first = error.issues[0];
    return validation(first ? `${first.path.join('.') || 'cut'}: ${first.message}` : 'Invalid cut');
  }
  if (error instanceof RangeError || error instanceof TypeError) return validation(error.message);
  return error;
}

/** Cuts of the user's projects: every method checks the project's owner first. */
@Injectable()
export class CutsService {
  constructor(
    private readonly cuts: CutsRepository,
    private readonly projects: ProjectsService,
    private readonly events: EventsService,
    private readonly inputs: CutInputs,
    private readonly media: MediaStore,
    private readonly shotRows: ShotsRepository,
  ) {}

  async create(user: User, projectId: string, input: CutCreate): Promise<Cut> {
    const project = await this.projects.requireOwned(user, projectId);
    const shots = inTimelineOrder(project, await this.cuts.timelineShots(project.id));
    const id = randomUUID();
    const frameRate = input.frameRate ?? DEFAULT_FRAME_RATE;
    // The project's soundtrack goes under the new cut at the project's offset.
    const soundtrack = await this.inputs.soundtrackForNewCut(project.id, frameRate);
    const saved = await this.cuts.transaction(async (manager) => {
      await this.cuts.lockVersions(project.id, manager);
      const version = await this.cuts.nextVersion(project.id, manager);
      let cut: Cut;
      try {
        cut = cutFromTimeline({
          id,
          projectId: project.id,
          name: input.name ?? project.name,
          version,
          frameRate,
          shots: shots.map(timelineShot),
        });
      } catch (error) {
        throw asDomainError(error);
      }
      if (soundtrack) cut = { ...cut, soundtrack };
      return this.cuts.insert(this.values(cut), manager);
    });
    return toCut(saved);
  }

  async list(user: User, projectId: string): Promise<CutSummary[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const rows = await this.cuts.list(project.id);
    return rows.map((row) => summarizeCut(toCut(row)));
  }

  async get(user: User, projectId: string, cutId: string): Promise<Cut> {
    return toCut(await this.requireCut(user, projectId, cutId));
  }

  async rename(user: User, projectId: string, cutId: string, name: string): Promise<Cut> {
    const cut = await this.requireCut(user, projectId, cutId);
    return toCut(await this.cuts.rename(cut, name));
  }

  async remove(user: User, projectId: string, cutId: string): Promise<DeletedReply> {
    const cut = await this.requireCut(user, projectId, cutId);
    await this.cuts.delete(cut.id);
    return { id: cut.id, deleted: true };
  }

  async compare(
    user: User,
    projectId: string,
    olderId: string,
    newerId: string,
  ): Promise<CutComparisonReply> {
    const older = await this.requireCut(user, projectId, olderId);
    const newer = await this.requireCut(user, projectId, newerId);
    return compareCuts(toCut(older), toCut(newer));
  }

  /**
   * `format` may come from a URL: anything but edl, otio or fcpxml is a VALIDATION_ERROR naming it.
   * Reviewers' comments on the project are written as markers (withReviewMarkers), and the scratch
   * track's lines as audio clips at their places (withProjectDialogue), each by its signed URL.
   */
  async export(
    user: User,
    projectId: string,
    cutId: string,
    format: string,
    options: CutExportOptions = {},
  ): Promise<CutExportFile> {
    const cut = await this.requireCut(user, projectId, cutId);
    const checked: EditorialFormat = parse(formatParam, { format }).format;
    const comments = await this.inputs.reviewMarkers(cut.projectId);
    // FCPXML declares the picture size: the project's frames (720×1280 for a 9:16 project).
    const aspect = checked === 'fcpxml' ? await this.cuts.commonAspect(cut.projectId) : null;
    const size = aspect !== null && aspect in FRAME_SIZES ? FRAME_SIZES[aspect as AspectRatio] : undefined;
    const spoken = await withProjectDialogue(this.cuts, toCut(cut), (line) =>
      this.media.displayUrl(line.key),
    );
    let file: CutExportFile;
    try {
      file = exportCut(withReviewMarkers(spoken, comments), checked, { ...size, ...options });
    } catch (error) {
      throw asDomainError(error);
    }
    await this.cuts.markExported(cut.id);
    return file;
  }

  /**
   * An edited EDL or OTIO: the result is saved as a new version of the cut, and the project's shot
   * order and durations follow it, in one transaction. Shots the file left out keep their place
   * after the imported ones; a shot's duration is rewritten only when the file changed its event's
   * length from the cut it was exported from (so re-importing an export changes nothing).
   */
  async import(
    user: User,
    projectId: string,
    cutId: string,
    format: 'edl' | 'otio',
    text: string,
    options: { frameRate?: EditorialFrameRate | undefined; dryRun?: boolean | undefined } = {},
  ): Promise<CutImportResultReply> {
    const id = parseId(projectId, 'Project');
    if (options.dryRun) {
      // A preview: the file read and matched against the cut, nothing locked or saved.
      const source = await this.requireCut(user, projectId, cutId);
      const result = this.read(toCut(source), format, text, options.frameRate);
      return { dryRun: true, ...result, cut: { ...result.cut, version: source.version + 1 } };
    }
    const { reply, project } = await this.cuts.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, id);
      const source = await this.cuts.requireIn(locked.id, cutId, manager);
      const result = this.read(toCut(source), format, text, options.frameRate);
      await this.cuts.lockVersions(locked.id, manager);
      const version = await this.cuts.nextVersion(locked.id, manager);
      const saved = toCut(
        await this.cuts.insert(this.values({ ...result.cut, id: randomUUID(), version }), manager),
      );
      const project = await this.applyToShots(manager, locked, toCut(source), saved);
      return {
        reply: { cut: saved, unmatched: result.unmatched, removed: result.removed, notes: result.notes },
        project,
      };
    });
    if (project !== null) {
      this.events.toProjectAndOwner(project, SERVER_EVENTS.projectUpdated, {
        projectId: project.id,
        project: toProject(project),
      });
    }
    return reply;
  }

  /** The file applied to the cut in memory: an unreadable file or a refused rate is a VALIDATION_ERROR. */
  private read(
    cut: Cut,
    format: 'edl' | 'otio',
    text: string,
    frameRate: EditorialFrameRate | undefined,
  ): ReturnType<typeof importCut> {
    try {
      return importCut(cut, format, text, frameRate === undefined ? {} : { frameRate });
    } catch (error) {
      throw asDomainError(error);
    }
  }

  /**
   * cut:restore: the project's shot order and durations put back to this version's, in one
   * transaction (the undo of an import: restore the version before it). Shots the version does not
   * hold keep their place after the others; a shot deleted since is skipped; the cut is unchanged.
   */
  async restore(user: User, projectId: string, cutId: string): Promise<Project> {
    const id = parseId(projectId, 'Project');
    const { project, changed } = await this.cuts.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, id);
      const row = await this.cuts.requireIn(locked.id, cutId, manager);
      const version = toCut(row);
      const shots = inTimelineOrder(locked, await this.cuts.timelineShots(locked.id, manager));
      // The timeline as it is now, at the version's rate: only lengths that differ are written.
      const now = cutFromTimeline({
        id: randomUUID(),
        projectId: locked.id,
        name: 'timeline',
        version: 1,
        frameRate: version.frameRate,
        shots: shots.map(timelineShot),
      });
      const updated = await this.applyToShots(manager, locked, now, version);
      return { project: updated ?? locked, changed: updated !== null };
    });
    if (changed) {
      this.events.toProjectAndOwner(project, SERVER_EVENTS.projectUpdated, {
        projectId: project.id,
        project: toProject(project),
      });
    }
    return toProject(project);
  }

  /** project:getEDLs: the project's cuts as the contract's EDL summaries (seconds). */
  async edlSummaries(user: User, projectId: string): Promise<EdlSummary[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const rows = await this.cuts.list(project.id);
    return rows.map((row) => {
      const { events, ...fields } = cutToEdlEntity(toCut(row), row.updatedAt.toISOString());
      return { ...fields, eventCount: events.length };
    });
  }

  /** project:getEDL: one cut as the contract's Edl entity. */
  async edl(user: User, projectId: string, edlId: string): Promise<Edl> {
    const cut = await this.requireCut(user, projectId, edlId);
    return cutToEdlEntity(toCut(cut), cut.updatedAt.toISOString());
  }

  /** The new order and durations; the project when its settings changed, else null. */
  private async applyToShots(
    manager: Parameters<Parameters<CutsRepository['transaction']>[0]>[0],
    project: ProjectEntity,
    source: Cut,
    cut: Cut,
  ): Promise<ProjectEntity | null> {
    const sourceFrames = new Map<string, number>();
    for (const event of source.events) {
      const shotId = event.shotId.toLowerCase();
      if (!sourceFrames.has(shotId)) sourceFrames.set(shotId, event.duration);
    }
    const shots = inTimelineOrder(project, await this.cuts.timelineShots(project.id, manager));
    const byId = new Map(shots.map((shot) => [shot.id, shot]));
    const imported: string[] = [];
    const seen = new Set<string>();
    for (const event of cut.events) {
      const shotId = event.shotId.toLowerCase();
      const shot = byId.get(shotId);
      if (shot === undefined || seen.has(shotId)) continue;
      seen.add(shotId);
      imported.push(shotId);
      // Only a length the file changed: the cut's rounding of the timeline is not an edit.
      const before = sourceFrames.get(shotId) ?? secondsToFrames(shot.duration, cut.frameRate);
      if (before !== event.duration) {
        await this.shotRows.setDuration(
          manager,
          project.id,
          shotId,
          framesToSeconds(event.duration, cut.frameRate),
        );
      }
    }
    const order = [...imported, ...shots.map((shot) => shot.id).filter((shotId) => !seen.has(shotId))];
    const current = settingsOf(project).shotOrder;
    if (order.length === current.length && order.every((shotId, index) => current[index] === shotId)) {
      return null;
    }
    checkShotOrder(order, byId.keys());
    // `order` holds every shot of the project: each one's position is its index in it.
    await this.shotRows.applyOrder(manager, project.id, order);
    return this.projects.saveSettings(manager, project, { ...settingsOf(project), shotOrder: order });
  }

  private values(cut: Cut): Omit<CutEntity, 'createdAt' | 'updatedAt' | 'exportedAt'> {
    return {
      id: cut.id,
      projectId: cut.projectId,
      name: cut.name,
      version: cut.version,
      frameRate: cut.frameRate,
      events: cut.events,
      soundtrack: cut.soundtrack ?? null,
    };
  }

  /**
   * Puts a soundtrack under the project's cut, made for the cut's frame rate by `soundtrackFor` (the
   * audio domain's), or takes it off (null). The caller has checked the project's owner.
   */
  async setSoundtrack(
    projectId: string,
    cutId: string,
    soundtrackFor: ((frameRate: EditorialFrameRate) => Promise<CutSoundtrack>) | null,
  ): Promise<Cut> {
    const cut = await this.cuts.requireIn(projectId, cutId);
    cut.soundtrack = soundtrackFor === null ? null : await soundtrackFor(cut.frameRate as EditorialFrameRate);
    return toCut(await this.cuts.save(cut));
  }

  private async requireCut(user: User, projectId: string, cutId: string): Promise<CutEntity> {
    const project = await this.projects.requireOwned(user, projectId);
    const cut = await this.cuts.requireIn(project.id, cutId);
    return cut;
  }
}
