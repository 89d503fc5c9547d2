import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CutTransition, ReelbenchError } from '@reelbench/sdk/contract';
import { notAvailable } from '../common/domain-error.js';
import { GENERATION_MESSAGES } from '../generation/generation.errors.js';
import { ANIMATIC_ENCODER, ANIMATIC_FPS, animaticEncoderArgs } from '../generation/local/animatic.js';
import type { FfmpegLocation } from '../generation/local/ffmpeg-path.js';
import { ffmpegCapabilities, runFfmpeg, stderrTail } from '../generation/local/ffmpeg-process.js';
import { holdLastPicture } from '../generation/local/h264-repeat.js';

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
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/System/Library/Fonts/Supplemental/Arial Bold.ttf',
  'C:\\Windows\\Fonts\\arialbd.ttf',
];

/** ffmpeg's spelling of a rate: the NTSC rates exactly (24000/1001, 30000/1001). */
export function rateString(frameRate: number): string {
  if (Math.abs(frameRate - 23.976) < 0.001) return '24000/1001';
  if (Math.abs(frameRate - 29.97) < 0.001) return '30000/1001';
  return String(frameRate);
}

/** Exact seconds of `frames` at the rate (NTSC rates are n*1000/1001). */
export function framesToSecondsExact(frames: number, frameRate: number): number {
  const [numerator, denominator = '1'] = rateString(frameRate).split('/');
  return (frames * Number(denominator)) / Number(numerator);
}

/** Record timecode at whole-frame rates (non-drop frame), e.g. 01:00:00:00 for frame 0. */
function timecodeStart(): string {
  return '01\\:00\\:00\\:00';
}

