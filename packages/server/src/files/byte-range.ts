import { Readable } from 'node:stream';

/** Inclusive byte offsets of an object. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One range of a `Range: bytes=…` header against an object of `size` bytes (RFC 9110 §14.1.2):
 * `a-b`, `a-` and the suffix `-n`. null when there is no header or it is not one plain byte range
 * (the whole object is answered); 'unsatisfiable' when it starts past the end (416). Browsers ask
 * for ranges to seek in audio and video: without 206 answers Chromium cannot seek at all.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** The bytes `range` of a stream of the whole object (the rest is read past, or not read at all). */
export function sliceStream(source: Readable, range: ByteRange): Readable {
  async function* slice() {
    let position = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const from = Math.max(0, range.start - position);
      const to = Math.min(chunk.length, range.end + 1 - position);
      if (to > from) yield chunk.subarray(from, to);
      position += chunk.length;
      if (position > range.end) break;
    }
  }
  return Readable.from(slice(), { objectMode: false });
}
