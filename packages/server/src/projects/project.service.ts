import { Inject, Injectable } from '@nestjs/common';
import {
  type DeletedReply,
  type Project,
  type ProjectCreate,
  type ProjectListEntry,
  type ProjectUpdates,
  parseProjectSettings,
  SERVER_EVENTS,
  type SubscriptionReply,
  type User,
} from '@reelbench/sdk/contract';
import type { EntityManager } from 'typeorm';
import { notFound } from '../common/domain-error.js';
import { parseId } from '../common/validation.js';
import { AppConfig } from '../config/config.js';
import { assertInlineImagePixels } from '../media/image-pixels.js';
import { EventsService } from '../realtime/events.service.js';
import type { AppSocket } from '../realtime/socket-types.js';
import { SeriesRepository } from '../series/series.repository.js';
import { FileUrls } from '../storage/file-urls.js';
import { isValidStorageKey, projectIdOfKey, requireKeyInScope } from '../storage/storage-key.js';
import type { ProjectEntity } from './project.entity.js';
import { type ProjectStats, toProject, toProjectListEntry } from './project.mapper.js';
import { ProjectsRepository, type ProjectValues } from './project.repository.js';

/** Runs inside the transaction deleting the project, before its row goes. */
export type ProjectDeletingListener = (manager: EntityManager, project: ProjectEntity) => Promise<void>;

/** Every method acts for a user: another user's project is 'Project not found', never its data. */
@Injectable()
export class ProjectsService {
  private readonly deletingListeners: ProjectDeletingListener[] = [];

  constructor(
    private readonly projects: ProjectsRepository,
    private readonly series: SeriesRepository,
    private readonly events: EventsService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly urls: FileUrls,
  ) {}

  /** The user's project, for this and other modules (shots, assets, script…) to check ownership. */
  async requireOwned(user: User, projectId: string): Promise<ProjectEntity> {
    const project = await this.projects.findOwned(user.id, parseId(projectId, 'Project'));
    if (project === null) throw notFound('Project');
    return project;
  }

  /** The user's project, locked for the rest of the transaction (it may have gone since a check). */
  async lockOwned(manager: EntityManager, user: User, projectId: string): Promise<ProjectEntity> {
    const project = await this.projects.lockOwned(manager, user.id, projectId);
    if (project === null) throw notFound('Project');
    return project;
  }

  /** Writes the project's settings (shot order, scenes…) inside the caller's transaction. */
  saveSettings(
    manager: EntityManager,
    project: ProjectEntity,
    settings: Record<string, unknown>,
  ): Promise<ProjectEntity> {
    return this.projects.saveSettings(manager, project, settings);
  }

  /** Shows or hides the project on the public repository page (the repository domain's toggle). */
  setRepositoryPublished(projectId: string, published: boolean): Promise<void> {
    return this.projects.setRepositoryPublished(projectId, published);
  }

  /** The soundtrack's URL and key on the project's row, inside the caller's transaction (audio's). */
  setAudio(manager: EntityManager, projectId: string, audioUrl: string, key: string): Promise<void> {
    return this.projects.setAudio(manager, projectId, audioUrl, key);
  }

  /** Clears the project's audio columns, inside the caller's transaction (audio's). */
  clearAudio(manager: EntityManager, projectId: string): Promise<void> {
    return this.projects.clearAudio(manager, projectId);
  }

  /** Without an owner check: for jobs, whose owner was checked when they were queued. */
  findById(projectId: string): Promise<ProjectEntity | null> {
    return this.projects.findById(projectId);
  }

  async list(user: User): Promise<ProjectListEntry[]> {
    return this.withPosters(await this.projects.listWithStats(user.id));
  }

  async listBySeries(user: User, seriesId: string): Promise<ProjectListEntry[]> {
    const id = await this.requireSeries(user, seriesId);
    return this.withPosters(await this.projects.listWithStats(user.id, id));
  }

