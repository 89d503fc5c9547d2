/**
 * A mono 16-bit PCM WAV written by hand: a 220 Hz tone whose loudness swells and falls, so its
 * waveform has a shape (8 kHz keeps it at 16 KB a second).
 */
export function toneWav(seconds: number, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    const t = index / rate;
    const loudness = 0.15 + 0.75 * Math.abs(Math.sin(Math.PI * t * 0.8));
    buffer.writeInt16LE(Math.round(Math.sin(2 * Math.PI * 220 * t) * loudness * 32_000), 44 + index * 2);
  }
  return buffer;
}
