import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AssetType,
  type FirstPassChange,
  type FirstPassResponse,
  type FirstPassShot,
  type FirstPassUpdate,
  firstPassShotDuration,
  SCENE_COLORS,
  SERVER_EVENTS,
  type ShotAssetPlacement,
  type ShotSource,
  type StyleGuide,
  shotFieldsSchema,
  type UndoRevision,
  type UndoRevisionReply,
  type User,
} from '@reelbench/sdk/contract';
import {
  type FirstPassResult,
  paginate,
  parseScript,
  type Screenplay,
  shotSources,
  toFountain,
} from '@reelbench/sdk/screenplay';
import type { EntityManager } from 'typeorm';
import type { BreakdownProvider } from '../breakdown/breakdown.types.js';
import { notFound } from '../common/domain-error.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import type { ShotEntity } from '../shots/shot.entity.js';
import { SCRIPT_CHANGED_INPUTS, type ShotValues, shotValues, toNewShot } from '../shots/shot.mapper.js';
import { type FirstPassShotRow, ShotsRepository, type ShotWrite } from '../shots/shot.repository.js';
import { ShotsService } from '../shots/shot.service.js';
import { checkShotOrder, settingsOf } from '../shots/shot-order.js';
import { mergePlacements, placementsByShot, planFirstPass, selectScenes } from './first-pass.plan.js';
import { planRevision, type RevisedShot, type Revision } from './first-pass.revise.js';
import { ScriptService } from './script.service.js';
import { ScriptVersionsService } from './script-version.service.js';

export interface FirstPassOptions {
  /** Script text to direct instead of the project's saved script (not saved). */
  content?: string | undefined;
  /** Only these scenes: their previous first-pass shots are replaced, the others stay. */
  sceneNumbers?: number[] | undefined;
  /**
   * 'revise' keeps what the script edit did not touch; 'replace' makes every first-pass shot anew.
   * Default: revise when the project has first-pass shots that know their source (never with
   * sceneNumbers or content, which replace).
   */
  update?: FirstPassUpdate | undefined;
  /** Plan and answer, writing nothing. */
  dryRun?: boolean | undefined;
}

/** How long a shot a revise removed stays in the project's trash, restorable. */
export const SHOT_TRASH_DAYS = 7;

/** Why a revise moved a shot to the trash. */
const TRASH_REASON = 'script revision';

/** The columns a revise rewrites on a shot whose script text changed (its media and style stay). */
const CHANGED_PROPERTIES = [
  'name',
  'description',
  'duration',
  'startTime',
  'prompt',
  'action',
  'scriptText',
  'framing',
  'cameraMove',
  'sceneId',
  'assets',
  'metadata',
  'source',
] as const satisfies readonly (keyof ShotValues)[];

/** The columns a revise brings up to date on a kept shot: where it sits in the script, nothing shown in it. */
const KEPT_PROPERTIES = ['sceneId', 'metadata', 'source'] as const satisfies readonly (keyof ShotValues)[];

/** Why an undone revise's new shots went to the trash. */
const UNDO_TRASH_REASON = 'revision undone';

/**
 * What a revise writes into `metadata.revision` of each shot it adds, changes or moves: its id, and
 * the values it overwrote (for script:undoRevision) or that it added the shot.
 */
interface RevisionMark {
  id: string;
  added?: true;
  before?: Record<string, unknown>;
}

/** The shot's metadata without a revise's mark. */
function unmarked(metadata: Record<string, unknown> | null): Record<string, unknown> {
  const { revision: _mark, ...rest } = metadata ?? {};
  return rest;
}

/** The values of `properties` a revise is about to overwrite on a shot. */
function valuesBefore(
  entity: ShotEntity,
  properties: readonly (keyof ShotValues)[],
): Record<string, unknown> {
  return Object.fromEntries(
    properties.map((property) => [
      property,
      property === 'metadata' ? unmarked(entity.metadata) : (entity[property as keyof ShotEntity] ?? null),
    ]),
  );
}

