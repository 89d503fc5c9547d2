import {
  type AssetConfig,
  type AssetImageEntry,
  assetImageEntrySchema,
  imageKeySchema,
  parseImageKey,
} from '@reelbench/sdk/contract';

export type AssetImages = Record<string, AssetImageEntry>;

/** The rotation or view of a key ('front' in 'default-front'), or undefined for a bare variant. */
function modifierOf(key: string): string | undefined {
  const parts = parseImageKey(key);
  return parts?.rotation ?? parts?.view;
}

/**
 * A base image is the one a variant's other images are derived from: the bare variant key, or the
 * variant with the modifier of the type's default key ('default-front' for a character,
 * 'default-wide' for a location, 'default' for a prop).
 */
export function isBaseImageKey(config: AssetConfig, key: string): boolean {
  const modifier = modifierOf(key);
  return modifier === undefined || modifier === modifierOf(config.defaultImageKey);
}

/** The images derived from the base image `baseKey`: the same variant's other rotations and views. */
export function dependentImageKeys(config: AssetConfig, images: AssetImages, baseKey: string): string[] {
  if (!isBaseImageKey(config, baseKey)) return [];
  const variant = parseImageKey(baseKey)?.variant;
  return Object.keys(images)
    .filter(
      (key) => key !== baseKey && !isBaseImageKey(config, key) && parseImageKey(key)?.variant === variant,
    )
    .sort();
}

/**
 * A derived image whose base changed: kept (the user still sees it), but 'pending' until it is
 * regenerated from the new base, with the reason in its metadata.
 */
export function markStale(entry: AssetImageEntry, baseKey: string, at: Date): AssetImageEntry {
  return {
    ...entry,
    status: 'pending',
    metadata: { ...entry.metadata, stale: true, staleSince: at.toISOString(), invalidatedBy: baseKey },
  };
}

/** The images column as the contract's entries; anything unreadable is left out rather than failing the asset. */
export function readImages(stored: Record<string, unknown>): AssetImages {
  const images: AssetImages = {};
  for (const [key, value] of Object.entries(stored)) {
    const entry = assetImageEntrySchema.safeParse(value);
    if (imageKeySchema.safeParse(key).success && entry.success) images[key] = entry.data;
  }
  return images;
}
