import {
  type FirstPassScene,
  LIST_LIMITS,
  type ProjectSettings,
  type Scene,
  type ShotSource,
} from '@reelbench/sdk/contract';
import { headingLocationKey, normalizedScriptText } from '@reelbench/sdk/screenplay';
import { validation } from '../common/domain-error.js';
import { TOO_MANY_SHOTS } from '../shots/shot-order.js';

/**
 * Revising a first pass in place (docs/screenplay.md, "Revising the first pass"). Pure: the service
 * reads the shots and writes what this plans, in one transaction.
 */

/** A first-pass shot already in the project, with its source (recorded, or worked out for an older pass). */
export interface RevisedShot {
  id: string;
  sceneId: string | null;
  source: ShotSource;
  scriptText: string;
}

/** What became of each shot of the new pass. */
export type PassShotFate = 'kept' | 'changed' | 'added';

export interface RevisionInput {
  settings: ProjectSettings;
  /** The project's first-pass shots, in timeline order. */
  previous: readonly RevisedShot[];
  /** The new pass: its scenes (with shot indexes) and each shot's text and source, in script order. */
  scenes: readonly FirstPassScene[];
  shots: readonly { scriptText: string; source: ShotSource }[];
  newShotId: () => string;
  newSceneId: () => string;
  sceneColor: () => string;
}

export interface Revision {
  /** Per pass shot: the id it has (an existing shot's, or a new one) and what became of it. */
  ids: string[];
  fates: PassShotFate[];
  kept: string[];
  changed: string[];
  added: string[];
  removed: string[];
  /** The settings scene of each pass scene, in the pass's order. */
  sceneIds: string[];
  settings: ProjectSettings;
  /** Whether the settings (scenes or order) differ from the ones given. */
  settingsChanged: boolean;
}

const START = '';

/** The key of an exact match: the same text in the same place, the same occurrence of it. */
const exactKey = (source: ShotSource) => `${source.fingerprint}#${source.occurrence}`;

/** Dice's coefficient of two texts' word multisets (normalised): 1 the same words, 0 none shared. */
export function textSimilarity(a: string, b: string): number {
  const words = (text: string) => normalizedScriptText(text).split(' ').filter(Boolean);
  const left = words(a);
  const right = words(b);
  if (left.length === 0 && right.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of left) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of right) {
    const n = counts.get(word) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(word, n - 1);
    }
  }
  return (2 * shared) / (left.length + right.length);
}

/** Below this, two shots of a gap where counts differ are not the same shot rewritten. */
const MIN_SIMILARITY = 0.3;

/**
 * `next` (the new order of the items that `survives` keeps) with every other item of `previous`
 * woven back in after the surviving item it followed (or first, when none did): items a revise does
 * not own (hand-made shots, hand-made scenes) stay where they were relative to their neighbours.
 */
export function weave(
  previous: readonly string[],
  next: readonly string[],
  owned: (id: string) => boolean,
  survives: (id: string) => boolean,
): string[] {
  const attached = new Map<string, string[]>();
  let anchor = START;
  for (const id of previous) {
    if (owned(id)) {
      if (survives(id)) anchor = id;
      continue;
    }
    const list = attached.get(anchor) ?? [];
    list.push(id);
    attached.set(anchor, list);
  }
  const out = [...(attached.get(START) ?? [])];
  for (const id of next) out.push(id, ...(attached.get(id) ?? []));
  return out;
}

/** Pairs the unmatched old and new shots of one gap between anchors: in order when as many, else by likeness. */
function pairGap(
  olds: readonly RevisedShot[],
  news: readonly number[],
  textOf: (index: number) => string,
): [RevisedShot, number][] {
  if (olds.length === news.length) return olds.map((old, k) => [old, news[k] as number]);
  const candidates: { old: RevisedShot; index: number; score: number }[] = [];
  for (const old of olds)
    for (const index of news) {
      const score = textSimilarity(old.scriptText, textOf(index));
      if (score >= MIN_SIMILARITY) candidates.push({ old, index, score });
    }
  candidates.sort((a, b) => b.score - a.score);
  const usedOld = new Set<string>();
  const usedNew = new Set<number>();
  const pairs: [RevisedShot, number][] = [];
  for (const { old, index } of candidates) {
    if (usedOld.has(old.id) || usedNew.has(index)) continue;
    usedOld.add(old.id);
    usedNew.add(index);
    pairs.push([old, index]);
  }
  return pairs;
}

