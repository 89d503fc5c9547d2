import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type EmergencySave,
  type ProjectSave,
  type ProjectSaveResult,
  type ProjectSettings,
  projectSaveResultSchema,
  ReelbenchError,
  SERVER_EVENTS,
  SERVER_MESSAGES,
  type User,
} from '@reelbench/sdk/contract';
import type { EntityManager } from 'typeorm';
import { AuthService } from '../auth/auth.service.js';
import { notFound, unauthenticated, validation } from '../common/domain-error.js';
import { AppConfig } from '../config/config.js';
import { assertInlineImagePixels } from '../media/image-pixels.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { ScriptsRepository } from '../script/script.repository.js';
import { scriptFormatOf } from '../script/script.service.js';
import { SHOT_IMAGE_URL_FIELDS, SHOT_KEY_FIELDS } from '../shots/shot.mapper.js';
import { ShotsRepository } from '../shots/shot.repository.js';
import { checkShotOrder, settingsOf, withShotsAppended, withShotsRemoved } from '../shots/shot-order.js';
import { requireKeyFields } from '../storage/storage-key.js';
import { ProjectSavesRepository } from './project-save.repository.js';

/** Duplicate ids would make one multi-row statement touch a row twice: refuse them up front. */
function checkIds(input: ProjectSave): void {
  const ids = input.shots.flatMap((shot) => (shot.id === undefined ? [] : [shot.id]));
  const saved = new Set(ids);
  if (saved.size !== ids.length) throw validation(SERVER_MESSAGES.shotSavedTwice);
  if (input.deletedShotIds?.some((id) => saved.has(id)))
    throw validation(SERVER_MESSAGES.shotSavedAndDeleted);
}

/**
 * The project save (SPEC.md section 4): dirty shots, deletions, script and settings in ONE
 * transaction, idempotent by saveId. Shots are written with multi-row statements, never one per shot.
 */
@Injectable()
export class ProjectSaveService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly shots: ShotsRepository,
    private readonly scripts: ScriptsRepository,
    private readonly saves: ProjectSavesRepository,
    private readonly auth: AuthService,
    private readonly events: EventsService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async save(user: User, projectId: string, input: ProjectSave): Promise<ProjectSaveResult> {
    const project = await this.projects.requireOwned(user, projectId);
    checkIds(input);
    const saved = await this.shots.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, project.id);
      if (!(await this.saves.claim(manager, input.saveId, locked.id))) return undefined;
      return this.apply(manager, locked, input);
    });
    if (saved === undefined) return this.replay(input.saveId, project.id);
    const { project: entity, result } = saved;
    this.events.toProjectAndOwner(entity, SERVER_EVENTS.projectUpdated, {
      projectId: entity.id,
      project: toProject(entity),
    });
    return result;
  }

  /**
   * navigator.sendBeacon on unload cannot set headers: the token comes from the bearer header or the
   * body. Without a save there is nothing to write (accepted: false).
   */
  async emergencySave(bearer: string | undefined, input: EmergencySave): Promise<{ accepted: boolean }> {
    const token = bearer ?? input.token;
    if (token === undefined) throw unauthenticated();
    const { user } = await this.auth.authenticate(token);
    if (input.save === undefined) {
      await this.projects.requireOwned(user, input.projectId);
      return { accepted: false };
    }
    await this.save(user, input.projectId, input.save);
    return { accepted: true };
  }

  private async apply(
    manager: EntityManager,
    project: ProjectEntity,
    input: ProjectSave,
  ): Promise<{ project: ProjectEntity; result: ProjectSaveResult }> {
    const savedIds = await this.writeShots(manager, project.id, input);
    const deletedIds = await this.shots.deleteIn(manager, project.id, input.deletedShotIds ?? []);
    if (input.script !== undefined) {
      const { content } = input.script;
      await this.scripts.upsert({ projectId: project.id, content, format: scriptFormatOf(content) }, manager);
    }
    const settings = await this.nextSettings(manager, project, input, savedIds, deletedIds);
    const entity = await this.projects.saveSettings(manager, project, settings);
    const result: ProjectSaveResult = {
      projectId: project.id,
      savedShots: savedIds.length,
      deletedShots: deletedIds.length,
      savedAt: entity.updatedAt.toISOString(),
      saveId: input.saveId,
    };
    await this.saves.record(manager, result);
    return { project: entity, result };
  }

  /** Upserts every shot; an id of another project writes nothing and is 'Shot not found'. */
  private async writeShots(manager: EntityManager, projectId: string, input: ProjectSave): Promise<string[]> {
    if (input.shots.length === 0) return [];
    for (const [index, shot] of input.shots.entries()) {
      requireKeyFields(shot, SHOT_KEY_FIELDS, projectId, `shots.${index}.`);
      for (const field of SHOT_IMAGE_URL_FIELDS)
        await assertInlineImagePixels(shot[field], `shots.${index}.${field}`, this.config.limits.imagePixels);
    }
    const next = await this.shots.nextPosition(manager, projectId);
    const writes = input.shots.map(({ id, ...fields }, index) => ({
      id: id ?? randomUUID(),
      projectId,
      fields,
      position: next + index,
    }));
    const savedIds = await this.shots.write(manager, writes, 'upsert');
    if (savedIds.length !== writes.length) throw notFound('Shot');
    return savedIds;
  }

  /** Given settings replace the stored ones (checked like a reorder); otherwise the order follows the shots. */
  private async nextSettings(
    manager: EntityManager,
    project: ProjectEntity,
    input: ProjectSave,
    savedIds: string[],
    deletedIds: string[],
  ): Promise<ProjectSettings> {
    if (input.settings === undefined) {
      return withShotsRemoved(withShotsAppended(settingsOf(project), savedIds), deletedIds);
    }
    checkShotOrder(
      input.settings.shotOrder,
      await this.shots.idsOf(manager, project.id),
      input.settings.scenes,
    );
    await this.shots.applyOrder(manager, project.id, input.settings.shotOrder);
    return input.settings;
  }

  /** The stored answer of a save that already happened; nothing is written again. */
  private async replay(saveId: string, projectId: string): Promise<ProjectSaveResult> {
    const stored = await this.saves.find(saveId);
    if (stored === null) throw notFound('Save');
    if (stored.projectId !== projectId) {
      throw new ReelbenchError({ code: 'CONFLICT_ERROR', message: SERVER_MESSAGES.saveIdReused });
    }
    return projectSaveResultSchema.parse(stored.result);
  }
}
