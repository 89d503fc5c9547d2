import { ReelbenchError } from '@reelbench/sdk/contract';
import { currentAbortSignal, outsideAbortScope } from '../common/abort-scope.js';
import { notAvailable } from '../common/domain-error.js';
import { invalidInput, MEDIA_MESSAGES } from './media.errors.js';
import { type LaunchEnd, LaunchError, type LaunchResult, processLauncher } from './process-launcher.js';

export interface FfmpegRun {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  /** 'cpu-limit' when the kernel stopped it at PROCESS_CPU_SECONDS. */
  ended: LaunchEnd;
}

export interface FfmpegOptions {
  /** Stops it (SIGTERM, then SIGKILL); by default the signal of the job it runs for, if any. */
  signal?: AbortSignal | undefined;
}

/** ffmpeg reports progress on stderr; only the end matters for an error, so only the end is kept. */
const STDERR_KEEP = 64 * 1024;
const TAIL_LINES = 20;

export function stderrTail(stderr: string): string {
  return stderr.trimEnd().split(/\r?\n/).slice(-TAIL_LINES).join('\n');
}

/**
 * Why a run failed, in words for the person who asked for it: what kind of problem ffmpeg reported,
 * never its text (which names files on the server). Undefined when nothing better than "it failed"
 * can be said.
 */
export function ffmpegFailureReason(run: Pick<FfmpegRun, 'ended' | 'stderr'>): string | undefined {
  if (run.ended === 'cpu-limit' || /received signal 24\b/i.test(run.stderr))
    return `it used more than its ${processLauncher.limits.cpuSeconds} s of processor time`;
  const reasons: [RegExp, string][] = [
    [/No such file or directory|does not exist/i, 'a media file is missing'],
    [
      /Invalid data found|moov atom not found|could not find codec parameters|Invalid argument/i,
      'a media file could not be read',
    ],
    [/No space left on device/i, 'the disk is full'],
    [/Cannot allocate memory|Out of memory/i, 'it ran out of memory'],
    [/Unknown encoder|Encoder not found/i, 'an encoder is missing'],
    [
      /No such filter|Error (?:parsing|initializing|reinitializing) filter|Error applying option|Failed to configure/i,
      'a filter could not be set up',
    ],
    [/Conversion failed|Error while (?:decoding|encoding|filtering)/i, 'encoding failed'],
  ];
  return reasons.find(([pattern]) => pattern.test(run.stderr))?.[1];
}

/**
 * Runs ffmpeg with an argument list (no shell), started from the process launcher (see
 * process-launcher.ts) under its bounds; resolves with the exit code, rejects only if it cannot run,
 * times out or is stopped by its signal (with the signal's reason).
 */
export async function runFfmpeg(
  binary: string,
  args: string[],
  timeoutMs: number,
  options: FfmpegOptions = {},
): Promise<FfmpegRun> {
  const signal = options.signal ?? currentAbortSignal();
  let result: LaunchResult;
  try {
    result = await processLauncher.run({ binary, args, timeoutMs, stderrKeep: STDERR_KEEP, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof LaunchError) throw notAvailable(MEDIA_MESSAGES.ffmpegMissing, { binary, reason });
    // The launcher itself went away mid-run: our fault, not the input's.
    throw new ReelbenchError({
      code: 'SERVER_ERROR',
      message: MEDIA_MESSAGES.videoFailed,
      context: { binary, reason },
    });
  }
  if (result.ended === 'stopped' && signal?.aborted) {
    throw signal.reason instanceof Error ? signal.reason : new Error('ffmpeg was stopped');
  }
  if (result.timedOut) {
    throw new ReelbenchError({
      code: 'SERVER_ERROR',
      message: MEDIA_MESSAGES.videoTimedOut,
      context: { binary, timeoutMs, stderr: stderrTail(result.stderr) },
    });
  }
  return { code: result.code, stdout: result.stdout, stderr: result.stderr, ended: result.ended };
}

export interface FfmpegCapabilities {
  filters: ReadonlySet<string>;
  encoders: ReadonlySet<string>;
}

const PROBE_TIMEOUT_MS = 30_000;
const capabilities = new Map<string, Promise<FfmpegCapabilities>>();

function listed(output: string, pattern: RegExp): Set<string> {
  const names = new Set<string>();
  for (const line of output.split(/\r?\n/)) {
    const match = pattern.exec(line);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

async function probeCapabilities(binary: string): Promise<FfmpegCapabilities> {
  const [filters, encoders] = await Promise.all([
    runFfmpeg(binary, ['-hide_banner', '-filters'], PROBE_TIMEOUT_MS),
    runFfmpeg(binary, ['-hide_banner', '-encoders'], PROBE_TIMEOUT_MS),
  ]);
  return {
    // " TSC zoompan           V->V       Apply Zoom & Pan effect."
    filters: listed(filters.stdout.toString('utf8'), /^\s[T.][S.][C.]\s+(\S+)\s/),
    // " V..... libx264              libx264 H.264 / AVC / …"
    encoders: listed(encoders.stdout.toString('utf8'), /^\s[VAS][F.][S.][X.][B.][D.]\s+(\S+)\s/),
  };
}

/**
 * The filters and encoders this binary has, asked once per binary (outside any job's scope: every
 * job shares the answer, so one job's cancel must not stop it for the others).
 */
export function ffmpegCapabilities(binary: string): Promise<FfmpegCapabilities> {
  let entry = capabilities.get(binary);
  if (!entry) {
    entry = outsideAbortScope(() => probeCapabilities(binary));
    capabilities.set(binary, entry);
    entry.catch(() => capabilities.delete(binary));
  }
  return entry;
}

export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  fps: number | null;
}

/**
 * Reads a media file's header with `ffmpeg -i` (the installer package ships no ffprobe). The
 * container duration is printed to the centisecond.
 */
export async function probeMedia(binary: string, file: string): Promise<MediaProbe> {
  const { stderr } = await runFfmpeg(binary, ['-hide_banner', '-nostdin', '-i', file], PROBE_TIMEOUT_MS);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!duration) throw invalidInput(MEDIA_MESSAGES.unreadableMedia(file));
  const [hours, minutes, seconds] = duration.slice(1).map(Number) as [number, number, number];
  const video = /Stream #\d+:\d+.*?: Video: .*?, (\d{2,5})x(\d{2,5})/.exec(stderr);
  const fps = /Stream #\d+:\d+.*?: Video: .*?(\d+(?:\.\d+)?) fps/.exec(stderr);
  return {
    durationSeconds: hours * 3600 + minutes * 60 + seconds,
    hasVideo: video !== null,
    hasAudio: /Stream #\d+:\d+.*?: Audio:/.test(stderr),
    width: video ? Number(video[1]) : null,
    height: video ? Number(video[2]) : null,
    fps: fps ? Number(fps[1]) : null,
  };
}