/** drawtext's text: every character that its option parser or the filter graph treats specially escaped. */
function drawtextText(text: string): string {
  return text.replace(/[\\':;,[\]%=]/g, (char) => `\\${char}`).replace(/\n/g, ' ');
}

function failed(message: string, run: { code: number | null; stderr: string }, step: string): ReelbenchError {
  return new ReelbenchError({
    code: 'SERVER_ERROR',
    message,
    context: { step, exitCode: run.code, stderr: stderrTail(run.stderr) },
  });
}

async function ffmpeg(request: RoughCutRequest, args: string[], step: string): Promise<void> {
  if (request.signal.aborted) throw request.signal.reason ?? new Error('cancelled');
  const run = await runFfmpeg(
    request.ffmpeg.path,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
    TIMEOUT_MS,
  );
  if (run.code !== 0) throw failed('Rough cut rendering failed', run, step);
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
 * An animatic too short for its event (the cut rounds its boundaries on the record, so an event can
 * be a frame longer than its shot's clip) with its last picture held: the clip's stream as it is,
 * one skipped picture a missing frame written after it (h264-repeat.ts), in a new MP4. Two short
 * stream copies instead of coding the event again; false when the stream is not of a shape that
 * allows it (the caller encodes the event then).
 */
async function heldSegment(
  request: RoughCutRequest,
  video: { path: string; frames: number },
  frames: number,
  output: string,
): Promise<boolean> {
  const stream = `${output}.h264`;
  await ffmpeg(
    request,
    ['-i', video.path, '-map', '0:v', '-c:v', 'copy', '-bsf:v', 'h264_mp4toannexb', '-f', 'h264', stream],
    'hold: read',
  );
  const held = holdLastPicture(await readFile(stream), frames - video.frames);
  if (held === null) return false;
  await writeFile(stream, held);
  await ffmpeg(
    request,
    [
      '-framerate',
      String(ANIMATIC_FPS),
      '-f',
      'h264',
      '-i',
      stream,
      '-map',
      '0:v',
      '-c:v',
      'copy',
      '-video_track_timescale',
      String(ANIMATIC_FPS * 512),
      '-frames:v',
      String(frames),
      output,
    ],
    'hold: write',
  );
  return true;
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
  await ffmpeg(request, [...input, ...silentVideoArgs(graph, rate, total, output)], `segment ${event.name}`);
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
    'dissolve',
  );
}

/** The burn-in: record timecode from 01:00:00:00 top right, each event's name bottom left while it is on. */
function burnInFilter(request: RoughCutRequest, font: string): string {
  const fontfile = font.replace(/\\/g, '/').replace(/:/g, '\\:');
  const rate = rateString(request.frameRate);
  const box = 'box=1:boxcolor=black@0.55:boxborderw=8:fontcolor=white';
  const size = Math.max(14, Math.round(request.height / 30));
  const filters = [
    `drawtext=fontfile='${fontfile}':timecode='${timecodeStart()}':rate=${rate}:fontsize=${size}:${box}:x=w-tw-24:y=24`,
  ];
  let start = 0;
  for (const event of request.events) {
    const end = start + event.frames;
    filters.push(
      `drawtext=fontfile='${fontfile}':text='${drawtextText(event.name)}':fontsize=${size}:${box}:x=24:y=h-th-24:enable='between(n\\,${start}\\,${end - 1})'`,
    );
    start = end;
  }
  return filters.join(',');
}

/** Places the soundtrack on the record: delayed, or its head cut off, then padded to the cut's length. */
function soundtrackFilter(offsetSeconds: number, seconds: number): string {
  const place =
    offsetSeconds >= 0
      ? `adelay=${Math.round(offsetSeconds * 1000)}|${Math.round(offsetSeconds * 1000)}`
      : `atrim=start=${-offsetSeconds},asetpts=PTS-STARTPTS`;
  return `[1:a]aformat=sample_rates=48000:channel_layouts=stereo,${place},apad,atrim=end=${seconds.toFixed(6)}[a]`;
}

/** Seconds of silence encoded once and looped (stream copy) under a cut without a soundtrack. */
const SILENCE_SECONDS = 10;

/**
 * The silent track's source: a few seconds of AAC silence, repeated by the join as often as the cut
 * needs (encoding a feature's length of silence costs several CPU seconds; repeating it nothing).
 */
async function silentTrack(request: RoughCutRequest, file: string): Promise<string> {
  await ffmpeg(
    request,
    [
      '-f',
      'lavfi',
      '-i',
      'anullsrc=channel_layout=stereo:sample_rate=48000',
      '-t',
      String(SILENCE_SECONDS),
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      file,
    ],
    'silence',
  );
  return file;
}

/**
 * The rough cut: every event's picture in order at the cut's rate, dissolves with xfade (plain cuts
 * without it), the soundtrack under it (silence without one), optionally the burn-in. Animatics made
 * with our encoder settings are joined as they are (stream copy) unless the burn-in asks for a new
 * picture; everything else is encoded once, as a segment, with those same settings.
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
  const font = FONT_CANDIDATES.find((candidate) => existsSync(candidate));
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
  // Each segment's length is written into the list: the concat demuxer would otherwise start the next
  // file where this one's longest stream ends (an animatic's AAC track runs a few ms past its
  // picture), leaving a gap in the picture's timestamps at every join.
  const segments: { file: string; seconds: number; outpointSeconds?: number }[] = [];
  const secondsOf = (events: RoughCutEvent[]) =>
    framesToSecondsExact(
      events.reduce((sum, event) => sum + event.frames, 0),
      request.frameRate,
    );
  let copiedEvents = 0;
  let encodedEvents = 0;
  for (const [index, group] of groups.entries()) {
    const first = group[0] as RoughCutEvent;
    if (group.length > 1) {
      const file = scratch(`segment-${index}.mp4`);
      await dissolveGroup(request, group, file, (name) => scratch(`segment-${index}-${name}`));
      segments.push({ file, seconds: secondsOf(group) });
      encodedEvents += group.length;
    } else if (copyable(request, first) && first.video.frames >= first.frames) {
      const whole = first.video.frames === first.frames;
      segments.push({
        file: first.video.path,
        seconds: secondsOf(group),
        ...(whole ? {} : { outpointSeconds: framesToSecondsExact(first.frames, request.frameRate) }),
      });
      copiedEvents += 1;
    } else if (
      copyable(request, first) &&
      (await heldSegment(request, first.video, first.frames, scratch(`segment-${index}.mp4`)))
    ) {
      segments.push({ file: scratch(`segment-${index}.mp4`), seconds: secondsOf(group) });
      copiedEvents += 1;
    } else {
      const file = scratch(`segment-${index}.mp4`);
      await encodeSegment(request, first, 0, file);
      segments.push({ file, seconds: secondsOf(group) });
      encodedEvents += 1;
    }
    await request.onProgress(((index + 1) / groups.length) * 0.8, `${index + 1}/${groups.length} events`);
  }

  const frames = request.events.reduce((sum, event) => sum + event.frames, 0);
  const seconds = framesToSecondsExact(frames, request.frameRate);
  const list = scratch('segments.txt');
  const quote = (file: string) => `'${file.replace(/'/g, "'\\''")}'`;
  await writeFile(
    list,
    segments
      .map(
        (segment) =>
          `file ${quote(segment.file)}\nduration ${segment.seconds.toFixed(6)}\n${segment.outpointSeconds === undefined ? '' : `outpoint ${segment.outpointSeconds.toFixed(6)}\n`}`,
      )
      .join(''),
  );
  const rate = rateString(request.frameRate);
  const silence =
    audioEncoder && !request.soundtrack ? await silentTrack(request, scratch('silence.m4a')) : null;
  const audioInput = !audioEncoder
    ? []
    : request.soundtrack
      ? ['-i', request.soundtrack.path]
      : ['-stream_loop', '-1', '-i', silence as string];
  const filters: string[] = [];
  if (burnIn === 'drawn' && font) filters.push(`[0:v]${burnInFilter(request, font)},format=yuv420p[v]`);
  if (audioEncoder && request.soundtrack)
    filters.push(soundtrackFilter(request.soundtrack.offsetSeconds, seconds));
  const videoMap = burnIn === 'drawn' ? '[v]' : '0:v';
  const audioMap = !audioEncoder ? [] : request.soundtrack ? ['-map', '[a]'] : ['-map', '1:a'];
  // A new picture (the burn-in) is one encode of the whole cut: ffmpeg's own threads for it.
  const videoCodec =
    burnIn === 'drawn'
      ? [...animaticEncoderArgs().map((arg, i, all) => (all[i - 1] === '-threads' ? '0' : arg)), '-r', rate]
      : ['-c:v', 'copy'];
  await request.onProgress(0.85, 'joining');
  try {
    await ffmpeg(
      request,
      [
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        ...audioInput,
        ...(filters.length > 0 ? ['-filter_complex', filters.join(';')] : []),
        '-map',
        videoMap,
        ...audioMap,
        ...videoCodec,
        ...(!audioEncoder
          ? []
          : request.soundtrack
            ? ['-c:a', 'aac', '-b:a', '160k', '-ar', '48000']
            : ['-c:a', 'copy']),
        '-frames:v',
        String(frames),
        '-t',
        seconds.toFixed(6),
        '-movflags',
        '+faststart',
        request.output,
      ],
      'join',
    );
  } catch (error) {
    await rm(request.output, { force: true });
    throw error;
  }
  await request.onProgress(1, 'done');
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
