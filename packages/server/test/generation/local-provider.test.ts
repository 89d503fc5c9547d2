import { defaultAssetConfig, type Shot, shotAssetPlacementSchema } from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShotImageRequest } from '../../src/generation/generation.types.js';
import { renderAssetImage } from '../../src/generation/local/asset-renderer.js';
import { SHEET_BACKGROUND } from '../../src/generation/local/figures.js';
import { createLocalProvider } from '../../src/generation/local/local.provider.js';
import { asset, card, pixelAt, pixelsOf, regionDifference, rgbOf, sha256 } from './generation.fixtures.js';

const provider = createLocalProvider();
const mara = asset('character', 'Mara');
const harbour = asset('location', 'Harbour');
const crate = asset('prop', 'Crate');

function shot(
  assets: Shot['assets'],
  overrides: Partial<ShotImageRequest['shot']> = {},
): ShotImageRequest['shot'] {
  return { name: 'Quay', action: 'Mara waits.', description: null, framing: 'wide', assets, ...overrides };
}

const place = (assetId: string, x: number, y: number, extra: object = {}) =>
  shotAssetPlacementSchema.parse({ assetId, position: { x, y }, ...extra });

type RequestAsset = ShotImageRequest['assets'][number]['asset'];

/**
 * A render request for a shot of these placements, given these assets with their images (null: none),
 * 16:9 and documentary unless told otherwise.
 */
function shotRequest(
  placements: Shot['assets'],
  images: [RequestAsset, Buffer | null][],
  options: Partial<Pick<ShotImageRequest, 'aspect' | 'style'>> & {
    shot?: Partial<ShotImageRequest['shot']>;
  } = {},
): ShotImageRequest {
  return {
    shot: shot(placements, options.shot),
    aspect: options.aspect ?? '16:9',
    style: options.style ?? 'documentary',
    assets: images.map(([asset, image]) => ({ asset, image })),
  };
}

describe('local provider: renderShot', () => {
  let maraSheet: Buffer;

  beforeAll(async () => {
    maraSheet = (await renderAssetImage(mara, 'default-left')).png;
  });

  it('uses the placed location as the backdrop and a placed character as its cut-out', async () => {
    const request = shotRequest(
      [place(harbour.id, 0.5, 0.5), place(mara.id, 0.3, 0.55, { selectedDirection: 'left' })],
      [
        [harbour, null],
        [mara, maraSheet],
      ],
    );
    const frame = await provider.shotImage.renderShot(request);
    // The location has no image yet: it is drawn as its set (a harbour: the boat-deck class).
    expect(frame.meta).toMatchObject({
      backdrop: 'set',
      set: 'boat',
      cutouts: 1,
      silhouettes: 0,
      skippedPlacements: 0,
    });

    const empty = await provider.shotImage.renderShot({
      ...request,
      shot: shot([place(harbour.id, 0.5, 0.5)]),
    });
    const withMara = await pixelsOf(frame.png);
    const backdropOnly = await pixelsOf(empty.png);
    // The figure's torso is drawn; the sheet's plain background around it is matted away.
    expect(
      regionDifference(withMara, backdropOnly, { left: 374, top: 380, width: 10, height: 20 }),
    ).toBeGreaterThan(20);
    const sheetGrey = rgbOf(SHEET_BACKGROUND);
    const corner = pixelAt(withMara, 384 - 140, 396 - 190);
    expect(corner).not.toEqual(sheetGrey);
    expect(corner).toEqual(pixelAt(backdropOnly, 384 - 140, 396 - 190));
  });

  it('renders the same shot to the same bytes and follows placement changes', async () => {
    const request = shotRequest(
      [place(mara.id, 0.4, 0.5), place(crate.id, 0.7, 0.75, { rotation: 12 })],
      [
        [mara, maraSheet],
        [crate, null],
      ],
      { aspect: '1:1', style: 'warm-commercial', shot: { framing: 'medium' } },
    );
    const first = await provider.shotImage.renderShot(request);
    const second = await provider.shotImage.renderShot(request);
    expect(sha256(first.png)).toBe(sha256(second.png));
    expect([first.width, first.height]).toEqual([1024, 1024]);
    const turned = await provider.shotImage.renderShot({
      ...request,
      shot: shot([place(mara.id, 0.4, 0.5), place(crate.id, 0.7, 0.75, { rotation: 40 })], {
        framing: 'medium',
      }),
    });
    expect(sha256(turned.png)).not.toBe(sha256(first.png));
  });

  it('skips placements of assets it was not given and draws a location without an image from its views', async () => {
    const frame = await provider.shotImage.renderShot(
      shotRequest(
        [place(harbour.id, 0.5, 0.5, { selectedDirection: 'close' }), place(crate.id, 0.5, 0.5)],
        [[harbour, null]],
        { style: 'gritty-filmic' },
      ),
    );
    expect(frame.meta).toMatchObject({ backdrop: 'image', skippedPlacements: 1, cutouts: 0, silhouettes: 0 });
    const wide = await provider.shotImage.renderShot(
      shotRequest([place(harbour.id, 0.5, 0.5)], [[harbour, null]], { style: 'gritty-filmic' }),
    );
    expect(sha256(frame.png)).not.toBe(sha256(wide.png));
  });

  it('answers an unreadable asset image with a VALIDATION_ERROR naming the asset', async () => {
    await expect(
      provider.shotImage.renderShot(
        shotRequest([place(mara.id, 0.5, 0.5)], [[mara, Buffer.from('garbage')]]),
      ),
    ).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The image of Mara is not a readable image',
    });
  });

  it('serves asset images, enhance, matte, assessment and compositions from the same provider', async () => {
    const config = { ...defaultAssetConfig('character') };
    const rotation = await provider.characterRotation.renderAssetImage(
      { type: 'character', name: 'Mara', config },
      'default-back',
    );
    const matte = await provider.backgroundRemoval.removeBackground(rotation.png);
    const grid = await provider.composition.grid([matte.png, rotation.png], { columns: 2 });
    const enhanced = await provider.enhance.enhance(await card(100, 60, '#808080'));
    const assessment = await provider.assessment.assess(rotation.png);
    expect(pixelAt(await pixelsOf(matte.png), 0, 0)[3]).toBe(0);
    expect(grid.meta).toMatchObject({ columns: 2, rows: 1 });
    expect([enhanced.width, enhanced.height]).toEqual([200, 120]);
    expect(assessment.score).toBeGreaterThan(0);
  });
});
