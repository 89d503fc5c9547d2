/**
 * The rough cut's join done here instead of by ffmpeg's concat demuxer: the segments' coded pictures
 * laid end to end in a new MP4 (media/mp4*.ts), each segment cut to its event's length or
 * its last picture held by skipped pictures (h264-repeat.ts). About 3–4 s of CPU for 180 clips with
 * ffmpeg; a fraction of a second here. Every segment must carry the same H.264 parameter sets (our
 * animatics and the segments coded with their settings do); anything else is an Mp4Error and the
 * caller joins with ffmpeg.
 */
import { readFile } from 'node:fs/promises';
import { holdLastPicture } from '../media/h264-repeat.js';
import { Mp4Error, type Mp4Sample, type Mp4Track, readMp4 } from '../media/mp4.js';
import { annexBToSamples, parameterSets, samplesToAnnexB } from '../media/mp4-h264.js';
import { writeMp4 } from '../media/mp4-write.js';

/** A segment of the cut: the first `frames` pictures of the file's video, its last one held when it has fewer. */
export interface JoinPart {
  file: string;
  frames: number;
}

/** The samples of `track` as bytes, read from the file they lie in. */
async function sampleBytes(track: Mp4Track): Promise<Uint8Array[]> {
  const files = new Map<string, Buffer>();
  const bytes: Uint8Array[] = [];
  for (const sample of track.samples) {
    if ('data' in sample.source) {
      bytes.push(sample.source.data);
      continue;
    }
    const { file, offset } = sample.source;
    let content = files.get(file);
    if (content === undefined) {
      content = await readFile(file);
      files.set(file, content);
    }
    bytes.push(content.subarray(offset, offset + sample.size));
  }
  return bytes;
}

/** `extra` more frames of the track's last picture: skipped reference pictures after it. */
async function heldFrames(track: Mp4Track, extra: number): Promise<Mp4Sample[]> {
  const last = track.samples.at(-1);
  if (last === undefined) throw new Mp4Error('The segment has no pictures to hold');
  const stream = samplesToAnnexB(track.sampleEntry, await sampleBytes(track));
  const held = holdLastPicture(stream, extra);
  if (held === null) throw new Mp4Error('The segment is not of a shape whose last picture can be held');
  return annexBToSamples(held, track, last.duration).samples.slice(track.samples.length);
}

/** The part's video: cut to its frames, or with its last picture held for the frames it lacks. */
async function partVideo(part: JoinPart): Promise<Mp4Track> {
  const { video } = await readMp4(part.file);
  if (video === undefined) throw new Mp4Error('The segment has no video');
  if (video.samples.length >= part.frames) return { ...video, samples: video.samples.slice(0, part.frames) };
  return {
    ...video,
    samples: [...video.samples, ...(await heldFrames(video, part.frames - video.samples.length))],
  };
}

function sameCoding(a: Mp4Track, b: Mp4Track): boolean {
  if (a.timescale !== b.timescale || a.width !== b.width || a.height !== b.height) return false;
  const first = parameterSets(a.sampleEntry);
  const second = parameterSets(b.sampleEntry);
  return Buffer.compare(first.sps, second.sps) === 0 && Buffer.compare(first.pps, second.pps) === 0;
}

/** One video track of the parts in order; an Mp4Error when they are not coded alike. */
export async function joinedVideo(parts: JoinPart[]): Promise<Mp4Track> {
  let joined: Mp4Track | null = null;
  for (const part of parts) {
    const video = await partVideo(part);
    if (joined === null) joined = { ...video, samples: [...video.samples] };
    else if (!sameCoding(joined, video)) throw new Mp4Error('The segments are coded differently');
    else for (const sample of video.samples) joined.samples.push(sample);
  }
  if (joined === null) throw new Mp4Error('Nothing to join');
  return joined;
}

/** Writes the parts' pictures in order, with the audio track when there is one, as one MP4. */
export async function joinInProcess(
  parts: JoinPart[],
  audio: Mp4Track | null,
  output: string,
): Promise<void> {
  const video = await joinedVideo(parts);
  await writeMp4(output, audio === null ? [video] : [video, audio]);
}
