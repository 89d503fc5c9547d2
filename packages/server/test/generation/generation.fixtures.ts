import { createHash, randomUUID } from 'node:crypto';
import { type Asset, type AssetType, defaultAssetConfig } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { FramePlacement, FrameRenderInput } from '../../src/generation/generation.types.js';

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export async function pixelsOf(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** [r, g, b] of a #rrggbb colour. */
export function rgbOf(hex: string): number[] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function pixelAt(pixels: Pixels, x: number, y: number): number[] {
  const index = (Math.round(y) * pixels.width + Math.round(x)) * pixels.channels;
  return [...pixels.data.subarray(index, index + pixels.channels)];
}

/** Mean absolute difference per channel over a rectangle of two same-sized images. */
export function regionDifference(
  a: Pixels,
  b: Pixels,
  region: { left: number; top: number; width: number; height: number },
): number {
  let total = 0;
  let count = 0;
  for (let y = region.top; y < region.top + region.height; y += 1) {
    for (let x = region.left; x < region.left + region.width; x += 1) {
      const index = (y * a.width + x) * a.channels;
      for (let channel = 0; channel < Math.min(3, a.channels); channel += 1) {
        total += Math.abs((a.data[index + channel] ?? 0) - (b.data[index + channel] ?? 0));
        count += 1;
      }
    }
  }
  return total / count;
}

/** A solid disc of the colour on a transparent square: a ready cut-out. */
export function discCutout(color: string, size = 200): Promise<Buffer> {
  const r = size / 2;
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${r}" cy="${r}" r="${r * 0.9}" fill="${color}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** A plain opaque image: width x height of one colour, optionally with a centred square of another. */
export function card(width: number, height: number, color: string, inner?: { color: string; size: number }) {
  const square = inner
    ? `<rect x="${(width - inner.size) / 2}" y="${(height - inner.size) / 2}" width="${inner.size}" height="${inner.size}" fill="${inner.color}"/>`
    : '';
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${color}"/>${square}</svg>`,
    ),
  )
    .flatten()
    .png()
    .toBuffer();
}

export function placement(overrides: Partial<FramePlacement> = {}): FramePlacement {
  return {
    image: null,
    name: 'Mara',
    type: 'character',
    x: 0.5,
    y: 0.5,
    scale: 1,
    rotation: 0,
    direction: null,
    ...overrides,
  };
}

export function frameInput(overrides: Partial<FrameRenderInput> = {}): FrameRenderInput {
  return {
    aspect: '16:9',
    framing: 'wide',
    style: 'documentary',
    shot: { name: 'Harbour at dawn', action: 'Mara waits on the quay.', description: null },
    backdrop: null,
    placements: [],
    ...overrides,
  };
}

export function asset(type: AssetType, name: string, config = defaultAssetConfig(type)): Asset {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    type,
    name,
    description: null,
    images: {},
    config,
    metadata: {},
    projectId: randomUUID(),
    seriesId: null,
    visualIdentifier: null,
    isSeriesLevel: false,
    createdAt: now,
    updatedAt: now,
  };
}
