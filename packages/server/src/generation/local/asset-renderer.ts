import {
  type AssetType,
  isValidImageKey,
  normalizeImageKey,
  parseImageKey,
  type Rotation,
  type View,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { PNG_OPTIONS } from '../../media/sharp-io.js';
import { GENERATION_MESSAGES, invalidInput, renderFailure } from '../generation.errors.js';
import type { AssetImageSubject, RenderedImage } from '../generation.types.js';
import { customBody, personSheetBody, propSheetBody, SHEET_BACKGROUND } from './figures.js';
import { localImage } from './local-image.js';
import { hashString } from './palette.js';
import { setFor, setViewBody } from './sets.js';
import { svgDocument } from './svg.js';

export const ASSET_SHEET_SIZES: Record<AssetType, { width: number; height: number }> = {
  character: { width: 768, height: 1024 },
  prop: { width: 768, height: 768 },
  custom: { width: 768, height: 768 },
  location: { width: 1280, height: 720 },
};

/** A location asked for a rotation shows the matching view, and a figure asked for a view shows its front. */
const VIEW_FOR_ROTATION: Record<Rotation, View> = {
  front: 'wide',
  back: 'reverse',
  left: 'left90',
  right: 'right90',
};

function sheetBody(
  asset: AssetImageSubject,
  variant: string,
  rotation: Rotation | undefined,
  view: View | undefined,
) {
  const { width, height } = ASSET_SHEET_SIZES[asset.type];
  if (asset.type === 'location') {
    const shown = view ?? (rotation ? VIEW_FOR_ROTATION[rotation] : 'wide');
    const set = setFor({ name: asset.name, description: asset.description ?? null });
    // Another variant of the place is the same set in other colours.
    const seeded =
      variant === 'default'
        ? set
        : { ...set, seed: hashString(`${asset.name.trim().toLowerCase()}\u0000${variant}`) };
    return { body: setViewBody(seeded, shown, width, height), shown };
  }
  const shown = rotation ?? 'front';
  const body =
    asset.type === 'character'
      ? personSheetBody(asset.name, asset.description ?? null, variant, shown, width, height)
      : asset.type === 'prop'
        ? propSheetBody(asset.name, variant, shown, width, height)
        : customBody(asset.name, variant, shown, width, height);
  return { body, shown };
}

/**
 * The local provider's asset image for one image key: a character turned to the rotation, a prop
 * per rotation, a location per view. Same asset name and key, same bytes.
 */
export async function renderAssetImage(asset: AssetImageSubject, key: string): Promise<RenderedImage> {
  if (!isValidImageKey(asset.config, key)) {
    throw invalidInput(GENERATION_MESSAGES.unsupportedImageKey(key, asset.type));
  }
  const normalised = normalizeImageKey(asset.type, key);
  const parts = parseImageKey(normalised);
  if (!parts) throw invalidInput(GENERATION_MESSAGES.unsupportedImageKey(key, asset.type));
  const { width, height } = ASSET_SHEET_SIZES[asset.type];
  const { body, shown } = sheetBody(asset, parts.variant, parts.rotation, parts.view);
  try {
    const png = await sharp(svgDocument(width, height, body))
      .png(PNG_OPTIONS)
      .toBuffer();
    return localImage(
      png,
      { width, height },
      {
        assetType: asset.type,
        key: normalised,
        variant: parts.variant,
        shown,
        background: asset.type === 'location' ? null : SHEET_BACKGROUND,
      },
    );
  } catch (error) {
    throw renderFailure(error);
  }
}
