/**
 * Writes MP4 files (ISO/IEC 14496-12 and -14) from samples held in memory or lying in other files:
 * see mp4.ts for why, and for the reading side.
 */
import { type FileHandle, open } from 'node:fs/promises';
import { Mp4Error, type Mp4Sample, type Mp4Track } from './mp4.js';

const MOVIE_TIMESCALE = 1000;
const UNITY_MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];
/** Samples are written in chunks of about this long, the tracks interleaved (a player streams it in order). */
const CHUNK_SECONDS = 1;

function u32s(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  for (const [i, value] of values.entries()) out.writeUInt32BE(value >>> 0, i * 4);
  return out;
}

function u16s(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  for (const [i, value] of values.entries()) out.writeUInt16BE(value & 0xffff, i * 2);
  return out;
}

export function box(type: string, ...parts: Uint8Array[]): Buffer {
  const size = 8 + parts.reduce((sum, part) => sum + part.length, 0);
  return Buffer.concat([u32s(size), Buffer.from(type, 'latin1'), ...parts]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Uint8Array[]): Buffer {
  return box(type, u32s(((version & 0xff) << 24) | (flags & 0xffffff)), ...parts);
}

function entries(rows: number[][]): Buffer {
  return Buffer.concat([u32s(rows.length), ...rows.map((row) => u32s(...row))]);
}

interface Chunk {
  track: number;
  /** Index of the chunk's first sample and how many it holds. */
  first: number;
  count: number;
  start: number;
}

/** Each track cut into chunks of about CHUNK_SECONDS, all in order of their start time. */
function layChunks(tracks: Mp4Track[]): Chunk[] {
  const chunks: Chunk[] = [];
  tracks.forEach((track, index) => {
    const limit = track.timescale * CHUNK_SECONDS;
    let time = 0;
    let current: Chunk | null = null;
    track.samples.forEach((sample, i) => {
      if (current === null || time - current.start * track.timescale >= limit) {
        current = { track: index, first: i, count: 0, start: time / track.timescale };
        chunks.push(current);
      }
      current.count += 1;
      time += sample.duration;
    });
  });
  return chunks.sort((a, b) => a.start - b.start || a.track - b.track);
}

function runLength(values: number[]): number[][] {
  const rows: number[][] = [];
  for (const value of values) {
    const last = rows.at(-1);
    if (last && last[1] === value) last[0] = (last[0] as number) + 1;
    else rows.push([1, value]);
  }
  return rows;
}

function trackBox(track: Mp4Track, id: number, chunks: Chunk[], offsets: number[], wide: boolean): Buffer {
  const duration = track.samples.reduce((sum, sample) => sum + sample.duration, 0);
  const start = track.startTime ?? 0;
  const movieDuration = Math.round(((duration - start) / track.timescale) * MOVIE_TIMESCALE);
  const video = track.kind === 'video';
  const tkhd = fullBox(
    'tkhd',
    0,
    3,
    u32s(0, 0, id, 0, movieDuration, 0, 0),
    u16s(0, 0, video ? 0 : 0x0100, 0),
    u32s(...UNITY_MATRIX, track.width * 0x10000, track.height * 0x10000),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32s(0, 0, track.timescale, duration), u16s(0x55c4, 0));
  const name = video ? 'VideoHandler' : 'SoundHandler';
  const hdlr = fullBox(
    'hdlr',
    0,
    0,
    u32s(0),
    Buffer.from(video ? 'vide' : 'soun', 'latin1'),
    u32s(0, 0, 0),
    Buffer.from(`${name}\0`, 'latin1'),
  );
  const header = video ? fullBox('vmhd', 0, 1, u16s(0, 0, 0, 0)) : fullBox('smhd', 0, 0, u16s(0, 0));
  const dinf = box('dinf', fullBox('dref', 0, 0, u32s(1), fullBox('url ', 0, 1)));
  const sizes = track.samples.map((sample) => sample.size);
  const samplesPerChunk: number[][] = [];
  chunks.forEach((chunk, i) => {
    if (samplesPerChunk.at(-1)?.[1] !== chunk.count) samplesPerChunk.push([i + 1, chunk.count, 1]);
  });
  const syncs = track.samples.flatMap((sample, i) => (sample.sync ? [i + 1] : []));
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, 0, u32s(1), track.sampleEntry),
    fullBox('stts', 0, 0, entries(runLength(track.samples.map((sample) => sample.duration)))),
    ...(video && syncs.length < track.samples.length
      ? [fullBox('stss', 0, 0, entries(syncs.map((n) => [n])))]
      : []),
    fullBox('stsc', 0, 0, entries(samplesPerChunk)),
    fullBox('stsz', 0, 0, u32s(0, sizes.length, ...sizes)),
    wide
      ? fullBox(
          'co64',
          0,
          0,
          u32s(offsets.length),
          ...offsets.map((offset) => {
            const out = Buffer.alloc(8);
            out.writeBigUInt64BE(BigInt(offset));
            return out;
          }),
        )
      : fullBox('stco', 0, 0, entries(offsets.map((offset) => [offset]))),
  );
  const edts =
    start > 0 ? [box('edts', fullBox('elst', 0, 0, u32s(1, movieDuration, start), u16s(1, 0)))] : [];
  return box('trak', tkhd, ...edts, box('mdia', mdhd, hdlr, box('minf', header, dinf, stbl)));
}

