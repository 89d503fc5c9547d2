import { num } from './svg.js';

/** The neutral stage of a shot without a location (a location is drawn as its set: sets.ts). */

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
