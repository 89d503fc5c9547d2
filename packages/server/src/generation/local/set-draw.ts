import { hashString, hsl, seededRandom } from './palette.js';
import { num } from './svg.js';

/** Drawing helpers shared by the set classes (sets.ts): one context per rendered set. */

export type Light = 'day' | 'dusk' | 'night';

export interface SetPalette {
  wall: string;
  wallSide: string;
  ceiling: string;
  floor: string;
  floorLine: string;
  wood: string;
  woodDark: string;
  fabric: string;
  fabricDark: string;
  accent: string;
  metal: string;
  ground: string;
  groundFar: string;
  foliage: string;
  foliageDark: string;
  water: string;
  waterDeep: string;
  stone: string;
}

export interface SetContext {
  w: number;
  h: number;
  /** The shorter side: the unit for the size of things, so a 9:16 frame is not squashed. */
  s: number;
  light: Light;
  /** The heading's INT or EXT: a class that can be either (a circus) draws the side it says. */
  interior: boolean;
  palette: SetPalette;
  random: () => number;
  defs: string[];
  /** Light sources drawn after the time of day's shade: lamps, lit windows, bulbs. */
  glows: string[];
  id: (prefix: string) => string;
}

/** Colours seeded by the location's name: hues for walls, floors, fabric and accents; nature's greens vary a little. */
export function setPalette(seed: number): SetPalette {
  const wallHue = seed % 360;
  const floorHue = 15 + ((seed >>> 9) % 40);
  const fabricHue = (seed >>> 13) % 360;
  const accentHue = (seed >>> 21) % 360;
  const green = 85 + ((seed >>> 5) % 45);
  const water = 190 + ((seed >>> 17) % 30);
  const stone = (seed >>> 3) % 60;
  return {
    wall: hsl(wallHue, 0.22, 0.62),
    wallSide: hsl(wallHue, 0.2, 0.5),
    ceiling: hsl(wallHue, 0.12, 0.72),
    floor: hsl(floorHue, 0.35, 0.34),
    floorLine: hsl(floorHue, 0.35, 0.24),
    wood: hsl(floorHue + 5, 0.45, 0.36),
    woodDark: hsl(floorHue + 5, 0.45, 0.22),
    fabric: hsl(fabricHue, 0.45, 0.45),
    fabricDark: hsl(fabricHue, 0.45, 0.3),
    accent: hsl(accentHue, 0.6, 0.52),
    metal: '#8d939b',
    ground: hsl(green - 40, 0.3, 0.3),
    groundFar: hsl(green - 20, 0.25, 0.42),
    foliage: hsl(green, 0.42, 0.33),
    foliageDark: hsl(green + 10, 0.45, 0.2),
    water: hsl(water, 0.45, 0.42),
    waterDeep: hsl(water + 10, 0.55, 0.26),
    stone: hsl(stone + 20, 0.1, 0.5),
  };
}

export function setContext(seed: number, light: Light, interior: boolean, w: number, h: number): SetContext {
  let next = 0;
  return {
    w,
    h,
    s: Math.min(w, h),
    light,
    interior,
    palette: setPalette(seed),
    random: seededRandom(seed ^ 0x5e75e7),
    defs: [],
    glows: [],
    id: (prefix) => `${prefix}${next++}`,
  };
}

export const n = num;

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function poly(points: readonly (readonly [number, number])[], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"/>`;
}

