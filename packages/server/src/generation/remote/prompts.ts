import {
  type AssetType,
  DEFAULT_SHOT_NAME,
  DEFAULT_VARIANT,
  type FramingType,
  isValidImageKey,
  normalizeImageKey,
  parseImageKey,
  type Rotation,
  VISUAL_STYLES,
  type View,
} from '@reelbench/sdk/contract';
import { GENERATION_MESSAGES, invalidInput } from '../generation.errors.js';
import type { AssetImageSubject, ClipRequest, ShotImageRequest, StyleLook } from '../generation.types.js';
import { clipMove, DEFAULT_FRAMING } from '../local/framing.js';

/** How a framing reads to an image model. */
const FRAMING_PHRASES: Record<FramingType, string> = {
  wide: 'wide shot',
  medium: 'medium shot',
  close: 'close-up shot',
  'extreme-close': 'extreme close-up shot',
  'over-shoulder': 'over-the-shoulder shot',
  'two-shot': 'two-shot of two people',
  insert: 'insert shot of a detail',
  establishing: 'establishing shot',
  pov: 'point-of-view shot',
  aerial: 'aerial shot',
};

const ROTATION_PHRASES: Record<Rotation, string> = {
  front: 'seen from the front',
  back: 'seen from behind',
  left: 'seen from its left side, in profile',
  right: 'seen from its right side, in profile',
};

const VIEW_PHRASES: Record<View, string> = {
  wide: 'wide view',
  close: 'close view of a detail',
  left90: 'view turned 90 degrees to the left',
  right90: 'view turned 90 degrees to the right',
  reverse: 'reverse view, looking back the other way',
  aerial: 'aerial view from above',
  exterior: 'exterior view from outside',
};

/** Reference sheets on a plain background cut out cleanly; a location is the whole picture. */
const TYPE_PHRASES: Record<AssetType, string> = {
  character: 'Full-body character reference of',
  prop: 'Prop reference of',
  custom: 'Reference image of',
  location: 'Location concept art of',
};

const TYPE_FINISH: Record<AssetType, string> = {
  character: 'Single figure, neutral pose, plain light grey background, no text.',
  prop: 'Single object, plain light grey background, no text.',
  custom: 'Plain light grey background, no text.',
  location: 'No people, no text.',
};

const CAMERA_PHRASES = {
  pan: 'slow camera pan',
  'push-in': 'slow push-in',
  static: 'static camera',
} as const;

function styleLabel(style: string): string {
  return VISUAL_STYLES.find((entry) => entry.value === style)?.label ?? style;
}

/** 'Noir night: hard shadows, wet streets' — the package's name, and its look when it has one. */
function lookLabel(look: StyleLook): string {
  const words = look.look.trim().replace(/[.!?]+$/, '');
  return words === '' ? look.name : `${look.name}: ${words}`;
}

function sentence(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A storyboard frame's prompt: framing, what happens, who and where, then the look. */
export function shotPrompt(request: ShotImageRequest): string {
  const { shot } = request;
  const framing = FRAMING_PHRASES[shot.framing ?? DEFAULT_FRAMING];
  const placed = new Set(shot.assets.map((placement) => placement.assetId));
  const cast = request.assets
    .filter((source) => placed.has(source.asset.id))
    .map((source) => `${source.asset.name} (${source.asset.type})`);
  return [
    `Cinematic storyboard frame, ${framing}: ${shot.name || DEFAULT_SHOT_NAME}.`,
    sentence(request.prompt),
    sentence(shot.action),
    sentence(shot.description),
    cast.length > 0 ? `Featuring ${cast.join(', ')}.` : undefined,
    `Style: ${request.look ? lookLabel(request.look) : styleLabel(request.style)}. No text, no captions.`,
  ]
    .filter((part) => part !== undefined)
    .join(' ');
}

/**
 * An asset image's prompt from its name, type and image key (variant, rotation or view). A key the
 * asset's config does not support is the caller's VALIDATION_ERROR, as with the local renderer.
 */
export function assetPrompt(asset: AssetImageSubject, key: string, userPrompt?: string): string {
  const normalised = normalizeImageKey(asset.type, key);
  const parts = isValidImageKey(asset.config, key) ? parseImageKey(normalised) : null;
  if (!parts) throw invalidInput(GENERATION_MESSAGES.unsupportedImageKey(key, asset.type));
  const angle = parts.rotation
    ? ROTATION_PHRASES[parts.rotation]
    : parts.view
      ? VIEW_PHRASES[parts.view]
      : asset.type === 'location'
        ? VIEW_PHRASES.wide
        : ROTATION_PHRASES.front;
  return [
    `${TYPE_PHRASES[asset.type]} ${asset.name}, ${angle}.`,
    parts.variant === DEFAULT_VARIANT ? undefined : `Variant: ${parts.variant.replace(/_/g, ' ')}.`,
    sentence(userPrompt),
    TYPE_FINISH[asset.type],
  ]
    .filter((part) => part !== undefined)
    .join(' ');
}

/** A clip's prompt: the shot's own words when the caller has them, and the framing's camera move. */
export function clipPrompt(request: ClipRequest): string {
  const move = clipMove(request.framing, request.cameraMove);
  return [sentence(request.prompt), `Animate this storyboard frame with a ${CAMERA_PHRASES[move]}.`]
    .filter((part) => part !== undefined)
    .join(' ');
}
