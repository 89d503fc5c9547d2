import { defaultAssetConfig, VIEWS } from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { placementImageKey } from '../../src/generation/placement-image-key.js';

const character = { config: { ...defaultAssetConfig('character'), supportedVariants: ['default', 'night'] } };
const location = { config: { ...defaultAssetConfig('location'), supportedViews: [...VIEWS] } };
const prop = { config: defaultAssetConfig('prop') };

describe('placementImageKey', () => {
  it('combines the selected variant and direction', () => {
    expect(placementImageKey(character, { selectedVariantId: 'night', selectedDirection: 'left' })).toBe(
      'night-left',
    );
    expect(placementImageKey(location, { selectedVariantId: null, selectedDirection: 'aerial' })).toBe(
      'default-aerial',
    );
  });

  it('accepts a full image key as the selected variant', () => {
    expect(placementImageKey(character, { selectedVariantId: 'night-back', selectedDirection: null })).toBe(
      'night-back',
    );
    expect(
      placementImageKey(character, { selectedVariantId: 'night-back', selectedDirection: 'right' }),
    ).toBe('night-right');
  });

  it("falls back to the default direction, then the asset's default key", () => {
    expect(placementImageKey(character, {})).toBe('default-front');
    expect(placementImageKey(character, { selectedVariantId: 'night', selectedDirection: 'upside' })).toBe(
      'night-front',
    );
    expect(placementImageKey(character, { selectedVariantId: 'unknown', selectedDirection: 'back' })).toBe(
      'default-back',
    );
    expect(placementImageKey(prop, { selectedDirection: 'wide' })).toBe('default');
  });
});
