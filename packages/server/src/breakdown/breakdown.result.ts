import {
  DEFAULT_SCENE_NAME,
  DEFAULT_SHOT_DURATION,
  type FirstPassScene,
  type FirstPassShot,
  firstPassShotSchema,
  LIST_LIMITS,
  type MissingAsset,
  ReelbenchError,
  SERVER_MESSAGES,
  type StyleGuide,
  TEXT_LIMITS,
} from '@reelbench/sdk/contract';
import {
  type FirstPassResult,
  type LinkedAsset,
  normalizeCharacterName,
  parseSceneHeading,
  plainText,
  reviewShots,
  type Screenplay,
} from '@reelbench/sdk/screenplay';
import { z } from 'zod';
import type { BreakdownAsset } from './breakdown.types.js';

const answerSchema = z.object({ shots: z.array(z.record(z.string(), z.unknown())).max(LIST_LIMITS.shots) });

function unusable(provider: string, issues: unknown): ReelbenchError {
  return new ReelbenchError({
    code: 'API_ERROR',
    statusCode: 502,
    message: SERVER_MESSAGES.breakdownUnusableAnswer,
    context: { provider, issues },
  });
}

/** Models often wrap JSON in ```json fences despite being asked not to. */
export function stripFences(text: string): string {
  const fenced = /^\s*```[\w-]*\s*\n?([\s\S]*?)\n?\s*```\s*$/.exec(text);
  return fenced ? (fenced[1] ?? '') : text.trim();
}

function parseJson(provider: string, text: string): unknown {
  try {
    return JSON.parse(stripFences(text));
  } catch (error) {
    throw unusable(provider, [{ path: '', message: `Invalid JSON: ${(error as Error).message}` }]);
  }
}

function issuesOf(error: z.ZodError, prefix: (string | number)[]): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path].map(String).join('.'),
    message: issue.message,
  }));
}

/** The model's shots, validated by the contract; its own times are ignored for the timeline. */
function validShots(provider: string, answer: unknown): FirstPassShot[] {
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) throw unusable(provider, issuesOf(parsed.error, []));
  const shots: FirstPassShot[] = [];
  const issues: { path: string; message: string }[] = [];
  parsed.data.shots.forEach((raw, index) => {
    const shot = firstPassShotSchema.safeParse({
      ...raw,
      startTime: 0,
      endTime: undefined,
      duration: raw.duration ?? DEFAULT_SHOT_DURATION,
    });
    if (shot.success) shots.push(shot.data);
    else issues.push(...issuesOf(shot.error, ['shots', index]));
  });
  if (issues.length > 0) throw unusable(provider, issues);
  return shots;
}

/** Back to back from 0, each at least 1 s, on a 0.1 s grid, so the timeline never overlaps. */
function placeOnTimeline(shots: FirstPassShot[]): FirstPassShot[] {
  let clock = 0;
  return shots.map((shot) => {
    const deciseconds = Math.max(Math.round((shot.duration ?? DEFAULT_SHOT_DURATION) * 10), 10);
    const placed = {
      ...shot,
      startTime: clock / 10,
      endTime: (clock + deciseconds) / 10,
      duration: deciseconds / 10,
    };
    clock += deciseconds;
    return placed;
  });
}

function clipName(text: string): string {
  return text.length <= TEXT_LIMITS.name ? text : `${text.slice(0, TEXT_LIMITS.name - 1)}…`;
}

function sceneName(number: number, heading: string): string {
  const place = parseSceneHeading(heading).location ?? plainText(heading).trim();
  return clipName(
    place === '' ? `${DEFAULT_SCENE_NAME} ${number}` : `${DEFAULT_SCENE_NAME} ${number}: ${place}`,
  );
}

