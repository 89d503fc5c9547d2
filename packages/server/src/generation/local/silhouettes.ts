import type { AssetType } from '@reelbench/sdk/contract';
import { colorForName } from './palette.js';

/**
 * Flat stand-ins for placed assets that have no image yet, drawn in a 100-unit box centred on the
 * origin (y grows downwards), so the caller scales them to the placement's size.
 */

const OUTLINE = 'stroke="#000" stroke-opacity="0.35" stroke-width="1.5"';

function characterShape(direction: string | null): string {
  const body = 'M-20,-22 Q0,-28 20,-22 L25,14 L15,15 L13,50 L2,50 L0,20 L-2,50 L-13,50 L-15,15 L-25,14 Z';
  const head = '<circle cx="0" cy="-37" r="12"/>';
  const facing = direction === 'left' ? -1 : direction === 'right' ? 1 : 0;
  const nose = facing === 0 ? '' : `<circle cx="${facing * 12}" cy="-36" r="4"/>`;
  return `<path d="${body}"/>${head}${nose}`;
}

function propShape(): string {
  return '<rect x="-32" y="-22" width="64" height="52" rx="3"/><rect x="-32" y="-30" width="64" height="10" rx="2" fill-opacity="0.7"/>';
}

function customShape(): string {
  return '<polygon points="0,-46 40,0 0,46 -40,0"/>';
}

function locationShape(): string {
  return '<rect x="-48" y="-28" width="96" height="56" rx="4"/>';
}

const SHAPES: Record<AssetType, (direction: string | null) => string> = {
  character: characterShape,
  prop: propShape,
  custom: customShape,
  location: locationShape,
};

/** The silhouette's SVG group in unit coordinates, filled with the colour the name hashes to. */
export function silhouetteShape(type: AssetType, name: string, direction: string | null): string {
  return `<g fill="${colorForName(name)}" ${OUTLINE}>${SHAPES[type](direction)}</g>`;
}

/** Placed size at scale 1, as a share of sqrt(width * height) of the frame. */
export const PLACEMENT_BASE_SIZE: Record<AssetType, number> = {
  character: 0.42,
  prop: 0.2,
  custom: 0.26,
  location: 0.4,
};