function movieBox(tracks: Mp4Track[], chunks: Chunk[], offsets: number[], wide: boolean): Buffer {
  const seconds = Math.max(
    0,
    ...tracks.map(
      (track) =>
        (track.samples.reduce((sum, sample) => sum + sample.duration, 0) - (track.startTime ?? 0)) /
        track.timescale,
    ),
  );
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32s(0, 0, MOVIE_TIMESCALE, Math.round(seconds * MOVIE_TIMESCALE), 0x00010000),
    u16s(0x0100, 0),
    u32s(0, 0, ...UNITY_MATRIX, 0, 0, 0, 0, 0, 0, tracks.length + 1),
  );
  return box(
    'moov',
    mvhd,
    ...tracks.map((track, index) => {
      const own = chunks.flatMap((chunk, i) =>
        chunk.track === index ? [{ chunk, offset: offsets[i] as number }] : [],
      );
      return trackBox(
        track,
        index + 1,
        own.map((o) => o.chunk),
        own.map((o) => o.offset),
        wide,
      );
    }),
  );
}

/** Copies samples to the output in order, reading runs of a file's samples that lie together at once. */
class SampleCopier {
  private handle: { file: string; handle: FileHandle } | null = null;
  private readonly pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(private readonly output: FileHandle) {}

  async copy(samples: Mp4Sample[]): Promise<void> {
    let i = 0;
    while (i < samples.length) {
      const sample = samples[i] as Mp4Sample;
      if ('data' in sample.source) {
        if (sample.source.data.length !== sample.size)
          throw new Mp4Error('A sample is not the size its table says');
        await this.push(sample.source.data);
        i += 1;
        continue;
      }
      const { file, offset } = sample.source;
      let end = offset + sample.size;
      let j = i + 1;
      for (; j < samples.length; j += 1) {
        const next = (samples[j] as Mp4Sample).source;
        if ('data' in next || next.file !== file || next.offset !== end) break;
        end += (samples[j] as Mp4Sample).size;
      }
      await this.push(await this.read(file, offset, end - offset));
      i = j;
    }
  }

  private async read(file: string, offset: number, length: number): Promise<Buffer> {
    if (this.handle?.file !== file) {
      await this.handle?.handle.close();
      this.handle = { file, handle: await open(file, 'r') };
    }
    const bytes = Buffer.alloc(length);
    const { bytesRead } = await this.handle.handle.read(bytes, 0, length, offset);
    if (bytesRead !== length) throw new Mp4Error('A sample lies past the end of its file');
    return bytes;
  }

  async push(bytes: Uint8Array): Promise<void> {
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= 1 << 20) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length > 0) await this.output.write(Buffer.concat(this.pending));
    this.pending.length = 0;
    this.pendingBytes = 0;
  }

  async close(): Promise<void> {
    await this.flush();
    await this.handle?.handle.close();
    this.handle = null;
  }
}

/**
 * Writes an MP4 of the tracks: ftyp, the movie box first (playable while it loads) and the samples
 * after it, the tracks interleaved in chunks of about a second.
 */
export async function writeMp4(output: string, tracks: Mp4Track[]): Promise<void> {
  const chunks = layChunks(tracks);
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    u32s(0x200),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  );
  const payload = tracks.reduce(
    (sum, track) => sum + track.samples.reduce((s, sample) => s + sample.size, 0),
    0,
  );
  const placeholder = movieBox(
    tracks,
    chunks,
    chunks.map(() => 0),
    false,
  );
  const wide = ftyp.length + placeholder.length * 2 + 16 + payload > 0xffffffff;
  const moovSize = wide
    ? movieBox(
        tracks,
        chunks,
        chunks.map(() => 0),
        true,
      ).length
    : placeholder.length;
  const mdatHeader = payload + 8 > 0xffffffff ? 16 : 8;
  const offsets: number[] = [];
  let at = ftyp.length + moovSize + mdatHeader;
  for (const chunk of chunks) {
    offsets.push(at);
    const track = tracks[chunk.track] as Mp4Track;
    for (let i = chunk.first; i < chunk.first + chunk.count; i += 1)
      at += (track.samples[i] as Mp4Sample).size;
  }
  const moov = movieBox(tracks, chunks, offsets, wide);
  const mdat =
    mdatHeader === 16
      ? Buffer.concat([
          u32s(1),
          Buffer.from('mdat', 'latin1'),
          (() => {
            const size = Buffer.alloc(8);
            size.writeBigUInt64BE(BigInt(payload + 16));
            return size;
          })(),
        ])
      : Buffer.concat([u32s(payload + 8), Buffer.from('mdat', 'latin1')]);
  const handle = await open(output, 'w');
  const copier = new SampleCopier(handle);
  try {
    await copier.push(Buffer.concat([ftyp, moov, mdat]));
    for (const chunk of chunks) {
      const track = tracks[chunk.track] as Mp4Track;
      await copier.copy(track.samples.slice(chunk.first, chunk.first + chunk.count));
    }
  } finally {
    await copier.close();
    await handle.close();
  }
}
