import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DIALOGUE_LINE_MAX_MS,
  DIALOGUE_LINE_PEAKS,
  type DialogueDelivery,
  type DialogueManner,
  ReelbenchError,
} from '@reelbench/sdk/contract';
import { GENERATION_MESSAGES } from '../generation/generation.errors.js';
import type { FfmpegLocation } from '../generation/local/ffmpeg-path.js';
import { ffmpegFailureReason, runFfmpeg, stderrTail } from '../generation/local/ffmpeg-process.js';
import { wavFile } from '../generation/local/speech-espeak.js';
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

/**
 * Runs the provider's audio through the delivery's filters (or none, for a recorded take) to mono
 * PCM at LINE_SAMPLE_RATE, cut at DIALOGUE_LINE_MAX_MS. `workDir` holds the input file meanwhile.
 */
export async function finishLine(options: {
  ffmpeg: FfmpegLocation;
  bytes: Buffer;
  format: string;
  filters: string | null;
  workDir: string;
  name: string;
  signal?: AbortSignal;
}): Promise<FinishedLine> {
  const input = path.join(
    options.workDir,
    `${options.name}.${options.format.replace(/[^a-z0-9]/gi, '') || 'bin'}`,
  );
  await writeFile(input, options.bytes);
  const run = await runFfmpeg(
    options.ffmpeg.path,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-i',
      input,
      '-vn',
      ...(options.filters ? ['-af', options.filters] : []),
      '-t',
      String(DIALOGUE_LINE_MAX_MS / 1000),
      '-ac',
      '1',
      '-ar',
      String(LINE_SAMPLE_RATE),
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      '-',
    ],
    FINISH_TIMEOUT_MS,
    options.signal ? { signal: options.signal } : {},
  );
  if (run.code !== 0 || run.stdout.length < 2) {
    throw new ReelbenchError({
      code: options.filters ? 'SERVER_ERROR' : 'VALIDATION_ERROR',
      message: options.filters ? GENERATION_MESSAGES.speechFailed : 'The audio file cannot be decoded',
      context: {
        reason: ffmpegFailureReason(run) ?? 'ffmpeg could not read the audio',
        stderr: stderrTail(run.stderr),
      },
    });
  }
  return finishedFromPcm(run.stdout, LINE_SAMPLE_RATE);
}
