/**
 * H.264 in MP4 (ISO/IEC 14496-15): an Annex B stream as MP4 samples (each picture's NAL units with
 * 4-byte lengths) and the avc1 sample entry carrying its parameter sets, and back.
 */
import { NAL, splitAnnexB } from './h264-repeat.js';
import { Mp4Error, type Mp4Sample } from './mp4.js';
import { box } from './mp4-write.js';

/** Profiles whose avcC carries the chroma format and bit depths after the parameter sets. */
const HIGH_PROFILES = new Set([100, 110, 122, 144]);

function lengthPrefixed(units: Uint8Array[]): Uint8Array {
  const out = Buffer.alloc(units.reduce((sum, unit) => sum + 4 + unit.length, 0));
  let at = 0;
  for (const unit of units) {
    out.writeUInt32BE(unit.length, at);
    out.set(unit, at + 4);
    at += 4 + unit.length;
  }
  return out;
}

/** The avc1 sample entry of a picture size and parameter sets (4:2:0, 8 bits, as x264 writes ours). */
export function avcSampleEntry(sps: Uint8Array, pps: Uint8Array, width: number, height: number): Uint8Array {
  const profile = sps[1] ?? 0;
  const header = Buffer.from([1, profile, sps[2] ?? 0, sps[3] ?? 0, 0xff, 0xe1]);
  const spsLength = Buffer.alloc(2);
  spsLength.writeUInt16BE(sps.length);
  const ppsCount = Buffer.alloc(3);
  ppsCount.writeUInt8(1, 0);
  ppsCount.writeUInt16BE(pps.length, 1);
  const extension = HIGH_PROFILES.has(profile) ? [Buffer.from([0xfc | 1, 0xf8, 0xf8, 0])] : [];
  const avcC = box('avcC', header, spsLength, sps, ppsCount, pps, ...extension);
  const visual = Buffer.alloc(78);
  visual.writeUInt16BE(1, 6); // data_reference_index
  visual.writeUInt16BE(width, 24);
  visual.writeUInt16BE(height, 26);
  visual.writeUInt32BE(0x00480000, 28); // 72 dpi
  visual.writeUInt32BE(0x00480000, 32);
  visual.writeUInt16BE(1, 40); // frame_count
  visual.writeUInt16BE(0x0018, 74); // depth
  visual.writeInt16BE(-1, 76);
  return box('avc1', visual, avcC);
}

/**
 * The pictures of an Annex B stream as samples of one frame each (`duration` in the track's
 * timescale), and the stream's sample entry. Access unit delimiters are dropped, SEI stays with the
 * picture it precedes, the parameter sets go into the sample entry (one of each, the same throughout).
 */
export function annexBToSamples(
  stream: Uint8Array,
  size: { width: number; height: number },
  duration: number,
): { sampleEntry: Uint8Array; samples: Mp4Sample[] } {
  let sps: Uint8Array | null = null;
  let pps: Uint8Array | null = null;
  const same = (a: Uint8Array | null, b: Uint8Array) => a === null || Buffer.compare(a, b) === 0;
  const samples: Mp4Sample[] = [];
  let prefix: Uint8Array[] = [];
  for (const unit of splitAnnexB(stream)) {
    if (unit.type === NAL.sps || unit.type === NAL.pps) {
      if (!same(unit.type === NAL.sps ? sps : pps, unit.bytes))
        throw new Mp4Error('The stream changes its parameter sets');
      if (unit.type === NAL.sps) sps = unit.bytes;
      else pps = unit.bytes;
    } else if (unit.type === NAL.sei) prefix.push(unit.bytes);
    else if (unit.type === NAL.slice || unit.type === NAL.idr) {
      const data = lengthPrefixed([...prefix, unit.bytes]);
      samples.push({ size: data.length, duration, sync: unit.type === NAL.idr, source: { data } });
      prefix = [];
    } else if (unit.type !== NAL.delimiter)
      throw new Mp4Error(`The stream has a NAL unit of type ${unit.type}`);
  }
  if (sps === null || pps === null) throw new Mp4Error('The stream has no parameter sets');
  return { sampleEntry: avcSampleEntry(sps, pps, size.width, size.height), samples };
}

/** The parameter sets of an avc1 sample entry (the first of each). */
export function parameterSets(sampleEntry: Uint8Array): { sps: Uint8Array; pps: Uint8Array } {
  const entry = Buffer.from(sampleEntry.buffer, sampleEntry.byteOffset, sampleEntry.length);
  // avc1 header (8) + visual sample entry (78) + avcC header (8) + 5 bytes, then numOfSPS.
  const avcC = 8 + 78;
  if (entry.toString('latin1', 4, 8) !== 'avc1' || entry.toString('latin1', avcC + 4, avcC + 8) !== 'avcC')
    throw new Mp4Error('Not an avc1 sample entry');
  let at = avcC + 8 + 5;
  if (((entry[at] as number) & 0x1f) < 1) throw new Mp4Error('The avcC has no SPS');
  const spsLength = entry.readUInt16BE(at + 1);
  const sps = entry.subarray(at + 3, at + 3 + spsLength);
  at += 3 + spsLength;
  if ((entry[at] as number) < 1) throw new Mp4Error('The avcC has no PPS');
  const ppsLength = entry.readUInt16BE(at + 1);
  return { sps, pps: entry.subarray(at + 3, at + 3 + ppsLength) };
}

/** An Annex B stream of the parameter sets and the samples' NAL units (the samples' bytes given). */
export function samplesToAnnexB(sampleEntry: Uint8Array, samples: Uint8Array[]): Uint8Array {
  const { sps, pps } = parameterSets(sampleEntry);
  const start = Buffer.from([0, 0, 0, 1]);
  const parts: Uint8Array[] = [start, sps, start, pps];
  for (const sample of samples) {
    const bytes = Buffer.from(sample.buffer, sample.byteOffset, sample.length);
    for (let at = 0; at + 4 <= bytes.length; ) {
      const length = bytes.readUInt32BE(at);
      if (at + 4 + length > bytes.length) throw new Mp4Error('A sample NAL unit runs past its sample');
      parts.push(start, bytes.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
  }
  return Buffer.concat(parts);
}
