/**
 * Shows each coded picture of an H.264 stream for more than one frame without encoding it again.
 *
 * An animatic's camera move is drawn on twos: every picture is shown for two frames. Handing x264
 * the repeat costs as much as a new picture (about 3 ms at 720p on this machine: x264 analyses
 * every macroblock of every frame), although the coded result is a frame of skipped macroblocks.
 * Here x264 codes each picture once and the repeat is written directly: a non-reference P slice
 * whose macroblocks are all P_Skip (one `mb_skip_run` of the whole picture, CAVLC). With no
 * neighbour moving, every skipped macroblock's predicted motion is zero, so the decoder shows the
 * previous picture again, exactly. The stream stays constant frame rate and plays everywhere.
 *
 * holdLastPicture() holds a stream's last picture for more frames the same way (reference pictures
 * this time, so that several may follow each other): a rough cut joins a clip one frame shorter than
 * its event as it is instead of coding it again.
 *
 * Only the stream shape our encoder settings make is accepted (CAVLC, frames, one slice a picture,
 * no weighted prediction, picture order type 0 in steps of 2 or type 2); anything else answers
 * null and the caller encodes every frame instead. H.264 (ITU-T H.264) sections 7.3.2.1, 7.3.2.2,
 * 7.3.3, 7.3.4 and 8.2.1.
 */

/** A NAL unit of an Annex B stream: its header byte and its payload (emulation prevention still in). */
interface NalUnit {
  type: number;
  refIdc: number;
  /** The whole unit without its start code. */
  bytes: Uint8Array;
}

/** NAL unit types (H.264 table 7-1) that these streams carry. */
export const NAL = { slice: 1, idr: 5, sei: 6, sps: 7, pps: 8, delimiter: 9 } as const;
const START_CODE = Uint8Array.of(0, 0, 0, 1);

/** The NAL units of an Annex B byte stream (3- or 4-byte start codes). */
export function splitAnnexB(stream: Uint8Array): NalUnit[] {
  const starts: { at: number; payload: number }[] = [];
  for (let i = 0; i + 2 < stream.length; i += 1) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      starts.push({ at: i > 0 && stream[i - 1] === 0 ? i - 1 : i, payload: i + 3 });
      i += 2;
    }
  }
  return starts.map(({ payload }, index) => {
    const end = index + 1 < starts.length ? (starts[index + 1] as { at: number }).at : stream.length;
    const bytes = stream.subarray(payload, end);
    const header = bytes[0] ?? 0;
    return { type: header & 0x1f, refIdc: (header >> 5) & 3, bytes };
  });
}

/**
 * Reads the bits of a unit's payload (after its header byte), skipping emulation prevention bytes as
 * it goes: only as far as a header needs, never the whole of a picture's slice.
 */
class BitReader {
  /** Next byte of the unit to take, the RBSP byte being read, and the bit within it (8: take another). */
  private at = 1;
  private current = 0;
  private used = 8;
  private zeros = 0;

  constructor(private readonly unit: Uint8Array) {}

  private nextByte(): number {
    let byte = this.unit[this.at];
    if (byte === undefined) throw new RangeError('H.264 unit ended early');
    this.at += 1;
    if (this.zeros >= 2 && byte === 3) {
      this.zeros = 0;
      byte = this.unit[this.at];
      if (byte === undefined) throw new RangeError('H.264 unit ended early');
      this.at += 1;
    }
    this.zeros = byte === 0 ? this.zeros + 1 : 0;
    return byte;
  }

  bit(): number {
    if (this.used === 8) {
      this.current = this.nextByte();
      this.used = 0;
    }
    const value = (this.current >> (7 - this.used)) & 1;
    this.used += 1;
    return value;
  }

  u(bits: number): number {
    let value = 0;
    for (let i = 0; i < bits; i += 1) value = value * 2 + this.bit();
    return value;
  }

