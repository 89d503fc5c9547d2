/** What a file is, judged by its first bytes (magic numbers), never by its name or declared type. */
export interface SniffedType {
  mimetype: string;
  extension: string;
}

export type SniffedKind = 'image' | 'audio' | 'video';

interface Signature extends SniffedType {
  matches(bytes: Uint8Array): boolean;
}

/** Enough bytes for every signature below. */
export const SNIFF_BYTES = 16;

function hasBytes(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  return expected.every((value, index) => bytes[offset + index] === value);
}

function hasAscii(bytes: Uint8Array, text: string, offset = 0): boolean {
  return hasBytes(
    bytes,
    [...text].map((char) => char.charCodeAt(0)),
    offset,
  );
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** ISO base media (MP4, M4A, MOV): a box of type 'ftyp' first; its major brand at bytes 8..12. */
function ftypBrand(bytes: Uint8Array): string | undefined {
  return bytes.length >= 12 && hasAscii(bytes, 'ftyp', 4) ? ascii(bytes, 8, 12) : undefined;
}

const AUDIO_MP4_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
const QUICKTIME_BRAND = 'qt  ';

/** An MPEG audio frame header: 11 sync bits, then a valid version, layer, bitrate and sample rate. */
function isMpegAudioFrame(bytes: Uint8Array): boolean {
  const [b0 = 0, b1 = 0, b2 = 0] = bytes;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return (
    b0 === 0xff && (b1 & 0xe0) === 0xe0 && version !== 1 && layer !== 0 && bitrate !== 0xf && sampleRate !== 3
  );
}

const IMAGE_SIGNATURES: Signature[] = [
  {
    mimetype: 'image/png',
    extension: 'png',
    matches: (b) => hasBytes(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mimetype: 'image/jpeg', extension: 'jpg', matches: (b) => hasBytes(b, [0xff, 0xd8, 0xff]) },
  {
    mimetype: 'image/webp',
    extension: 'webp',
    matches: (b) => hasAscii(b, 'RIFF') && hasAscii(b, 'WEBP', 8),
  },
  {
    mimetype: 'image/gif',
    extension: 'gif',
    matches: (b) => hasAscii(b, 'GIF87a') || hasAscii(b, 'GIF89a'),
  },
];

const AUDIO_SIGNATURES: Signature[] = [
  { mimetype: 'audio/mpeg', extension: 'mp3', matches: (b) => hasAscii(b, 'ID3') || isMpegAudioFrame(b) },
  { mimetype: 'audio/wav', extension: 'wav', matches: (b) => hasAscii(b, 'RIFF') && hasAscii(b, 'WAVE', 8) },
  { mimetype: 'audio/ogg', extension: 'ogg', matches: (b) => hasAscii(b, 'OggS') },
  { mimetype: 'audio/flac', extension: 'flac', matches: (b) => hasAscii(b, 'fLaC') },
  // An MP4 container without a QuickTime brand may hold audio only (AAC in .m4a).
  {
    mimetype: 'audio/mp4',
    extension: 'm4a',
    matches: (b) => {
      const brand = ftypBrand(b);
      return brand !== undefined && brand !== QUICKTIME_BRAND;
    },
  },
];

const VIDEO_SIGNATURES: Signature[] = [
  { mimetype: 'video/quicktime', extension: 'mov', matches: (b) => ftypBrand(b) === QUICKTIME_BRAND },
  {
    mimetype: 'video/mp4',
    extension: 'mp4',
    matches: (b) => {
      const brand = ftypBrand(b);
      return brand !== undefined && !AUDIO_MP4_BRANDS.has(brand);
    },
  },
  { mimetype: 'video/webm', extension: 'webm', matches: (b) => hasBytes(b, [0x1a, 0x45, 0xdf, 0xa3]) },
];

const SIGNATURES: Record<SniffedKind, Signature[]> = {
  image: IMAGE_SIGNATURES,
  audio: AUDIO_SIGNATURES,
  video: VIDEO_SIGNATURES,
};

/** The formats accepted for each kind, for error messages. */
export const ACCEPTED_FORMATS: Record<SniffedKind, string> = {
  image: 'PNG, JPEG, WebP or GIF',
  audio: 'MP3, WAV, Ogg, FLAC or M4A',
  video: 'MP4, MOV or WebM',
};

function toType({ mimetype, extension }: Signature): SniffedType {
  return { mimetype, extension };
}

/** The type of `bytes` when it is one of the accepted formats of `kind`. */
export function sniff(bytes: Uint8Array, kind: SniffedKind): SniffedType | undefined {
  const match = SIGNATURES[kind].find((signature) => signature.matches(bytes));
  return match === undefined ? undefined : toType(match);
}

/** Why `bytes` is not of `kind`: what it looks like instead, for the error's details. */
export function mismatchReason(bytes: Uint8Array, kind: SniffedKind): string {
  if (bytes.length === 0) return 'The file is empty';
  const other = (['image', 'audio', 'video'] as const)
    .filter((candidate) => candidate !== kind)
    .map((candidate) => sniff(bytes, candidate))
    .find((type) => type !== undefined);
  const found = other === undefined ? 'not a recognised format' : `${other.mimetype}`;
  return `The file's content is ${found}; expected ${ACCEPTED_FORMATS[kind]}`;
}
