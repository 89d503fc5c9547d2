import { type Cut, EDITORIAL_LIMITS, type EditorialFrameRate } from '../contract/editorial.js';
import {
  applyImportedClips,
  type CutImportResult,
  type ImportedClip,
  type ImportNote,
} from './cut.import.js';
import { retimeCut } from './cut.model.js';
import { EditorialFormatError } from './editorial-format-error.js';
import { frameRateValue, nearestEditorialFrameRate } from './frame-rate.js';
import { OTIO_METADATA_KEY } from './otio.writer.js';

export interface ParsedOtioClip extends ImportedClip {
  path: string;
}

export interface ParsedOtio {
  name: string | undefined;
  /** The rate every frame count below is at. */
  frameRate: EditorialFrameRate;
  /** The picture clips of the first video track, in order. */
  clips: ParsedOtioClip[];
  /** Items of the track that are not clips (gaps, nested stacks), and anything else read past. */
  notes: ImportNote[];
  /** Items that cannot become a clip of the cut (a nested stack, a clip without a range). */
  unreadable: { path: string; name: string | undefined; reason: string }[];
}

export interface OtioParseOptions {
  /** Count frames at this rate; by default the rate of the file's first RationalTime. */
  frameRate?: EditorialFrameRate;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.OTIO_SCHEMA !== 'string') return undefined;
  return value.OTIO_SCHEMA.split('.')[0];
}

function rationalTime(value: unknown): { value: number; rate: number } | undefined {
  if (schemaName(value) !== 'RationalTime' || !isObject(value)) return undefined;
  const { value: count, rate } = value;
  if (typeof count !== 'number' || typeof rate !== 'number' || !Number.isFinite(count) || !(rate > 0))
    return undefined;
  return { value: count, rate };
}

function findRate(node: unknown): number | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const rate = findRate(child);
      if (rate !== undefined) return rate;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  const time = rationalTime(node);
  if (time) return time.rate;
  for (const child of Object.values(node)) {
    const rate = findRate(child);
    if (rate !== undefined) return rate;
  }
  return undefined;
}

/**
 * Reads an .otio file (ours, or one an editor saved): the first video track's clips with their
 * source ranges, the shot ids in their metadata, and the dissolves between them. A malformed file
 * (not JSON, no Timeline, no video track) throws an EditorialFormatError.
 */
