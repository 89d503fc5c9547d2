import {
  type FirstPassScene,
  type FirstPassShot,
  type FramingType,
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

/** The assets a shot shows, from the cast: characters in the order the shot names them. */
export interface ShotCast {
  characters: string[];
  location: string | null;
  props: string[];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function placed(
  assetId: string,
  x: number,
  y: number,
  scale: number,
  direction?: string,
): ShotAssetPlacement {
  return {
    assetId,
    position: { x: round(x), y: round(y) },
    scale: round(scale),
    rotation: 0,
    ...(direction ? { selectedDirection: direction } : {}),
  };
}

/** x of the k-th of n figures spread across the frame's middle band. */
const spread = (k: number, n: number, width: number) => 0.5 + (n === 1 ? 0 : width * (k / (n - 1) - 0.5));

/**
 * Where the cast stands in a shot, laid out for its framing (positions are in the wide layout: the
 * renderer zooms about the centre by the framing). The location is the backdrop. A close-up holds
 * one figure large; a two-shot two side by side; an over-the-shoulder the second character's back
 * in the foreground and the first facing camera; wide and establishing shots everyone small; an
 * insert its props. Props otherwise stand low in front.
 */
export function castPlacements(framing: FramingType | null, cast: ShotCast): ShotAssetPlacement[] {
  const out: ShotAssetPlacement[] = [];
  if (cast.location) out.push(placed(cast.location, 0.5, 0.5, 1));
  const people = cast.characters;
  switch (framing) {
    case 'close':
    case 'extreme-close':
      if (people[0]) out.push(placed(people[0], 0.5, 0.56, framing === 'close' ? 0.75 : 0.62, 'front'));
      break;
    case 'two-shot':
      people.slice(0, 2).forEach((id, k, two) => {
        out.push(placed(id, two.length === 1 ? 0.5 : k === 0 ? 0.38 : 0.62, 0.58, 0.9, 'front'));
      });
      break;
    case 'over-shoulder': {
      const [facing, back] = people;
      if (facing) out.push(placed(facing, back ? 0.6 : 0.5, 0.56, 0.7, 'front'));
      if (back) out.push(placed(back, 0.36, 0.62, 1, 'back'));
      break;
    }
    case 'insert':
      break;
    case 'wide':
    case 'establishing':
    case 'aerial':
    case null:
      people.forEach((id, k) => {
        out.push(placed(id, spread(k, people.length, Math.min(0.7, 0.18 * people.length)), 0.66, 0.45));
      });
      break;
    default:
      people.forEach((id, k) => {
        out.push(placed(id, spread(k, people.length, Math.min(0.45, 0.15 * people.length)), 0.6, 0.8));
      });
  }
  const insert = framing === 'insert';
  cast.props.forEach((id, k) => {
    const x = spread(k, cast.props.length, Math.min(0.5, 0.2 * cast.props.length));
    out.push(insert ? placed(id, x, 0.5, 1.2) : placed(id, x, 0.8, 0.5));
  });
  return out.slice(0, LIST_LIMITS.placements);
}

/**
 * The placements to write: the cast laid out for the framing, except that an asset the shot already
 * places keeps where it was put (a user's adjustment survives a re-run); placements of assets the
 * shot no longer shows are dropped when `keepOthers` is false.
 */
export function mergePlacements(
  previous: readonly ShotAssetPlacement[],
  laidOut: readonly ShotAssetPlacement[],
  keepOthers: boolean,
): ShotAssetPlacement[] {
  const before = new Map(previous.map((placement) => [placement.assetId, placement]));
  const merged = laidOut.map((placement) => before.get(placement.assetId) ?? placement);
  if (keepOthers) {
    const wanted = new Set(laidOut.map((placement) => placement.assetId));
    merged.push(...previous.filter((placement) => !wanted.has(placement.assetId)));
  }
  return merged.slice(0, LIST_LIMITS.placements);
}

/** The linked assets placed in each shot, laid out by the shot's framing (see castPlacements). */
export function placementsByShot(
  shots: readonly Pick<FirstPassShot, 'framing' | 'characters'>[],
  linked: LinkedAsset[],
): ShotAssetPlacement[][] {
  const byShot = shots.map(() => [] as LinkedAsset[]);
  for (const link of linked) for (const index of link.shotIndexes) byShot[index]?.push(link);
  return byShot.map((links, index) => {
    const shot = shots[index] as Pick<FirstPassShot, 'framing' | 'characters'>;
    const named = shot.characters.map((name) => name.toUpperCase());
    const order = (link: LinkedAsset) => {
      const at = named.indexOf(link.name.toUpperCase());
      return at < 0 ? named.length : at;
    };
    const characters = links.filter((link) => link.type === 'character').sort((a, b) => order(a) - order(b));
    return castPlacements(shot.framing, {
      characters: characters.map((link) => link.assetId),
      location: links.find((link) => link.type === 'location')?.assetId ?? null,
      props: links.filter((link) => link.type === 'prop').map((link) => link.assetId),
    });
  });
}
