import { QUALITY_DEFAULTS } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessImage } from '../../src/generation/local/assess.js';
import { renderFrame } from '../../src/generation/local/frame-renderer.js';
import { card, frameInput, placement } from './generation.fixtures.js';

describe('assessImage', () => {
  let crisp: Buffer;

  beforeAll(async () => {
    const frame = await renderFrame(
      frameInput({
        placements: [
          placement({ name: 'Tom', x: 0.3 }),
          placement({ name: 'Crate', type: 'prop', x: 0.7, y: 0.7 }),
        ],
      }),
    );
    crisp = frame.png;
  });

  it('ranks a sharp, well exposed frame above a blurred dark one, with measured reasons', async () => {
    const murky = await sharp(crisp).blur(6).linear(0.25, 0).png().toBuffer();
    const good = await assessImage(crisp);
    const bad = await assessImage(murky);

    expect(good.score).toBeGreaterThan(bad.score);
    expect(good.score).toBeGreaterThanOrEqual(QUALITY_DEFAULTS.minScore);
    expect(good.passes).toBe(true);
    expect(bad.passes).toBe(false);
    expect(good.reasons).toContainEqual(expect.stringMatching(/^sharp \(Laplacian variance [\d.e-]+\)$/));
    expect(good.reasons).toContainEqual(expect.stringMatching(/^well exposed \(mean luma 0\.\d\d\)$/));
    expect(bad.reasons).toContainEqual(expect.stringMatching(/^underexposed \(mean luma 0\.\d\d\)$/));
    expect(bad.reasons).toContainEqual(expect.stringMatching(/^(blurry|slightly soft) \(Laplacian variance/));
    expect(bad.metrics.sharpness).toBeLessThan(good.metrics.sharpness);
    expect(bad.metrics.exposure).toBeLessThan(0.3);
    expect(good.scores.sharpness).toBeGreaterThan(bad.scores.sharpness);
  });

  it('fails a frame that is only out of focus', async () => {
    const soft = await assessImage(await sharp(crisp).blur(4).png().toBuffer());
    expect(soft.passes).toBe(false);
    expect(soft.reasons[0]).toMatch(/^blurry \(Laplacian variance /);
    expect(soft.reasons[1]).toMatch(/^well exposed/);
  });

  it('scores within 0..10 and flags flat, clipped images', async () => {
    const flat = await assessImage(await card(300, 200, '#7f7f7f'));
    expect(flat.reasons).toContain('low contrast (luma std-dev 0.00)');
    expect(flat.scores.contrast).toBe(0);
    const white = await assessImage(await card(300, 200, '#ffffff'));
    expect(white.reasons).toContain('overexposed (mean luma 1.00)');
    expect(white.reasons).toContain('blown highlights (100% of pixels at white)');
    for (const result of [flat, white]) {
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.score).toBeLessThanOrEqual(10);
    }
  });

  it('compares with the minScore it is given', async () => {
    const result = await assessImage(crisp, 10.5);
    expect(result.passes).toBe(false);
  });

  it('answers unreadable bytes with a VALIDATION_ERROR', async () => {
    await expect(assessImage(Buffer.from([1, 2, 3]))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image to assess is not a readable image',
    });
  });
});
