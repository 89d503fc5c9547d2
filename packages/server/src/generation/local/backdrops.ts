import type { View } from '@reelbench/sdk/contract';
import { hashString, hsl, seededRandom } from './palette.js';
import { num } from './svg.js';

/** Procedural backdrops: the neutral stage of a shot without a location, and location views. */

function gradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A grey-blue cyclorama with a perspective floor grid, horizon at 58%. */
export function stageBackdropBody(width: number, height: number): string {
  const horizon = height * 0.58;
  const centre = width / 2;
  const rays = Array.from({ length: 13 }, (_, index) => {
    const x = centre + (index - 6) * width * 0.22;
    return `<line x1="${num(centre)}" y1="${num(horizon)}" x2="${num(x)}" y2="${height}"/>`;
  }).join('');
  const rows = Array.from({ length: 6 }, (_, index) => {
    const y = horizon + (height - horizon) * ((index + 1) / 6) ** 1.8;
    return `<line x1="0" y1="${num(y)}" x2="${width}" y2="${num(y)}"/>`;
  }).join('');
  return [
    `<defs>${gradient('sky', '#39424f', '#8b95a2')}${gradient('floor', '#5d564c', '#2c2924')}</defs>`,
    `<rect width="${width}" height="${num(horizon)}" fill="url(#sky)"/>`,
    `<rect y="${num(horizon)}" width="${width}" height="${num(height - horizon)}" fill="url(#floor)"/>`,
    `<g stroke="#ffffff" stroke-opacity="0.12" stroke-width="2">${rays}${rows}</g>`,
  ].join('');
}

interface LocationPalette {
  skyTop: string;
  skyBottom: string;
  ground: string;
  groundFar: string;
  building: (random: () => number) => string;
  window: string;
}

function locationPalette(seed: number, dusk: boolean): LocationPalette {
  const skyHue = dusk ? (seed % 60) + 10 : (seed % 80) + 180;
  const groundHue = (seed >>> 9) % 360;
  const buildingHue = (seed >>> 17) % 360;
  return {
    skyTop: hsl(skyHue, dusk ? 0.55 : 0.45, dusk ? 0.28 : 0.42),
    skyBottom: hsl(skyHue + 20, dusk ? 0.65 : 0.35, dusk ? 0.62 : 0.78),
    ground: hsl(groundHue, 0.22, 0.26),
    groundFar: hsl(groundHue, 0.18, 0.4),
    building: (random) => hsl(buildingHue + random() * 40 - 20, 0.18 + random() * 0.2, 0.3 + random() * 0.25),
    window: dusk ? '#ffd27a' : '#cfe3f2',
  };
}

function windows(
  x: number,
  y: number,
  w: number,
  h: number,
  cell: number,
  color: string,
  random: () => number,
) {
  const parts: string[] = [];
  for (let row = y + cell * 0.6; row + cell * 0.7 < y + h; row += cell * 1.4) {
    for (let column = x + cell * 0.5; column + cell * 0.7 < x + w; column += cell * 1.2) {
      if (random() < 0.7) {
        parts.push(
          `<rect x="${num(column)}" y="${num(row)}" width="${num(cell * 0.7)}" height="${num(cell * 0.8)}"/>`,
        );
      }
    }
  }
  return `<g fill="${color}" fill-opacity="0.8">${parts.join('')}</g>`;
}

/** A row of buildings standing on the horizon between x0 and x1. */
function skyline(
  random: () => number,
  palette: LocationPalette,
  area: { x0: number; x1: number; horizon: number; maxHeight: number; scale: number },
): string {
  const parts: string[] = [];
  let x = area.x0 - random() * 40 * area.scale;
  while (x < area.x1) {
    const w = (70 + random() * 110) * area.scale;
    const h = area.maxHeight * (0.35 + random() * 0.65);
    const top = area.horizon - h;
    parts.push(
      `<rect x="${num(x)}" y="${num(top)}" width="${num(w)}" height="${num(h)}" fill="${palette.building(random)}"/>`,
      windows(x, top, w, h, 14 * area.scale, palette.window, random),
    );
    x += w + random() * 16 * area.scale;
  }
  return parts.join('');
}

function sky(width: number, horizon: number, palette: LocationPalette): string {
  return `<defs>${gradient('sky', palette.skyTop, palette.skyBottom)}${gradient('ground', palette.groundFar, palette.ground)}</defs><rect width="${width}" height="${num(horizon)}" fill="url(#sky)"/>`;
}

function ground(width: number, height: number, horizon: number): string {
  return `<rect y="${num(horizon)}" width="${width}" height="${num(height - horizon)}" fill="url(#ground)"/>`;
}

function hills(width: number, horizon: number, color: string, random: () => number): string {
  const points = Array.from({ length: 9 }, (_, index) => {
    const x = (width * index) / 8;
    return `${num(x)},${num(horizon - 30 - random() * 70)}`;
  });
  return `<polygon points="0,${num(horizon)} ${points.join(' ')} ${width},${num(horizon)}" fill="${color}" fill-opacity="0.6"/>`;
}

