import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  type Asset,
  type AssetType,
  type Cast,
  type CastMember,
  type CreateCastReply,
  type FramingType,
  type Job,
  MESSAGES,
  type ShotAssetPlacement,
  type User,
} from '@reelbench/sdk/contract';
import { castKey, type ScriptCastMember, scriptCast } from '@reelbench/sdk/screenplay';
import type { AssetEntity } from '../assets/asset.entity.js';
import { storedConfig } from '../assets/asset.mapper.js';
import { AssetsService } from '../assets/asset.service.js';
import { AssetGenerationService } from '../assets/asset-generation.service.js';
import { readImages } from '../assets/asset-images.js';
import { throwIfCancelled } from '../generation/generation.errors.js';
import { JobsService } from '../jobs/job.service.js';
import type { JobContext } from '../jobs/job-handlers.js';
import type { JobPayloads } from '../jobs/job-types.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { ProjectsService } from '../projects/project.service.js';
import { castPlacements, mergePlacements } from '../script/first-pass.plan.js';
import { ScriptService } from '../script/script.service.js';
import type { ShotEntity } from '../shots/shot.entity.js';
import { ShotsRepository } from '../shots/shot.repository.js';
import { ShotsService } from '../shots/shot.service.js';

export const CAST_JOB_TYPE = 'project:create-cast';
type CastJobPayload = JobPayloads[typeof CAST_JOB_TYPE];

/** The project's assets by cast type and key, found the way the director links them. */
class CastIndex {
  private readonly byKey = new Map<string, AssetEntity>();

  constructor(assets: readonly AssetEntity[]) {
    for (const asset of assets) {
      const key = `${asset.type}:${castKey(asset.name)}`;
      if (!this.byKey.has(key)) this.byKey.set(key, asset);
    }
  }

  /** 'POLICE STATION - INTERROGATION ROOM' is also the location 'Police station'. */
  find(type: string, name: string): AssetEntity | undefined {
    const key = castKey(name);
    const found = this.byKey.get(`${type}:${key}`);
    if (found || type !== 'location') return found;
    return this.byKey.get(`${type}:${key.split(' - ')[0] ?? key}`);
  }

  add(asset: AssetEntity): void {
    this.byKey.set(`${asset.type}:${castKey(asset.name)}`, asset);
  }
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The names a first-pass shot recorded: who is in it, where, and what it is about. */
function shotNames(shot: ShotEntity): { characters: string[]; location: string; props: string[] } | null {
  const metadata = shot.metadata ?? {};
  if (!shot.firstPass || typeof metadata.sceneNumber !== 'number') return null;
  return {
    characters: stringList(metadata.characters),
    location: typeof metadata.location === 'string' ? metadata.location : '',
    props: stringList(metadata.props),
  };
}

/**
 * The cast from the script (issue 14): the characters, locations and props the saved script names
 * become assets described from the script, optionally get their default images in one job, and are
 * placed on the first-pass shots that name them, laid out by the shot's framing. Idempotent: a
 * member that already has an asset (by name, as the director links them) is never created again,
 * and a placement already on a shot stays where the user put it.
 */
@Injectable()
export class CastService implements OnModuleInit {
  /** One run per project at a time on this process, so two clicks cannot create a member twice. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly projects: ProjectsService,
    private readonly scripts: ScriptService,
    private readonly assets: AssetsService,
    private readonly generation: AssetGenerationService,
    private readonly shots: ShotsRepository,
    private readonly shotsService: ShotsService,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(CAST_JOB_TYPE, { run: (ctx) => this.runGenerate(ctx) });
  }

  async cast(user: User, projectId: string): Promise<Cast> {
    const project = await this.projects.requireOwned(user, projectId);
    const { members, index, shots } = await this.read(project);
    return this.present(project, members, index, shots);
  }

  createCast(
    user: User,
    projectId: string,
    options: { generate: boolean; provider?: string | undefined },
  ): Promise<CreateCastReply> {
    const previous = this.running.get(projectId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.create(user, projectId, options));
    this.running.set(projectId, run);
    return run.finally(() => {
      if (this.running.get(projectId) === run) this.running.delete(projectId);
    });
  }

  private async create(
    user: User,
    projectId: string,
    options: { generate: boolean; provider?: string | undefined },
  ): Promise<CreateCastReply> {
    const project = await this.projects.requireOwned(user, projectId);
    const { members, index, shots } = await this.read(project);
    const created: Asset[] = [];
    for (const member of members) {
      if (index.find(member.type, member.key)) continue;
      const asset = await this.assets.create(user, {
        projectId: project.id,
        type: member.type as AssetType,
        name: member.name,
        description: member.description,
      });
      created.push(asset);
      index.add(await this.assets.findForJob(user.id, asset.id));
    }
    const placedShotIds = await this.place(user, shots, index);
    let job: Job | null = null;
    if (options.generate) {
      const missingImages = members.flatMap((member) => {
        const asset = index.find(member.type, member.key);
        if (asset === undefined) return [];
        const images = readImages(asset.images);
        return images[storedConfig(asset).defaultImageKey]?.s3Key ? [] : [asset.id];
      });
      if (missingImages.length > 0) {
        job = await this.jobs.runAndWait(
          {
            user,
            projectId: project.id,
            type: CAST_JOB_TYPE,
            payload: { assetIds: missingImages, ...(options.provider ? { provider: options.provider } : {}) },
          },
          MESSAGES.imageGenerationFailed,
        );
      }
    }
    const after = await this.read(project);
    return {
      cast: this.present(project, after.members, after.index, after.shots),
      created: await Promise.all(created.map((asset) => this.assets.getById(user, asset.id))),
      placedShotIds,
      job,
    };
  }

  /** The default image of each asset in turn, with progress after each. */
  private async runGenerate(ctx: JobContext<CastJobPayload>): Promise<{ generated: string[] }> {
    const previous = ctx.previousResult as { generated?: string[] } | undefined;
    const generated = [...(previous?.generated ?? [])];
    const total = ctx.payload.assetIds.length;
    for (const assetId of ctx.payload.assetIds) {
      if (generated.includes(assetId)) continue;
      throwIfCancelled(ctx.signal);
      await this.generation.renderDefaultInJob(ctx, assetId, ctx.payload.provider);
      generated.push(assetId);
      await ctx.progress((generated.length / total) * 100, {
        message: `Generated ${generated.length}/${total} cast images`,
        result: { generated },
      });
    }
    return { generated };
  }