  /** Each project's card image: its first frame, signed now; a key outside the project is not served. */
  private withPosters(
    rows: { project: ProjectEntity; stats: ProjectStats; posterKey: string | null }[],
  ): Promise<ProjectListEntry[]> {
    return Promise.all(
      rows.map(async ({ project, stats, posterKey }) => {
        const poster =
          posterKey !== null && isValidStorageKey(posterKey) && projectIdOfKey(posterKey) === project.id
            ? await this.urls.displayUrl(posterKey)
            : null;
        return toProjectListEntry(project, { ...stats, poster });
      }),
    );
  }

  async get(user: User, projectId: string): Promise<Project> {
    return toProject(await this.requireOwned(user, projectId));
  }

  async create(user: User, input: ProjectCreate): Promise<Project> {
    await assertInlineImagePixels(input.thumbnail, 'thumbnail', this.config.limits.imagePixels);
    const seriesId = input.series_id ? await this.requireSeries(user, input.series_id) : null;
    const entity = await this.projects.insert({
      ownerId: user.id,
      name: input.name,
      description: input.description ?? null,
      thumbnail: input.thumbnail ?? null,
      seriesId,
      settings: input.settings ?? parseProjectSettings({}),
    });
    const project = toProject(entity);
    this.events.toProjectAndOwner(entity, SERVER_EVENTS.projectCreated, { projectId: project.id, project });
    return project;
  }

  async update(user: User, projectId: string, updates: ProjectUpdates): Promise<Project> {
    const existing = await this.requireOwned(user, projectId);
    await assertInlineImagePixels(updates.thumbnail, 'thumbnail', this.config.limits.imagePixels);
    const values: ProjectValues = {};
    if (updates.name !== undefined) values.name = updates.name;
    if (updates.description !== undefined) values.description = updates.description;
    if (updates.thumbnail !== undefined) values.thumbnail = updates.thumbnail;
    if (updates.audio_url !== undefined) values.audioUrl = updates.audio_url;
    if (updates.audio_s3_key !== undefined) {
      if (updates.audio_s3_key !== null)
        requireKeyInScope(updates.audio_s3_key, { projectId: existing.id }, 'audio_s3_key');
      values.audioS3Key = updates.audio_s3_key;
    }
    if (updates.settings !== undefined) values.settings = updates.settings;
    if (updates.series_id !== undefined) {
      values.seriesId = updates.series_id === null ? null : await this.requireSeries(user, updates.series_id);
    }
    const entity = await this.projects.update(existing, values);
    const project = toProject(entity);
    this.events.toProjectAndOwner(entity, SERVER_EVENTS.projectUpdated, { projectId: project.id, project });
    return project;
  }

  /**
   * A domain building on projects acts on its own rows in the deleting transaction, before the
   * project's row goes (assets: series-level assets pass to another episode).
   */
  onDeleting(listener: ProjectDeletingListener): void {
    this.deletingListeners.push(listener);
  }

  async remove(user: User, projectId: string): Promise<DeletedReply> {
    const existing = await this.requireOwned(user, projectId);
    await this.projects.delete(existing, async (manager) => {
      for (const listener of this.deletingListeners) await listener(manager, existing);
    });
    this.events.toProjectAndOwner(existing, SERVER_EVENTS.projectDeleted, { projectId: existing.id });
    this.events.closeProjectRoom(existing.id);
    return { id: existing.id, deleted: true };
  }

  /** Only the owner's sockets may join a project's room. */
  async subscribe(user: User, projectId: string, socket: AppSocket): Promise<SubscriptionReply> {
    const project = await this.requireOwned(user, projectId);
    await this.events.joinProject(socket, project.id);
    return { projectId: project.id, subscribed: true };
  }

  async unsubscribe(user: User, projectId: string, socket: AppSocket): Promise<SubscriptionReply> {
    const project = await this.requireOwned(user, projectId);
    await this.events.leaveProject(socket, project.id);
    return { projectId: project.id, subscribed: false };
  }

  /** Edit decision lists arrive with the editorial work; until then the owner hears so. */
  private async requireSeries(user: User, seriesId: string): Promise<string> {
    const series = await this.series.findOwned(user.id, parseId(seriesId, 'Series'));
    if (series === null) throw notFound('Series');
    return series.id;
  }
}
