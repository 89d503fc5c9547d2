import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderFrame } from '../../src/generation/local/frame-renderer.js';
import { framePixelCache } from '../../src/generation/local/render-cache.js';
import {
  card,
  discCutout,
  frameInput,
  type Pixels,
  pixelAt,
  pixelsOf,
  placement,
  regionDifference,
  sha256,
} from './generation.fixtures.js';

const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 150 && g < 90 && b < 90;

/** Length of the longest run of red pixels along a row. */
function redRun(pixels: Pixels, y: number): { start: number; length: number } {
  let best = { start: -1, length: 0 };
  let start = -1;
  for (let x = 0; x <= pixels.width; x += 1) {
    const red = x < pixels.width && isRed(pixelAt(pixels, x, y));
    if (red && start === -1) start = x;
    if (!red && start !== -1) {
      if (x - start > best.length) best = { start, length: x - start };
      start = -1;
    }
  }
  return best;
}

describe('renderFrame', () => {
  let red: Buffer;
  let backdrop: Buffer;

  beforeAll(async () => {
    red = await discCutout('#e01010');
    backdrop = await card(1600, 900, '#3a6f9a', { color: '#d8c070', size: 300 });
  });

  it('gives the same bytes for the same input, cached or not, and different bytes when one placement moves', async () => {
    const input = frameInput({
      framing: 'over-shoulder',
      style: 'gritty-filmic',
      backdrop,
      placements: [
        placement({ image: red, name: 'Ball', type: 'prop', x: 0.6, y: 0.5, rotation: 20 }),
        placement({ name: 'Tom', x: 0.4, direction: 'left' }),
        placement({ name: 'Sigil', type: 'custom', x: 0.7, y: 0.3, scale: 0.5 }),
      ],
    });
    framePixelCache.clear();
    const first = await renderFrame(input);
    const second = await renderFrame(input);
    framePixelCache.clear();
    const third = await renderFrame(input);
    expect(sha256(second.png)).toBe(sha256(first.png));
    expect(sha256(third.png)).toBe(sha256(first.png));

    const moved = await renderFrame({
      ...input,
      placements: input.placements.map((p, index) => (index === 1 ? { ...p, x: 0.45 } : p)),
    });
    expect(sha256(moved.png)).not.toBe(sha256(first.png));
  });

  it.each([
    ['16:9', 1280, 720],
    ['9:16', 720, 1280],
    ['1:1', 1024, 1024],
  ] as const)('renders %s at %ix%i', async (aspect, width, height) => {
    const frame = await renderFrame(frameInput({ aspect, backdrop }));
    expect([frame.width, frame.height]).toEqual([width, height]);
    const metadata = await sharp(frame.png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', width, height]);
  });

  it('draws a placed cut-out where the placement puts it and leaves the backdrop elsewhere untouched', async () => {
    const without = await pixelsOf((await renderFrame(frameInput({ backdrop }))).png);
    const withBall = await renderFrame(
      frameInput({ backdrop, placements: [placement({ image: red, name: 'Ball', x: 0.25, y: 0.4 })] }),
    );
    const pixels = await pixelsOf(withBall.png);

    // The placement's centre: (0.25 * 1280, 0.4 * 720).
    expect(isRed(pixelAt(pixels, 320, 288))).toBe(true);
    expect(isRed(pixelAt(without, 320, 288))).toBe(false);
    expect(regionDifference(pixels, without, { left: 300, top: 268, width: 40, height: 40 })).toBeGreaterThan(
      60,
    );
    // Far from the placement and above the caption band, the frames are identical.
    expect(regionDifference(pixels, without, { left: 800, top: 40, width: 400, height: 300 })).toBe(0);
    expect(withBall.meta).toMatchObject({ cutouts: 1, silhouettes: 0, backdrop: 'image' });
  });

  it('draws a silhouette in the colour of its name when the asset has no image', async () => {
    const without = await pixelsOf((await renderFrame(frameInput({ backdrop }))).png);
    const frame = await renderFrame(
      frameInput({ backdrop, placements: [placement({ name: 'Tom', type: 'character', x: 0.75, y: 0.45 })] }),
    );
    const pixels = await pixelsOf(frame.png);
    // Torso of the figure, just below the centre of its box.
    expect(regionDifference(pixels, without, { left: 950, top: 320, width: 20, height: 20 })).toBeGreaterThan(
      30,
    );
    const other = await pixelsOf(
      (
        await renderFrame(
          frameInput({
            backdrop,
            placements: [placement({ name: 'Anna', type: 'character', x: 0.75, y: 0.45 })],
          }),
        )
      ).png,
    );
    expect(regionDifference(pixels, other, { left: 950, top: 320, width: 20, height: 20 })).toBeGreaterThan(
      10,
    );
    expect(frame.meta).toMatchObject({ cutouts: 0, silhouettes: 1 });
  });

  it('applies the framing as a zoom about the frame centre', async () => {
    const centred = placement({ image: red, name: 'Ball', x: 0.5, y: 0.5, scale: 0.5 });
    const aside = placement({ image: red, name: 'Ball', x: 0.3, y: 0.5, scale: 0.2 });
    const wide = await pixelsOf((await renderFrame(frameInput({ backdrop, placements: [centred] }))).png);
    const close = await pixelsOf(
      (await renderFrame(frameInput({ backdrop, framing: 'close', placements: [centred] }))).png,
    );
    const ratio = redRun(close, 360).length / redRun(wide, 360).length;
    expect(ratio).toBeGreaterThan(2.2 * 0.95);
    expect(ratio).toBeLessThan(2.2 * 1.05);

    // Off-centre placements move away from the centre: x = 640 + 2.2 * (384 - 640) ≈ 77.
    const asideWide = await pixelsOf((await renderFrame(frameInput({ backdrop, placements: [aside] }))).png);
    const asideClose = await pixelsOf(
      (await renderFrame(frameInput({ backdrop, framing: 'close', placements: [aside] }))).png,
    );
    const wideRun = redRun(asideWide, 360);
    const closeRun = redRun(asideClose, 360);
    expect(Math.abs(wideRun.start + wideRun.length / 2 - 384)).toBeLessThan(3);
    expect(Math.abs(closeRun.start + closeRun.length / 2 - 77)).toBeLessThan(5);
  });

  it('changes the image with the framing, including the foreground shoulder of an over-the-shoulder shot', async () => {
    const hashes = new Set<string>();
    for (const framing of ['wide', 'medium', 'close', 'insert', 'establishing', 'two-shot'] as const) {
      hashes.add(sha256((await renderFrame(frameInput({ backdrop, framing }))).png));
    }
    expect(hashes.size).toBe(6);

    const medium = await pixelsOf(
      (await renderFrame(frameInput({ backdrop, framing: 'over-shoulder' }))).png,
    );
    const [r = 255, g = 255, b = 255] = pixelAt(medium, 0.13 * 1280, 0.62 * 720);
    expect(Math.max(r, g, b)).toBeLessThan(40);
  });

  it('grades per visual style: gritty desaturates, sci-fi pushes saturation and contrast', async () => {
    const spread = async (style: 'documentary' | 'gritty-filmic' | 'stylized-sci-fi' | 'warm-commercial') => {
      const pixels = await pixelsOf((await renderFrame(frameInput({ backdrop, style }))).png);
      const [r = 0, g = 0, b = 0] = pixelAt(pixels, 200, 150);
      return { spread: Math.max(r, g, b) - Math.min(r, g, b), r, b };
    };
    const documentary = await spread('documentary');
    const gritty = await spread('gritty-filmic');
    const scifi = await spread('stylized-sci-fi');
    const warm = await spread('warm-commercial');
    expect(gritty.spread).toBeLessThan(documentary.spread);
    expect(scifi.spread).toBeGreaterThan(documentary.spread);
    expect(warm.r - warm.b).toBeGreaterThan(documentary.r - documentary.b);
  });

  it('writes the name and action in a caption band, clipped to the frame', async () => {
    const white = await card(1280, 720, '#ffffff');
    const short = await pixelsOf((await renderFrame(frameInput({ backdrop: white }))).png);
    const renamed = await pixelsOf(
      (
        await renderFrame(
          frameInput({ backdrop: white, shot: { name: 'Other', action: null, description: null } }),
        )
      ).png,
    );
    const long = await renderFrame(
      frameInput({
        backdrop: white,
        shot: { name: 'W'.repeat(200), action: 'M '.repeat(400), description: null },
      }),
    );
    expect(long.meta.captionLines).toBe(3);
    const longPixels = await pixelsOf(long.png);
    // Text stays inside the padding: the rightmost 12 columns of the band are the plain band colour.
    const band = pixelAt(longPixels, 1275, 700);
    expect(band[0]).toBeLessThan(100);
    for (let y = 620; y < 720; y += 4) {
      for (let x = 1268; x < 1280; x += 2) expect(pixelAt(longPixels, x, y)).toEqual(band);
    }
    expect(regionDifference(short, renamed, { left: 0, top: 640, width: 1280, height: 80 })).toBeGreaterThan(
      0,
    );
    expect(regionDifference(short, renamed, { left: 0, top: 0, width: 1280, height: 500 })).toBe(0);
  });

  it('skips placements outside the frame and clips huge ones', async () => {
    const frame = await renderFrame(
      frameInput({
        backdrop,
        framing: 'insert',
        placements: [
          placement({ image: red, name: 'Far', x: 0, y: 0, scale: 0.2 }),
          placement({ image: red, name: 'Huge', x: 0.5, y: 0.5, scale: 10 }),
        ],
      }),
    );
    expect(frame.meta).toMatchObject({ offscreen: 1, cutouts: 1 });
    const pixels = await pixelsOf(frame.png);
    expect(isRed(pixelAt(pixels, 640, 300))).toBe(true);
  });

  it('enlarges the location about the centre for a closer framing', async () => {
    // The 300 px square of the 1600x900 backdrop: 0.8 x 300 = 240 px wide at the wide framing,
    // 1.5 times that (360 px) at a medium one, still centred on x = 640.
    const isSquare = ([r = 0, g = 0, b = 0]: number[]) => r > 180 && g > 160 && b < 140;
    const squareRun = (pixels: Pixels) => {
      let start = -1;
      let end = -1;
      for (let x = 0; x < pixels.width; x += 1) {
        if (!isSquare(pixelAt(pixels, x, 360))) continue;
        if (start === -1) start = x;
        end = x + 1;
      }
      return { length: end - start, centre: (start + end) / 2 };
    };
    const wide = squareRun(await pixelsOf((await renderFrame(frameInput({ backdrop }))).png));
    const medium = squareRun(
      await pixelsOf((await renderFrame(frameInput({ backdrop, framing: 'medium' }))).png),
    );
    expect(Math.abs(wide.length - 240)).toBeLessThanOrEqual(2);
    expect(Math.abs(medium.length - 360)).toBeLessThanOrEqual(2);
    expect(Math.abs(medium.centre - 640)).toBeLessThanOrEqual(1);
  });

  it('draws a grey location like its RGB copy and a translucent one like it flattened over black', async () => {
    const render = async (image: Buffer) =>
      pixelsOf((await renderFrame(frameInput({ backdrop: image, framing: 'medium' }))).png);
    const grey = await sharp(backdrop).toColourspace('b-w').png().toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const greyAsRgb = await sharp(grey).toColourspace('srgb').png().toBuffer();
    const above = { left: 0, top: 0, width: 1280, height: 560 };
    expect(regionDifference(await render(grey), await render(greyAsRgb), above)).toBe(0);

    const translucent = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#e0a040" fill-opacity="0.5"/><circle cx="800" cy="450" r="200" fill="#20c0e0"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const flattened = await sharp(translucent).flatten({ background: '#000000' }).png().toBuffer();
    // Compositing over black before or after scaling differs only by the rounding of 8-bit values.
    const [composited, flat] = [await render(translucent), await render(flattened)];
    let largest = 0;
    for (let index = 0; index < 1280 * 560 * 3; index += 1) {
      largest = Math.max(largest, Math.abs((composited.data[index] ?? 0) - (flat.data[index] ?? 0)));
    }
    expect(largest).toBeLessThanOrEqual(1);
    // Half the orange over black, not orange: the alpha was applied.
    const [r = 0] = pixelAt(composited, 100, 100);
    expect(r).toBeLessThan(160);
  });

  it('refuses images whose header declares too many pixels, and cut-outs that do not decode', async () => {
    const oversized = Buffer.from(backdrop);
    // IHDR: width and height, big-endian, at bytes 16 and 20 (8000 x 8000 is 64 megapixels).
    oversized.writeUInt32BE(8000, 16);
    oversized.writeUInt32BE(8000, 20);
    await expect(renderFrame(frameInput({ backdrop: oversized }))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The location image is too large (over 40000000 pixels)',
    });
    await expect(
      renderFrame(frameInput({ backdrop, placements: [placement({ image: oversized, name: 'Tom' })] })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image of Tom is too large (over 40000000 pixels)',
    });
    // A valid header over a cut-short body: the failure comes from the decode, while the backdrop
    // is still being prepared, and is reported rather than left unhandled.
    const cutShort = Buffer.from(red.subarray(0, Math.floor(red.length / 2)));
    await expect(
      renderFrame(
        frameInput({
          backdrop,
          framing: 'medium',
          placements: [placement({ image: cutShort, name: 'Ball' })],
        }),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image of Ball is not a readable image',
    });
  });

  it('answers bad input with a catalogue VALIDATION_ERROR', async () => {
    await expect(renderFrame(frameInput({ aspect: '4:3' as '16:9' }))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: expect.stringContaining('aspect'),
    });
    await expect(
      renderFrame(
        frameInput({ placements: [placement({ image: Buffer.from('not an image'), name: 'Tom' })] }),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image of Tom is not a readable image',
    });
    await expect(
      renderFrame(frameInput({ backdrop: backdrop.subarray(0, backdrop.length - 64) })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The location image is not a readable image',
    });
    await expect(renderFrame(frameInput({ placements: [placement({ x: 1.5 })] }))).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^placements\.0\.x: /),
    });
  });
});