  ue(): number {
    let zeros = 0;
    while (this.bit() === 0) {
      zeros += 1;
      if (zeros > 31) throw new RangeError('H.264 Exp-Golomb code too long');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  se(): number {
    const code = this.ue();
    return code % 2 === 1 ? (code + 1) / 2 : -(code / 2);
  }
}

/** Writes RBSP bits; `unit()` adds the header byte, the trailing bits and emulation prevention. */
class BitWriter {
  private readonly bits: number[] = [];

  u(bits: number, value: number): void {
    for (let i = bits - 1; i >= 0; i -= 1) this.bits.push(Math.floor(value / 2 ** i) % 2);
  }

  ue(value: number): void {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    this.u(length, 0);
    this.u(length + 1, code);
  }

  se(value: number): void {
    this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  unit(header: number): Uint8Array {
    const bits = [...this.bits, 1];
    while (bits.length % 8 !== 0) bits.push(0);
    const out = [header];
    let zeros = 0;
    for (let i = 0; i < bits.length; i += 8) {
      let byte = 0;
      for (let j = 0; j < 8; j += 1) byte = byte * 2 + (bits[i + j] as number);
      if (zeros >= 2 && byte <= 3) {
        out.push(3);
        zeros = 0;
      }
      out.push(byte);
      zeros = byte === 0 ? zeros + 1 : 0;
    }
    return Uint8Array.from(out);
  }
}

interface Sps {
  id: number;
  separateColourPlanes: boolean;
  log2MaxFrameNum: number;
  pocType: number;
  log2MaxPocLsb: number;
  macroblocks: number;
}

interface Pps {
  id: number;
  spsId: number;
  cabac: boolean;
  bottomFieldPocPresent: boolean;
  weightedPrediction: boolean;
  deblockingControl: boolean;
  redundantPicCount: boolean;
  sliceGroups: number;
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function skipScalingList(reader: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j += 1) {
    if (next !== 0) next = (last + reader.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** Section 7.3.2.1.1, as far as the picture size; null for field coding or a type 1 picture order. */
function parseSps(unit: Uint8Array): Sps | null {
  const reader = new BitReader(unit);
  const profile = reader.u(8);
  reader.u(16);
  const id = reader.ue();
  let separateColourPlanes = false;
  if (HIGH_PROFILES.has(profile)) {
    const chromaFormat = reader.ue();
    if (chromaFormat === 3) separateColourPlanes = reader.bit() === 1;
    reader.ue();
    reader.ue();
    reader.bit();
    if (reader.bit() === 1) {
      for (let i = 0; i < (chromaFormat === 3 ? 12 : 8); i += 1)
        if (reader.bit() === 1) skipScalingList(reader, i < 6 ? 16 : 64);
    }
  }
  const log2MaxFrameNum = reader.ue() + 4;
  const pocType = reader.ue();
  let log2MaxPocLsb = 0;
  if (pocType === 0) log2MaxPocLsb = reader.ue() + 4;
  else if (pocType !== 2) return null;
  reader.ue();
  reader.bit();
  const widthInMbs = reader.ue() + 1;
  const heightInMapUnits = reader.ue() + 1;
  if (reader.bit() !== 1) return null;
  return {
    id,
    separateColourPlanes,
    log2MaxFrameNum,
    pocType,
    log2MaxPocLsb,
    macroblocks: widthInMbs * heightInMapUnits,
  };
}

/** Section 7.3.2.2, as far as the flags a slice header depends on. */
function parsePps(unit: Uint8Array): Pps {
  const reader = new BitReader(unit);
  const id = reader.ue();
  const spsId = reader.ue();
  const cabac = reader.bit() === 1;
  const bottomFieldPocPresent = reader.bit() === 1;
  const sliceGroups = reader.ue() + 1;
  const head = { id, spsId, cabac, bottomFieldPocPresent, sliceGroups };
  // Slice groups (FMO) are declined by the caller: the rest is not read.
  if (sliceGroups > 1)
    return { ...head, weightedPrediction: true, deblockingControl: true, redundantPicCount: true };
  reader.ue();
  reader.ue();
  const weightedPrediction = reader.bit() === 1;
  reader.u(2);
  reader.se();
  reader.se();
  reader.se();
  const deblockingControl = reader.bit() === 1;
  reader.bit();
  return { ...head, weightedPrediction, deblockingControl, redundantPicCount: reader.bit() === 1 };
}

interface SliceStart {
  firstMb: number;
  ppsId: number;
  frameNum: number;
  pocLsb: number;
}

/** Section 7.3.3 up to the picture order count. */
function parseSliceStart(unit: NalUnit, sps: Sps): SliceStart {
  const reader = new BitReader(unit.bytes);
  const firstMb = reader.ue();
  reader.ue();
  const ppsId = reader.ue();
  if (sps.separateColourPlanes) reader.u(2);
  const frameNum = reader.u(sps.log2MaxFrameNum);
  if (unit.type === NAL.idr) reader.ue();
  const pocLsb = sps.pocType === 0 ? reader.u(sps.log2MaxPocLsb) : 0;
  return { firstMb, ppsId, frameNum, pocLsb };
}

/**
 * A P picture of P_Skip macroblocks only: the previous picture shown again. A repeat between coded
 * pictures is a non-reference picture; a held frame at the end of a stream is a reference picture
 * (several in a row are allowed then, whatever the picture order type), marked by sliding window.
 */
function skipSlice(sps: Sps, pps: Pps, frameNum: number, pocLsb: number, reference: boolean): Uint8Array {
  const writer = new BitWriter();
  writer.ue(0); // first_mb_in_slice
  writer.ue(5); // slice_type: P, as every slice of the picture
  writer.ue(pps.id);
  if (sps.separateColourPlanes) writer.u(2, 0);
  writer.u(sps.log2MaxFrameNum, frameNum);
  if (sps.pocType === 0) {
    writer.u(sps.log2MaxPocLsb, pocLsb);
    if (pps.bottomFieldPocPresent) writer.se(0);
  }
  if (pps.redundantPicCount) writer.ue(0);
  writer.u(1, 1); // num_ref_idx_active_override_flag
  writer.ue(0); // num_ref_idx_l0_active_minus1: the one picture before
  writer.u(1, 0); // ref_pic_list_modification_flag_l0
  if (reference) writer.u(1, 0); // dec_ref_pic_marking: adaptive_ref_pic_marking_mode_flag, sliding window
  // CAVLC: no cabac_init_idc.
  writer.se(0); // slice_qp_delta
  if (pps.deblockingControl) writer.ue(1); // deblocking off: nothing moved, no edge to filter
  writer.ue(sps.macroblocks); // mb_skip_run: the whole picture
  // forbidden 0, nal_ref_idc (2 for a reference picture, as x264 marks its P pictures), type 1
  return writer.unit(((reference ? 2 : 0) << 5) | NAL.slice);
}

/**
 * The stream with each coded picture shown `repeat` times (the last one `lastRepeat` times), the
 * repeats written as skipped pictures; null when the stream is not of the shape described above.
 */
export function repeatPictures(stream: Uint8Array, repeat: number, lastRepeat = repeat): Uint8Array | null {
  const units = splitAnnexB(stream);
  const shape = streamShape(units);
  if (shape === null) return null;
  const { sps, pps } = shape;
  const pictures = units.filter((unit) => unit.type === NAL.slice || unit.type === NAL.idr).length;
  const out: Uint8Array[] = [];
  let picture = 0;
  let previousPoc: number | null = null;
  let pending: { frameNum: number; pocLsb: number; times: number } | null = null;
  const flush = (nextPoc: number | null) => {
    if (pending === null) return true;
    const maxPoc = 2 ** sps.log2MaxPocLsb;
    // Type 0: x264 counts two a frame, so the odd values between are free for the repeats.
    if (sps.pocType === 0 && pending.times > 1) return false;
    if (sps.pocType === 0 && nextPoc !== null && nextPoc !== (pending.pocLsb + 1 + 1) % maxPoc) return false;
    for (let i = 0; i < pending.times; i += 1) {
      out.push(START_CODE, skipSlice(sps, pps, pending.frameNum, pending.pocLsb + 1, false));
    }
    pending = null;
    return true;
  };
  for (const unit of units) {
    if (unit.type === NAL.slice || unit.type === NAL.idr) {
      if (unit.refIdc === 0) return null;
      const slice = parseSliceStart(unit, sps);
      if (slice.firstMb !== 0 || slice.ppsId !== pps.id) return null;
      if (!flush(slice.pocLsb)) return null;
      if (previousPoc !== null && sps.pocType === 0 && slice.pocLsb === previousPoc) return null;
      previousPoc = slice.pocLsb;
      out.push(START_CODE, unit.bytes);
      picture += 1;
      const times = (picture === pictures ? lastRepeat : repeat) - 1;
      // Type 2 orders a non-reference picture between two reference ones: one repeat at most.
      if (times > 1 && sps.pocType === 2) return null;
      pending =
        times > 0
          ? { frameNum: (slice.frameNum + 1) % 2 ** sps.log2MaxFrameNum, pocLsb: slice.pocLsb, times }
          : null;
      continue;
    }
    if (pending !== null) {
      // SEI, delimiters or parameter sets between pictures: the repeat goes before them.
      if (!flush(null)) return null;
    }
    out.push(START_CODE, unit.bytes);
  }
  if (!flush(null)) return null;
  return concatBytes(out);
}

/**
 * The stream's parameter sets when it is of the shape described at the top (CAVLC, no weighted
 * prediction, one slice group, its SPS and PPS before its first picture); else null.
 */
function streamShape(units: NalUnit[]): { sps: Sps; pps: Pps } | null {
  let sps: Sps | null = null;
  let pps: Pps | null = null;
  for (const unit of units) {
    if (unit.type === NAL.sps) {
      sps = parseSps(unit.bytes);
      if (sps === null) return null;
    } else if (unit.type === NAL.pps) pps = parsePps(unit.bytes);
    else if ((unit.type === NAL.slice || unit.type === NAL.idr) && (sps === null || pps === null))
      return null;
  }
  if (sps === null || pps === null) return null;
  if (pps.cabac || pps.weightedPrediction || pps.sliceGroups > 1 || pps.spsId !== sps.id) return null;
  return { sps, pps };
}

/**
 * The stream with its last picture held for `extra` more frames: each a reference picture of
 * skipped macroblocks after the last one (any picture shape the stream ends with, reference or
 * not). Lets a clip one or more frames shorter than the event that shows it be joined as it is
 * instead of coded again. Null when the stream is not of the shape described at the top.
 */
export function holdLastPicture(stream: Uint8Array, extra: number): Uint8Array | null {
  if (!Number.isInteger(extra) || extra < 0) throw new RangeError('extra must be a whole number of frames');
  const units = splitAnnexB(stream);
  const shape = streamShape(units);
  if (shape === null) return null;
  const { sps, pps } = shape;
  let lastRefFrameNum: number | null = null;
  let lastPoc = 0;
  for (const unit of units) {
    if (unit.type !== NAL.slice && unit.type !== NAL.idr) continue;
    const slice = parseSliceStart(unit, sps);
    if (slice.firstMb !== 0 || slice.ppsId !== pps.id) return null;
    if (unit.refIdc !== 0) lastRefFrameNum = slice.frameNum;
    lastPoc = slice.pocLsb;
  }
  if (lastRefFrameNum === null) return null;
  const maxFrameNum = 2 ** sps.log2MaxFrameNum;
  const maxPoc = 2 ** sps.log2MaxPocLsb;
  const parts: Uint8Array[] = [stream];
  let frameNum = lastRefFrameNum;
  for (let i = 0; i < extra; i += 1) {
    frameNum = (frameNum + 1) % maxFrameNum;
    lastPoc = sps.pocType === 0 ? (lastPoc + 2) % maxPoc : 0;
    parts.push(START_CODE, skipSlice(sps, pps, frameNum, lastPoc, true));
  }
  return concatBytes(parts);
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
