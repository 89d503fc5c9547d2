import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data and the CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG file of an 8-bit RGB picture `width` × `height` whose IDAT holds `pictureData` as given
 * (a deflate stream of the filtered rows for a real picture; anything else makes a PNG whose
 * signature and header are right and whose picture can't be decoded).
 */
export function pngFile(width: number, height: number, pictureData: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pictureData),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG of RGB rows: `pixel(x, y)` gives each pixel's [r, g, b]. */
export function rgbPng(width: number, height: number, pixel: (x: number, y: number) => number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  return pngFile(width, height, deflateSync(Buffer.concat(rows)));
}
