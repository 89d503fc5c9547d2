import type { Rotation } from '@reelbench/sdk/contract';
import { hashString, hsl } from './palette.js';
import { num } from './svg.js';

/**
 * Character, prop and custom asset sheets: one figure on a plain background that never touches the
 * border, so border-colour matting cuts it out cleanly.
 */

export const SHEET_BACKGROUND = '#d9dcd6';

const SKIN_TONES = ['#f1c9a5', '#e0ac7e', '#c68642', '#8d5524', '#5c3a21', '#ffdbac'] as const;
const HAIR_COLORS = ['#2b1d14', '#5a3825', '#a0522d', '#d8b26e', '#1c1c1c', '#8c8c8c'] as const;

interface FigurePalette {
  skin: string;
  hair: string;
  outfit: string;
  outfitShade: string;
  trousers: string;
}

function figurePalette(name: string, variant: string): FigurePalette {
  const seed = hashString(name);
  const outfitHue = hashString(`${name}\u0000${variant}`) % 360;
  return {
    skin: SKIN_TONES[seed % SKIN_TONES.length] ?? SKIN_TONES[0],
    hair: HAIR_COLORS[(seed >>> 8) % HAIR_COLORS.length] ?? HAIR_COLORS[0],
    outfit: hsl(outfitHue, 0.55, 0.45),
    outfitShade: hsl(outfitHue, 0.55, 0.33),
    trousers: hsl((seed >>> 16) % 360, 0.25, 0.25),
  };
}

/** A standing figure in a 400 x 900 box (origin top-left), facing the viewer or away. */
function frontOrBack(palette: FigurePalette, back: boolean): string {
  const face = back
    ? `<ellipse cx="200" cy="110" rx="62" ry="72" fill="${palette.hair}"/><path d="M150,215 Q200,232 250,215" stroke="${palette.outfitShade}" stroke-width="8" fill="none"/>`
    : [
        `<path d="M138,98 Q140,30 200,30 Q260,30 262,98 Q232,62 200,66 Q168,62 138,98 Z" fill="${palette.hair}"/>`,
        '<circle cx="178" cy="110" r="7" fill="#1d1d1d"/><circle cx="222" cy="110" r="7" fill="#1d1d1d"/>',
        '<path d="M182,150 Q200,162 218,150" stroke="#7a3b2e" stroke-width="5" fill="none"/>',
      ].join('');
  return [
    `<rect x="180" y="165" width="40" height="40" fill="${palette.skin}"/>`,
    back ? '' : `<ellipse cx="200" cy="110" rx="60" ry="70" fill="${palette.skin}"/>`,
    face,
    `<path d="M110,215 Q200,190 290,215 L300,520 L100,520 Z" fill="${palette.outfit}"/>`,
    `<rect x="62" y="225" width="44" height="280" rx="22" fill="${palette.outfitShade}"/>`,
    `<rect x="294" y="225" width="44" height="280" rx="22" fill="${palette.outfitShade}"/>`,
    `<circle cx="84" cy="515" r="24" fill="${palette.skin}"/><circle cx="316" cy="515" r="24" fill="${palette.skin}"/>`,
    `<rect x="115" y="515" width="76" height="330" fill="${palette.trousers}"/><rect x="209" y="515" width="76" height="330" fill="${palette.trousers}"/>`,
    '<rect x="105" y="840" width="92" height="36" rx="14" fill="#222"/><rect x="203" y="840" width="92" height="36" rx="14" fill="#222"/>',
  ].join('');
}

