import {
  LIST_LIMITS,
  type ProjectSettings,
  parseProjectSettings,
  type Scene,
  SERVER_MESSAGES,
} from '@reelbench/sdk/contract';
import { validation } from '../common/domain-error.js';

export const TOO_MANY_SHOTS = `A project holds at most ${LIST_LIMITS.shotOrder} shots`;

/** Answers the first few problems, like a schema error does. */
const MAX_DETAILS = 20;

/**
 * A shot order is valid when it lists shots of the project, each once, and every scene holds shots
 * of that order, each shot in one scene at most. Throws VALIDATION_ERROR naming each problem.
 */
export function checkShotOrder(
  order: readonly string[],
  projectShotIds: Iterable<string>,
  scenes?: readonly Scene[],
) {
  const known = new Set(projectShotIds);
  const problems: { path: string; message: string }[] = [];
  const ordered = new Set<string>();
  order.forEach((id, index) => {
    if (ordered.has(id)) problems.push({ path: `order.${index}`, message: `Shot ${id} is listed twice` });
    else if (!known.has(id))
      problems.push({ path: `order.${index}`, message: `${id} is not a shot of this project` });
    ordered.add(id);
  });
  const sceneIds = new Set<string>();
  const placed = new Set<string>();
  scenes?.forEach((scene, s) => {
    if (sceneIds.has(scene.id))
      problems.push({ path: `scenes.${s}.id`, message: `Scene ${scene.id} is listed twice` });
    sceneIds.add(scene.id);
    scene.shotIds.forEach((id, index) => {
      const path = `scenes.${s}.shotIds.${index}`;
      if (!ordered.has(id)) problems.push({ path, message: `Shot ${id} is not in the order` });
      else if (placed.has(id)) problems.push({ path, message: `Shot ${id} is already in another scene` });
      placed.add(id);
    });
  });
  const first = problems[0];
  if (first !== undefined) {
    throw validation(
      `${SERVER_MESSAGES.invalidShotOrder}: ${first.path}: ${first.message}`,
      problems.slice(0, MAX_DETAILS),
    );
  }
}

/** New shots go to the end of the order. */
export function withShotsAppended(settings: ProjectSettings, ids: readonly string[]): ProjectSettings {
  const present = new Set(settings.shotOrder);
  const shotOrder = [...settings.shotOrder, ...ids.filter((id) => !present.has(id))];
  if (shotOrder.length > LIST_LIMITS.shotOrder) throw validation(TOO_MANY_SHOTS);
  return { ...settings, shotOrder };
}

/** Deleted shots leave the order and their scenes. */
export function withShotsRemoved(settings: ProjectSettings, ids: readonly string[]): ProjectSettings {
  if (ids.length === 0) return settings;
  const gone = new Set(ids);
  return {
    ...settings,
    shotOrder: settings.shotOrder.filter((id) => !gone.has(id)),
    scenes: settings.scenes.map((scene) => ({
      ...scene,
      shotIds: scene.shotIds.filter((id) => !gone.has(id)),
    })),
  };
}

/** The stored settings in the contract's shape (they are only ever written parsed). */
export function settingsOf(project: { settings: unknown }): ProjectSettings {
  return parseProjectSettings(project.settings);
}
