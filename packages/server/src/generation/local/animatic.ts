import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ReelbenchError } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { notAvailable } from '../../common/domain-error.js';
import { parse } from '../../common/validation.js';
import {
  ANIMATIC_ENCODER,
  ANIMATIC_FPS,
  animaticEncoderArgs,
  X264_PRESET,
} from '../../media/animatic-encoder.js';
import type { FfmpegLocation } from '../../media/ffmpeg-path.js';
import { ffmpegCapabilities, probeMedia, runFfmpeg, stderrTail } from '../../media/ffmpeg-process.js';
import { repeatPictures } from '../../media/h264-repeat.js';
import { annexBToSamples } from '../../media/mp4-h264.js';
import { writeMp4 } from '../../media/mp4-write.js';
import { readImageInfo, readingImage } from '../../media/sharp-io.js';
import { SILENCE_ARGS, silentTrack } from '../../media/silence.js';
import { GENERATION_MESSAGES } from '../generation.errors.js';
import {
  type CameraMove,
  type ClipRequest,
  clipRequestSchema,
  FRAME_SIZES,
  type RenderedClip,
} from '../generation.types.js';
import { clipMove } from './framing.js';

/**
 * A camera move is drawn "on twos": zoompan makes a new picture every second frame (12 a second)
 * and each is shown twice, the way hand-drawn animation moves. x264 codes each picture once; the
 * repeat is written into the stream as a picture of skipped blocks (h264-repeat.ts), so the encoder
 * does half the work of 24 pictures a second. A static shot is drawn the same way: the still, 12 a
 * second, each repeated.
 */
const FRAMES_PER_PICTURE = 2;
/** Zoom at the last frame of a push-in, and the constant zoom a pan travels across. */
const PUSH_IN_END_ZOOM = 1.15;
const PAN_ZOOM = 1.12;
const DEFAULT_TIMEOUT_MS = 300_000;
const SHOT_IMAGE = 'The shot image';

export interface AnimaticOptions {
  ffmpeg: FfmpegLocation;
  /** Where the clip is written; the system temp directory by default. */
  tempDir?: string;
  timeoutMs?: number;
  /**
   * Every frame through x264 instead of the repeats written into the stream: the way taken for a
   * stream h264-repeat.ts does not take (tests compare the two).
   */
  everyFrame?: boolean;
}

interface Plan {
  frames: number;
  width: number;
  height: number;
  move: CameraMove;
  zoompan: boolean;
  /** tpad holds the one still for the whole clip (converted once); without it the input is looped. */
  tpad: boolean;
  audio: boolean;
}

/** zoompan: zoom and top-left corner of the crop as expressions of the output picture number `on`. */
const MOVES: Record<CameraMove, (last: number) => { z: string; x: string }> = {
  'push-in': (last) => ({ z: `1+${PUSH_IN_END_ZOOM - 1}*on/${last}`, x: 'iw/2-iw/zoom/2' }),
  pan: (last) => ({ z: String(PAN_ZOOM), x: `(iw-iw/zoom)*on/${last}` }),
  static: () => ({ z: '1', x: '0' }),
};
const PICTURE_RATE = ANIMATIC_FPS / FRAMES_PER_PICTURE;
/** The clip's video timescale and one frame in it: ffmpeg's choice for 24 fps, kept so that clips join with the rest. */
const VIDEO_TIMESCALE = ANIMATIC_FPS * 512;
const FRAME_TICKS = VIDEO_TIMESCALE / ANIMATIC_FPS;

/**
 * The input and the filter graph of `count` pictures at PICTURE_RATE, labelled [v] when `close`.
 * The still arrives as raw RGB (no PNG to encode and decode). A move: the still converted to yuv420p
 * once, zoompan draws each picture from it. Static (an insert, or an ffmpeg without zoompan): the one still,
 * converted once and held by tpad (or the input looped when tpad is missing too).
 */
