/** Small real media files for upload and content-sniffing tests. */

/** A real, playable WAV: 44-byte RIFF header and 100 silent 16-bit mono samples at 8 kHz. */
export function wav(): Buffer {
  const samples = Buffer.alloc(200);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

/** An ISO-BMFF file's first box: size, 'ftyp', major brand, then `compatible` brands. */
export function ftyp(brand: string, compatible = ''): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4);
  box.write(brand, 8);
  if (compatible !== '') box.write(compatible, 16);
  return box;
}

/** The start of an MP4 file: an 'isom' ftyp box, then an empty mdat box. */
export function mp4(): Buffer {
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8, 0);
  mdat.write('mdat', 4);
  return Buffer.concat([ftyp('isom', 'isomiso2'), mdat]);
}