/** The sources of the project's first-pass shots: recorded, else worked out from what older passes stored. */
function previousSources(entities: readonly ShotEntity[]): RevisedShot[] {
  const legacy = entities.filter((entity) => entity.source === null);
  const worked = shotSources(
    legacy.map((entity) => ({
      script_text: entity.scriptText ?? '',
      sceneNumber: Math.max(1, Number(entity.metadata?.sceneNumber) || 1),
      sceneHeading: typeof entity.metadata?.sceneHeading === 'string' ? entity.metadata.sceneHeading : '',
    })),
  );
  const workedOf = new Map(legacy.map((entity, k) => [entity.id, worked[k] as ShotSource]));
  return entities.map((entity) => ({
    id: entity.id,
    sceneId: entity.sceneId,
    source: (entity.source as ShotSource | null) ?? (workedOf.get(entity.id) as ShotSource),
    scriptText: entity.scriptText ?? '',
  }));
}

function firstPassRow(entity: ShotEntity): FirstPassShotRow {
  const sceneNumber = Number(entity.metadata?.sceneNumber);
  return {
    id: entity.id,
    sceneId: entity.sceneId,
    sceneNumber: Number.isInteger(sceneNumber) ? sceneNumber : null,
    scriptText: entity.scriptText ?? '',
    framing: entity.framing,
    placements: entity.assets as ShotAssetPlacement[],
  };
}

/** JSON with object keys sorted: jsonb hands keys back in its own order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** What a pass works from, inside its transaction. */
interface PassContext {
  locked: ProjectEntity;
  entities: ShotEntity[];
  pass: FirstPassResult;
  sources: ShotSource[];
  laidOut: ShotAssetPlacement[][];
  styleGuide: StyleGuide;
  dryRun: boolean;
}

/** What a pass did (or, dry, would do). */
interface PassOutcome {
  update: FirstPassUpdate;
  project: ProjectEntity;
  ids: string[];
  sceneIds: string[];
  kept: string[];
  changed: string[];
  added: string[];
  removed: string[];
  writes: ShotWrite[];
  updated: ShotEntity[];
  shotOrder: string[];
  settingsChanged: boolean;
  /** Whether new shots go out as shot:created too. */
  created: boolean;
  /** A revise's changed, added and removed shots with their text. */
  changes?: FirstPassChange[];
  /** The applied revise's id (script:undoRevision). */
  revision?: string;
}

/** SPEC.md section 5: scene colours are chosen at random from the theme's colours. */
function randomSceneColor(): string {
  return SCENE_COLORS[randomInt(SCENE_COLORS.length)] as string;
}

function shotWrite(
  projectId: string,
  id: string,
  shot: FirstPassShot,
  sceneId: string,
  assets: ShotAssetPlacement[],
  styleGuide: StyleGuide,
  source: ShotSource,
): ShotWrite {
  const fields = shotFieldsSchema.parse({
    name: shot.name,
    description: shot.description,
    duration: firstPassShotDuration(shot),
    start_time: shot.startTime,
    prompt: shot.prompt,
    action: shot.action,
    script_text: shot.script_text,
    framing: shot.framing,
    camera_move: shot.camera_move,
    scene_id: sceneId,
    assets,
    // What the shot's images are rendered with: the pass's style and aspect ratio.
    style_package_id: styleGuide.style,
    composition_settings: { aspect: styleGuide.aspect },
  });
  const metadata = {
    sceneNumber: shot.sceneNumber,
    sceneHeading: shot.sceneHeading,
    characters: shot.characters,
    location: shot.location,
    props: shot.props ?? [],
  };
  // The position comes from the new shot order, set in the same transaction.
  return { id, projectId, fields, position: 0, firstPass: true, metadata, source };
}

/** The previous first-pass shots this pass replaces: all of them, or those of the scenes asked for. */
function replacedShots(previous: FirstPassShotRow[], options: FirstPassOptions): FirstPassShotRow[] {
  if (options.sceneNumbers === undefined) return previous;
  const wanted = new Set(options.sceneNumbers);
  return previous.filter((shot) => shot.sceneNumber !== null && wanted.has(shot.sceneNumber));
}

/**
 * Each new shot's placements: the cast laid out by framing, where a replaced shot made from the same
 * script text at the same framing in the same scene keeps the placement of every asset that still
 * applies (a user's adjustment survives a re-run).
 */
