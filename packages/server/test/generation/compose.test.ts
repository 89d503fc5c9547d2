import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeBatch, composeGrid, composeSingle } from '../../src/generation/local/compose.js';
import { card, pixelAt, pixelsOf } from './generation.fixtures.js';

const COLORS = ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff'] as const;

describe('compositions', () => {
  it('single: fits one image, centred, on a canvas of the aspect', async () => {
    const image = await card(400, 400, '#ff0000');
    const single = await composeSingle(image, { aspect: '16:9', background: '#000000' });
    expect([single.width, single.height]).toEqual([1280, 720]);
    const pixels = await pixelsOf(single.png);
    expect(pixelAt(pixels, 640, 360)).toEqual([255, 0, 0]);
    expect(pixelAt(pixels, 100, 360)).toEqual([0, 0, 0]);
    const portrait = await composeSingle(image, { aspect: '9:16' });
    expect([portrait.width, portrait.height]).toEqual([720, 1280]);
  });

  it('batch: one composition per image, in order', async () => {
    const images = await Promise.all(COLORS.slice(0, 3).map((color) => card(50, 50, color)));
    const batch = await composeBatch(images, { aspect: '1:1' });
    expect(batch).toHaveLength(3);
    for (const [index, result] of batch.entries()) {
      expect([result.width, result.height, result.meta.index]).toEqual([1024, 1024, index]);
      const [r, g, b] = pixelAt(await pixelsOf(result.png), 512, 512);
      expect(`#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`).toBe(COLORS[index]);
    }
  });

  it('grid: N images row by row with gutters', async () => {
    const images = await Promise.all(COLORS.map((color) => card(160, 90, color)));
    const grid = await composeGrid(images, { columns: 3, gutter: 10, cellWidth: 160, background: '#000000' });
    // 3 columns, 2 rows of 160x90 cells with 10 px gutters.
    expect([grid.width, grid.height]).toEqual([3 * 160 + 4 * 10, 2 * 90 + 3 * 10]);
    expect(grid.meta).toMatchObject({ columns: 3, rows: 2 });
    const pixels = await pixelsOf(grid.png);
    const centre = (index: number) =>
      [10 + (index % 3) * 170 + 80, 10 + Math.floor(index / 3) * 100 + 45] as const;
    expect(pixelAt(pixels, ...centre(0))).toEqual([255, 0, 0]);
    expect(pixelAt(pixels, ...centre(4))).toEqual([0, 255, 255]);
    expect(pixelAt(pixels, 5, 5)).toEqual([0, 0, 0]);
    expect(pixelAt(pixels, ...centre(5))).toEqual([0, 0, 0]);
    expect((await sharp(grid.png).metadata()).format).toBe('png');
  });

  it('answers bad input with a VALIDATION_ERROR', async () => {
    const image = await card(10, 10, '#ffffff');
    await expect(composeGrid([])).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(composeGrid([image], { columns: 9 })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^columns: /),
    });
    await expect(composeSingle(image, { background: 'red' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'background: background must be a #rrggbb colour',
    });
    await expect(composeBatch([image, Buffer.from('x')])).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Image 1 is not a readable image',
    });
  });
});