export function parseOtio(text: string, options: OtioParseOptions = {}): ParsedOtio {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    throw new EditorialFormatError({ format: 'otio', reason: `Not JSON: ${(error as Error).message}` });
  }
  if (schemaName(root) !== 'Timeline' || !isObject(root)) {
    throw new EditorialFormatError({ format: 'otio', reason: 'The file is not an OTIO Timeline' });
  }
  const stack = root.tracks;
  if (schemaName(stack) !== 'Stack' || !isObject(stack) || !Array.isArray(stack.children)) {
    throw new EditorialFormatError({ format: 'otio', reason: 'The timeline has no Stack of tracks' });
  }
  const fileRate = findRate(root);
  const frameRate =
    options.frameRate ??
    (fileRate === undefined ? undefined : nearestEditorialFrameRate(fileRate)) ??
    undefined;
  if (frameRate === undefined) {
    throw new EditorialFormatError({
      format: 'otio',
      reason: `The file's rate (${fileRate ?? 'none'}) is not one of 23.976, 24, 25, 29.97, 30`,
    });
  }
  const target = frameRateValue(frameRate);
  const frames = (value: unknown): number | undefined => {
    const time = rationalTime(value);
    if (!time) return undefined;
    return Math.round(Math.abs(time.rate - target) < 1e-9 ? time.value : (time.value / time.rate) * target);
  };

  const trackIndex = stack.children.findIndex(
    (track) =>
      schemaName(track) === 'Track' && isObject(track) && String(track.kind).toLowerCase() === 'video',
  );
  const track = stack.children[trackIndex];
  if (trackIndex < 0 || !isObject(track) || !Array.isArray(track.children)) {
    throw new EditorialFormatError({ format: 'otio', reason: 'The timeline has no video track' });
  }
  const parsed: ParsedOtio = {
    name: typeof root.name === 'string' ? root.name : undefined,
    frameRate,
    clips: [],
    notes: [],
    unreadable: [],
  };
  const videoTracks = stack.children.filter(
    (candidate) => isObject(candidate) && String(candidate.kind).toLowerCase() === 'video',
  ).length;
  if (videoTracks > 1)
    parsed.notes.push({ message: `Only the first of ${videoTracks} video tracks is read` });

  let pendingDissolve: number | undefined;
  track.children.forEach((child, index) => {
    const path = `tracks.children[${trackIndex}].children[${index}]`;
    const kind = schemaName(child);
    if (!isObject(child)) return;
    const name = typeof child.name === 'string' ? child.name : undefined;
    if (kind === 'Transition') {
      const total = (frames(child.in_offset) ?? 0) + (frames(child.out_offset) ?? 0);
      if (child.transition_type !== 'SMPTE_Dissolve') {
        parsed.notes.push({
          path,
          message: `Transition '${String(child.transition_type)}' read as a dissolve`,
        });
      }
      pendingDissolve = total > 0 ? total : undefined;
      return;
    }
    if (kind === 'Gap') {
      const range = isObject(child.source_range) ? child.source_range : undefined;
      parsed.notes.push({ path, message: `A gap of ${frames(range?.duration) ?? 0} frames is closed` });
      return;
    }
    if (kind !== 'Clip') {
      parsed.unreadable.push({
        path,
        name,
        reason: `${kind ?? 'An unknown item'} cannot be a clip of the cut`,
      });
      pendingDissolve = undefined;
      return;
    }
    let range = isObject(child.source_range) ? child.source_range : undefined;
    if (!range) {
      const references = isObject(child.media_references) ? child.media_references : {};
      const key =
        typeof child.active_media_reference_key === 'string' ? child.active_media_reference_key : '';
      const reference = references[key] ?? child.media_reference;
      if (isObject(reference) && isObject(reference.available_range)) range = reference.available_range;
    }
    const sourceIn = frames(range?.start_time);
    const duration = frames(range?.duration);
    if (sourceIn === undefined || duration === undefined) {
      parsed.unreadable.push({ path, name, reason: 'The clip has no source range' });
      pendingDissolve = undefined;
      return;
    }
    const metadata = isObject(child.metadata) ? child.metadata[OTIO_METADATA_KEY] : undefined;
    const shotId = isObject(metadata) && typeof metadata.shotId === 'string' ? metadata.shotId : undefined;
    const take = isObject(metadata) && typeof metadata.take === 'number' ? metadata.take : undefined;
    parsed.clips.push({
      path,
      ...(shotId === undefined ? {} : { shotId }),
      ...(take === undefined ? {} : { take }),
      ...(name === undefined ? {} : { clipName: name }),
      sourceIn,
      duration,
      transition:
        pendingDissolve === undefined ? { type: 'cut' } : { type: 'dissolve', frames: pendingDissolve },
    });
    pendingDissolve = undefined;
  });
  return parsed;
}

/**
 * Applies an edited OTIO timeline to the cut, with the EDL import's rules: clips matched by the
 * shot id in their metadata (else by name), the file's order, durations and dissolves taken,
 * unmatched clips reported with their place in the file.
 */
export function applyOtioToCut(cut: Cut, otio: ParsedOtio): CutImportResult {
  const base = otio.frameRate === cut.frameRate ? cut : retimeCut(cut, otio.frameRate);
  const applied = applyImportedClips(base, otio.clips);
  const result: CutImportResult = {
    ...applied,
    unmatched: [
      ...applied.unmatched,
      ...otio.unreadable.map((item) => ({
        path: item.path,
        ...(item.name === undefined ? {} : { clipName: item.name }),
        reason: item.reason,
      })),
    ],
    notes: [...otio.notes, ...applied.notes],
  };
  return otio.frameRate === cut.frameRate ? result : { ...result, cut: retimeCut(result.cut, cut.frameRate) };
}

/**
 * Reads the .otio text at the rate it states (or the one given) and applies it; a timeline at
 * another rate than the cut's is converted cut point by cut point, and says so in the notes.
 */
export function importOtio(
  cut: Cut,
  text: string,
  options: { frameRate?: EditorialFrameRate } = {},
): CutImportResult & { otio: ParsedOtio } {
  const otio = parseOtio(text, options);
  if (otio.clips.length > EDITORIAL_LIMITS.events)
    throw new EditorialFormatError({
      format: 'otio',
      reason: `it has ${otio.clips.length} clips, and a cut holds at most ${EDITORIAL_LIMITS.events}`,
    });
  const result = applyOtioToCut(cut, otio);
  if (otio.frameRate === cut.frameRate) return { ...result, otio };
  return {
    ...result,
    notes: [
      {
        message: `Converted from ${otio.frameRate} fps to the cut's ${cut.frameRate} fps: each cut point at the nearest frame`,
      },
      ...result.notes,
    ],
    otio,
  };
}