function keptPlacements(
  shots: readonly FirstPassShot[],
  laidOut: ShotAssetPlacement[][],
  replaced: readonly FirstPassShotRow[],
): ShotAssetPlacement[][] {
  const claimed = new Set<string>();
  return shots.map((shot, i) => {
    const match = replaced.find(
      (old) =>
        !claimed.has(old.id) &&
        old.sceneNumber === shot.sceneNumber &&
        old.framing === shot.framing &&
        old.scriptText === shot.script_text,
    );
    if (match === undefined) return laidOut[i] ?? [];
    claimed.add(match.id);
    return mergePlacements(match.placements, laidOut[i] ?? [], false);
  });
}

/**
 * The first pass (SPEC.md section 4): the screenplay engine's director turns the project's script
 * into shots, which replace the previous pass's shots in one transaction.
 */
/** Injection token of the BreakdownProvider chosen by config.breakdown. */
export const BREAKDOWN_PROVIDER = Symbol('BreakdownProvider');

@Injectable()
export class FirstPassService {
  constructor(
    @Inject(BREAKDOWN_PROVIDER) private readonly director: BreakdownProvider,
    private readonly projects: ProjectsService,
    private readonly scripts: ScriptService,
    private readonly shots: ShotsRepository,
    private readonly shotsService: ShotsService,
    private readonly events: EventsService,
    private readonly versions: ScriptVersionsService,
  ) {}

  /** The shots the director would make, written nowhere. */
  async breakdown(user: User, projectId: string, styleGuide: StyleGuide): Promise<FirstPassResponse> {
    const project = await this.projects.requireOwned(user, projectId);
    return this.direct(project, await this.scripts.savedScreenplay(project), styleGuide);
  }

  /**
   * Directs the script and writes the shots, scenes and order: a revision of the shots already made
   * from the script, or a replacement of them (FirstPassOptions.update). An empty script (or one
   * without shots) answers no shots and writes nothing: the client's 'No Shots Generated' case.
   */
  async generate(
    user: User,
    projectId: string,
    styleGuide: StyleGuide,
    options: FirstPassOptions = {},
  ): Promise<FirstPassResponse> {
    const project = await this.projects.requireOwned(user, projectId);
    // A pass on the saved script keeps that script as a version; text given with the request is not kept.
    const saved = options.content === undefined ? await this.scripts.savedScript(project) : null;
    const screenplay = saved?.screenplay ?? parseScript(options.content ?? '', 'auto');
    const pass = selectScenes(await this.direct(project, screenplay, styleGuide), options.sceneNumbers);
    if (pass.shots.length === 0) return { shots: [], scenes: [], missingAssets: pass.missingAssets };

    const sources = shotSources(pass.shots);
    const laidOut = placementsByShot(pass.shots, pass.linkedAssets);
    const dryRun = options.dryRun === true;
    const outcome: PassOutcome = await this.shots.transaction(async (manager): Promise<PassOutcome> => {
      const locked = await this.projects.lockOwned(manager, user, project.id);
      const entities = await this.shots.firstPassEntities(manager, locked.id);
      const whole = options.sceneNumbers === undefined && options.content === undefined;
      const update: FirstPassUpdate =
        whole && options.update !== 'replace'
          ? (options.update ?? (entities.some((entity) => entity.source !== null) ? 'revise' : 'replace'))
          : 'replace';
      const context = { locked, entities, pass, sources, laidOut, styleGuide, dryRun };
      const outcome =
        update === 'revise'
          ? await this.revise(manager, context)
          : await this.replace(manager, { ...context, options });
      if (saved !== null && !dryRun) {
        const { content, format } = saved;
        const pageCount = paginate(screenplay).pageCount;
        await this.versions.recordPass(manager, user, {
          projectId: locked.id,
          content,
          format,
          pageCount,
          mode: update,
        });
      }
      return outcome;
    });
    if (!dryRun) await this.announce(outcome);
    return {
      ...pass,
      shots: pass.shots.map((shot, i) => ({ ...shot, id: outcome.ids[i] })),
      scenes: pass.scenes.map((scene, s) => ({ ...scene, id: outcome.sceneIds[s] })),
      update: outcome.update,
      dryRun,
      kept: outcome.kept,
      changed: outcome.changed,
      added: outcome.added,
      removed: outcome.removed,
      ...(outcome.changes ? { changes: outcome.changes } : {}),
      ...(outcome.revision ? { revision: outcome.revision } : {}),
    };
  }

