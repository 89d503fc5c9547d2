import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CutTransition, inputExcerpt, isReelbenchError, ReelbenchError } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { notAvailable } from '../common/domain-error.js';
import { GENERATION_MESSAGES } from '../generation/generation.errors.js';
import { ANIMATIC_ENCODER, ANIMATIC_FPS, animaticEncoderArgs } from '../media/animatic-encoder.js';
import type { FfmpegLocation } from '../media/ffmpeg-path.js';
import {
  type FfmpegRun,
  ffmpegCapabilities,
  ffmpegFailureReason,
  runFfmpeg,
  stderrTail,
} from '../media/ffmpeg-process.js';
import { Mp4Error, type Mp4Track, readMp4 } from '../media/mp4.js';
import { writeMp4 } from '../media/mp4-write.js';
import { processLauncher } from '../media/process-launcher.js';
import { silentTrack } from '../media/silence.js';
import { dialogueMixGraph, type RoughCutLine } from './rough-cut.audio.js';
import { burnInFilter, burnInFont, burnInText } from './rough-cut.burn-in.js';
import { type JoinPart, joinInProcess } from './rough-cut.join.js';
import { framesToSecondsExact, rateString } from './rough-cut.rate.js';

/** One event of the cut with its media on local disk. */
export interface RoughCutEvent {
  name: string;
  /** Length on the record, in frames at the cut's rate. */
  frames: number;
  /** First frame of the take used. */
  sourceIn: number;
  transition: CutTransition;
  /** The shot's video, with what is known of it (our animatics can be joined without re-encoding). */
  video: {
    path: string;
    encoder?: string;
    fps?: number;
    width?: number;
    height?: number;
    frames?: number;
  } | null;
  /** The shot's image: shown for the event's length when there is no video. */
  image: string | null;
}

export interface RoughCutRequest {
  ffmpeg: FfmpegLocation;
  frameRate: number;
  width: number;
  height: number;
  events: RoughCutEvent[];
  /** The soundtrack and where its first sample sits on the record (seconds; negative: cut off). */
  soundtrack: { path: string; offsetSeconds: number } | null;
  /** The scratch track's lines in record order, never overlapping (none: the cut is not spoken). */
  dialogue?: RoughCutLine[];
  /** Shot names and record timecode drawn on the picture. */
  burnIn: boolean;
  /** Scratch directory (the caller removes it); the MP4 is written to `output`. */
  workDir: string;
  output: string;
  signal: AbortSignal;
  onProgress(fraction: number, message: string): Promise<void>;
}

export interface RoughCutOutcome {
  frames: number;
  durationSeconds: number;
  hasAudio: boolean;
  /** How the cut's dissolves were rendered: xfade, as plain cuts, or there were none. */
  dissolves: 'xfade' | 'plain-cuts' | 'none';
  burnIn: 'drawn' | 'off' | 'unavailable';
  /** Events whose picture was re-encoded, against those joined as they were. */
  encodedEvents: number;
  copiedEvents: number;
  /** What could not be done as asked, in words (shown with the result). */
  notes: string[];
}

const TIMEOUT_MS = 30 * 60_000;
export const ROUGH_CUT_FAILED = 'Rough cut rendering failed';

/**
 * A failed ffmpeg step as the job's error: what ffmpeg could not do and, when its output says, why,
 * in words (never ffmpeg's own text, which names files on the server); that text, the exit code and
 * the step go in the context, for the log.
 */
function failed(what: string, reason: string | undefined, context: Record<string, unknown>): ReelbenchError {
  return new ReelbenchError({
    code: 'SERVER_ERROR',
    message: `${ROUGH_CUT_FAILED}: ffmpeg could not ${what}${reason ? ` (${reason})` : ''}`,
    context: { step: what, ...(reason ? { reason } : {}), ...context },
  });
}

/** "encode event 3 (Night exterior)": the event's number and a short, clean excerpt of its name. */
function eventStep(verb: string, request: RoughCutRequest, event: RoughCutEvent): string {
  const number = request.events.indexOf(event) + 1;
  const name = inputExcerpt(burnInText(event.name), 40);
  return `${verb} event ${number}${name ? ` (${name})` : ''}`;
}

