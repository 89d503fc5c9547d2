import {
  DEFAULT_SHOT_DURATION,
  type GenerationStatus,
  type ProjectSettings,
  type Scene,
  type Shot,
  type ShotUpsert,
  shotFieldsSchema,
} from '@reelbench/sdk';

/** The shot statuses of SPEC.md §4 as the views show them (UI.md, look: one colour each). */
export type ShotStatus = 'pending' | 'processing' | 'completed' | 'stale' | 'failed';
export const SHOT_STATUSES: readonly ShotStatus[] = ['pending', 'processing', 'completed', 'stale', 'failed'];
export const SHOT_STATUS_LABELS: Record<ShotStatus, string> = {
  pending: 'Pending',
  processing: 'Rendering',
  completed: 'Rendered',
  stale: 'Stale',
  failed: 'Failed',
};

/**
 * A shot as the server may send it once issue 15's server part lands: whether its image and video
 * are out of date. Absent today, so no shot is shown stale until the server says so.
 */
export type ShotWithStaleness = Shot & { image_stale?: boolean; video_stale?: boolean };

/** Live progress of one shot's generation, from shot:generation-progress / shot:video-progress. */
export interface ShotProgress {
  status: GenerationStatus;
  /** 0..100 */
  progress: number;
  message?: string;
}

export interface DerivedStatus {
  status: ShotStatus;
  /** 0..100 while processing, when the server reported a percentage. */
  progress?: number;
  /** Why it failed, when failed. */
  error?: string;
}

export const GENERATION_FAILED_MESSAGE = 'Image generation failed';

const IN_FLIGHT: ReadonlySet<GenerationStatus> = new Set(['queued', 'processing']);

/**
 * The image status of a shot (SPEC.md §4): live progress first (a render in flight shows even over
 * an older image), then a failure, then completed whenever an image url exists — stale when the
 * server marks the image out of date — else the stored generation_status.
 */
export function deriveShotStatus(shot: ShotWithStaleness, live?: ShotProgress): DerivedStatus {
  if (live && IN_FLIGHT.has(live.status)) {
    return { status: 'processing', progress: clampPercent(live.progress) };
  }
  if (live?.status === 'failed')
    return { status: 'failed', error: live.message || GENERATION_FAILED_MESSAGE };
  if (shot.image_url) return { status: shot.image_stale === true ? 'stale' : 'completed' };
  switch (shot.generation_status) {
    case 'queued':
    case 'processing':
      return { status: 'processing' };
    case 'failed':
      return { status: 'failed', error: live?.message || shot.generation_error || GENERATION_FAILED_MESSAGE };
    case 'completed':
      // Completed without an image: nothing to show, so it is waiting for a render.
      return { status: 'pending' };
    default:
      return { status: 'pending' };
  }
}

