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

export interface Mark {
  markup: string;
  bounds: { left: number; top: number; right: number; bottom: number };
}

/** A piece of a mark with the box it is drawn in (padded for the strokes and the arrow heads). */
function piece(paths: string, stroke: number, box: [number, number, number, number], pad: number): Mark {
  const [left, top, right, bottom] = box;
  return {
    markup: strokes(paths, stroke),
    bounds: { left: left - pad, top: top - pad, right: right + pad, bottom: bottom + pad },
  };
}

/**
 * The move as a subtle mark in the upper part of the frame, in small pieces (each drawn in its own
 * small box, so the mark costs little to draw): a pan or track an arrow across the top, a push-in
 * four corners of a frame within the frame with arrows pointing in (out for a pull-out), a crane an
 * arrow down (or up) at the right, handheld a wavy line.
 */
export function moveMarkup(move: string | null, { width, height }: Size): Mark[] {
  const mark = moveMark(move);
  if (!mark) return [];
  const side = Math.min(width, height);
  const stroke = side * 0.006;
  const head = side * 0.025;
  const pad = head + stroke * 2;
  if (mark === 'pan') {
    const y = height * 0.07;
    return [
      piece(arrow(width * 0.4, y, width * 0.6, y, head), stroke, [width * 0.4, y, width * 0.6, y], pad),
    ];
  }
  if (mark === 'push-in' || mark === 'pull-out') {
    const inset = side * 0.1;
    const corner = side * 0.07;
    const bracket = side * 0.06;
    const inward = mark === 'push-in';
    const corners = [
      [inset, inset, 1, 1],
      [width - inset, inset, -1, 1],
      [inset, height * 0.62, 1, -1],
      [width - inset, height * 0.62, -1, -1],
    ] as const;
    return corners.map(([x, y, dx, dy]) => {
      const near: [number, number] = [x + dx * corner, y + dy * corner];
      const [fromX, fromY] = inward ? [x, y] : near;
      const [toX, toY] = inward ? near : [x, y];
      // The corner of the inner frame, just inside the arrow's end.
      const bx = x + dx * corner * 1.3;
      const by = y + dy * corner * 1.3;
      const paths = `${arrow(fromX, fromY, toX, toY, head * 0.8)}<path d="M${n(bx + dx * bracket)},${n(by)} L${n(bx)},${n(by)} L${n(bx)},${n(by + dy * bracket)}"/>`;
      const xs = [x, bx + dx * bracket];
      const ys = [y, by + dy * bracket];
      return piece(paths, stroke, [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], pad);
    });
  }
  if (mark === 'crane-down' || mark === 'crane-up') {
    const down = mark === 'crane-down';
    const x = width * 0.93;
    const [from, to] = down ? [height * 0.1, height * 0.3] : [height * 0.3, height * 0.1];
    return [piece(arrow(x, from, x, to, head), stroke, [x, height * 0.1, x, height * 0.3], pad)];
  }
  const y = height * 0.07;
  const step = width * 0.04;
  const wave = `<path d="M${n(width * 0.4)},${n(y)} ${[1, 2, 3, 4, 5].map((i) => `Q${n(width * 0.4 + step * (i - 0.5))},${n(y + (i % 2 === 0 ? 1 : -1) * side * 0.02)} ${n(width * 0.4 + step * i)},${n(y)}`).join(' ')}"/>`;
  return [piece(wave, stroke, [width * 0.4, y - side * 0.02, width * 0.4 + step * 5, y + side * 0.02], pad)];
}

/** A point-of-view frame: the edges darken in a soft oval, as if seen through the character's eyes. */
export function povMarkup({ width, height }: Size): string {
  return `<defs><radialGradient id="pov" cx="0.5" cy="0.45" r="0.62"><stop offset="0.72" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#pov)"/>`;
}