function scenesOf(shots: FirstPassShot[]): FirstPassScene[] {
  const scenes = new Map<number, FirstPassScene>();
  shots.forEach((shot, index) => {
    const scene = scenes.get(shot.sceneNumber) ?? {
      number: shot.sceneNumber,
      heading: shot.sceneHeading,
      name: sceneName(shot.sceneNumber, shot.sceneHeading),
      shotIndexes: [],
    };
    scene.shotIndexes.push(index);
    scenes.set(shot.sceneNumber, scene);
  });
  return [...scenes.values()].sort((a, b) => a.number - b.number);
}

function normalizePlace(name: string): string {
  return plainText(name).replace(/\s+/g, ' ').trim().toUpperCase();
}

/** Asset names as the director matches them: characters by cue name, places also by their part before ' - '. */
class AssetNames {
  private readonly characters = new Map<string, BreakdownAsset>();
  private readonly locations = new Map<string, BreakdownAsset>();

  constructor(assets: readonly BreakdownAsset[]) {
    for (const asset of assets) {
      if (asset.type === 'character') this.characters.set(normalizeCharacterName(asset.name), asset);
      else if (asset.type === 'location') this.locations.set(normalizePlace(asset.name), asset);
    }
  }

  character(name: string): BreakdownAsset | undefined {
    return this.characters.get(normalizeCharacterName(name));
  }

  location(name: string): BreakdownAsset | undefined {
    const key = normalizePlace(name);
    return this.locations.get(key) ?? this.locations.get(key.split(' - ')[0] ?? key);
  }
}

/** Like the local director: the script's speakers and scene places that have no asset. */
function missingAssets(screenplay: Screenplay, names: AssetNames): MissingAsset[] {
  const speakers = new Set(
    screenplay.elements.flatMap((element) =>
      element.type === 'character' ? [normalizeCharacterName(element.name)] : [],
    ),
  );
  const places = new Set(
    screenplay.scenes.flatMap((scene) => parseSceneHeading(scene.heading.text).location ?? []),
  );
  return [
    ...[...speakers]
      .filter((name) => name !== '' && !names.character(name))
      .map((name) => ({ type: 'character' as const, name: clipName(name) })),
    ...[...places]
      .filter((name) => !names.location(name))
      .map((name) => ({ type: 'location' as const, name: clipName(name) })),
  ];
}

function linkedAssets(shots: FirstPassShot[], names: AssetNames): LinkedAsset[] {
  const uses = new Map<BreakdownAsset, number[]>();
  shots.forEach((shot, index) => {
    const used = [...shot.characters.map((name) => names.character(name)), names.location(shot.location)];
    for (const asset of new Set(used)) {
      if (asset) uses.set(asset, [...(uses.get(asset) ?? []), index]);
    }
  });
  return [...uses].flatMap(([asset, shotIndexes]) =>
    asset.type === 'character' || asset.type === 'location'
      ? [{ assetId: asset.id, type: asset.type, name: asset.name, shotIndexes }]
      : [],
  );
}

/**
 * A model's text answer → a first pass consistent with what the local director returns: the shots
 * pass through the same film grammar as the director's own (reviewShots), then go on the timeline.
 */
export function toFirstPassResult(
  provider: string,
  text: string,
  screenplay: Screenplay,
  assets: readonly BreakdownAsset[],
  styleGuide: StyleGuide,
): FirstPassResult {
  const reviewed = reviewShots(screenplay, validShots(provider, parseJson(provider, text)), styleGuide);
  const shots = placeOnTimeline(reviewed.shots);
  const names = new AssetNames(assets);
  return {
    shots,
    scenes: scenesOf(shots),
    missingAssets: missingAssets(screenplay, names),
    linkedAssets: linkedAssets(shots, names),
  };
}

/** The text of a provider's reply envelope, or the unusable-answer error. */
export function answerText<T>(
  provider: string,
  schema: z.ZodType<T>,
  reply: unknown,
  pick: (reply: T) => string,
): string {
  const parsed = schema.safeParse(reply);
  if (!parsed.success) throw unusable(provider, issuesOf(parsed.error, []));
  return pick(parsed.data);
}
