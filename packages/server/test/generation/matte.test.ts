import { defaultAssetConfig } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAssetImage } from '../../src/generation/local/asset-renderer.js';
import { SHEET_BACKGROUND } from '../../src/generation/local/figures.js';
import { removeBackground } from '../../src/generation/local/matte.js';
import { card, pixelAt, pixelsOf } from './generation.fixtures.js';

const alphaAt = (pixels: Awaited<ReturnType<typeof pixelsOf>>, x: number, y: number) =>
  pixelAt(pixels, x, y)[3];

describe('removeBackground', () => {
  it('makes every border pixel of a character sheet transparent and keeps the figure opaque', async () => {
    const sheet = await renderAssetImage(
      { type: 'character', name: 'Mara', config: defaultAssetConfig('character') },
      'default-front',
    );
    const matte = await removeBackground(sheet.png);
    const pixels = await pixelsOf(matte.png);
    expect(pixels.channels).toBe(4);
    expect([matte.width, matte.height]).toEqual([sheet.width, sheet.height]);
    for (let x = 0; x < pixels.width; x += 3) {
      expect(alphaAt(pixels, x, 0)).toBe(0);
      expect(alphaAt(pixels, x, pixels.height - 1)).toBe(0);
    }
    for (let y = 0; y < pixels.height; y += 3) {
      expect(alphaAt(pixels, 0, y)).toBe(0);
      expect(alphaAt(pixels, pixels.width - 1, y)).toBe(0);
    }
    // Torso, head and a leg of the figure.
    for (const [x, y] of [
      [384, 450],
      [384, 180],
      [340, 800],
    ] as const) {
      expect(alphaAt(pixels, x, y)).toBe(255);
    }
    expect(matte.meta).toMatchObject({ method: 'border-colour', borderColor: SHEET_BACKGROUND });
    expect(matte.meta.transparentShare).toBeGreaterThan(0.5);
  });

  it('keeps enclosed areas of the border colour and feathers the edge', async () => {
    // A grey card with a red square that has a grey hole in its middle.
    const outer = await card(200, 200, '#d9dcd6', { color: '#c02020', size: 120 });
    const holed = await sharp(outer)
      .composite([{ input: await card(40, 40, '#d9dcd6'), left: 80, top: 80 }])
      .png()
      .toBuffer();
    const pixels = await pixelsOf((await removeBackground(holed)).png);
    expect(alphaAt(pixels, 100, 100)).toBe(255);
    expect(alphaAt(pixels, 50, 50)).toBe(255);
    expect(alphaAt(pixels, 10, 10)).toBe(0);
    // The outermost row of the square borders the background: partly transparent.
    const edge = alphaAt(pixels, 100, 40) ?? 0;
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);

    const hard = await pixelsOf((await removeBackground(holed, { feather: 0 })).png);
    expect(alphaAt(hard, 100, 40)).toBe(255);
  });

  it('answers bad input with a catalogue VALIDATION_ERROR', async () => {
    await expect(removeBackground(Buffer.from('<html>'))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image to cut out is not a readable image',
    });
    const image = await card(10, 10, '#ffffff');
    await expect(removeBackground(image, { tolerance: -1 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'tolerance must be between 0 and 442',
    });
    await expect(removeBackground(image, { feather: 1.5 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
