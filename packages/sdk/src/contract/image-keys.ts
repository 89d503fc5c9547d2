import { z } from 'zod';
import { ReelbenchError } from './errors.js';

/** Asset image keys (SPEC.md section 3): `variant`, `variant-rotation` or `variant-view`. */
export const ASSET_TYPES = ['character', 'location', 'prop', 'custom'] as const;

export const ROTATIONS = ['front', 'back', 'left', 'right'] as const;

export const VIEWS = ['wide', 'close', 'left90', 'right90', 'reverse', 'aerial', 'exterior'] as const;

/** Keys written by older clients; each stands for its asset type's default key. */
export const LEGACY_IMAGE_KEYS = ['full_body', 'wide', 'hero', 'main'] as const;

export const DEFAULT_VARIANT = 'default';

export type Rotation = (typeof ROTATIONS)[number];

export type View = (typeof VIEWS)[number];

/**
 * A variant name never contains '-', so a key has at most one '-' and parses unambiguously.
 * Lower case only: 'DEFAULT-FRONT' is not a key.
 */
export const VARIANT_NAME_PATTERN = /^[a-z0-9][a-z0-9_]{0,63}$/;

export const IMAGE_KEY_PATTERN = new RegExp(
  `^[a-z0-9][a-z0-9_]{0,63}(?:-(?:${[...ROTATIONS, ...VIEWS].join('|')}))?$`,
);

export const rotationSchema = z.enum(ROTATIONS);

export const viewSchema = z.enum(VIEWS);

export const variantNameSchema = z
  .string()
  .regex(VARIANT_NAME_PATTERN, 'Variant names are lower-case letters, digits and _, without -');

export const imageKeySchema = z
  .string()
  .regex(IMAGE_KEY_PATTERN, 'Image keys are variant, variant-rotation or variant-view');

export interface ImageKeyParts {
  variant: string;
  rotation?: Rotation;
  view?: View;
}

function isRotation(value: string): value is Rotation {
  return (ROTATIONS as readonly string[]).includes(value);
}

function isView(value: string): value is View {
  return (VIEWS as readonly string[]).includes(value);
}

/** Splits a key into its parts; null when it is not a well-formed key at all. */
export function parseImageKey(key: string): ImageKeyParts | null {
  const dash = key.indexOf('-');
  const variant = dash === -1 ? key : key.slice(0, dash);
  if (!VARIANT_NAME_PATTERN.test(variant)) return null;
  if (dash === -1) return { variant };
  const modifier = key.slice(dash + 1);
  if (isRotation(modifier)) return { variant, rotation: modifier };
  if (isView(modifier)) return { variant, view: modifier };
  return null;
}

export function buildImageKey(parts: ImageKeyParts): string {
  if (!VARIANT_NAME_PATTERN.test(parts.variant)) {
    throw new ReelbenchError({ code: 'VALIDATION_ERROR', message: `Invalid variant name: ${parts.variant}` });
  }
  if (parts.rotation && parts.view) {
    throw new ReelbenchError({
      code: 'VALIDATION_ERROR',
      message: 'An image key has a rotation or a view, not both',
    });
  }
  const modifier = parts.rotation ?? parts.view;
  return modifier ? `${parts.variant}-${modifier}` : parts.variant;
}

export function isLegacyImageKey(key: string): boolean {
  return (LEGACY_IMAGE_KEYS as readonly string[]).includes(key);
}