function clampPercent(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

// ---------------------------------------------------------------- order, start times, scenes

export const UNASSIGNED_SCENE_ID = 'unassigned';
export const UNASSIGNED_SCENE_NAME = 'Unassigned';

/** One shot in timeline order. */
export interface LaidShot {
  shot: ShotWithStaleness;
  /** 0-based position in the timeline order. */
  index: number;
  /** Seconds from the start of the timeline. */
  start: number;
  sceneId: string;
}

/** A run of consecutive shots of one scene in the timeline order. */
export interface SceneGroup {
  /** Unique per group (a scene split by a reorder shows as two groups). */
  key: string;
  sceneId: string;
  name: string;
  /** A colour of SCENE_COLORS, or null for the unassigned group. */
  color: string | null;
  /** 1-based position of the scene among the project's scenes; null for unassigned. */
  sceneNumber: number | null;
  /** Indexes into the timeline order. */
  first: number;
  count: number;
  duration: number;
}

export interface ShotBoard {
  /** Every shot in timeline order with its start time and scene. */
  shots: LaidShot[];
  groups: SceneGroup[];
  byId: Map<string, LaidShot>;
  scenesById: Map<string, Scene & { number: number }>;
  totalDuration: number;
}

export interface BoardSettings {
  scenes?: readonly Scene[];
  shotOrder?: readonly string[];
  /** Keep each shot's stored start_time instead of laying shots end to end. */
  preserveTiming?: boolean;
}

export function shotDuration(shot: Pick<Shot, 'duration'>): number {
  return Number.isFinite(shot.duration) && shot.duration > 0 ? shot.duration : DEFAULT_SHOT_DURATION;
}

/** The timeline order: the project's shotOrder first, then any shot it does not list, in list order. */
export function orderShots<S extends Shot>(shots: readonly S[], shotOrder: readonly string[] = []): S[] {
  const byId = new Map(shots.map((shot) => [shot.id, shot]));
  const out: S[] = [];
  const placed = new Set<string>();
  for (const id of shotOrder) {
    const shot = byId.get(id);
    if (shot && !placed.has(id)) {
      out.push(shot);
      placed.add(id);
    }
  }
  for (const shot of shots) if (!placed.has(shot.id)) out.push(shot);
  return out;
}

/**
 * Start times (SPEC.md §4): shots laid back to back by duration from 0, unless preserve-timing is
 * on, when each keeps its stored start_time.
 */
export function layoutStarts(
  ordered: readonly Pick<Shot, 'duration' | 'start_time'>[],
  preserveTiming = false,
) {
  const starts: number[] = [];
  let t = 0;
  for (const shot of ordered) {
    starts.push(preserveTiming ? (shot.start_time ?? 0) : t);
    t += shotDuration(shot);
  }
  return starts;
}

/** Which scene each shot belongs to: the scene listing it, else its scene_id when that scene exists. */
export function sceneOfShots(shots: readonly Shot[], scenes: readonly Scene[]): Map<string, string> {
  const sceneIds = new Set(scenes.map((scene) => scene.id));
  const out = new Map<string, string>();
  for (const scene of scenes) for (const id of scene.shotIds) if (!out.has(id)) out.set(id, scene.id);
  for (const shot of shots) {
    if (!out.has(shot.id) && shot.scene_id && sceneIds.has(shot.scene_id)) out.set(shot.id, shot.scene_id);
  }
  return out;
}

/**
 * The board every shot view reads: timeline order, start times, and the shots grouped by scene.
 * Groups are runs of consecutive shots of one scene in the order, so the storyboard reads like the
 * timeline's scene band; shots in no scene form "Unassigned" runs.
 */
export function buildBoard(shots: readonly ShotWithStaleness[], settings: BoardSettings = {}): ShotBoard {
  const scenes = settings.scenes ?? [];
  const ordered = orderShots(shots, settings.shotOrder);
  const starts = layoutStarts(ordered, settings.preserveTiming);
  const sceneOf = sceneOfShots(ordered, scenes);
  const scenesById = new Map(scenes.map((scene, index) => [scene.id, { ...scene, number: index + 1 }]));
  const laid: LaidShot[] = ordered.map((shot, index) => ({
    shot,
    index,
    start: starts[index] ?? 0,
    sceneId: sceneOf.get(shot.id) ?? UNASSIGNED_SCENE_ID,
  }));
  const groups: SceneGroup[] = [];
  for (const entry of laid) {
    const last = groups.at(-1);
    if (last && last.sceneId === entry.sceneId) {
      last.count += 1;
      last.duration += shotDuration(entry.shot);
      continue;
    }
    const scene = scenesById.get(entry.sceneId);
    groups.push({
      key: `${entry.sceneId}:${entry.index}`,
      sceneId: entry.sceneId,
      name: scene?.name ?? UNASSIGNED_SCENE_NAME,
      color: scene?.color ?? null,
      sceneNumber: scene?.number ?? null,
      first: entry.index,
      count: 1,
      duration: shotDuration(entry.shot),
    });
  }
  const totalDuration = laid.reduce((sum, entry) => sum + shotDuration(entry.shot), 0);
  return {
    shots: laid,
    groups,
    byId: new Map(laid.map((entry) => [entry.shot.id, entry])),
    scenesById,
    totalDuration,
  };
}

// ---------------------------------------------------------------- settings edits

export type OrderSettings = Pick<ProjectSettings, 'scenes' | 'shotOrder'>;

/** Deleted shots leave the order and their scenes. */
export function withoutShots(settings: OrderSettings, ids: Iterable<string>): OrderSettings {
  const gone = new Set(ids);
  return {
    shotOrder: settings.shotOrder.filter((id) => !gone.has(id)),
    scenes: settings.scenes.map((scene) => ({
      ...scene,
      shotIds: scene.shotIds.filter((id) => !gone.has(id)),
    })),
  };
}

/** Each new shot right after its original in the order, and in the original's scene. */
export function withCopies(
  settings: OrderSettings,
  copies: readonly { sourceId: string; id: string }[],
): OrderSettings {
  const after = new Map<string, string[]>();
  for (const copy of copies) after.set(copy.sourceId, [...(after.get(copy.sourceId) ?? []), copy.id]);
  const insert = (list: readonly string[]) => list.flatMap((id) => [id, ...(after.get(id) ?? [])]);
  const ordered = new Set(settings.shotOrder);
  const missing = copies.filter((copy) => !ordered.has(copy.sourceId)).map((copy) => copy.id);
  return {
    shotOrder: [...insert(settings.shotOrder), ...missing],
    scenes: settings.scenes.map((scene) => ({ ...scene, shotIds: insert(scene.shotIds) })),
  };
}

/**
 * Moves shots to a new position of the full timeline order (`order` lists every shot). A moved shot
 * joins the scene of the shot it now follows (or precedes, at the start), like a drop on the timeline.
 */
export function withOrder(
  settings: OrderSettings,
  order: readonly string[],
  moved: Iterable<string> = [],
): OrderSettings {
  const movedSet = new Set(moved);
  const sceneOf = new Map<string, string>();
  for (const scene of settings.scenes) for (const id of scene.shotIds) sceneOf.set(id, scene.id);
  for (const id of movedSet) {
    const index = order.indexOf(id);
    if (index === -1) continue;
    let neighbour: string | undefined;
    for (let i = index - 1; i >= 0; i -= 1) {
      const candidate = order[i];
      if (candidate !== undefined && !movedSet.has(candidate)) {
        neighbour = candidate;
        break;
      }
    }
    if (neighbour === undefined) {
      for (let i = index + 1; i < order.length; i += 1) {
        const candidate = order[i];
        if (candidate !== undefined && !movedSet.has(candidate)) {
          neighbour = candidate;
          break;
        }
      }
    }
    const target = neighbour === undefined ? undefined : sceneOf.get(neighbour);
    if (target === undefined) sceneOf.delete(id);
    else sceneOf.set(id, target);
  }
  const position = new Map(order.map((id, index) => [id, index]));
  const scenes = settings.scenes.map((scene) => ({
    ...scene,
    shotIds: order
      .filter((id) => sceneOf.get(id) === scene.id)
      .sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
  }));
  return { shotOrder: [...order], scenes };
}

/**
 * The scene `sceneId` put at `toIndex` of the scenes (clamped), its shots moved with it in the order:
 * before the first shot of the scene now after it, else after the last shot of the scene now before
 * it. Null when nothing changes or the scene does not exist.
 */
export function placeScene(settings: OrderSettings, sceneId: string, toIndex: number): OrderSettings | null {
  const from = settings.scenes.findIndex((scene) => scene.id === sceneId);
  const scene = settings.scenes[from];
  if (!scene) return null;
  const rest = settings.scenes.filter((candidate) => candidate.id !== sceneId);
  const to = Math.max(0, Math.min(rest.length, toIndex));
  if (to === from) return null;
  const scenes = [...rest.slice(0, to), scene, ...rest.slice(to)];
  const members = new Set(scene.shotIds);
  const block = settings.shotOrder.filter((id) => members.has(id));
  const others = settings.shotOrder.filter((id) => !members.has(id));
  let insertAt: number | undefined;
  for (const next of scenes.slice(to + 1)) {
    const ids = new Set(next.shotIds);
    const index = others.findIndex((id) => ids.has(id));
    if (index !== -1) {
      insertAt = index;
      break;
    }
  }
  if (insertAt === undefined) {
    for (const previous of scenes.slice(0, to).reverse()) {
      const ids = new Set(previous.shotIds);
      const index = others.findLastIndex((id) => ids.has(id));
      if (index !== -1) {
        insertAt = index + 1;
        break;
      }
    }
  }
  const shotOrder =
    insertAt === undefined
      ? [...settings.shotOrder]
      : [...others.slice(0, insertAt), ...block, ...others.slice(insertAt)];
  return { shotOrder, scenes };
}

/** The order with `ids` moved by `delta` places (keeping their relative order), clamped to the ends. */
export function moveInOrder(order: readonly string[], ids: readonly string[], delta: number): string[] {
  const moving = new Set(ids);
  const indexes = order.map((id, index) => (moving.has(id) ? index : -1)).filter((index) => index >= 0);
  if (indexes.length === 0 || delta === 0) return [...order];
  const rest = order.filter((id) => !moving.has(id));
  const block = indexes.map((index) => order[index] as string);
  const first = indexes[0] ?? 0;
  const insertAt = Math.max(0, Math.min(rest.length, first + delta));
  return [...rest.slice(0, insertAt), ...block, ...rest.slice(insertAt)];
}

// ---------------------------------------------------------------- shots as saves send them

const FIELD_KEYS = Object.keys(shotFieldsSchema.shape) as (keyof ShotUpsert)[];

/** The shot as a save upserts it: its id and writable fields only (no projectId, no server-only flags). */
export function toUpsert(shot: Shot): ShotUpsert {
  const out: Record<string, unknown> = { id: shot.id };
  const source = shot as unknown as Record<string, unknown>;
  for (const key of FIELD_KEYS) if (source[key] !== undefined) out[key] = source[key];
  return out as ShotUpsert;
}

// ---------------------------------------------------------------- formatting

export function formatShotNumber(index: number): string {
  return String(index + 1).padStart(3, '0');
}

export function formatSeconds(seconds: number): string {
  const rounded = Math.round(seconds * 10) / 10;
  return Number.isInteger(rounded) ? `${rounded}` : rounded.toFixed(1);
}

/** m:ss for scene totals and start times. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = whole % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(secs).padStart(2, '0')}`;
}

export const FRAMING_LABELS: Record<string, string> = {
  wide: 'Wide',
  medium: 'Medium',
  close: 'Close-up',
  'extreme-close': 'Extreme close-up',
  'over-shoulder': 'Over the shoulder',
  'two-shot': 'Two-shot',
  insert: 'Insert',
  establishing: 'Establishing',
  pov: 'POV',
  aerial: 'Aerial',
};

export function framingLabel(framing: string | null | undefined): string {
  return framing ? (FRAMING_LABELS[framing] ?? framing) : '';
}

const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What a storyboard card says under its frame, each thing once: the first pass names a shot
 * "1.2 Medium – JUNO (introduction): JUNO (9), barefoot, fishes…", which repeats the card's own
 * number, its framing line and its script text. The title drops a leading shot number, a leading
 * framing that is the shot's own and a trailing ": <script text>"; the text is the script's words
 * (else the action or the description) unless the title already says them.
 */
export function cardText(
  shot: Pick<Shot, 'name' | 'framing' | 'script_text' | 'action' | 'description'>,
  framing: string = framingLabel(shot.framing),
): { title: string; text: string } {
  const script = squeeze(shot.script_text || shot.action || shot.description || '');
  let title = squeeze(shot.name).replace(/^\d+(?:\.\d+)*[a-z]?\s+/i, '');
  const dash = title.match(/^([^–—:]{1,40}?)\s+[–—-]\s+/);
  if (dash?.[1] && framing && letters(dash[1]) === letters(framing)) {
    const rest = title.slice(dash[0].length);
    title = rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  if (script) {
    const colon = title.lastIndexOf(': ');
    if (colon > 0 && letters(script).startsWith(letters(title.slice(colon + 2)))) {
      title = title.slice(0, colon);
    }
  }
  if (title === '') title = script || squeeze(shot.name);
  const said = letters(title);
  const text = script && !said.includes(letters(script)) ? script : '';
  return { title, text };
}

/**
 * The words on a frame that is not rendered yet (under its framing): the description, unless the
 * card's title or text below already says it ("Medium introducing JUNO: JUNO (9), barefoot…" over
 * "JUNO (9), barefoot…"); then the prompt, with the same rule; else nothing.
 */
export function slateText(
  shot: Pick<Shot, 'description' | 'prompt'>,
  caption: { title: string; text: string },
): string {
  const below = [caption.title, caption.text].map(letters).filter((said) => said.length > 0);
  for (const candidate of [shot.description, shot.prompt]) {
    const words = squeeze(candidate ?? '');
    const own = letters(words);
    if (own && !below.some((said) => own.includes(said) || said.includes(own))) return words;
  }
  return '';
}