export function vertical(c: SetContext, top: string, bottom: string): string {
  const id = c.id('g');
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** A soft round light: a lamp's pool, a bulb, the moon's halo. Drawn after the shade of the time of day. */
export function glow(
  c: SetContext,
  cx: number,
  cy: number,
  r: number,
  colour = '#ffd98a',
  strength = 0.8,
): void {
  const id = c.id('l');
  c.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${strength}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`,
  );
  c.glows.push(ellipse(cx, cy, r, r, `url(#${id})`));
}

const SKY: Record<Light, [string, string]> = {
  day: ['#5f8fc4', '#cfe1ee'],
  dusk: ['#3b2f5c', '#f29a5c'],
  night: ['#070b1f', '#1c2747'],
};

/** A sky from the top of the area to `bottom`, with stars and a moon at night, a low sun at dusk. */
export function sky(c: SetContext, x: number, y: number, w: number, bottom: number): string {
  const [top, low] = SKY[c.light];
  const parts = [rect(x, y, w, bottom - y, vertical(c, top, low))];
  if (c.light === 'night') {
    const stars: string[] = [];
    for (let index = 0; index < 40; index += 1) {
      stars.push(ellipse(x + c.random() * w, y + c.random() * (bottom - y) * 0.8, 1.2, 1.2, '#ffffff'));
    }
    parts.push(`<g fill-opacity="0.7">${stars.join('')}</g>`);
    glow(c, x + w * 0.78, y + (bottom - y) * 0.25, c.s * 0.09, '#dfe8ff', 0.5);
    c.glows.push(ellipse(x + w * 0.78, y + (bottom - y) * 0.25, c.s * 0.03, c.s * 0.03, '#eef2ff'));
  } else if (c.light === 'dusk') {
    glow(c, x + w * 0.3, bottom, c.s * 0.25, '#ffb36b', 0.7);
  }
  return parts.join('');
}

/** The shade the time of day lays over the set: deep blue at night, warm at dusk, none by day. */
export function shade(c: SetContext, interior: boolean): string {
  if (c.light === 'night')
    return rect(0, 0, c.w, c.h, interior ? '#0d1030' : '#050a24', `fill-opacity="${interior ? 0.45 : 0.55}"`);
  if (c.light === 'dusk') return rect(0, 0, c.w, c.h, '#ff8a3a', `fill-opacity="${interior ? 0.08 : 0.14}"`);
  return '';
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A room seen from its open fourth wall: ceiling, side walls, back wall and floor meeting the back wall's box. */
export function roomBox(
  c: SetContext,
  back: Box,
  colours: Partial<Pick<SetPalette, 'wall' | 'wallSide' | 'ceiling' | 'floor'>> = {},
) {
  const { w, h, palette } = c;
  const wall = colours.wall ?? palette.wall;
  const side = colours.wallSide ?? palette.wallSide;
  const floor = colours.floor ?? palette.floor;
  const b = { x0: w * back.x0, y0: h * back.y0, x1: w * back.x1, y1: h * back.y1 };
  const boards: string[] = [];
  for (let index = 1; index < 8; index += 1) {
    const t = index / 8;
    boards.push(line(b.x0 + (b.x1 - b.x0) * t, b.y1, -w * 0.4 + w * 1.8 * t, h));
  }
  const markup = [
    poly(
      [
        [0, 0],
        [w, 0],
        [b.x1, b.y0],
        [b.x0, b.y0],
      ],
      colours.ceiling ?? palette.ceiling,
    ),
    poly(
      [
        [0, 0],
        [b.x0, b.y0],
        [b.x0, b.y1],
        [0, h],
      ],
      side,
    ),
    poly(
      [
        [w, 0],
        [b.x1, b.y0],
        [b.x1, b.y1],
        [w, h],
      ],
      side,
      'fill-opacity="0.92"',
    ),
    rect(b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, wall),
    poly(
      [
        [0, h],
        [b.x0, b.y1],
        [b.x1, b.y1],
        [w, h],
      ],
      floor,
    ),
    `<g stroke="${palette.floorLine}" stroke-opacity="0.45" stroke-width="${n(c.s * 0.003)}">${boards.join('')}</g>`,
  ].join('');
  return { b, markup };
}

/** A window in a wall: frame, sky (by the time of day), mullions. */
export function windowPane(c: SetContext, x: number, y: number, w: number, h: number): string {
  const [top, low] = SKY[c.light];
  const frame = c.s * 0.012;
  return [
    rect(x - frame, y - frame, w + 2 * frame, h + 2 * frame, '#e9e4da'),
    rect(x, y, w, h, vertical(c, top, low)),
    rect(x + w / 2 - frame / 2, y, frame, h, '#e9e4da'),
    rect(x, y + h / 2 - frame / 2, w, frame, '#e9e4da'),
  ].join('');
}

/** A point along the segment from a to b. */
export function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

export function seedOf(text: string): number {
  return hashString(text);
}
