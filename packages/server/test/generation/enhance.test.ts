import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ENHANCE_MAX_DIMENSION, enhanceImage } from '../../src/generation/local/enhance.js';
import { card, pixelsOf } from './generation.fixtures.js';

function lumaRange(pixels: Awaited<ReturnType<typeof pixelsOf>>): number {
  let min = 255;
  let max = 0;
  for (let index = 0; index < pixels.data.length; index += pixels.channels) {
    const value = pixels.data[index] ?? 0;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return max - min;
}

describe('enhanceImage', () => {
  it('upscales 2x, stretches a flat range and sharpens', async () => {
    const dull = await card(300, 200, '#707070', { color: '#909090', size: 100 });
    const enhanced = await enhanceImage(dull);
    expect([enhanced.width, enhanced.height]).toEqual([600, 400]);
    const metadata = await sharp(enhanced.png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 600, 400]);
    expect(lumaRange(await pixelsOf(enhanced.png))).toBeGreaterThan(lumaRange(await pixelsOf(dull)) * 2);
    expect(enhanced.meta).toMatchObject({ upscale: 2, normalised: true, sharpened: true, sourceWidth: 300 });
  });

  it('caps the upscale at the maximum dimension and can skip steps', async () => {
    const wide = await card(3000, 100, '#336699');
    const capped = await enhanceImage(wide);
    expect(capped.width).toBe(ENHANCE_MAX_DIMENSION);
    expect(capped.height).toBe(Math.round(100 * (ENHANCE_MAX_DIMENSION / 3000)));

    const huge = await card(5000, 50, '#336699');
    expect((await enhanceImage(huge)).width).toBe(5000);

    const kept = await enhanceImage(await card(120, 80, '#707070'), { upscale: false, normalise: false });
    expect([kept.width, kept.height, kept.meta.normalised]).toEqual([120, 80, false]);
  });

  it('answers unreadable bytes and oversized images with a VALIDATION_ERROR', async () => {
    await expect(enhanceImage(Buffer.from('GIF89a'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image to enhance is not a readable image',
    });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await expect(enhanceImage(huge)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image to enhance is too large (over 40000000 pixels)',
    });
  });
});
