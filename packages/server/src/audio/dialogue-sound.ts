import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DIALOGUE_LINE_MAX_MS,
  DIALOGUE_LINE_PEAKS,
  type DialogueDelivery,
  type DialogueManner,
  ReelbenchError,
} from '@reelbench/sdk/contract';
import { GENERATION_MESSAGES } from '../generation/generation.errors.js';
import type { FfmpegLocation } from '../media/ffmpeg-path.js';
import { ffmpegFailureReason, runFfmpeg, stderrTail } from '../media/ffmpeg-process.js';
import { wavFile } from '../media/wav.js';
import { peaksOf } from './peaks.js';

/** Every line clip is 16-bit mono PCM at this rate, in a WAV. */
export const LINE_SAMPLE_RATE = 24_000;
const FINISH_TIMEOUT_MS = 60_000;

/**
 * Gain per manner, in dB: a whisper sits well under a normal line (and still above −40 dBFS, so the
 * rough cut hears it), a shout over it (limited below 0 dBFS).
 */
export const MANNER_GAIN_DB: Record<DialogueManner, number> = {
  whispered: -10,
  quiet: -5,
  normal: 0,
  raised: 3,
  shouted: 6,
};

/** Speaking rate per manner, times the voice's speed. */
export const MANNER_RATE: Record<DialogueManner, number> = {
  whispered: 0.92,
  quiet: 0.96,
  normal: 1,
  raised: 1.04,
  shouted: 1.08,
};

/**
 * The ffmpeg filter chain that places a line: in the scene a short room reflection; voice-over
 * drier and closer (no room, a little proximity warmth, compressed); off screen muffled through a
 * wall (band-limited, the treble cut steeply, further off, a longer room). Then the manner's gain and a limiter.
 */
export function deliveryFilters(delivery: DialogueDelivery, manner: DialogueManner): string {
  const place: Record<DialogueDelivery, string[]> = {
    on: ['highpass=f=90', 'aecho=0.9:0.6:23:0.12'],
    'voice-over': [
      'highpass=f=70',
      'equalizer=f=180:width_type=o:width=1.2:g=3',
      'acompressor=threshold=0.1:ratio=3:attack=5:release=60:makeup=2',
    ],
    'off-screen': [
      'highpass=f=250',
      'lowpass=f=1200',
      'lowpass=f=1200',
      'aecho=0.8:0.55:45|90:0.3|0.2',
      'volume=-4dB',
    ],
  };
  return [...place[delivery], `volume=${MANNER_GAIN_DB[manner]}dB`, 'alimiter=limit=0.9:level=false'].join(
    ',',
  );
}

export interface FinishedLine {
  /** The clip as stored: a WAV at LINE_SAMPLE_RATE. */
  wav: Buffer;
  durationMs: number;
  peaks: number[];
}

/** PCM decoded to a stored clip: WAV, its length from its sample count, its waveform. */
export function finishedFromPcm(pcm: Buffer, sampleRate: number): FinishedLine {
  const length = Math.floor(pcm.length / 2);
  const samples = new Int16Array(length);
  for (let index = 0; index < length; index += 1) samples[index] = pcm.readInt16LE(index * 2);
  return {
    wav: wavFile(pcm.subarray(0, length * 2), sampleRate),
    durationMs: Math.max(1, Math.min(DIALOGUE_LINE_MAX_MS, Math.round((length / sampleRate) * 1000))),
    peaks: peaksOf(samples, DIALOGUE_LINE_PEAKS),
  };
}

export interface LineAudio {
  bytes: Buffer;
  /** The file extension ffmpeg reads the bytes with ('wav', 'mp3', or anything for a take it sniffs). */
  format: string;
  /** The delivery's filter chain; null leaves the audio as it is (a recorded take). */
  filters: string | null;
}

/**
 * Runs many lines through their filters in one ffmpeg process (starting ffmpeg costs more than
 * filtering a line): each to mono 16-bit PCM at LINE_SAMPLE_RATE, cut at DIALOGUE_LINE_MAX_MS, in
 * its own output file. `workDir` holds the files meanwhile; `name` keeps a batch's files apart.
 */
export async function finishLines(options: {
  ffmpeg: FfmpegLocation;
  lines: readonly LineAudio[];
  workDir: string;
  name: string;
  signal?: AbortSignal;
}): Promise<FinishedLine[]> {
  const { lines, workDir, name } = options;
  if (lines.length === 0) return [];
  const inputs = await Promise.all(
    lines.map(async (line, index) => {
      const file = path.join(workDir, `${name}-${index}.${line.format.replace(/[^a-z0-9]/gi, '') || 'bin'}`);
      await writeFile(file, line.bytes);
      return file;
    }),
  );
  const outputs = lines.map((_, index) => path.join(workDir, `${name}-${index}.pcm`));
  const graph = lines
    .map((line, index) => {
      const chain = [
        line.filters,
        `aresample=${LINE_SAMPLE_RATE}`,
        'aformat=sample_fmts=s16:channel_layouts=mono',
      ]
        .filter((step) => step)
        .join(',');
      return `[${index}:a]${chain}[out${index}]`;
    })
    .join(';');
  const run = await runFfmpeg(
    options.ffmpeg.path,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      ...inputs.flatMap((input) => ['-i', input]),
      '-filter_complex',
      graph,
      ...outputs.flatMap((output, index) => [
        '-map',
        `[out${index}]`,
        '-t',
        String(DIALOGUE_LINE_MAX_MS / 1000),
        '-acodec',
        'pcm_s16le',
        '-f',
        's16le',
        output,
      ]),
    ],
    FINISH_TIMEOUT_MS + lines.length * 5_000,
    options.signal ? { signal: options.signal } : {},
  );
  const generated = lines.every((line) => line.filters !== null);
  const failed = () =>
    new ReelbenchError({
      code: generated ? 'SERVER_ERROR' : 'VALIDATION_ERROR',
      message: generated ? GENERATION_MESSAGES.speechFailed : 'The audio file cannot be decoded',
      context: {
        reason: ffmpegFailureReason(run) ?? 'ffmpeg could not read the audio',
        stderr: stderrTail(run.stderr),
      },
    });
  if (run.code !== 0) throw failed();
  return Promise.all(
    outputs.map(async (output) => {
      const pcm = await readFile(output).catch(() => Buffer.alloc(0));
      if (pcm.length < 2) throw failed();
      return finishedFromPcm(pcm, LINE_SAMPLE_RATE);
    }),
  );
}

/** One line through finishLines. */
export async function finishLine(options: {
  ffmpeg: FfmpegLocation;
  bytes: Buffer;
  format: string;
  filters: string | null;
  workDir: string;
  name: string;
  signal?: AbortSignal;
}): Promise<FinishedLine> {
  const { bytes, format, filters, ...rest } = options;
  const [finished] = await finishLines({ ...rest, lines: [{ bytes, format, filters }] });
  return finished as FinishedLine;
}
