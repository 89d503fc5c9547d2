import {
  type Asset,
  DEFAULT_VARIANT,
  parseImageKey,
  type ShotAssetPlacement,
  supportedImageKeys,
} from '@reelbench/sdk/contract';

/**
 * The image key a shot placement shows: its selected variant turned to its selected direction
 * (a rotation for characters and props, a view for locations), falling back step by step to what
 * the asset supports: the variant in the default direction, the variant alone, the default key. `selectedVariantId` may be
 * a variant name or a full image key.
 */
export function placementImageKey(
  asset: Pick<Asset, 'config'>,
  placement: Pick<ShotAssetPlacement, 'selectedVariantId' | 'selectedDirection'>,
): string {
  const supported = supportedImageKeys(asset.config);
  const fallback = parseImageKey(asset.config.defaultImageKey);
  const selected = placement.selectedVariantId ? parseImageKey(placement.selectedVariantId) : null;
  const variant =
    selected && asset.config.supportedVariants.includes(selected.variant)
      ? selected.variant
      : (fallback?.variant ?? DEFAULT_VARIANT);
  const defaultModifier = fallback?.rotation ?? fallback?.view ?? null;
  const direction = placement.selectedDirection ?? selected?.rotation ?? selected?.view ?? defaultModifier;
  const withModifier = (modifier: string | null) => (modifier ? `${variant}-${modifier}` : variant);
  const candidates = [
    withModifier(direction),
    withModifier(defaultModifier),
    variant,
    asset.config.defaultImageKey,
  ];
  return candidates.find((key) => supported.includes(key)) ?? asset.config.defaultImageKey;
}