  private async read(project: ProjectEntity) {
    // The cast comes from the director's own reading of the script, whichever breakdown provider
    // made the shots.
    const members = scriptCast(await this.scripts.savedScreenplay(project));
    const index = new CastIndex(await this.shots.accessibleAssets(project));
    const ids = await this.shots.idsOf(this.shots.manager, project.id);
    const shots = (await this.shots.findIn(project.id, ids)).filter((shot) => shotNames(shot) !== null);
    return { members, index, shots };
  }

  /** Places the cast on each first-pass shot naming it; the ids of the shots that changed. */
  private async place(user: User, shots: readonly ShotEntity[], index: CastIndex): Promise<string[]> {
    const changed: string[] = [];
    for (const shot of shots) {
      const names = shotNames(shot);
      if (names === null) continue;
      const ids = (type: string, list: string[]) => [
        ...new Set(list.flatMap((name) => index.find(type, name)?.id ?? [])),
      ];
      const laidOut = castPlacements((shot.framing ?? null) as FramingType | null, {
        characters: ids('character', names.characters),
        location: names.location ? (index.find('location', names.location)?.id ?? null) : null,
        props: ids('prop', names.props),
      });
      const current = shot.assets as ShotAssetPlacement[];
      const next = mergePlacements(current, laidOut, true);
      if (JSON.stringify(next) === JSON.stringify(current)) continue;
      await this.shotsService.update(user, shot.id, { assets: next });
      changed.push(shot.id);
    }
    return changed;
  }

  private present(
    project: ProjectEntity,
    members: readonly ScriptCastMember[],
    index: CastIndex,
    shots: readonly ShotEntity[],
  ): Cast {
    const named = shots.flatMap((shot) => {
      const names = shotNames(shot);
      return names ? [names] : [];
    });
    const list: CastMember[] = members.map((member) => {
      const key = member.key;
      const count = named.filter((names) => {
        if (member.type === 'character') return names.characters.some((name) => castKey(name) === key);
        if (member.type === 'location') return castKey(names.location) === key;
        return names.props.some((name) => castKey(name) === key);
      }).length;
      return {
        type: member.type,
        name: member.name,
        description: member.description,
        assetId: index.find(member.type, key)?.id ?? null,
        shotCount: count,
      };
    });
    return { projectId: project.id, members: list, missing: list.filter((m) => m.assetId === null).length };
  }
}
