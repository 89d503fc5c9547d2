import type { Rotation } from '@reelbench/sdk/contract';
import { hashString, hsl } from './palette.js';
import { personOf, personShape } from './people.js';
import { propShape } from './prop-icons.js';
import { num } from './svg.js';

/**
 * Character, prop and custom asset sheets: one figure on a plain background that never touches the
 * border, so border-colour matting cuts it out cleanly.
 */

export const SHEET_BACKGROUND = '#d9dcd6';

const EMBLEM_TURN: Record<Rotation, number> = { front: 0, right: 90, back: 180, left: 270 };

/** A diamond emblem with an arrow that shows which way it is turned. */
export function customBody(name: string, variant: string, rotation: Rotation, width: number, height: number) {
  const hue = hashString(`${name}\u0000${variant}`) % 360;
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.38;
  return [
    `<rect width="${width}" height="${height}" fill="${SHEET_BACKGROUND}"/>`,
    `<g transform="rotate(${EMBLEM_TURN[rotation]} ${num(cx)} ${num(cy)})">`,
    `<polygon points="${num(cx)},${num(cy - r)} ${num(cx + r * 0.8)},${num(cy)} ${num(cx)},${num(cy + r)} ${num(cx - r * 0.8)},${num(cy)}" fill="${hsl(hue, 0.55, 0.45)}"/>`,
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r * 0.3)}" fill="${hsl(hue + 150, 0.6, 0.65)}"/>`,
    `<polygon points="${num(cx)},${num(cy - r * 0.85)} ${num(cx + r * 0.16)},${num(cy - r * 0.55)} ${num(cx - r * 0.16)},${num(cy - r * 0.55)}" fill="#f4f4f4"/>`,
    '</g>',
  ].join('');
}

const SHEET_TURN: Record<Rotation, string | null> = {
  front: null,
  back: 'back',
  left: 'left',
  right: 'right',
};

/**
 * A character's sheet: the same person the storyboard frames draw (people.ts: age, build and colours
 * from the description), turned to the rotation, standing on the sheet's floor line. A child stands
 * shorter on the sheet too; the outfit's hue moves with the variant.
 */
export function personSheetBody(
  name: string,
  description: string | null,
  variant: string,
  rotation: Rotation,
  width: number,
  height: number,
) {
  const person = personOf(name, description);
  const outfit =
    variant === 'default'
      ? person
      : { ...person, outfit: hsl(hashString(`${name}\u0000${variant}`) % 360, 0.5, 0.45) };
  const scale = (height * 0.86) / 100;
  const shape = personShape(outfit, SHEET_TURN[rotation]).replace(/<g opacity="0.4">.*<\/g>$/, '');
  return `<rect width="${width}" height="${height}" fill="${SHEET_BACKGROUND}"/><g transform="translate(${num(width / 2)},${num(height * 0.5)}) scale(${num(scale, 4)})">${shape}</g>`;
}

/** A prop's sheet: its icon (prop-icons.ts) on the plain background, narrower in profile, mirrored from behind. */
export function propSheetBody(
  name: string,
  variant: string,
  rotation: Rotation,
  width: number,
  height: number,
) {
  const scale = (Math.min(width, height) * 0.7) / 100;
  const turn =
    rotation === 'left' || rotation === 'right'
      ? rotation === 'left'
        ? -0.6
        : 0.6
      : rotation === 'back'
        ? -1
        : 1;
  const label = variant === 'default' ? name : `${name} (${variant})`;
  return `<rect width="${width}" height="${height}" fill="${SHEET_BACKGROUND}"/><g transform="translate(${num(width / 2)},${num(height / 2)}) scale(${num(scale * turn, 4)},${num(scale, 4)})">${propShape(label)}</g>`;
}
