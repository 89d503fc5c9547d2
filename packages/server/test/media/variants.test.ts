import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderFrame } from '../../src/generation/local/frame-renderer.js';
import { makeImageVariants, variantStorageKeys } from '../../src/media/variants.js';
import { card, frameInput } from '../generation/generation.fixtures.js';

describe('makeImageVariants', () => {
  it('makes a 256-wide thumbnail, a 768-wide medium and a full-size optimized WebP', async () => {
    const variants = await makeImageVariants(await card(1280, 720, '#446688'));
    const expected = { thumbnail: [256, 144], medium: [768, 432], optimized: [1280, 720] };
    for (const [name, [width, height]] of Object.entries(expected)) {
      const variant = variants[name as keyof typeof expected];
      expect([variant.width, variant.height, variant.format, variant.contentType]).toEqual([
        width,
        height,
        'webp',
        'image/webp',
      ]);
      const metadata = await sharp(variant.buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', width, height]);
    }
  });

  it('never enlarges a narrow image', async () => {
    const variants = await makeImageVariants(await card(200, 300, '#446688'));
    expect([variants.thumbnail.width, variants.medium.width, variants.optimized.width]).toEqual([
      200, 200, 200,
    ]);
  });

  it("makes the same bytes from a rendered frame's own pixels as from decoding its PNG", async () => {
    const frame = await renderFrame(frameInput());
    expect(frame.pixels?.info).toEqual({ width: frame.width, height: frame.height, channels: 3 });
    const decoded = await makeImageVariants(frame.png);
    const given = await makeImageVariants(frame.png, frame.pixels);
    for (const name of ['thumbnail', 'medium', 'optimized'] as const) {
      expect(given[name].buffer.equals(decoded[name].buffer), name).toBe(true);
    }
  });

  it('rejects unreadable bytes', async () => {
    await expect(makeImageVariants(Buffer.from('nope'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The stored image is not a readable image',
    });
  });
});

describe('variantStorageKeys', () => {
  it('puts the variants beside the original', () => {
    expect(variantStorageKeys('projects/p1/shots/s1.png')).toEqual({
      thumbnail: 'projects/p1/shots/s1.thumbnail.webp',
      medium: 'projects/p1/shots/s1.medium.webp',
      optimized: 'projects/p1/shots/s1.optimized.webp',
    });
    expect(variantStorageKeys('a.b/image').thumbnail).toBe('a.b/image.thumbnail.webp');
  });
});
