import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AssetType,
  type FirstPassResponse,
  type FirstPassShot,
  firstPassShotDuration,
  SCENE_COLORS,
  SERVER_EVENTS,
  type ShotAssetPlacement,
  type StyleGuide,
  shotFieldsSchema,
  type User,
} from '@reelbench/sdk/contract';
import { type FirstPassResult, parseScript, type Screenplay, toFountain } from '@reelbench/sdk/screenplay';
import type { BreakdownProvider } from '../breakdown/breakdown.types.js';
import type { ProjectEntity } from '../projects/project.entity.js';
import { toProject } from '../projects/project.mapper.js';
import { ProjectsService } from '../projects/project.service.js';
import { EventsService } from '../realtime/events.service.js';
import { toNewShot } from '../shots/shot.mapper.js';
import { type FirstPassShotRow, ShotsRepository, type ShotWrite } from '../shots/shot.repository.js';
import { settingsOf } from '../shots/shot-order.js';
import { mergePlacements, placementsByShot, planFirstPass, selectScenes } from './first-pass.plan.js';
import { ScriptService } from './script.service.js';

export interface FirstPassOptions {
  /** Script text to direct instead of the project's saved script (not saved). */
  content?: string | undefined;
  /** Only these scenes: their previous first-pass shots are replaced, the others stay. */
  sceneNumbers?: number[] | undefined;
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
  return { id, projectId, fields, position: 0, firstPass: true, metadata };
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
    private readonly events: EventsService,
  ) {}

  /** The shots the director would make, written nowhere. */
  async breakdown(user: User, projectId: string, styleGuide: StyleGuide): Promise<FirstPassResponse> {
    const project = await this.projects.requireOwned(user, projectId);
    return this.direct(project, await this.scripts.savedScreenplay(project), styleGuide);
  }

  /**
   * Directs the script and writes the shots, scenes and order. An empty script (or one without
   * shots) answers no shots and writes nothing: the client's 'No Shots Generated' case.
   */
  async generate(
    user: User,
    projectId: string,
    styleGuide: StyleGuide,
    options: FirstPassOptions = {},
  ): Promise<FirstPassResponse> {
    const project = await this.projects.requireOwned(user, projectId);
    const screenplay =
      options.content === undefined
        ? await this.scripts.savedScreenplay(project)
        : parseScript(options.content, 'auto');
    const pass = selectScenes(await this.direct(project, screenplay, styleGuide), options.sceneNumbers);
    if (pass.shots.length === 0) return { shots: [], scenes: [], missingAssets: pass.missingAssets };

    const ids = pass.shots.map(() => randomUUID());
    const laidOut = placementsByShot(pass.shots, pass.linkedAssets);
    const outcome = await this.shots.transaction(async (manager) => {
      const locked = await this.projects.lockOwned(manager, user, project.id);
      const previous = await this.shots.firstPassShots(manager, locked.id);
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
        ),
      );
      await this.shots.deleteIn(manager, locked.id, plan.removedIds);
      await this.shots.write(manager, writes, 'insert');
      await this.shots.applyOrder(manager, locked.id, plan.settings.shotOrder);
      const saved = await this.projects.saveSettings(manager, locked, plan.settings);
      return { plan, saved, writes };
    });
    this.announce(outcome.saved, outcome.plan.removedIds, outcome.writes, outcome.plan.settings.shotOrder);
    return {
      ...pass,
      shots: pass.shots.map((shot, i) => ({ ...shot, id: ids[i] })),
      scenes: pass.scenes.map((scene, s) => ({ ...scene, id: outcome.plan.sceneIds[s] })),
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

  /** The room hears every removed and every added shot, and the project's new settings. */
  private announce(
    project: ProjectEntity,
    removedIds: string[],
    writes: ShotWrite[],
    shotOrder: string[],
  ): void {
    const projectId = project.id;
    for (const shotId of removedIds)
      this.events.toProject(projectId, SERVER_EVENTS.shotDeleted, { projectId, shotId });
    const indexOf = new Map(shotOrder.map((id, index) => [id, index]));
    for (const { id, fields } of writes) {
      const shot = toNewShot(id, projectId, fields);
      this.events.toProject(projectId, SERVER_EVENTS.timelineShotAdded, {
        projectId,
        shot,
        index: indexOf.get(id) ?? 0,
      });
    }
    this.events.toProjectAndOwner(project, SERVER_EVENTS.projectUpdated, {
      projectId,
      project: toProject(project),
    });
  }
}