/** The same figure in profile, facing left. */
function profileLeft(palette: FigurePalette): string {
  return [
    `<rect x="185" y="165" width="36" height="40" fill="${palette.skin}"/>`,
    `<ellipse cx="205" cy="110" rx="52" ry="70" fill="${palette.skin}"/>`,
    `<path d="M157,96 L138,124 L158,128 Z" fill="${palette.skin}"/>`,
    `<path d="M170,70 Q200,28 245,60 Q268,100 250,160 Q228,120 220,84 Q196,70 170,70 Z" fill="${palette.hair}"/>`,
    '<circle cx="176" cy="106" r="7" fill="#1d1d1d"/>',
    `<path d="M145,215 Q205,198 265,215 L270,520 L140,520 Z" fill="${palette.outfit}"/>`,
    `<rect x="176" y="228" width="46" height="285" rx="23" fill="${palette.outfitShade}"/>`,
    `<circle cx="199" cy="520" r="24" fill="${palette.skin}"/>`,
    `<rect x="150" y="515" width="80" height="330" fill="${palette.trousers}"/><rect x="182" y="515" width="72" height="330" fill="${palette.trousers}" fill-opacity="0.8"/>`,
    '<rect x="118" y="840" width="120" height="36" rx="14" fill="#222"/>',
  ].join('');
}

/** A standing character turned to the rotation, centred in a width x height sheet. */
export function characterBody(
  name: string,
  variant: string,
  rotation: Rotation,
  width: number,
  height: number,
) {
  const palette = figurePalette(name, variant);
  const scale = (height * 0.86) / 900;
  const offsetX = (width - 400 * scale) / 2;
  const offsetY = height * 0.07;
  const figure =
    rotation === 'front' || rotation === 'back'
      ? frontOrBack(palette, rotation === 'back')
      : rotation === 'left'
        ? profileLeft(palette)
        : `<g transform="translate(400,0) scale(-1,1)">${profileLeft(palette)}</g>`;
  return `<rect width="${width}" height="${height}" fill="${SHEET_BACKGROUND}"/><g transform="translate(${num(offsetX)},${num(offsetY)}) scale(${num(scale, 4)})">${figure}</g>`;
}

/** A crate seen from the rotation: label in front, slats behind, a side face when turned. */
export function propBody(name: string, variant: string, rotation: Rotation, width: number, height: number) {
  const hue = hashString(`${name}\u0000${variant}`) % 360;
  const face = hsl(hue, 0.45, 0.45);
  const top = hsl(hue, 0.45, 0.6);
  const side = hsl(hue, 0.45, 0.3);
  const label = hsl(hue + 180, 0.6, 0.6);
  const turned = rotation === 'left' || rotation === 'right';
  const frontWidth = turned ? 300 : 420;
  const frontX = turned ? 300 : 170;
  const sideFace = turned
    ? `<polygon points="${frontX},260 ${frontX - 150},200 ${frontX - 150},560 ${frontX},620" fill="${side}"/>`
    : '';
  const topFace = turned
    ? `<polygon points="${frontX},260 ${frontX - 150},200 ${frontX + frontWidth - 150},200 ${frontX + frontWidth},260" fill="${top}"/>`
    : `<polygon points="${frontX},260 ${frontX + 60},200 ${frontX + frontWidth + 60},200 ${frontX + frontWidth},260" fill="${top}"/>`;
  const markings =
    rotation === 'back'
      ? [300, 360, 420, 480, 540]
          .map(
            (y) =>
              `<rect x="${frontX + 20}" y="${y}" width="${frontWidth - 40}" height="10" fill="${side}"/>`,
          )
          .join('')
      : `<rect x="${frontX + 30}" y="360" width="${frontWidth - 60}" height="110" fill="${label}"/><circle cx="${frontX + frontWidth / 2}" cy="415" r="36" fill="${side}"/>`;
  const body = `${sideFace}${topFace}<rect x="${frontX}" y="260" width="${frontWidth}" height="360" fill="${face}"/>${markings}`;
  const mirrored = rotation === 'right' ? `<g transform="translate(768,0) scale(-1,1)">${body}</g>` : body;
  return `<rect width="${width}" height="${height}" fill="${SHEET_BACKGROUND}"/><g transform="scale(${num(width / 768)},${num(height / 768)})">${mirrored}</g>`;
}

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
