import { num as n } from './svg.js';

/** Marks a storyboard artist draws over a frame: the camera move as an arrow, a POV's subjective frame. */

interface Size {
  width: number;
  height: number;
}

export type MoveMark = 'pan' | 'push-in' | 'pull-out' | 'crane-down' | 'crane-up' | 'handheld';

/** The mark a director's move calls for ('slow pan', 'tracking', 'push-in', 'crane down', …); none for a static camera. */
export function moveMark(move: string | null): MoveMark | null {
  const text = (move ?? '').toLowerCase();
  if (text === '' || /\b(static|locked|still)\b/.test(text)) return null;
  if (/\b(pull|back|out|zoom out|dolly out)\b/.test(text)) return 'pull-out';
  if (/\b(push|in|zoom|dolly in)\b/.test(text)) return 'push-in';
  if (/\b(crane|tilt|boom|jib)\b/.test(text)) return /\bup\b/.test(text) ? 'crane-up' : 'crane-down';
  if (/\bhand-?held\b|\bsteadicam\b/.test(text)) return 'handheld';
  if (/\b(pan|track|tracking|dolly|truck|follow|whip|arc)\b/.test(text)) return 'pan';
  return null;
}

function arrow(x1: number, y1: number, x2: number, y2: number, head: number): string {
  const angle = Math.atan2(y2 - y1, x2 - x1);
  const left = angle + Math.PI * 0.8;
  const right = angle - Math.PI * 0.8;
  return `<path d="M${n(x1)},${n(y1)} L${n(x2)},${n(y2)} M${n(x2 + Math.cos(left) * head)},${n(y2 + Math.sin(left) * head)} L${n(x2)},${n(y2)} L${n(x2 + Math.cos(right) * head)},${n(y2 + Math.sin(right) * head)}"/>`;
}

/** Drawn twice, a dark stroke under a light one, so it reads on any backdrop. */
function strokes(paths: string, width: number): string {
  return `<g fill="none" stroke-linecap="round" stroke-linejoin="round"><g stroke="#000000" stroke-opacity="0.35" stroke-width="${n(width * 2.2)}">${paths}</g><g stroke="#ffffff" stroke-opacity="0.7" stroke-width="${n(width)}">${paths}</g></g>`;
}

/**
 * The move as a subtle mark in the upper part of the frame: a pan or track an arrow across the top,
 * a push-in a frame within the frame with corners pointing in (out for a pull-out), a crane an arrow
 * down (or up) at the right, handheld a wavy line.
 */
export function moveMarkup(move: string | null, { width, height }: Size) {
  const mark = moveMark(move);
  if (!mark) return null;
  const side = Math.min(width, height);
  const stroke = side * 0.006;
  const head = side * 0.025;
  let paths: string;
  if (mark === 'pan') {
    paths = arrow(width * 0.4, height * 0.07, width * 0.6, height * 0.07, head);
  } else if (mark === 'push-in' || mark === 'pull-out') {
    const inset = side * 0.1;
    const corner = side * 0.07;
    const inward = mark === 'push-in';
    const corners = [
      [inset, inset, 1, 1],
      [width - inset, inset, -1, 1],
      [inset, height * 0.62, 1, -1],
      [width - inset, height * 0.62, -1, -1],
    ] as const;
    paths = corners
      .map(([x, y, dx, dy]) => {
        const from: [number, number] = inward ? [x, y] : [x + dx * corner, y + dy * corner];
        const to: [number, number] = inward ? [x + dx * corner, y + dy * corner] : [x, y];
        return arrow(from[0], from[1], to[0], to[1], head * 0.8);
      })
      .join('');
    paths += `<rect x="${n(inset + corner * 1.3)}" y="${n(inset + corner * 1.3)}" width="${n(width - 2 * (inset + corner * 1.3))}" height="${n(height * 0.62 - inset - 2 * corner * 1.3)}" stroke-dasharray="${n(side * 0.02)} ${n(side * 0.015)}"/>`;
  } else if (mark === 'crane-down' || mark === 'crane-up') {
    const down = mark === 'crane-down';
    paths = arrow(width * 0.93, height * (down ? 0.1 : 0.3), width * 0.93, height * (down ? 0.3 : 0.1), head);
  } else {
    const y = height * 0.07;
    const step = width * 0.04;
    paths = `<path d="M${n(width * 0.4)},${n(y)} ${[1, 2, 3, 4, 5].map((i) => `Q${n(width * 0.4 + step * (i - 0.5))},${n(y + (i % 2 === 0 ? 1 : -1) * side * 0.02)} ${n(width * 0.4 + step * i)},${n(y)}`).join(' ')}"/>`;
  }
  return {
    markup: strokes(paths, stroke),
    bounds: { left: 0, top: 0, right: width, bottom: height * 0.7 },
  };
}

/** A point-of-view frame: the edges darken in a soft oval, as if seen through the character's eyes. */
export function povMarkup({ width, height }: Size): string {
  return `<defs><radialGradient id="pov" cx="0.5" cy="0.45" r="0.62"><stop offset="0.72" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#pov)"/>`;
}
