import { validation } from '../common/domain-error.js';
import type { FfmpegLocation } from '../media/ffmpeg-path.js';
import { probeMedia, runFfmpeg } from '../media/ffmpeg-process.js';

/** At most this many samples are decoded for the waveform (10 MB of 16-bit PCM): long tracks at a lower rate. */
const MAX_SAMPLES = 5_000_000;
const MAX_RATE = 8000;
const MIN_RATE = 50;
const DECODE_TIMEOUT_MS = 120_000;

export interface DecodedSoundtrack {
  durationSeconds: number;
  peaks: number[];
}

/**
 * Decodes an audio file with ffmpeg to mono 16-bit PCM and reduces it to `count` peaks: the largest
 * absolute sample of each equal slice, 0..1 (three decimals). VALIDATION_ERROR when ffmpeg cannot
 * read it or it has no audio stream.
 */
export async function decodeSoundtrack(
  ffmpeg: FfmpegLocation,
  file: string,
  count: number,
): Promise<DecodedSoundtrack> {
  const probe = await probeMedia(ffmpeg.path, file);
  if (!probe.hasAudio) throw validation('The file has no audio stream');
  const rate =
    probe.durationSeconds > 0
      ? Math.max(MIN_RATE, Math.min(MAX_RATE, Math.floor(MAX_SAMPLES / probe.durationSeconds)))
      : MAX_RATE;
  const run = await runFfmpeg(
    ffmpeg.path,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-i',
      file,
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(rate),
      '-f',
      's16le',
      '-acodec',
      'pcm_s16le',
      '-',
    ],
    DECODE_TIMEOUT_MS,
  );
  if (run.code !== 0 || run.stdout.length < 2) throw validation('The audio file cannot be decoded');
  const length = Math.floor(run.stdout.length / 2);
  const samples = new Int16Array(length);
  for (let index = 0; index < length; index += 1) samples[index] = run.stdout.readInt16LE(index * 2);
  return { durationSeconds: length / rate, peaks: peaksOf(samples, count) };
}

/** The largest absolute sample of each of `count` equal slices (fewer when there are fewer samples), 0..1. */
export function peaksOf(samples: Int16Array, count: number): number[] {
  const slices = Math.max(0, Math.min(count, samples.length));
  const peaks: number[] = [];
  for (let slice = 0; slice < slices; slice += 1) {
    const from = Math.floor((slice * samples.length) / slices);
    const to = Math.floor(((slice + 1) * samples.length) / slices);
    let peak = 0;
    for (let index = from; index < to; index += 1) {
      const value = Math.abs(samples[index] ?? 0);
      if (value > peak) peak = value;
    }
    peaks.push(Math.round((Math.min(peak, 32767) / 32767) * 1000) / 1000);
  }
  return peaks;
}
