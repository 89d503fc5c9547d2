/**
 * Silent AAC for clips and rough cuts without a soundtrack: a few seconds encoded once per ffmpeg
 * binary and process, then repeated frame by frame as long as a file needs it (every frame of
 * silence decodes alone). Encoding each clip's silence cost a fifth of its mux.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { outsideAbortScope } from '../common/abort-scope.js';
import type { FfmpegLocation } from './ffmpeg-path.js';
import { runFfmpeg, stderrTail } from './ffmpeg-process.js';
import { Mp4Error, type Mp4Sample, type Mp4Track, readMp4 } from './mp4.js';

const TEMPLATE_SECONDS = 10;
const TIMEOUT_MS = 60_000;
/** The silent track's settings: what the animatics always carried. */
export const SILENCE_ARGS = ['-c:a', 'aac', '-b:a', '96k'];

const templates = new Map<string, Promise<Mp4Track>>();

async function encodeTemplate(ffmpeg: FfmpegLocation): Promise<Mp4Track> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'reelbench-silence-'));
  try {
    const file = path.join(directory, 'silence.m4a');
    const run = await runFfmpeg(
      ffmpeg.path,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'anullsrc=channel_layout=stereo:sample_rate=48000',
        '-t',
        String(TEMPLATE_SECONDS),
        ...SILENCE_ARGS,
        file,
      ],
      TIMEOUT_MS,
    );
    if (run.code !== 0) throw new Mp4Error(`ffmpeg could not encode silence: ${stderrTail(run.stderr)}`);
    const { audio } = await readMp4(file);
    if (audio === undefined || audio.samples.length === 0)
      throw new Mp4Error('The silence has no audio track');
    const bytes = await readFile(file);
    const samples = audio.samples.map((sample): Mp4Sample => {
      if (!('offset' in sample.source)) return sample;
      const data = Uint8Array.from(bytes.subarray(sample.source.offset, sample.source.offset + sample.size));
      return { ...sample, source: { data } };
    });
    return { ...audio, samples };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A silent AAC track at least `seconds` long (it ends on a whole frame, under 22 ms past). */
export async function silentTrack(ffmpeg: FfmpegLocation, seconds: number): Promise<Mp4Track> {
  let template = templates.get(ffmpeg.path);
  if (template === undefined) {
    // Shared by every job that needs silence: one job's cancel must not stop it for the others.
    template = outsideAbortScope(() => encodeTemplate(ffmpeg));
    templates.set(ffmpeg.path, template);
    template.catch(() => templates.delete(ffmpeg.path));
  }
  const track = await template;
  const samples: Mp4Sample[] = [];
  let time = 0;
  const end = seconds * track.timescale;
  for (let i = 0; time < end; i += 1) {
    const sample = track.samples[i % track.samples.length] as Mp4Sample;
    samples.push(sample);
    time += sample.duration;
  }
  return { ...track, samples };
}
