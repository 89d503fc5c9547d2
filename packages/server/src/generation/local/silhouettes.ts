import type { AssetType } from '@reelbench/sdk/contract';
import { colorForName } from './palette.js';
import { closeUpShape, personOf, personShape } from './people.js';
import { propShape } from './prop-icons.js';

/**
 * Flat stand-ins for placed assets that have no image yet, drawn in a 100-unit box centred on the
 * origin (y grows downwards), so the caller scales them to the placement's size.
 */

const OUTLINE = 'stroke="#000" stroke-opacity="0.35" stroke-width="1.5"';

function customShape(): string {
  return '<polygon points="0,-46 40,0 0,46 -40,0"/>';
}

function locationShape(): string {
  return '<rect x="-48" y="-28" width="96" height="56" rx="4"/>';
}

const SHAPES: Record<'custom' | 'location', () => string> = {
  custom: customShape,
  location: locationShape,
};

/**
 * The stand-in's SVG group in unit coordinates: a character is a person drawn from their description
 * (people.ts), a prop its icon (prop-icons.ts); custom assets and locations are flat shapes in the
 * colour the name hashes to.
 */
export function silhouetteShape(
  type: AssetType,
  name: string,
  direction: string | null,
  description: string | null = null,
  closeUp = false,
): string {
  if (type === 'character') {
    const person = personOf(name, description);
    return closeUp ? closeUpShape(person, direction) : personShape(person, direction);
  }
  if (type === 'prop') return propShape(name);
  return `<g fill="${colorForName(name)}" ${OUTLINE}>${SHAPES[type]()}</g>`;
}

/** Placed size at scale 1, as a share of sqrt(width * height) of the frame. */
export const PLACEMENT_BASE_SIZE: Record<AssetType, number> = {
  character: 0.42,
  prop: 0.2,
  custom: 0.26,
  location: 0.4,
};