async function ffmpeg(request: RoughCutRequest, args: string[], what: string): Promise<void> {
  if (request.signal.aborted) throw request.signal.reason ?? new Error('cancelled');
  let run: FfmpegRun;
  try {
    run = await runFfmpeg(
      request.ffmpeg.path,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
      TIMEOUT_MS,
      { signal: request.signal },
    );
  } catch (error) {
    if (isReelbenchError(error) && error.message === GENERATION_MESSAGES.videoTimedOut) {
      const minutes = Math.round(Math.min(TIMEOUT_MS, processLauncher.limits.maxWallMs) / 60_000);
      throw failed(what, `it ran longer than ${minutes} min`, { stderr: error.context?.stderr });
    }
    throw error;
  }
  if (run.code !== 0) {
    throw failed(what, ffmpegFailureReason(run), { exitCode: run.code, stderr: stderrTail(run.stderr) });
  }
}

/**
 * The event's picture as it is (an animatic with our encoder settings at the cut's size and rate):
 * cut at its out point when the event is shorter, its last picture held when it is longer.
 */
function copyable(
  request: RoughCutRequest,
  event: RoughCutEvent,
): event is RoughCutEvent & { video: { path: string; frames: number } } {
  const video = event.video;
  return (
    video !== null &&
    video.encoder === ANIMATIC_ENCODER &&
    video.fps === ANIMATIC_FPS &&
    Math.abs(request.frameRate - ANIMATIC_FPS) < 1e-9 &&
    video.width === request.width &&
    video.height === request.height &&
    event.sourceIn === 0 &&
    video.frames !== undefined &&
    video.frames > 0
  );
}

/**
 * One event as a segment of exactly `frames + extra` frames at the cut's size and rate, encoded
 * like an animatic: the video from its source in (its last frame held when it is too short), or
 * the image held; black when the shot has neither.
 */
