import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../../src/media/ffmpeg-process.js';

/**
 * Checks what a rough cut's burn-in drew without OCR: the same text drawn by drawtext from a file
 * (expansion off) over black, with the burn-in's font, size, box and place, is the reference; a
 * frame of the rough cut must agree with it where the name is. A reference of other text (what
 * `%{…}` expansion or escaping would have drawn) must not, which shows the check can tell them apart.
 */

export interface GrayFrame {
  width: number;
  height: number;
  pixels: Buffer;
}

/** Frame `index` of a video (or the only picture of an image) as 8-bit gray pixels. */
export async function grayFrame(
  ffmpeg: string,
  file: string,
  size: { width: number; height: number },
  index = 0,
): Promise<GrayFrame> {
  const run = await runFfmpeg(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file],
      ...['-vf', `select=eq(n\\,${index}),format=gray`, '-frames:v', '1', '-f', 'rawvideo', 'pipe:1'],
    ],
    60_000,
  );
  if (run.code !== 0) throw new Error(`no frame ${index} in ${file}: ${run.stderr}`);
  expectBytes(run.stdout, size.width * size.height);
  return { ...size, pixels: run.stdout };
}

function expectBytes(bytes: Buffer, expected: number): void {
  if (bytes.length !== expected) throw new Error(`expected ${expected} gray pixels, got ${bytes.length}`);
}

/** `text` drawn as the burn-in draws a shot's name, over black, as gray pixels. */
export async function burnInReference(
  ffmpeg: string,
  font: string,
  text: string,
  size: { width: number; height: number },
): Promise<GrayFrame> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-burn-in-reference-'));
  try {
    const textFile = path.join(dir, 'text.txt');
    await writeFile(textFile, text, 'utf8');
    const fontSize = Math.max(14, Math.round(size.height / 30));
    const drawtext = [
      `fontfile=${font}`,
      `textfile=${textFile}`,
      'expansion=none',
      `fontsize=${fontSize}`,
      'box=1:boxcolor=black@0.55:boxborderw=8:fontcolor=white',
      'x=24:y=h-th-24',
    ].join(':');
    const output = path.join(dir, 'reference.png');
    const run = await runFfmpeg(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `color=c=black:s=${size.width}x${size.height}:r=24`],
        ...['-vf', `drawtext=${drawtext}`, '-frames:v', '1', output],
      ],
      60_000,
    );
    if (run.code !== 0) throw new Error(`reference not drawn: ${run.stderr}`);
    return await grayFrame(ffmpeg, output, size);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * In the bottom band where the burn-in puts a name: how many pixels are ink in either frame, and
 * how many of those disagree by more than half the gray scale (compression blurs edges a little;
 * different glyphs differ by far more).
 */
export function nameBandDifference(a: GrayFrame, b: GrayFrame): { ink: number; disagreeing: number } {
  const band = Math.round(a.height / 8);
  let ink = 0;
  let disagreeing = 0;
  for (let y = a.height - band; y < a.height; y += 1) {
    for (let x = 0; x < a.width; x += 1) {
      const at = y * a.width + x;
      const first = a.pixels[at] ?? 0;
      const second = b.pixels[at] ?? 0;
      if (first > 128 || second > 128) ink += 1;
      if (Math.abs(first - second) > 128) disagreeing += 1;
    }
  }
  return { ink, disagreeing };
}