  /** Every previous first-pass shot (or those of the scenes asked for) makes way for new ones. */
  private async replace(manager: EntityManager, context: PassContext & { options: FirstPassOptions }) {
    const { locked, pass, sources, laidOut, styleGuide, options } = context;
    const previous = context.entities.map(firstPassRow);
    const ids = pass.shots.map(() => randomUUID());
    const placements = keptPlacements(pass.shots, laidOut, replacedShots(previous, options));
    const plan = planFirstPass({
      settings: settingsOf(locked),
      previous,
      scenes: pass.scenes,
      replaceAll: options.sceneNumbers === undefined,
      shotIds: ids,
      newSceneId: randomUUID,
      sceneColor: randomSceneColor,
    });
    const sceneIdOf = new Map(
      pass.scenes.flatMap((scene, s) => scene.shotIndexes.map((i) => [i, plan.sceneIds[s]])),
    );
    const writes = pass.shots.map((shot, i) =>
      shotWrite(
        locked.id,
        ids[i] as string,
        shot,
        sceneIdOf.get(i) as string,
        placements[i] ?? [],
        styleGuide,
        sources[i] as ShotSource,
      ),
    );
    let saved = locked;
    if (!context.dryRun) {
      await this.shots.deleteIn(manager, locked.id, plan.removedIds);
      await this.shots.write(manager, writes, 'insert');
      await this.shots.applyOrder(manager, locked.id, plan.settings.shotOrder);
      saved = await this.projects.saveSettings(manager, locked, plan.settings);
    }
    return {
      update: 'replace' as const,
      project: saved,
      ids,
      sceneIds: plan.sceneIds,
      kept: [],
      changed: [],
      added: ids,
      removed: plan.removedIds,
      writes,
      updated: [] as ShotEntity[],
      shotOrder: plan.settings.shotOrder,
      settingsChanged: true,
      created: false,
    };
  }

