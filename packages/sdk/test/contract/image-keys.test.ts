import { describe, expect, it } from 'vitest';
import {
  ASSET_TYPES,
  type AssetType,
  buildImageKey,
  defaultAssetConfig,
  defaultImageKey,
  IMAGE_KEY_PATTERN,
  type ImageKeyParts,
  imageKeySchema,
  isValidImageKey,
  normalizeImageKey,
  parseImageKey,
  ReelbenchError,
  ROTATIONS,
  supportedImageKeys,
  VIEWS,
} from '../../src/contract/index.js';

const EXPECTED_KEYS: Record<AssetType, string[]> = {
  character: ['default', 'default-front', 'default-back', 'default-left', 'default-right'],
  location: [
    'default',
    'default-wide',
    'default-close',
    'default-left90',
    'default-right90',
    'default-reverse',
  ],
  prop: ['default', 'default-front', 'default-back', 'default-left', 'default-right'],
  custom: ['default'],
};

/** Every syntactically possible default-variant key, to check that exactly the supported ones pass. */
const ALL_DEFAULT_KEYS = [
  'default',
  ...ROTATIONS.map((r) => `default-${r}`),
  ...VIEWS.map((v) => `default-${v}`),
];

describe('image key vocabulary', () => {
  it('has the rotations, views and types of SPEC.md section 3', () => {
    expect(ROTATIONS).toEqual(['front', 'back', 'left', 'right']);
    expect(VIEWS).toEqual(['wide', 'close', 'left90', 'right90', 'reverse', 'aerial', 'exterior']);
    expect(ASSET_TYPES).toEqual(['character', 'location', 'prop', 'custom']);
  });

  it.each([
    ['character', 'default-front'],
    ['location', 'default-wide'],
    ['prop', 'default'],
    ['custom', 'default'],
  ] as const)('the default key of a %s is %s', (type, key) => {
    expect(defaultImageKey(type)).toBe(key);
    expect(defaultAssetConfig(type).defaultImageKey).toBe(key);
  });
});

describe('defaultAssetConfig and supportedImageKeys', () => {
  it.each(ASSET_TYPES)('%s: supports exactly the keys of its rotations and views', (type) => {
    const config = defaultAssetConfig(type);
    expect(config.type).toBe(type);
    expect(config.supportedVariants).toEqual(['default']);
    expect(supportedImageKeys(config)).toEqual(EXPECTED_KEYS[type]);
  });

  it('returns a fresh config each time, so callers can change it', () => {
    const first = defaultAssetConfig('character');
    first.supportedRotations.pop();
    expect(defaultAssetConfig('character').supportedRotations).toEqual(['front', 'back', 'left', 'right']);
  });

  it('multiplies each variant by the rotations and views', () => {
    const config = { ...defaultAssetConfig('location'), supportedVariants: ['default', 'night'] };
    const keys = supportedImageKeys(config);
    expect(keys).toHaveLength(12);
    expect(keys).toContain('night-reverse');
    expect(keys).toContain('night');
  });
});

describe('isValidImageKey', () => {
  it.each(ASSET_TYPES)('%s: of all default-variant keys exactly the supported ones are valid', (type) => {
    const valid = ALL_DEFAULT_KEYS.filter((key) => isValidImageKey(type, key));
    expect(valid).toEqual(EXPECTED_KEYS[type]);
  });

  it.each(ASSET_TYPES)('%s: legacy keys full_body, wide, hero and main stand for the default', (type) => {
    for (const legacy of ['full_body', 'wide', 'hero', 'main']) {
      expect(normalizeImageKey(type, legacy)).toBe(defaultImageKey(type));
      expect(isValidImageKey(type, legacy)).toBe(true);
    }
  });

  it.each([
    ['character', 'default-up'],
    ['character', 'default-wide'],
    ['character', ''],
    ['character', 'DEFAULT-FRONT'],
    ['character', 'Default-front'],
    ['character', 'default-front-back'],
    ['character', 'default--front'],
    ['character', '-front'],
    ['character', 'default-'],
    ['character', 'front'],
    ['character', 'full_body-front'],
    ['character', 'night-front'],
    ['location', 'default-front'],
    ['location', 'default-aerial'],
    ['location', 'default-exterior'],
    ['location', 'default-wide '],
    ['prop', 'default-close'],
    ['custom', 'default-front'],
    ['custom', 'default-wide'],
  ] as const)('%s rejects %j', (type, key) => {
    expect(isValidImageKey(type, key)).toBe(false);
  });

  it('checks against a given config, not only the type defaults', () => {
    const config = { ...defaultAssetConfig('character'), supportedVariants: ['default', 'armor'] };
    expect(isValidImageKey(config, 'armor-back')).toBe(true);
    expect(isValidImageKey('character', 'armor-back')).toBe(false);
    const frontOnly = { ...defaultAssetConfig('character'), supportedRotations: ['front' as const] };
    expect(isValidImageKey(frontOnly, 'default-back')).toBe(false);
    expect(isValidImageKey(frontOnly, 'hero')).toBe(true);
  });

  it('leaves keys that are not legacy untouched when normalising', () => {
    expect(normalizeImageKey('location', 'default-close')).toBe('default-close');
    expect(normalizeImageKey('location', 'anything')).toBe('anything');
  });
});

describe('parseImageKey and buildImageKey', () => {
  it.each<[string, ImageKeyParts]>([
    ['default', { variant: 'default' }],
    ['default-front', { variant: 'default', rotation: 'front' }],
    ['night-left90', { variant: 'night', view: 'left90' }],
    ['full_body', { variant: 'full_body' }],
    ['v2-exterior', { variant: 'v2', view: 'exterior' }],
  ])('parses %s', (key, parts) => {
    expect(parseImageKey(key)).toEqual(parts);
    expect(buildImageKey(parts)).toBe(key);
  });

  it.each(['', 'DEFAULT-FRONT', 'default-up', 'a-b-front', '-front', 'default-', '_x', 'x'.repeat(65)])(
    'returns null for %j',
    (key) => {
      expect(parseImageKey(key)).toBeNull();
    },
  );

  it('agrees with the image key pattern used by the schemas', () => {
    for (const key of [...ALL_DEFAULT_KEYS, 'default-up', 'DEFAULT', 'a-b-front', '', 'x'.repeat(64)]) {
      expect(IMAGE_KEY_PATTERN.test(key)).toBe(parseImageKey(key) !== null);
      expect(imageKeySchema.safeParse(key).success).toBe(parseImageKey(key) !== null);
    }
  });

  it('refuses a bad variant and a rotation together with a view', () => {
    expect(() => buildImageKey({ variant: 'Bad Name' })).toThrow(ReelbenchError);
    expect(() => buildImageKey({ variant: 'default', rotation: 'front', view: 'wide' })).toThrow(
      'An image key has a rotation or a view, not both',
    );
  });
});
