import {
  type FirstPassScene,
  LIST_LIMITS,
  type ProjectSettings,
  type Scene,
  type ShotAssetPlacement,
} from '@reelbench/sdk/contract';
import type { FirstPassResult, LinkedAsset } from '@reelbench/sdk/screenplay';
import { notFound, validation } from '../common/domain-error.js';
import { TOO_MANY_SHOTS } from '../shots/shot-order.js';

/** A first-pass shot already in the project, with the script scene it was made for. */
export interface PreviousShot {
  id: string;
  sceneId: string | null;
  sceneNumber: number | null;
}

export interface FirstPassPlanInput {
  settings: ProjectSettings;
  /** The project's first-pass shots, in timeline order. */
  previous: PreviousShot[];
  /** The scenes (and their shots) to write. */
  scenes: FirstPassScene[];
  /** Every previous first-pass shot goes (a whole pass), or only those of `scenes` (some scenes). */
  replaceAll: boolean;
  /** An id for each new shot, by index into the pass's shots. */
  shotIds: string[];
  newSceneId: () => string;
  sceneColor: () => string;
}

export interface FirstPassPlan {
  removedIds: string[];
  /** The settings scene of each pass scene, in the pass's order. */
  sceneIds: string[];
  settings: ProjectSettings;
}

/**
 * Where a first pass goes. Previous first-pass shots of the replaced scenes leave; the new shots of a
 * scene take the place of its previous shots in the order and in their settings scene (which keeps
 * its id and colour), else they go to the end in a new scene. Hand-made shots stay where they are.
 */
export function planFirstPass(input: FirstPassPlanInput): FirstPassPlan {
  const { settings, scenes } = input;
  const applied = new Set(scenes.map((scene) => scene.number));
  const removed = input.previous.filter(
    (shot) => input.replaceAll || (shot.sceneNumber !== null && applied.has(shot.sceneNumber)),
  );
  const removedIds = new Set(removed.map((shot) => shot.id));
  const existing = new Map(settings.scenes.map((scene) => [scene.id, scene]));
  const newIdsOf = (scene: FirstPassScene) =>
    scene.shotIndexes.map((index) => input.shotIds[index] as string);

  const claimed = new Set<string>();
  const targets = scenes.map((scene) => {
    const previousSceneId = removed.find(
      (shot) =>
        shot.sceneNumber === scene.number &&
        shot.sceneId !== null &&
        existing.has(shot.sceneId) &&
        !claimed.has(shot.sceneId),
    )?.sceneId;
    const reused = previousSceneId ? existing.get(previousSceneId) : undefined;
    if (reused) claimed.add(reused.id);
    return {
      scene,
      entry: {
        id: reused?.id ?? input.newSceneId(),
        name: scene.name,
        color: reused?.color ?? input.sceneColor(),
        shotIds: newIdsOf(scene),
      } satisfies Scene,
      reused: reused !== undefined,
    };
  });
  const reusedById = new Map(targets.filter((t) => t.reused).map((t) => [t.entry.id, t.entry]));

  const keptScenes = settings.scenes.flatMap((scene): Scene[] => {
    const kept = scene.shotIds.filter((id) => !removedIds.has(id));
    const replacement = reusedById.get(scene.id);
    if (replacement) return [{ ...replacement, shotIds: [...replacement.shotIds, ...kept] }];
    const emptied = kept.length === 0 && scene.shotIds.length > 0;
    return emptied ? [] : [{ ...scene, shotIds: kept }];
  });
  const addedScenes = targets.filter((t) => !t.reused).map((t) => t.entry);

  const shotOrder = orderWith(
    settings.shotOrder,
    removed,
    targets.map((t) => ({ number: t.scene.number, ids: t.entry.shotIds })),
  );
  if (shotOrder.length > LIST_LIMITS.shotOrder) throw validation(TOO_MANY_SHOTS);
  return {
    removedIds: removed.map((shot) => shot.id),
    sceneIds: targets.map((t) => t.entry.id),
    settings: { ...settings, scenes: [...keptScenes, ...addedScenes], shotOrder },
  };
}

/** The order with each scene's new shots where its first removed shot was, else at the end. */
function orderWith(
  order: string[],
  removed: PreviousShot[],
  groups: { number: number; ids: string[] }[],
): string[] {
  const sceneOf = new Map(removed.map((shot) => [shot.id, shot.sceneNumber]));
  const idsOf = new Map(groups.map((group) => [group.number, group.ids]));
  const placed = new Set<number>();
  const out: string[] = [];
  for (const id of order) {
    if (!sceneOf.has(id)) {
      out.push(id);
      continue;
    }
    const number = sceneOf.get(id);
    const ids = number == null ? undefined : idsOf.get(number);
    if (number != null && ids !== undefined && !placed.has(number)) {
      out.push(...ids);
      placed.add(number);
    }
  }
  for (const group of groups) if (!placed.has(group.number)) out.push(...group.ids);
  return out;
}

/** The pass limited to some scenes, with shot indexes renumbered; an unknown scene is 'Scene not found'. */
export function selectScenes(pass: FirstPassResult, sceneNumbers: number[] | undefined): FirstPassResult {
  if (sceneNumbers === undefined) return pass;
  const wanted = new Set(sceneNumbers);
  const known = new Set(pass.scenes.map((scene) => scene.number));
  if ([...wanted].some((number) => !known.has(number))) throw notFound('Scene');
  const renumber = new Map<number, number>();
  const shots = pass.shots.filter((shot, index) => {
    if (!wanted.has(shot.sceneNumber)) return false;
    renumber.set(index, renumber.size);
    return true;
  });
  const remap = (indexes: number[]) => indexes.flatMap((index) => renumber.get(index) ?? []);
  return {
    shots,
    scenes: pass.scenes
      .filter((scene) => wanted.has(scene.number))
      .map((scene) => ({ ...scene, shotIndexes: remap(scene.shotIndexes) })),
    missingAssets: pass.missingAssets,
    linkedAssets: pass.linkedAssets
      .map((link) => ({ ...link, shotIndexes: remap(link.shotIndexes) }))
      .filter((link) => link.shotIndexes.length > 0),
  };
}

/**
 * The linked assets placed in each shot: characters side by side across the frame, the location
 * behind them, props in front.
 */
export function placementsByShot(shotCount: number, linked: LinkedAsset[]): ShotAssetPlacement[][] {
  const byShot = Array.from({ length: shotCount }, () => [] as LinkedAsset[]);
  for (const link of linked) for (const index of link.shotIndexes) byShot[index]?.push(link);
  return byShot.map((links) => {
    const characters = links.filter((link) => link.type === 'character');
    return links
      .map((link): ShotAssetPlacement => {
        const k = characters.indexOf(link);
        if (k >= 0) {
          return {
            assetId: link.assetId,
            position: { x: (k + 1) / (characters.length + 1), y: 0.6 },
            scale: 1,
            rotation: 0,
          };
        }
        const prop = link.type !== 'location';
        return {
          assetId: link.assetId,
          position: { x: 0.5, y: prop ? 0.75 : 0.5 },
          scale: prop ? 0.5 : 1,
          rotation: 0,
        };
      })
      .slice(0, LIST_LIMITS.placements);
  });
}
