import {
  ASPECT_RATIOS,
  type AspectRatio,
  diffWordParts,
  FIRST_PASS_DEFAULTS,
  type FirstPassChange,
  type FirstPassResponse,
  type Shot,
  type StyleGuide,
  VISUAL_STYLES,
  type VisualStyle,
  type WordPart,
} from '@reelbench/sdk';

/**
 * What the "Revise shots" dialog shows of a revise's dry run (docs/web.md): the pass grouped per
 * scene in script order, the summary line and the word diff of a changed shot's text. Pure.
 */

export interface RevisionScene {
  /** The new script's scene number; null for a scene the edit deleted (its removed shots). */
  number: number | null;
  heading: string;
  kept: number;
  changed: FirstPassChange[];
  added: FirstPassChange[];
  removed: FirstPassChange[];
}

export interface RevisionCounts {
  changed: number;
  added: number;
  removed: number;
  kept: number;
}

export interface RevisionPreview {
  scenes: RevisionScene[];
  counts: RevisionCounts;
  /** Nothing would change: the script's shots are all kept. */
  unchanged: boolean;
}

/**
 * The revision per scene, in script order: each scene of the pass with how many of its shots are
 * kept and its changed, added and removed shots; scenes the edit deleted come last, one per old
 * heading. Scenes where nothing changes are listed too (they say how many shots they keep).
 */
export function groupRevision(reply: FirstPassResponse): RevisionPreview {
  const kept = new Set(reply.kept ?? []);
  const changes = reply.changes ?? [];
  const scenes: RevisionScene[] = (reply.scenes ?? []).map((scene) => ({
    number: scene.number,
    heading: scene.heading,
    kept: scene.shotIndexes.filter((index) => {
      const id = reply.shots[index]?.id;
      return id !== undefined && kept.has(id);
    }).length,
    changed: [],
    added: [],
    removed: [],
  }));
  const byNumber = new Map(scenes.map((scene) => [scene.number, scene]));
  const gone = new Map<string, RevisionScene>();
  for (const change of changes) {
    let scene = change.sceneNumber === null ? undefined : byNumber.get(change.sceneNumber);
    if (scene === undefined) {
      scene = gone.get(change.sceneHeading);
      if (scene === undefined) {
        scene = { number: null, heading: change.sceneHeading, kept: 0, changed: [], added: [], removed: [] };
        gone.set(change.sceneHeading, scene);
      }
    }
    scene[change.change].push(change);
  }
  const counts: RevisionCounts = {
    changed: reply.changed?.length ?? 0,
    added: reply.added?.length ?? 0,
    removed: reply.removed?.length ?? 0,
    kept: kept.size,
  };
  return {
    scenes: [...scenes, ...gone.values()],
    counts,
    unchanged: counts.changed + counts.added + counts.removed === 0,
  };
}

/** "3 changed, 2 added, 1 removed, 236 kept": every count, zeros included. */
export function revisionSummary(counts: RevisionCounts): string {
  return `${counts.changed} changed, ${counts.added} added, ${counts.removed} removed, ${counts.kept} kept`;
}

export type DiffToken = WordPart;

/**
 * The words of a changed shot's text, old against new: the words it loses, the words it gains and
 * the ones both have, in reading order (a loss before the gain that replaces it). The SDK's word
 * diff, the one the script page's versions dialog highlights with.
 */
export const wordDiff: (before: string, after: string) => DiffToken[] = diffWordParts;

const STYLE_VALUES = new Set<string>(VISUAL_STYLES.map((style) => style.value));
const ASPECTS = new Set<string>(ASPECT_RATIOS);

/** The most frequent of the values (the first seen on a tie); undefined without any. */
function mostCommon(values: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, count] of counts)
    if (best === undefined || count > (counts.get(best) ?? 0)) best = value;
  return best;
}

/**
 * The style guide the project's shots were made with (the first pass writes its visual style and
 * aspect ratio on every shot): a revise directs its changed and new shots the same way.
 */
export function styleGuideOf(
  shots: readonly Pick<Shot, 'style_package_id' | 'composition_settings' | 'source'>[],
) {
  const made = shots.filter((shot) => shot.source !== null && shot.source !== undefined);
  const style = mostCommon(
    made.flatMap((shot) =>
      shot.style_package_id && STYLE_VALUES.has(shot.style_package_id) ? [shot.style_package_id] : [],
    ),
  );
  const aspect = mostCommon(
    made.flatMap((shot) => {
      const value = (shot.composition_settings as { aspect?: unknown } | null | undefined)?.aspect;
      return typeof value === 'string' && ASPECTS.has(value) ? [value] : [];
    }),
  );
  return {
    style: (style ?? FIRST_PASS_DEFAULTS.style) as VisualStyle,
    aspect: (aspect ?? FIRST_PASS_DEFAULTS.aspect) as AspectRatio,
  } satisfies Partial<StyleGuide>;
}