function pictureGraph(still: string, plan: Plan, count: number, tail: string): string[] {
  const { width, height } = plan;
  const raw = [
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${width}x${height}`,
    '-framerate',
    String(PICTURE_RATE),
  ];
  if (plan.move === 'static') {
    if (!plan.tpad)
      return ['-stream_loop', '-1', ...raw, '-i', still, '-filter_complex', `[0:v]format=yuv420p${tail}[v]`];
    return [
      ...raw,
      '-i',
      still,
      '-filter_complex',
      `[0:v]format=yuv420p,tpad=stop_mode=clone:stop=${count}${tail}[v]`,
    ];
  }
  const { z, x } = MOVES[plan.move](Math.max(1, count - 1));
  // zoompan crops on whole pixels of its input. Working at twice the output size kept moves drawn
  // every frame (24 a second, under a pixel each) from stepping, at twice the filter's cost (31
  // against 15 million instructions a 720p picture, measured with callgrind); drawn on twos each
  // picture moves a pixel or more at the frame edges anyway, and the output size is enough.
  // The still is converted to yuv420p once, before zoompan: the filter then scales half the bytes a
  // picture and no picture is converted again (41 pictures of a 720p push-in: 45 ms of filter CPU
  // instead of 70).
  const graph = `[0:v]format=yuv420p,zoompan=z='${z}':x='${x}':y='ih/2-ih/zoom/2':d=${count}:s=${width}x${height}:fps=${PICTURE_RATE}${tail}[v]`;
  return [...raw, '-i', still, '-filter_complex', graph];
}

const COMMON_ARGS = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-filter_threads', '1'];

function audioArgs(plan: Plan): { input: string[]; output: string[] } {
  return plan.audio
    ? {
        input: ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'],
        output: ['-map', '1:a', ...SILENCE_ARGS],
      }
    : { input: [], output: [] };
}

/** How many pictures the clip draws, and how often its last one is shown. */
function pictureCount(plan: Plan): { pictures: number; lastRepeat: number } {
  const pictures = Math.ceil(plan.frames / FRAMES_PER_PICTURE);
  return { pictures, lastRepeat: plan.frames - (pictures - 1) * FRAMES_PER_PICTURE };
}

/**
 * Step one of the usual way: each picture coded once by x264, as raw H.264 at the clip's frame rate
 * (its parameter sets then match every other animatic's, so rough cuts join them as they are).
 */
function pictureArgs(still: string, output: string, plan: Plan): string[] {
  const { pictures } = pictureCount(plan);
  return [
    ...COMMON_ARGS,
    ...pictureGraph(still, plan, pictures, ''),
    '-map',
    '[v]',
    ...animaticEncoderArgs(),
    '-r',
    String(ANIMATIC_FPS),
    // The pictures keep their own times (the encoder is told the clip's rate, not given repeats).
    '-vsync',
    '0',
    '-frames:v',
    String(pictures),
    '-f',
    'h264',
    output,
  ];
}

/**
 * Step two: the stream with its repeats (h264-repeat.ts) and the silent track, written into the MP4
 * here (mp4.ts): a second ffmpeg run only to mux cost about 80 ms of CPU a clip.
 */
async function writeClip(
  stream: Uint8Array,
  output: string,
  plan: Plan,
  ffmpeg: FfmpegLocation,
): Promise<void> {
  const video = annexBToSamples(stream, plan, FRAME_TICKS);
  if (video.samples.length !== plan.frames)
    throw new ReelbenchError({
      code: 'SERVER_ERROR',
      message: GENERATION_MESSAGES.videoFailed,
      context: { frames: video.samples.length, expected: plan.frames },
    });
  const tracks = [
    { kind: 'video' as const, timescale: VIDEO_TIMESCALE, width: plan.width, height: plan.height, ...video },
  ];
  await writeMp4(
    output,
    plan.audio ? [...tracks, await silentTrack(ffmpeg, plan.frames / ANIMATIC_FPS)] : tracks,
  );
}

/** The end of the MP4's arguments: exactly the clip's frames and seconds, playable while it loads. */
function clipOutputArgs(plan: Plan, output: string): string[] {
  const seconds = (plan.frames / ANIMATIC_FPS).toFixed(6);
  return ['-frames:v', String(plan.frames), '-t', seconds, '-movflags', '+faststart', output];
}

/**
 * The other way, for a stream h264-repeat.ts does not take: every frame through x264, the fps
 * filter showing each picture FRAMES_PER_PICTURE times (one picture past the end, since the fps
 * filter shows the last picture once only; -frames:v cuts it).
 */
function everyFrameArgs(still: string, output: string, plan: Plan): string[] {
  const audio = audioArgs(plan);
  return [
    ...COMMON_ARGS,
    ...pictureGraph(still, plan, pictureCount(plan).pictures + 1, `,fps=${ANIMATIC_FPS}`),
    ...audio.input,
    '-map',
    '[v]',
    ...audio.output,
    ...animaticEncoderArgs(),
    '-r',
    String(ANIMATIC_FPS),
    ...clipOutputArgs(plan, output),
  ];
}

async function ffmpegStep(ffmpeg: FfmpegLocation, args: string[], timeoutMs: number): Promise<void> {
  const run = await runFfmpeg(ffmpeg.path, args, timeoutMs);
  if (run.code !== 0) {
    throw new ReelbenchError({
      code: 'SERVER_ERROR',
      message: GENERATION_MESSAGES.videoFailed,
      context: { exitCode: run.code, ffmpeg: ffmpeg.path, stderr: stderrTail(run.stderr) },
    });
  }
}

/**
 * Writes the clip: the pictures coded once and repeated in the stream (two short ffmpeg runs),
 * or, where the stream is not of the shape that allows it, every frame through x264.
 */
async function encodeClip(
  files: { still: string; stream: string; output: string },
  plan: Plan,
  options: AnimaticOptions,
): Promise<'repeated' | 'every-frame'> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.everyFrame === true) {
    await ffmpegStep(options.ffmpeg, everyFrameArgs(files.still, files.output, plan), timeoutMs);
    return 'every-frame';
  }
  await ffmpegStep(options.ffmpeg, pictureArgs(files.still, files.stream, plan), timeoutMs);
  const { lastRepeat } = pictureCount(plan);
  const repeated = repeatPictures(await readFile(files.stream), FRAMES_PER_PICTURE, lastRepeat);
  if (repeated === null) {
    await ffmpegStep(options.ffmpeg, everyFrameArgs(files.still, files.output, plan), timeoutMs);
    return 'every-frame';
  }
  await writeClip(repeated, files.output, plan, options.ffmpeg);
  return 'repeated';
}

async function plan(
  request: ClipRequest,
  ffmpeg: FfmpegLocation,
): Promise<Plan & { degraded: string | null }> {
  const capabilities = await ffmpegCapabilities(ffmpeg.path);
  if (!capabilities.encoders.has('libx264')) throw notAvailable(GENERATION_MESSAGES.ffmpegNoH264);
  const wanted = clipMove(request.framing, request.cameraMove);
  const zoompan = ['zoompan', 'scale', 'fps'].every((filter) => capabilities.filters.has(filter));
  const move = zoompan ? wanted : 'static';
  const audio = capabilities.filters.has('anullsrc') && capabilities.encoders.has('aac');
  const degraded = [
    move !== wanted ? 'no zoompan filter: static' : '',
    audio ? '' : 'no anullsrc/aac: no audio',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    frames: Math.max(1, Math.round(request.durationSeconds * ANIMATIC_FPS)),
    ...FRAME_SIZES[request.aspect],
    move,
    zoompan,
    tpad: capabilities.filters.has('tpad'),
    audio,
    degraded: degraded === '' ? null : degraded,
  };
}

/**
 * An animatic clip of the shot image: H.264 (yuv420p, +faststart) at 24 fps for exactly the
 * requested duration rounded to whole frames, a silent AAC track so editors accept it, and a
 * camera move matched to the framing (pan, push-in or static). Writes an MP4 to the temp directory
 * and returns its path; nothing is left behind on failure.
 */
export async function renderClip(request: ClipRequest, options: AnimaticOptions): Promise<RenderedClip> {
  const clip = parse(clipRequestSchema, request);
  await readImageInfo(clip.image, SHOT_IMAGE);
  const settings = await plan(clip, options.ffmpeg);
  const still = await readingImage(SHOT_IMAGE, () =>
    sharp(clip.image)
      .resize(settings.width, settings.height, { fit: 'cover' })
      .flatten({ background: '#000000' })
      .removeAlpha()
      .raw()
      .toBuffer(),
  );
  const directory = options.tempDir ?? os.tmpdir();
  const id = randomUUID();
  const input = path.join(directory, `reelbench-still-${id}.rgb`);
  const stream = path.join(directory, `reelbench-animatic-${id}.h264`);
  const output = path.join(directory, `reelbench-animatic-${id}.mp4`);
  try {
    await writeFile(input, still);
    const coding = await encodeClip({ still: input, stream, output }, settings, options);
    return {
      path: output,
      durationSeconds: settings.frames / ANIMATIC_FPS,
      frames: settings.frames,
      fps: ANIMATIC_FPS,
      width: settings.width,
      height: settings.height,
      cameraMove: settings.move,
      hasAudio: settings.audio,
      meta: {
        renderer: 'local',
        codec: 'h264',
        preset: X264_PRESET,
        encoder: ANIMATIC_ENCODER,
        repeats: coding,
        ffmpegSource: options.ffmpeg.source,
        degraded: settings.degraded,
      },
    };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  } finally {
    await Promise.all([rm(input, { force: true }), rm(stream, { force: true })]);
  }
}

/** The clip's duration in seconds, read back with ffmpeg (to the centisecond). */
export async function probeDuration(file: string, ffmpeg: FfmpegLocation): Promise<number> {
  return (await probeMedia(ffmpeg.path, file)).durationSeconds;
}