  /**
   * The shots the script edit did not touch stay as they are; those whose text changed take the new
   * text and go stale; new material gets new shots; shots whose source is gone go to the trash.
   * Nothing is written when nothing changed.
   */
  private async revise(manager: EntityManager, context: PassContext) {
    const { locked, entities, pass, sources, laidOut, styleGuide } = context;
    const revision: Revision = planRevision({
      settings: settingsOf(locked),
      previous: previousSources(entities),
      scenes: pass.scenes,
      shots: pass.shots.map((shot, i) => ({
        scriptText: shot.script_text,
        source: sources[i] as ShotSource,
      })),
      newShotId: randomUUID,
      newSceneId: randomUUID,
      sceneColor: randomSceneColor,
    });
    const entityOf = new Map(entities.map((entity) => [entity.id, entity]));
    const sceneIdOf = new Map(
      pass.scenes.flatMap((scene, s) => scene.shotIndexes.map((i) => [i, revision.sceneIds[s] as string])),
    );
    // An applied revise marks what it writes, so that it can be taken back (undoRevision).
    const revisionId = context.dryRun ? undefined : randomUUID();
    const mark = (old: ShotEntity | undefined, properties: readonly (keyof ShotValues)[]) =>
      revisionId === undefined
        ? {}
        : {
            revision: (old === undefined
              ? { id: revisionId, added: true }
              : { id: revisionId, before: valuesBefore(old, properties) }) satisfies RevisionMark,
          };
    const writes: ShotWrite[] = [];
    const changed: (ShotValues & { id: string })[] = [];
    const moved: (ShotValues & { id: string })[] = [];
    const changes: FirstPassChange[] = [];
    pass.shots.forEach((shot, i) => {
      const id = revision.ids[i] as string;
      const source = sources[i] as ShotSource;
      const sceneId = sceneIdOf.get(i) as string;
      const fate = revision.fates[i];
      const old = entityOf.get(id);
      const where = { sceneNumber: shot.sceneNumber, sceneHeading: shot.sceneHeading };
      if (fate === 'added' || old === undefined) {
        const write = shotWrite(locked.id, id, shot, sceneId, laidOut[i] ?? [], styleGuide, source);
        writes.push({ ...write, metadata: { ...write.metadata, ...mark(undefined, []) } });
        changes.push({ id, change: 'added', name: shot.name, ...where, after: shot.script_text });
        return;
      }
      const fresh = shotWrite(locked.id, id, shot, sceneId, [], styleGuide, source);
      if (fate === 'changed') {
        const stale: Record<string, unknown> = {};
        if (old.imageUrl !== null || old.s3ImageKey !== null) stale.imageInputs = SCRIPT_CHANGED_INPUTS;
        if (old.videoUrl !== null || old.s3VideoKey !== null) stale.videoInputs = SCRIPT_CHANGED_INPUTS;
        changed.push({
          ...shotValues(fresh.fields),
          id,
          assets: mergePlacements(old.assets as ShotAssetPlacement[], laidOut[i] ?? [], false) as never,
          metadata: {
            ...(old.metadata ?? {}),
            ...fresh.metadata,
            ...stale,
            ...mark(old, CHANGED_PROPERTIES),
          },
          source: source as never,
        });
        changes.push({
          id,
          change: 'changed',
          name: shot.name,
          ...where,
          before: old.scriptText ?? '',
          after: shot.script_text,
        });
        return;
      }
      const metadata = { ...(old.metadata ?? {}), ...where };
      if (old.sceneId !== sceneId || !same(old.source, source) || !same(old.metadata, metadata))
        moved.push({
          id,
          sceneId,
          metadata: { ...metadata, ...mark(old, KEPT_PROPERTIES) },
          source: source as never,
        });
    });
    // A removed shot shows under the new scene its old scene became, when there is one.
    for (const id of revision.removed) {
      const old = entityOf.get(id) as ShotEntity;
      const s = old.sceneId === null ? -1 : revision.sceneIds.indexOf(old.sceneId);
      const scene = pass.scenes[s];
      const oldSource = old.source as ShotSource | null;
      changes.push({
        id,
        change: 'removed',
        name: old.name,
        sceneNumber: scene?.number ?? null,
        sceneHeading: scene?.heading ?? oldSource?.sceneHeading ?? String(old.metadata?.sceneHeading ?? ''),
        before: old.scriptText ?? '',
      });
    }

    let saved = locked;
    let updated: ShotEntity[] = [];
    // Undoable when a shot carries the mark or went to the trash (an order change alone is not).
    const marked = revision.removed.length + writes.length + changed.length + moved.length > 0;
    if (!context.dryRun) {
      await this.shots.trash(manager, locked.id, revision.removed, TRASH_REASON, SHOT_TRASH_DAYS);
      await this.shots.write(manager, writes, 'insert');
      updated = [
        ...(await this.shots.updateRows(manager, locked.id, changed, CHANGED_PROPERTIES)),
        ...(await this.shots.updateRows(manager, locked.id, moved, KEPT_PROPERTIES)),
      ];
      if (revision.settingsChanged) {
        await this.shots.applyOrder(manager, locked.id, revision.settings.shotOrder);
        saved = await this.projects.saveSettings(manager, locked, revision.settings);
      }
    }
    return {
      update: 'revise' as const,
      project: saved,
      ids: revision.ids,
      sceneIds: revision.sceneIds,
      kept: revision.kept,
      changed: revision.changed,
      added: revision.added,
      removed: revision.removed,
      writes,
      updated,
      shotOrder: revision.settings.shotOrder,
      settingsChanged: revision.settingsChanged,
      created: true,
      changes,
      ...(revisionId !== undefined && marked ? { revision: revisionId } : {}),
    };
  }