function streetView(
  width: number,
  height: number,
  palette: LocationPalette,
  random: () => number,
  close: boolean,
) {
  const horizon = height * (close ? 0.8 : 0.62);
  const scale = close ? 2.4 : 1;
  return [
    sky(width, horizon, palette),
    close ? '' : hills(width, horizon, palette.groundFar, random),
    ground(width, height, horizon),
    skyline(random, palette, { x0: 0, x1: width, horizon, maxHeight: height * (close ? 0.75 : 0.42), scale }),
  ].join('');
}

/** Facades receding towards a vanishing point on one side: the view turned 90 degrees. */
function sideView(
  width: number,
  height: number,
  palette: LocationPalette,
  random: () => number,
  side: 1 | -1,
) {
  const horizon = height * 0.6;
  const vanishX = side === -1 ? width * 0.12 : width * 0.88;
  const nearX = side === -1 ? width : 0;
  const parts = [sky(width, horizon, palette), ground(width, height, horizon)];
  for (let index = 0; index < 5; index += 1) {
    const t0 = index / 5;
    const t1 = (index + 0.85) / 5;
    const at = (t: number, y: number) => {
      const x = nearX + (vanishX - nearX) * t;
      const yy = y + (horizon - y) * t;
      return `${num(x)},${num(yy)}`;
    };
    const top = height * (0.05 + random() * 0.25);
    parts.push(
      `<polygon points="${at(t0, top)} ${at(t1, top)} ${at(t1, horizon)} ${at(t0, horizon)}" fill="${palette.building(random)}"/>`,
    );
  }
  parts.push(
    `<g stroke="#ffffff" stroke-opacity="0.15" stroke-width="3"><line x1="${num(vanishX)}" y1="${num(horizon)}" x2="${num(nearX)}" y2="${height}"/><line x1="${num(vanishX)}" y1="${num(horizon)}" x2="${num(width / 2)}" y2="${height}"/></g>`,
  );
  return parts.join('');
}

function aerialView(width: number, height: number, palette: LocationPalette, random: () => number) {
  const block = 150;
  const road = 34;
  const parts = [`<rect width="${width}" height="${height}" fill="${palette.ground}"/>`];
  for (let y = -road; y < height; y += block + road) {
    for (let x = -road; x < width; x += block + road) {
      const inset = 8 + random() * 14;
      const fill = random() < 0.2 ? hsl(110 + random() * 30, 0.35, 0.32) : palette.building(random);
      parts.push(
        `<rect x="${num(x + road + 6)}" y="${num(y + road + 6)}" width="${num(block - inset)}" height="${num(block - inset)}" fill="#000" fill-opacity="0.25"/>`,
        `<rect x="${num(x + road)}" y="${num(y + road)}" width="${num(block - inset)}" height="${num(block - inset)}" fill="${fill}"/>`,
      );
    }
  }
  return parts.join('');
}

function exteriorView(width: number, height: number, palette: LocationPalette, random: () => number) {
  const horizon = height * 0.86;
  const x = width * 0.2;
  const w = width * 0.6;
  const top = height * 0.12;
  const doorWidth = w * 0.12;
  return [
    sky(width, horizon, palette),
    ground(width, height, horizon),
    `<rect x="${num(x)}" y="${num(top)}" width="${num(w)}" height="${num(horizon - top)}" fill="${palette.building(random)}"/>`,
    `<rect x="${num(x - 12)}" y="${num(top - 14)}" width="${num(w + 24)}" height="18" fill="#000" fill-opacity="0.35"/>`,
    windows(x, top, w, horizon - top - height * 0.16, 34, palette.window, random),
    `<rect x="${num(x + w / 2 - doorWidth / 2)}" y="${num(horizon - height * 0.17)}" width="${num(doorWidth)}" height="${num(height * 0.17)}" fill="#2a1f18"/>`,
  ].join('');
}

/** The SVG body of a location view; the same name, variant and view always give the same picture. */
export function locationBody(
  name: string,
  variant: string,
  view: View,
  width: number,
  height: number,
): string {
  const seed = hashString(`${name}\u0000${variant}`);
  const palette = locationPalette(seed, view === 'reverse');
  const random = seededRandom(seed ^ hashString(view));
  switch (view) {
    case 'wide':
    case 'reverse':
      return streetView(width, height, palette, random, false);
    case 'close':
      return streetView(width, height, palette, random, true);
    case 'left90':
      return sideView(width, height, palette, random, -1);
    case 'right90':
      return sideView(width, height, palette, random, 1);
    case 'aerial':
      return aerialView(width, height, palette, random);
    case 'exterior':
      return exteriorView(width, height, palette, random);
  }
}
