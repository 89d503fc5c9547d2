import { Injectable } from '@nestjs/common';
import {
  BUILT_IN_STYLE_PACKAGES,
  DEFAULT_STYLE_PACKAGE_ID,
  isBuiltInStyle,
  STYLE_LIMITS,
  type StyleChangeReply,
  type StyleDeletedReply,
  type StylePackage,
  type StylePackageCreate,
  type StylePackageUpdates,
  stylePackageCreateSchema,
  stylePackageUpdatesSchema,
  type User,
} from '@reelbench/sdk/contract';
import { notFound, validation } from '../common/domain-error.js';
import { parse } from '../common/validation.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import type { ShotEntity } from '../shots/shot.entity.js';
import { ShotsService } from '../shots/shot.service.js';
import { FileUrls } from '../storage/file-urls.js';
import { projectIdOfKey, requireKeyInScope } from '../storage/storage-key.js';
import { StylesRepository } from './style.repository.js';
import type { StylePackageEntity } from './style-package.entity.js';

export const STYLE_MESSAGES = {
  builtInReadOnly: 'Built-in style packages are read-only: duplicate one to make your own',
  tooMany: `A project holds at most ${STYLE_LIMITS.packagesPerProject} style packages`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Style packages: the built-in four (constants, read-only) and each project's own, owner-checked
 * through the project. A change to an own package makes the images of exactly the shots using it
 * stale (the package is part of their image fingerprint); they are announced with shot:updated.
 */
@Injectable()
export class StylesService {
  constructor(
    private readonly styles: StylesRepository,
    private readonly projects: ProjectsService,
    private readonly shots: ShotsService,
    private readonly urls: FileUrls,
  ) {}

  async list(user: User, projectId: string): Promise<StylePackage[]> {
    const project = await this.projects.requireOwned(user, projectId);
    const [own, usage] = await Promise.all([this.styles.list(project.id), this.shots.styleUsage(project.id)]);
    const builtIn = BUILT_IN_STYLE_PACKAGES.map((entry) => ({
      ...entry,
      // A shot without a package renders with the default one.
      shotCount: usage.get(entry.id) ?? 0,
    }));
    return [...builtIn, ...(await Promise.all(own.map((entity) => this.present(entity, usage))))];
  }

  async get(user: User, projectId: string, styleId: string): Promise<StylePackage> {
    const project = await this.projects.requireOwned(user, projectId);
    const usage = await this.shots.styleUsage(project.id);
    if (isBuiltInStyle(styleId)) return this.builtIn(styleId, usage);
    return this.present(await this.requireOwn(project, styleId), usage);
  }

  async create(user: User, projectId: string, input: StylePackageCreate): Promise<StylePackage> {
    const project = await this.projects.requireOwned(user, projectId);
    const fields = parse(stylePackageCreateSchema, input);
    const referenceKeys = this.checkedKeys(project, fields.referenceImageKeys);
    await this.checkRoom(project);
    const defaults = BUILT_IN_STYLE_PACKAGES.find((entry) => entry.id === DEFAULT_STYLE_PACKAGE_ID);
    const entity = await this.styles.insert({
      projectId: project.id,
      name: fields.name,
      look: fields.look,
      grade: fields.grade ?? (defaults as StylePackage).grade,
      referenceKeys,
      basedOn: null,
    });
    return this.present(entity, new Map());
  }

  async duplicate(user: User, projectId: string, styleId: string, name?: string): Promise<StylePackage> {
    const project = await this.projects.requireOwned(user, projectId);
    const source = isBuiltInStyle(styleId)
      ? this.builtIn(styleId, new Map())
      : await this.present(await this.requireOwn(project, styleId), new Map());
    await this.checkRoom(project);
    const entity = await this.styles.insert({
      projectId: project.id,
      name: (name?.trim() || `${source.name} copy`).slice(0, 200),
      look: source.look,
      grade: source.grade,
      referenceKeys: source.referenceImages.map((image) => image.key),
      basedOn: source.builtIn ? source.id : source.basedOn,
    });
    return this.present(entity, new Map());
  }

  async update(
    user: User,
    projectId: string,
    styleId: string,
    updates: StylePackageUpdates,
  ): Promise<StyleChangeReply> {
    const project = await this.projects.requireOwned(user, projectId);
    if (isBuiltInStyle(styleId)) throw validation(STYLE_MESSAGES.builtInReadOnly);
    const fields = parse(stylePackageUpdatesSchema, updates);
    const existing = await this.requireOwn(project, styleId);
    const values: Partial<StylePackageEntity> = {};
    if (fields.name !== undefined) values.name = fields.name;
    if (fields.look !== undefined) values.look = fields.look;
    if (fields.grade !== undefined) values.grade = fields.grade;
    if (fields.referenceImageKeys !== undefined)
      values.referenceKeys = this.checkedKeys(project, fields.referenceImageKeys);
    const saved = await this.styles.update(existing, values);
    const staleShotIds = await this.announceShots(await this.shots.usingStyle(project.id, saved.id));
    const usage = await this.shots.styleUsage(project.id);
    return { package: await this.present(saved, usage), staleShotIds };
  }

  async remove(user: User, projectId: string, styleId: string): Promise<StyleDeletedReply> {
    const project = await this.projects.requireOwned(user, projectId);
    if (isBuiltInStyle(styleId)) throw validation(STYLE_MESSAGES.builtInReadOnly);
    const existing = await this.requireOwn(project, styleId);
    const released = await this.styles.transaction(async (manager) => {
      const shots = await this.shots.releaseStyle(manager, existing.projectId, existing.id);
      await this.styles.delete(existing, manager);
      return shots;
    });
    return { id: existing.id, deleted: true, staleShotIds: await this.announceShots(released) };
  }

  /** Announces the shots (shot:updated, with their fresh stale flags); the ids of those now stale. */
  private async announceShots(shots: ShotEntity[]): Promise<string[]> {
    if (shots.length === 0) return [];
    const presented = await this.shots.announceAllUpdated(shots);
    return presented.filter((shot) => shot.image_stale).map((shot) => shot.id);
  }

  private async requireOwn(project: ProjectEntity, styleId: string): Promise<StylePackageEntity> {
    const found = UUID.test(styleId) ? await this.styles.find(project.id, styleId.toLowerCase()) : null;
    if (found === null) throw notFound('Style package');
    return found;
  }

  private async checkRoom(project: ProjectEntity): Promise<void> {
    if ((await this.styles.count(project.id)) >= STYLE_LIMITS.packagesPerProject)
      throw validation(STYLE_MESSAGES.tooMany);
  }

  /** Every reference image key must be a stored object of this project. */
  private checkedKeys(project: ProjectEntity, keys: readonly string[]): string[] {
    return [
      ...new Set(
        keys.map((key, index) =>
          requireKeyInScope(key, { projectId: project.id }, `referenceImageKeys.${index}`),
        ),
      ),
    ];
  }

  private builtIn(id: string, usage: ReadonlyMap<string, number>): StylePackage {
    const found = BUILT_IN_STYLE_PACKAGES.find((entry) => entry.id === id) as StylePackage;
    return { ...found, shotCount: usage.get(id) ?? 0 };
  }

  private async present(
    entity: StylePackageEntity,
    usage: ReadonlyMap<string, number>,
  ): Promise<StylePackage> {
    const referenceImages = await Promise.all(
      entity.referenceKeys
        .filter((key) => projectIdOfKey(key) === entity.projectId)
        .map(async (key) => ({ key, url: await this.urls.displayUrl(key) })),
    );
    return {
      id: entity.id,
      projectId: entity.projectId,
      name: entity.name,
      look: entity.look,
      grade: entity.grade,
      referenceImages,
      builtIn: false,
      basedOn: entity.basedOn,
      shotCount: usage.get(entity.id) ?? 0,
      createdAt: entity.createdAt.toISOString(),
      updatedAt: entity.updatedAt.toISOString(),
    };
  }
}