  /**
   * Takes back an applied revise in one transaction (script:undoRevision): the shots it added go to
   * the trash, the ones it changed or moved get the values it overwrote (their recorded media inputs
   * too, so their staleness is as it was), the ones it removed come back from the trash as first-pass
   * shots with their source, and the order and scenes are the ones the client had before it.
   */
  async undoRevision(user: User, input: UndoRevision): Promise<UndoRevisionReply> {
    const project = await this.projects.requireOwned(user, input.projectId);
    const result = await this.shots.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, project.id);
      const marked = (await this.shots.firstPassEntities(manager, locked.id)).filter(
        (entity) => (entity.metadata?.revision as RevisionMark | undefined)?.id === input.revision,
      );
      if (marked.length === 0 && input.removed.length === 0) throw notFound('Revision');
      const markOf = (entity: ShotEntity) => entity.metadata?.revision as RevisionMark;
      const deleted = await this.shots.trash(
        manager,
        locked.id,
        marked.filter((entity) => markOf(entity).added === true).map((entity) => entity.id),
        UNDO_TRASH_REASON,
        SHOT_TRASH_DAYS,
      );
      // Grouped by the columns the revise overwrote (a changed shot's, a moved one's).
      const groups = new Map<string, (ShotValues & { id: string })[]>();
      for (const entity of marked) {
        const before = markOf(entity).before;
        if (before === undefined) continue;
        const key = Object.keys(before).sort().join(',');
        groups.set(key, [...(groups.get(key) ?? []), { ...(before as ShotValues), id: entity.id }]);
      }
      const reverted: ShotEntity[] = [];
      for (const [key, rows] of groups)
        reverted.push(
          ...(await this.shots.updateRows(manager, locked.id, rows, key.split(',') as (keyof ShotValues)[])),
        );
      const restored: ShotEntity[] = [];
      let position = await this.shots.nextPosition(manager, locked.id);
      for (const shotId of input.removed) {
        const entity = await this.shots.restoreFromTrash(manager, locked.id, shotId, position, true);
        if (entity === null) throw notFound('Shot');
        restored.push(entity);
        position += 1;
      }
      checkShotOrder(input.shotOrder, await this.shots.idsOf(manager, locked.id), input.scenes);
      const settings = { ...settingsOf(locked), shotOrder: input.shotOrder, scenes: input.scenes };
      await this.shots.applyOrder(manager, locked.id, input.shotOrder);
      const saved = await this.projects.saveSettings(manager, locked, settings);
      return { saved, deleted, reverted, restored };
    });
    const { saved, deleted, reverted, restored } = result;
    const projectId = saved.id;
    for (const shotId of deleted)
      this.events.toProject(projectId, SERVER_EVENTS.shotDeleted, { projectId, shotId });
    if (reverted.length > 0) await this.shotsService.announceAllUpdated(reverted);
    const order = settingsOf(saved).shotOrder;
    for (const shot of await this.shotsService.presentAll(restored)) {
      this.events.toProject(projectId, SERVER_EVENTS.shotCreated, { projectId, shot });
      this.events.toProject(projectId, SERVER_EVENTS.timelineShotAdded, {
        projectId,
        shot,
        index: order.indexOf(shot.id),
      });
    }
    this.events.toProjectAndOwner(saved, SERVER_EVENTS.projectUpdated, {
      projectId,
      project: toProject(saved),
    });
    return {
      projectId,
      reverted: reverted.map((entity) => entity.id),
      deleted,
      restored: restored.map((entity) => entity.id),
    };
  }

  private async direct(
    project: ProjectEntity,
    screenplay: Screenplay,
    styleGuide: StyleGuide,
  ): Promise<FirstPassResult> {
    const assets = (await this.shots.accessibleAssets(project)).map((asset) => ({
      id: asset.id,
      name: asset.name,
      type: asset.type as AssetType,
      visualIdentifier: asset.visualIdentifier,
    }));
    return this.director.breakdown({ screenplay, fountain: toFountain(screenplay), styleGuide, assets });
  }

  /**
   * The room hears every removed, added and updated shot, and the project's new settings. A revise's
   * new shots go out as shot:created too (a replace's only as timeline:shot-added, as before).
   */
  private async announce(outcome: PassOutcome): Promise<void> {
    const { project, removed, writes, shotOrder } = outcome;
    const projectId = project.id;
    for (const shotId of removed)
      this.events.toProject(projectId, SERVER_EVENTS.shotDeleted, { projectId, shotId });
    const indexOf = new Map(shotOrder.map((id, index) => [id, index]));
    for (const { id, fields, source } of writes) {
      const shot = toNewShot(id, projectId, fields, source ?? null);
      if (outcome.created) this.events.toProject(projectId, SERVER_EVENTS.shotCreated, { projectId, shot });
      this.events.toProject(projectId, SERVER_EVENTS.timelineShotAdded, {
        projectId,
        shot,
        index: indexOf.get(id) ?? 0,
      });
    }
    // Presented (signed, staleness worked out) before the reply goes, so the room hears them first.
    if (outcome.updated.length > 0) await this.shotsService.announceAllUpdated(outcome.updated);
    if (outcome.settingsChanged)
      this.events.toProjectAndOwner(project, SERVER_EVENTS.projectUpdated, {
        projectId,
        project: toProject(project),
      });
  }
}
