import { defaultAssetConfig, VIEWS } from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderAssetImage } from '../../src/generation/local/asset-renderer.js';
import { SHEET_BACKGROUND } from '../../src/generation/local/figures.js';
import { pixelAt, pixelsOf, regionDifference, rgbOf, sha256 } from './generation.fixtures.js';

const character = { type: 'character' as const, name: 'Mara', config: defaultAssetConfig('character') };
const prop = { type: 'prop' as const, name: 'Suitcase', config: defaultAssetConfig('prop') };
const location = {
  type: 'location' as const,
  name: 'Harbour',
  config: { ...defaultAssetConfig('location'), supportedViews: [...VIEWS] },
};

describe('renderAssetImage', () => {
  it('turns a character per rotation: front, back, left and right all differ', async () => {
    const sheets = await Promise.all(
      ['front', 'back', 'left', 'right'].map((rotation) =>
        renderAssetImage(character, `default-${rotation}`),
      ),
    );
    expect(new Set(sheets.map((sheet) => sha256(sheet.png))).size).toBe(4);
    const [front, back, left, right] = await Promise.all(sheets.map((sheet) => pixelsOf(sheet.png)));
    if (!front || !back || !left || !right) throw new Error('missing sheet');
    // The face: eyes and mouth in front, hair behind.
    const face = { left: 330, top: 110, width: 110, height: 90 };
    expect(regionDifference(front, back, face)).toBeGreaterThan(20);
    // Profiles face opposite ways: one is the mirror image of the other.
    expect(regionDifference(left, right, { left: 0, top: 0, width: 768, height: 1024 })).toBeGreaterThan(1);
    expect(sheets[0]?.meta).toMatchObject({ assetType: 'character', key: 'default-front', shown: 'front' });
  });

  it('renders a location per view, each different, at 1280x720', async () => {
    const sheets = await Promise.all(VIEWS.map((view) => renderAssetImage(location, `default-${view}`)));
    expect(new Set(sheets.map((sheet) => sha256(sheet.png))).size).toBe(VIEWS.length);
    for (const sheet of sheets) expect([sheet.width, sheet.height]).toEqual([1280, 720]);
  });

  it('renders props per rotation, and variants in their own colours', async () => {
    const rotations = await Promise.all(
      ['front', 'back', 'left', 'right'].map((rotation) => renderAssetImage(prop, `default-${rotation}`)),
    );
    expect(new Set(rotations.map((sheet) => sha256(sheet.png))).size).toBe(4);
    const config = { ...defaultAssetConfig('prop'), supportedVariants: ['default', 'worn'] };
    const plain = await renderAssetImage({ ...prop, config }, 'default-front');
    const worn = await renderAssetImage({ ...prop, config }, 'worn-front');
    expect(sha256(plain.png)).not.toBe(sha256(worn.png));
  });

  it('is deterministic: the same asset and key give the same bytes', async () => {
    const first = await renderAssetImage(character, 'default-left');
    const second = await renderAssetImage({ ...character }, 'default-left');
    expect(sha256(first.png)).toBe(sha256(second.png));
  });

  it('keeps a plain border on character and prop sheets so they can be matted', async () => {
    const background = rgbOf(SHEET_BACKGROUND);
    for (const subject of [character, prop]) {
      const sheet = await renderAssetImage(subject, 'default-front');
      const pixels = await pixelsOf(sheet.png);
      for (let x = 0; x < pixels.width; x += 7) {
        expect(pixelAt(pixels, x, 0).slice(0, 3)).toEqual(background);
        expect(pixelAt(pixels, x, pixels.height - 1).slice(0, 3)).toEqual(background);
      }
      for (let y = 0; y < pixels.height; y += 7) {
        expect(pixelAt(pixels, 0, y).slice(0, 3)).toEqual(background);
        expect(pixelAt(pixels, pixels.width - 1, y).slice(0, 3)).toEqual(background);
      }
      expect((await sharp(sheet.png).metadata()).format).toBe('png');
    }
  });

  it("maps a legacy key to the type's default", async () => {
    const legacy = await renderAssetImage(character, 'full_body');
    const standard = await renderAssetImage(character, 'default-front');
    expect(legacy.meta.key).toBe('default-front');
    expect(sha256(legacy.png)).toBe(sha256(standard.png));
  });

  it("rejects a key the asset's configuration does not support", async () => {
    await expect(renderAssetImage(character, 'default-aerial')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      statusCode: 400,
      message: "Image key 'default-aerial' is not supported by this character",
    });
    await expect(renderAssetImage(location, 'default-front')).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await expect(renderAssetImage(prop, 'Default')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