async function encodeSegment(
  request: RoughCutRequest,
  event: RoughCutEvent,
  extra: number,
  output: string,
): Promise<void> {
  const { width, height } = request;
  const total = event.frames + extra;
  const rate = rateString(request.frameRate);
  const fit = `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;
  let input: string[];
  let graph: string;
  if (event.video) {
    input = ['-i', event.video.path];
    graph = `[0:v]fps=${rate},${fit},format=yuv420p,trim=start_frame=${event.sourceIn},setpts=PTS-STARTPTS,tpad=stop_mode=clone:stop=${total}[v]`;
  } else if (event.image) {
    input = ['-i', event.image];
    graph = `[0:v]${fit},format=yuv420p,fps=${rate},tpad=stop_mode=clone:stop=${total}[v]`;
  } else {
    input = ['-f', 'lavfi', '-i', `color=c=black:s=${width}x${height}:r=${rate}`];
    graph = '[0:v]format=yuv420p[v]';
  }
  const what = eventStep('encode', request, event);
  try {
    await ffmpeg(request, [...input, ...silentVideoArgs(graph, rate, total, output)], what);
  } catch (error) {
    // Said in the film maker's terms when the cause is the shot's own picture (checked only on failure).
    if (!event.video && event.image && isReelbenchError(error) && !(await decodes(event.image))) {
      throw failed(what, UNREADABLE_IMAGE, { ...error.context });
    }
    throw error;
  }
}

/** Why an event could not be encoded when its shot's stored image does not decode. */
export const UNREADABLE_IMAGE = "the shot's image is not a readable image";

/** Whether the picture decodes in full (not only its header). */
async function decodes(file: string): Promise<boolean> {
  try {
    await sharp(file, { failOn: 'error' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Encode the filter graph's `[v]` as the animatic's H.264, no audio, exactly `frames` long at `rate`. */
function silentVideoArgs(graph: string, rate: string, frames: number, output: string): string[] {
  return [
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-an',
    ...animaticEncoderArgs(),
    '-r',
    rate,
    '-frames:v',
    String(frames),
    output,
  ];
}

/** A run of events joined by dissolves, rendered with xfade into one segment of their summed length. */
async function dissolveGroup(
  request: RoughCutRequest,
  events: RoughCutEvent[],
  output: string,
  scratch: (name: string) => string,
): Promise<void> {
  const rate = rateString(request.frameRate);
  const inputs: string[] = [];
  for (const [index, event] of events.entries()) {
    const next = events[index + 1];
    // The outgoing shot runs on under the dissolve into the next one.
    const extra = next && next.transition.type === 'dissolve' ? next.transition.frames : 0;
    const file = scratch(`group-${index}.mp4`);
    await encodeSegment(request, event, extra, file);
    inputs.push('-i', file);
  }
  const parts: string[] = [];
  let label = '[0:v]';
  let offsetFrames = 0;
  for (let index = 1; index < events.length; index += 1) {
    const previous = events[index - 1] as RoughCutEvent;
    const event = events[index] as RoughCutEvent;
    const frames = event.transition.type === 'dissolve' ? event.transition.frames : 0;
    offsetFrames += previous.frames;
    const out = `[x${index}]`;
    parts.push(
      `${label}[${index}:v]xfade=transition=fade:duration=${framesToSecondsExact(frames, request.frameRate)}:offset=${framesToSecondsExact(offsetFrames, request.frameRate)}${out}`,
    );
    label = out;
  }
  const total = events.reduce((sum, event) => sum + event.frames, 0);
  await ffmpeg(
    request,
    [...inputs, ...silentVideoArgs(`${parts.join(';')};${label}format=yuv420p[v]`, rate, total, output)],
    eventStep('dissolve into', request, events.at(-1) as RoughCutEvent),
  );
}

/** Places the soundtrack (input `input`) on the record: delayed, or its head cut off, then padded to the cut's length. */
function soundtrackFilter(input: number, offsetSeconds: number, seconds: number, label = '[a]'): string {
  const place =
    offsetSeconds >= 0
      ? `adelay=${Math.round(offsetSeconds * 1000)}|${Math.round(offsetSeconds * 1000)}`
      : `atrim=start=${-offsetSeconds},asetpts=PTS-STARTPTS`;
  return `[${input}:a]aformat=sample_rates=48000:channel_layouts=stereo,${place},apad,atrim=end=${seconds.toFixed(6)}${label}`;
}

const SOUNDTRACK_ARGS = ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000'];

/**
 * The cut's audio as a track to mux: the soundtrack placed on the record and encoded (one ffmpeg
 * run of the audio alone), or silence; null without an AAC encoder.
 */
async function audioTrack(
  request: RoughCutRequest,
  seconds: number,
  audioEncoder: boolean,
): Promise<Mp4Track | null> {
  if (!audioEncoder) return null;
  const dialogue = request.dialogue ?? [];
  if (dialogue.length > 0) return dialogueTrack(request, dialogue, seconds);
  if (!request.soundtrack) return silentTrack(request.ffmpeg, seconds);
  const file = path.join(request.workDir, 'soundtrack.m4a');
  await ffmpeg(
    request,
    [
      '-i',
      request.soundtrack.path,
      '-filter_complex',
      soundtrackFilter(0, request.soundtrack.offsetSeconds, seconds),
      '-map',
      '[a]',
      ...SOUNDTRACK_ARGS,
      file,
    ],
    'encode the soundtrack',
  );
  const { audio } = await readMp4(file);
  if (audio === undefined) throw new Mp4Error('The encoded soundtrack has no audio track');
  return audio;
}

/**
 * The scratch track mixed in one ffmpeg run: every line at its place, silence between, the
 * soundtrack under it ducked while someone speaks (rough-cut.audio.ts), encoded as the cut's AAC.
 */
async function dialogueTrack(
  request: RoughCutRequest,
  lines: RoughCutLine[],
  seconds: number,
): Promise<Mp4Track> {
  const file = path.join(request.workDir, 'dialogue.m4a');
  const script = path.join(request.workDir, 'dialogue-mix.txt');
  const soundtrack = request.soundtrack;
  await writeFile(
    script,
    dialogueMixGraph(
      lines,
      seconds,
      soundtrack ? (input, label) => soundtrackFilter(input, soundtrack.offsetSeconds, seconds, label) : null,
    ),
  );
  await ffmpeg(
    request,
    [
      ...lines.flatMap((line) => ['-i', line.path]),
      ...(soundtrack ? ['-i', soundtrack.path] : []),
      '-filter_complex_script',
      script,
      '-map',
      '[a]',
      ...SOUNDTRACK_ARGS,
      file,
    ],
    soundtrack ? 'mix the dialogue over the soundtrack' : 'mix the dialogue',
  );
  const { audio } = await readMp4(file);
  if (audio === undefined) throw new Mp4Error('The mixed dialogue has no audio track');
  return audio;
}

interface Part extends JoinPart {
  /** The event a clip part shows as it is (null for a segment encoded here). */
  event: RoughCutEvent | null;
}

/**
 * The join by ffmpeg's concat demuxer: with the burn-in (a new picture of the whole cut), or when the
 * segments are not coded alike. A clip too short for its event is first written with its last
 * picture held (rough-cut.join.ts), or encoded again when even that cannot be done.
 */
async function joinWithFfmpeg(
  request: RoughCutRequest,
  parts: Part[],
  options: { frames: number; seconds: number; audio: () => Promise<Mp4Track | null>; burnIn: string | null },
): Promise<number> {
  let reencoded = 0;
  const scratch = (name: string) => path.join(request.workDir, name);
  const lines: string[] = [];
  const quote = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;
  for (const [index, part] of parts.entries()) {
    let file = part.file;
    const available = part.event?.video?.frames ?? part.frames;
    if (part.event && available < part.frames) {
      file = scratch(`held-${index}.mp4`);
      try {
        await joinInProcess([part], null, file);
      } catch (error) {
        if (!(error instanceof Mp4Error)) throw error;
        await encodeSegment(request, part.event, 0, file);
        reencoded += 1;
      }
    }
    const seconds = framesToSecondsExact(part.frames, request.frameRate).toFixed(6);
    // The length is written into the list: the concat demuxer would otherwise start the next file
    // where this one's longest stream ends (an animatic's AAC runs a few ms past its picture).
    lines.push(
      `file ${quote(file)}\nduration ${seconds}\n${available > part.frames ? `outpoint ${seconds}\n` : ''}`,
    );
  }
  const list = scratch('segments.txt');
  await writeFile(list, lines.join(''));
  const audio = await options.audio();
  const audioFile = scratch('audio.m4a');
  if (audio) await writeMp4(audioFile, [audio]);
  const rate = rateString(request.frameRate);
  const filters = options.burnIn ? ['-filter_complex', `[0:v]${options.burnIn},format=yuv420p[v]`] : [];
  // A new picture (the burn-in) is one encode of the whole cut: ffmpeg's own threads for it.
  const videoCodec = options.burnIn
    ? [...animaticEncoderArgs().map((arg, i, all) => (all[i - 1] === '-threads' ? '0' : arg)), '-r', rate]
    : ['-c:v', 'copy'];
  await ffmpeg(
    request,
    [
      ...['-f', 'concat', '-safe', '0', '-i', list],
      ...(audio ? ['-i', audioFile] : []),
      ...filters,
      ...['-map', options.burnIn ? '[v]' : '0:v'],
      ...(audio ? ['-map', '1:a', '-c:a', 'copy'] : []),
      ...videoCodec,
      ...['-frames:v', String(options.frames), '-t', options.seconds.toFixed(6)],
      ...['-movflags', '+faststart', request.output],
    ],
    options.burnIn ? 'draw the burn-in over the joined events' : 'join the events',
  );
  return reencoded;
}

/**
 * The rough cut: every event's picture in order at the cut's rate, dissolves with xfade (plain cuts
 * without it), the soundtrack under it (silence without one), optionally the burn-in. Animatics made
 * with our encoder settings are joined as they are (their coded pictures copied) unless the burn-in
 * asks for a new picture; everything else is encoded once, as a segment, with those same settings.
 */
export async function renderRoughCut(request: RoughCutRequest): Promise<RoughCutOutcome> {
  if (request.events.length === 0)
    throw new ReelbenchError({ code: 'VALIDATION_ERROR', message: 'The cut has no events' });
  const capabilities = await ffmpegCapabilities(request.ffmpeg.path);
  if (!capabilities.encoders.has('libx264')) throw notAvailable(GENERATION_MESSAGES.ffmpegNoH264);
  const notes: string[] = [];
  const hasDissolves = request.events.some((event) => event.transition.type === 'dissolve');
  const xfade = hasDissolves && capabilities.filters.has('xfade');
  if (hasDissolves && !xfade) notes.push('This ffmpeg has no xfade filter: dissolves are plain cuts');
  const font = burnInFont();
  let burnIn: RoughCutOutcome['burnIn'] = 'off';
  if (request.burnIn) {
    if (!capabilities.filters.has('drawtext')) notes.push('This ffmpeg has no drawtext filter: no burn-in');
    else if (font === undefined) notes.push('No font found for drawtext: no burn-in');
    else burnIn = 'drawn';
  }
  const audioEncoder = capabilities.encoders.has('aac');
  if (!audioEncoder) notes.push('This ffmpeg has no AAC encoder: no audio');

  const scratch = (name: string) => path.join(request.workDir, name);
  const groups: RoughCutEvent[][] = [];
  for (const event of request.events) {
    const current = groups.at(-1);
    if (xfade && current && event.transition.type === 'dissolve') current.push(event);
    else groups.push([event]);
  }
  const parts: Part[] = [];
  let copiedEvents = 0;
  let encodedEvents = 0;
  for (const [index, group] of groups.entries()) {
    const first = group[0] as RoughCutEvent;
    const frames = group.reduce((sum, event) => sum + event.frames, 0);
    const file = scratch(`segment-${index}.mp4`);
    if (group.length > 1) {
      await dissolveGroup(request, group, file, (name) => scratch(`segment-${index}-${name}`));
      parts.push({ file, frames, event: null });
      encodedEvents += group.length;
    } else if (copyable(request, first)) {
      parts.push({ file: first.video.path, frames, event: first });
      copiedEvents += 1;
    } else {
      await encodeSegment(request, first, 0, file);
      parts.push({ file, frames, event: null });
      encodedEvents += 1;
    }
    await request.onProgress(((index + 1) / groups.length) * 0.8, `${index + 1}/${groups.length} events`);
  }

  const frames = request.events.reduce((sum, event) => sum + event.frames, 0);
  const seconds = framesToSecondsExact(frames, request.frameRate);
  await request.onProgress(0.85, 'joining the events');
  // Encoded once, whichever join ends up using it.
  let audio: Promise<Mp4Track | null> | undefined;
  const cutAudio = () => {
    audio ??= audioTrack(request, seconds, audioEncoder);
    return audio;
  };
  try {
    let joined = false;
    if (burnIn !== 'drawn') {
      try {
        if (request.signal.aborted) throw request.signal.reason ?? new Error('cancelled');
        await joinInProcess(parts, await cutAudio(), request.output);
        joined = true;
      } catch (error) {
        if (!(error instanceof Mp4Error)) throw error;
      }
    }
    if (!joined) {
      const reencoded = await joinWithFfmpeg(request, parts, {
        frames,
        seconds,
        audio: cutAudio,
        burnIn: burnIn === 'drawn' && font ? await burnInFilter(request, font) : null,
      });
      copiedEvents -= reencoded;
      encodedEvents += reencoded;
    }
  } catch (error) {
    await rm(request.output, { force: true });
    throw error;
  }
  const count = request.events.length;
  await request.onProgress(1, `${count} ${count === 1 ? 'event' : 'events'} joined`);
  return {
    frames,
    durationSeconds: seconds,
    hasAudio: audioEncoder,
    dissolves: !hasDissolves ? 'none' : xfade ? 'xfade' : 'plain-cuts',
    burnIn,
    encodedEvents,
    copiedEvents,
    notes,
  };
}