/**
 * The revision: each new shot is matched to an existing one by its exact source (same text, same
 * place, same occurrence: kept), else to an unmatched shot of the corresponding old scene in the same
 * gap between kept shots (changed); the rest are added, and the unmatched old shots removed. The
 * order follows the script, with hand-made shots after the shot they followed.
 */
export function planRevision(input: RevisionInput): Revision {
  const { previous, scenes, shots, settings } = input;
  const ids: (string | undefined)[] = shots.map(() => undefined);
  const fates: PassShotFate[] = shots.map(() => 'added');
  const claimed = new Set<string>();

  // 1. Exact: the same text in the same place.
  const byKey = new Map<string, RevisedShot>();
  for (const old of previous) if (!byKey.has(exactKey(old.source))) byKey.set(exactKey(old.source), old);
  shots.forEach((shot, index) => {
    const old = byKey.get(exactKey(shot.source));
    if (old === undefined || claimed.has(old.id)) return;
    claimed.add(old.id);
    ids[index] = old.id;
    fates[index] = 'kept';
  });
  const oldById = new Map(previous.map((old) => [old.id, old]));

  // 2. Which old scene each new scene is: the one most of its kept shots came from, else one of the
  //    same heading place that no other new scene took.
  const oldScenes = new Map<number, RevisedShot[]>();
  for (const old of previous) {
    const list = oldScenes.get(old.source.sceneNumber) ?? [];
    list.push(old);
    oldScenes.set(old.source.sceneNumber, list);
  }
  const oldSceneOf: (number | null)[] = scenes.map(() => null);
  const takenScenes = new Set<number>();
  const votes = scenes.map((scene) => {
    const count = new Map<number, number>();
    for (const index of scene.shotIndexes) {
      const id = ids[index];
      const old = id === undefined ? undefined : oldById.get(id);
      if (old) count.set(old.source.sceneNumber, (count.get(old.source.sceneNumber) ?? 0) + 1);
    }
    return [...count.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  });
  scenes
    .map((_, s) => s)
    .sort((a, b) => (votes[b]?.[0]?.[1] ?? 0) - (votes[a]?.[0]?.[1] ?? 0))
    .forEach((s) => {
      const best = votes[s]?.find(([number]) => !takenScenes.has(number));
      if (best === undefined) return;
      oldSceneOf[s] = best[0];
      takenScenes.add(best[0]);
    });
  scenes.forEach((scene, s) => {
    if (oldSceneOf[s] !== null) return;
    const place = headingLocationKey(scene.heading);
    const twin = [...oldScenes.entries()].find(
      ([number, olds]) =>
        !takenScenes.has(number) && headingLocationKey(olds[0]?.source.sceneHeading ?? '') === place,
    );
    if (twin === undefined) return;
    oldSceneOf[s] = twin[0];
    takenScenes.add(twin[0]);
  });

  // 3. Changed: within a scene and its old scene, the unmatched shots of the same gap between kept ones.
  scenes.forEach((scene, s) => {
    const number = oldSceneOf[s];
    if (number === null || number === undefined) return;
    const gapOf = (anchors: Map<string, string>, list: readonly string[]) => {
      const gaps = new Map<string, string>();
      let anchor = START;
      for (const item of list) {
        const at = anchors.get(item);
        if (at !== undefined) anchor = at;
        else gaps.set(item, anchor);
      }
      return gaps;
    };
    const olds = oldScenes.get(number) ?? [];
    const keptOld = new Map<string, string>();
    for (const old of olds) if (claimed.has(old.id)) keptOld.set(old.id, old.id);
    const oldGaps = gapOf(
      keptOld,
      olds.map((old) => old.id),
    );
    const newKeys = scene.shotIndexes.map((index) => `n${index}`);
    const keptNew = new Map<string, string>();
    for (const index of scene.shotIndexes) {
      const id = ids[index];
      if (fates[index] === 'kept' && id !== undefined) keptNew.set(`n${index}`, id);
    }
    const newGaps = gapOf(keptNew, newKeys);
    const gaps = new Map<string, { olds: RevisedShot[]; news: number[] }>();
    const gap = (key: string) => {
      const found = gaps.get(key) ?? { olds: [], news: [] };
      gaps.set(key, found);
      return found;
    };
    for (const old of olds) {
      const key = oldGaps.get(old.id);
      if (key !== undefined && !claimed.has(old.id)) gap(key).olds.push(old);
    }
    for (const index of scene.shotIndexes) {
      const key = newGaps.get(`n${index}`);
      if (key !== undefined) gap(key).news.push(index);
    }
    for (const { olds: gapOlds, news } of gaps.values()) {
      if (gapOlds.length === 0 || news.length === 0) continue;
      for (const [old, index] of pairGap(gapOlds, news, (i) => shots[i]?.scriptText ?? '')) {
        claimed.add(old.id);
        ids[index] = old.id;
        fates[index] = 'changed';
      }
    }
  });

  // 4. The rest: new shots, and old shots whose source is gone.
  const finalIds = ids.map((id) => id ?? input.newShotId());
  const removed = previous.filter((old) => !claimed.has(old.id)).map((old) => old.id);
  const pick = (fate: PassShotFate) => finalIds.filter((_, index) => fates[index] === fate);

  // Settings scenes: each pass scene keeps the settings scene most of its surviving shots were in.
  const existing = new Map(settings.scenes.map((scene) => [scene.id, scene]));
  const takenSettings = new Set<string>();
  const sceneEntries = scenes.map((scene): { entry: Scene; reused: boolean } => {
    const count = new Map<string, number>();
    for (const index of scene.shotIndexes) {
      const old = fates[index] === 'added' ? undefined : oldById.get(finalIds[index] as string);
      if (old?.sceneId && existing.has(old.sceneId) && !takenSettings.has(old.sceneId))
        count.set(old.sceneId, (count.get(old.sceneId) ?? 0) + 1);
    }
    const best = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    const reused = best === undefined ? undefined : existing.get(best);
    if (reused) takenSettings.add(reused.id);
    const passIds = scene.shotIndexes.map((index) => finalIds[index] as string);
    const passSet = new Set(passIds);
    const shotIds = reused
      ? weave(
          reused.shotIds,
          passIds,
          (id) => oldById.has(id),
          (id) => passSet.has(id),
        )
      : passIds;
    return {
      entry: {
        id: reused?.id ?? input.newSceneId(),
        name: scene.name,
        color: reused?.color ?? input.sceneColor(),
        shotIds,
      },
      reused: reused !== undefined,
    };
  });
  const passSceneIds = new Set(sceneEntries.map(({ entry }) => entry.id));
  const inPass = new Set(finalIds);
  // Settings scenes the pass does not use keep their hand-made shots; emptied ones go.
  const leftovers = new Map<string, Scene>();
  const firstPassScene = (scene: Scene) => scene.shotIds.some((id) => oldById.has(id));
  for (const scene of settings.scenes) {
    if (passSceneIds.has(scene.id)) continue;
    const rest = scene.shotIds.filter((id) => !oldById.has(id) && !inPass.has(id));
    if (rest.length > 0 || scene.shotIds.length === 0) leftovers.set(scene.id, { ...scene, shotIds: rest });
  }
  const byId = new Map<string, Scene>([
    ...[...leftovers.entries()],
    ...sceneEntries.map(({ entry }): [string, Scene] => [entry.id, entry]),
  ]);
  const sceneOrder = weave(
    settings.scenes.map((scene) => scene.id),
    sceneEntries.map(({ entry }) => entry.id),
    (id) => {
      const scene = existing.get(id);
      return scene !== undefined && (passSceneIds.has(id) || (firstPassScene(scene) && !leftovers.has(id)));
    },
    (id) => passSceneIds.has(id),
  ).filter((id) => byId.has(id));

  const shotOrder = weave(
    settings.shotOrder,
    finalIds,
    (id) => oldById.has(id),
    (id) => inPass.has(id),
  );
  if (shotOrder.length > LIST_LIMITS.shotOrder) throw validation(TOO_MANY_SHOTS);
  const next: ProjectSettings = {
    ...settings,
    scenes: sceneOrder.map((id) => byId.get(id) as Scene),
    shotOrder,
  };
  const settingsChanged =
    JSON.stringify({ scenes: settings.scenes, shotOrder: settings.shotOrder }) !==
    JSON.stringify({ scenes: next.scenes, shotOrder: next.shotOrder });
  return {
    ids: finalIds,
    fates,
    kept: pick('kept'),
    changed: pick('changed'),
    added: pick('added'),
    removed,
    sceneIds: sceneEntries.map(({ entry }) => entry.id),
    settings: next,
    settingsChanged,
  };
}
