import type { DialogueLine } from '@reelbench/sdk/contract';

export { DIALOGUE_JOB } from '../app/jobs-tracker.js';

export interface LineGroup {
  /** `${sceneNumber}:${character}` */
  key: string;
  sceneNumber: number;
  character: string;
  lines: DialogueLine[];
}

export interface SceneLines {
  sceneNumber: number;
  groups: LineGroup[];
  /** Lines in the scene. */
  count: number;
  totalMs: number;
}

/**
 * The lines by scene (in script order), then by character (in the order each first speaks in the
 * scene), each character's lines in script order: how the audio page lists them.
 */
export function groupLines(lines: readonly DialogueLine[]): SceneLines[] {
  const sorted = [...lines].sort((a, b) => a.sceneNumber - b.sceneNumber || a.order - b.order);
  const scenes: SceneLines[] = [];
  for (const line of sorted) {
    let scene = scenes.at(-1);
    if (!scene || scene.sceneNumber !== line.sceneNumber) {
      scene = { sceneNumber: line.sceneNumber, groups: [], count: 0, totalMs: 0 };
      scenes.push(scene);
    }
    let group = scene.groups.find((candidate) => candidate.character === line.character);
    if (!group) {
      group = {
        key: `${line.sceneNumber}:${line.character}`,
        sceneNumber: line.sceneNumber,
        character: line.character,
        lines: [],
      };
      scene.groups.push(group);
    }
    group.lines.push(line);
    scene.count += 1;
    scene.totalMs += line.durationMs;
  }
  return scenes;
}

/** The short badges of a cue's extension: '(V.O.)' → ['V.O.'], "(O.S.) (CONT'D)" → ['O.S.', "CONT'D"]. */
export function extensionBadges(extension: string | null): string[] {
  if (!extension) return [];
  return [...extension.matchAll(/\(([^)]+)\)/g)].map((match) => (match[1] ?? '').trim()).filter(Boolean);
}

/** The lines in the order the page lists them (the keyboard's up and down follow it). */
export function listedOrder(scenes: readonly SceneLines[]): DialogueLine[] {
  return scenes.flatMap((scene) => scene.groups.flatMap((group) => group.lines));
}
