import { hsl } from './palette.js';
import {
  ellipse,
  glow,
  lerp,
  line,
  n,
  poly,
  rect,
  roomBox,
  type SetContext,
  sky,
  vertical,
  windowPane,
} from './set-draw.js';

/**
 * The set classes of the local renderer: each a parametric backdrop drawn for any frame size (sizes
 * from the shorter side, layout from width and height), coloured by the location's palette and lit by
 * the time of day through the context. To add a class: a drawing function here, an entry in
 * SET_CLASSES with its words and whether it is an interior (sets.ts reads the words).
 */

export type SetDrawing = (c: SetContext) => string;

// ---------------------------------------------------------------- rooms

function bedroom(c: SetContext): string {
  const { b, markup } = roomBox(c, { x0: 0.2, y0: 0.12, x1: 0.8, y1: 0.62 });
  const { w, h, s, palette } = c;
  const bedX = lerp(b.x0, b.x1, 0.38);
  const bedW = (b.x1 - b.x0) * 0.5;
  const lampX = lerp(b.x0, b.x1, 0.22);
  glow(c, lampX, b.y1 - s * 0.2, s * 0.22, '#ffd27a', 0.75);
  return [
    markup,
    windowPane(
      c,
      lerp(b.x0, b.x1, 0.62),
      b.y0 + (b.y1 - b.y0) * 0.12,
      (b.x1 - b.x0) * 0.26,
      (b.y1 - b.y0) * 0.4,
    ),
    rect(bedX, b.y1 - s * 0.24, bedW, s * 0.2, palette.woodDark),
    rect(bedX - s * 0.02, b.y1 - s * 0.06, bedW + s * 0.04, s * 0.12, '#ece8df'),
    poly(
      [
        [bedX - s * 0.04, b.y1 + s * 0.02],
        [bedX + bedW + s * 0.04, b.y1 + s * 0.02],
        [bedX + bedW + s * 0.1, h * 0.86],
        [bedX - s * 0.1, h * 0.86],
      ],
      palette.fabric,
    ),
    rect(bedX + s * 0.03, b.y1 - s * 0.1, bedW * 0.35, s * 0.07, '#f7f4ee', `rx="${n(s * 0.02)}"`),
    rect(lampX - s * 0.05, b.y1 - s * 0.08, s * 0.1, s * 0.1, palette.wood),
    rect(lampX - s * 0.006, b.y1 - s * 0.16, s * 0.012, s * 0.08, palette.metal),
    poly(
      [
        [lampX - s * 0.04, b.y1 - s * 0.16],
        [lampX + s * 0.04, b.y1 - s * 0.16],
        [lampX + s * 0.025, b.y1 - s * 0.22],
        [lampX - s * 0.025, b.y1 - s * 0.22],
      ],
      '#f3dfa8',
    ),
    rect(w * 0.02, h * 0.9, w * 0.96, h * 0.1, palette.fabricDark, 'fill-opacity="0.25"'),
  ].join('');
}

function kitchen(c: SetContext): string {
  const { b, markup } = roomBox(c, { x0: 0.16, y0: 0.12, x1: 0.84, y1: 0.6 }, { floor: '#d8d2c4' });
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  const counterTop = b.y1 - s * 0.16;
  const tiles: string[] = [];
  for (let index = 1; index < 8; index += 1)
    tiles.push(line(lerp(b.x0, b.x1, index / 8), b.y1, lerp(-c.w * 0.3, c.w * 1.3, index / 8), c.h));
  for (let index = 1; index < 4; index += 1) {
    const t = (index / 4) ** 1.6;
    tiles.push(line(lerp(b.x0, 0, t), lerp(b.y1, c.h, t), lerp(b.x1, c.w, t), lerp(b.y1, c.h, t)));
  }
  return [
    markup,
    `<g stroke="#8a8478" stroke-width="${n(s * 0.003)}">${tiles.join('')}</g>`,
    rect(b.x0, b.y0 + s * 0.03, bw * 0.7, s * 0.14, palette.fabric),
    rect(b.x0, counterTop, bw * 0.78, s * 0.16, palette.fabricDark),
    rect(b.x0, counterTop - s * 0.015, bw * 0.78, s * 0.02, '#e8e3da'),
    windowPane(c, lerp(b.x0, b.x1, 0.3), b.y0 + s * 0.21, bw * 0.22, s * 0.12),
    rect(b.x0 + bw * 0.8, b.y1 - s * 0.42, bw * 0.18, s * 0.42, '#e9ecef'),
    rect(b.x0 + bw * 0.8, b.y1 - s * 0.28, bw * 0.18, s * 0.008, '#9aa1a8'),
    ...[0.1, 0.3, 0.5].map((t) =>
      rect(b.x0 + bw * t, counterTop + s * 0.05, bw * 0.15, s * 0.008, palette.metal),
    ),
  ].join('');
}

function livingRoom(c: SetContext): string {
  const { b, markup } = roomBox(c, { x0: 0.18, y0: 0.12, x1: 0.82, y1: 0.62 });
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  const sofaX = lerp(b.x0, b.x1, 0.25);
  const lampX = lerp(b.x0, b.x1, 0.9);
  glow(c, lampX, b.y1 - s * 0.32, s * 0.2, '#ffd27a', 0.7);
  return [
    markup,
    windowPane(c, lerp(b.x0, b.x1, 0.06), b.y0 + s * 0.06, bw * 0.16, s * 0.22),
    rect(
      lerp(b.x0, b.x1, 0.4),
      b.y0 + s * 0.07,
      bw * 0.2,
      s * 0.12,
      palette.accent,
      `stroke="${palette.woodDark}" stroke-width="${n(s * 0.01)}"`,
    ),
    ellipse(
      lerp(b.x0, b.x1, 0.5),
      b.y1 + s * 0.14,
      bw * 0.42,
      s * 0.08,
      palette.accent,
      'fill-opacity="0.55"',
    ),
    rect(sofaX, b.y1 - s * 0.2, bw * 0.5, s * 0.12, palette.fabricDark, `rx="${n(s * 0.02)}"`),
    rect(
      sofaX - s * 0.03,
      b.y1 - s * 0.1,
      bw * 0.5 + s * 0.06,
      s * 0.1,
      palette.fabric,
      `rx="${n(s * 0.02)}"`,
    ),
    rect(lampX - s * 0.004, b.y1 - s * 0.3, s * 0.008, s * 0.3, palette.metal),
    poly(
      [
        [lampX - s * 0.04, b.y1 - s * 0.3],
        [lampX + s * 0.04, b.y1 - s * 0.3],
        [lampX + s * 0.025, b.y1 - s * 0.37],
        [lampX - s * 0.025, b.y1 - s * 0.37],
      ],
      '#f3dfa8',
    ),
  ].join('');
}

function office(c: SetContext): string {
  const { b, markup } = roomBox(
    c,
    { x0: 0.16, y0: 0.14, x1: 0.84, y1: 0.6 },
    { wall: '#c9cdd1', floor: '#5d6168' },
  );
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  const blinds: string[] = [];
  for (let y = b.y0 + s * 0.05; y < b.y0 + s * 0.25; y += s * 0.018)
    blinds.push(rect(b.x0 + bw * 0.08, y, bw * 0.84, s * 0.01, '#eef0f2'));
  const desks = [0.1, 0.55].map((t) => {
    const x = lerp(b.x0, b.x1, t);
    return [
      rect(x, b.y1 - s * 0.1, bw * 0.35, s * 0.025, palette.wood),
      rect(x + s * 0.01, b.y1 - s * 0.075, s * 0.015, s * 0.075, palette.woodDark),
      rect(x + bw * 0.35 - s * 0.025, b.y1 - s * 0.075, s * 0.015, s * 0.075, palette.woodDark),
      rect(x + bw * 0.1, b.y1 - s * 0.2, bw * 0.14, s * 0.09, '#1d2129'),
      rect(x + bw * 0.11, b.y1 - s * 0.19, bw * 0.12, s * 0.07, '#7fb0d8', 'fill-opacity="0.8"'),
    ].join('');
  });
  for (const t of [0.3, 0.7])
    c.glows.push(rect(lerp(c.w * 0.1, c.w * 0.9, t) - s * 0.08, b.y0 * 0.45, s * 0.16, s * 0.015, '#f4f7ff'));
  return [
    markup,
    windowPane(c, b.x0 + bw * 0.08, b.y0 + s * 0.05, bw * 0.84, s * 0.2),
    ...blinds,
    ...desks,
  ].join('');
}

function bar(c: SetContext): string {
  const { b, markup } = roomBox(
    c,
    { x0: 0.14, y0: 0.14, x1: 0.86, y1: 0.58 },
    { wall: hsl(20, 0.3, 0.25), wallSide: hsl(20, 0.3, 0.2), floor: hsl(25, 0.35, 0.2) },
  );
  const { s, w, h, palette } = c;
  const bw = b.x1 - b.x0;
  const bottles: string[] = [];
  for (const shelf of [0.18, 0.32]) {
    const y = b.y0 + (b.y1 - b.y0) * shelf;
    bottles.push(rect(b.x0 + bw * 0.1, y + s * 0.07, bw * 0.8, s * 0.01, palette.woodDark));
    for (let x = b.x0 + bw * 0.12; x < b.x0 + bw * 0.88; x += s * 0.035) {
      const colour = hsl(c.random() * 360, 0.5, 0.45);
      bottles.push(rect(x, y + s * 0.015, s * 0.018, s * 0.055, colour, `rx="${n(s * 0.006)}"`));
    }
  }
  const counterTop = h * 0.7;
  const stools = [0.25, 0.45, 0.65].map((t) =>
    [
      rect(w * t - s * 0.004, counterTop + s * 0.06, s * 0.008, h - counterTop, palette.metal),
      ellipse(w * t, counterTop + s * 0.06, s * 0.04, s * 0.012, palette.fabric),
    ].join(''),
  );
  for (const t of [0.3, 0.5, 0.7]) glow(c, w * t, b.y0 * 0.9, s * 0.12, '#ffc064', 0.8);
  return [
    markup,
    ...bottles,
    rect(0, counterTop - s * 0.03, w * 0.8, s * 0.04, palette.wood),
    rect(0, counterTop, w * 0.78, h - counterTop, palette.woodDark),
    ...stools,
    ...[0.3, 0.5, 0.7].map((t) => rect(w * t - s * 0.002, 0, s * 0.004, b.y0 * 0.85, '#111')),
  ].join('');
}

function hospital(c: SetContext): string {
  const { b, markup } = roomBox(
    c,
    { x0: 0.18, y0: 0.12, x1: 0.82, y1: 0.62 },
    { wall: '#cfe3dc', wallSide: '#b4cdc5', floor: '#b9bfc4', ceiling: '#e6eeeb' },
  );
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  const bedX = lerp(b.x0, b.x1, 0.3);
  for (const t of [0.35, 0.65])
    c.glows.push(rect(lerp(c.w * 0.2, c.w * 0.8, t) - s * 0.07, b.y0 * 0.5, s * 0.14, s * 0.012, '#f4fbff'));
  return [
    markup,
    rect(b.x0 + bw * 0.04, b.y0 + s * 0.02, s * 0.006, b.y1 - b.y0 - s * 0.02, palette.metal),
    poly(
      [
        [b.x0 + bw * 0.04, b.y0 + s * 0.02],
        [b.x0 + bw * 0.2, b.y0 + s * 0.02],
        [b.x0 + bw * 0.18, b.y1],
        [b.x0 + bw * 0.04, b.y1],
      ],
      '#9ec9d6',
      'fill-opacity="0.85"',
    ),
    rect(bedX, b.y1 - s * 0.07, bw * 0.45, s * 0.07, '#f2f4f5'),
    rect(bedX, b.y1 - s * 0.1, bw * 0.45, s * 0.012, palette.metal),
    rect(bedX, b.y1 - s * 0.18, s * 0.012, s * 0.18, palette.metal),
    rect(bedX + bw * 0.45, b.y1 - s * 0.14, s * 0.012, s * 0.14, palette.metal),
    rect(b.x0 + bw * 0.82, b.y1 - s * 0.32, bw * 0.12, s * 0.09, '#1b2226'),
    `<polyline points="${[0, 0.2, 0.3, 0.4, 0.5, 0.6, 1].map((t, i) => `${n(b.x0 + bw * (0.83 + 0.1 * t))},${n(b.y1 - s * (i === 2 ? 0.3 : i === 3 ? 0.25 : 0.275))}`).join(' ')}" fill="none" stroke="#4cff8a" stroke-width="${n(s * 0.004)}"/>`,
    rect(b.x0 + bw * 0.875, b.y1 - s * 0.23, s * 0.008, s * 0.23, palette.metal),
  ].join('');
}

function classroom(c: SetContext): string {
  const { b, markup } = roomBox(c, { x0: 0.14, y0: 0.12, x1: 0.86, y1: 0.56 });
  const { s, w, h, palette } = c;
  const bw = b.x1 - b.x0;
  const chalk: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    const y = b.y0 + s * (0.08 + index * 0.045);
    chalk.push(line(b.x0 + bw * 0.2, y, b.x0 + bw * (0.35 + c.random() * 0.4), y));
  }
  const desks: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    const y = lerp(b.y1 + s * 0.04, h * 0.92, row / 2.5);
    const spread = lerp(0.75, 1.1, row / 2);
    for (let col = 0; col < 3; col += 1) {
      const x = w / 2 + (col - 1) * w * 0.26 * spread;
      const dw = s * 0.16 * spread;
      desks.push(
        rect(x - dw / 2, y, dw, s * 0.02 * spread, palette.wood),
        rect(x - dw / 2 + s * 0.01, y, s * 0.01 * spread, s * 0.06 * spread, palette.metal),
        rect(x + dw / 2 - s * 0.02, y, s * 0.01 * spread, s * 0.06 * spread, palette.metal),
      );
    }
  }
  return [
    markup,
    rect(
      b.x0 + bw * 0.15,
      b.y0 + s * 0.04,
      bw * 0.7,
      s * 0.22,
      '#24402f',
      `stroke="${palette.wood}" stroke-width="${n(s * 0.01)}"`,
    ),
    `<g stroke="#e9f0ea" stroke-opacity="0.7" stroke-width="${n(s * 0.005)}">${chalk.join('')}</g>`,
    ellipse(
      b.x0 + bw * 0.92,
      b.y0 + s * 0.08,
      s * 0.035,
      s * 0.035,
      '#f4f4f0',
      `stroke="#222" stroke-width="${n(s * 0.005)}"`,
    ),
    ...desks,
  ].join('');
}

function hallway(c: SetContext): string {
  const { b, markup } = roomBox(c, { x0: 0.42, y0: 0.3, x1: 0.58, y1: 0.56 });
  const { s, w, h, palette } = c;
  const doors: string[] = [];
  for (const t of [0.15, 0.5, 0.75]) {
    const t2 = t + 0.09;
    for (const side of [-1, 1] as const) {
      const edgeX = side === -1 ? 0 : w;
      const wallX = side === -1 ? b.x0 : b.x1;
      const x1 = lerp(edgeX, wallX, t);
      const x2 = lerp(edgeX, wallX, t2);
      const top1 = lerp(h * 0.08, b.y0, t);
      const top2 = lerp(h * 0.08, b.y0, t2);
      const bot1 = lerp(h, b.y1, t);
      const bot2 = lerp(h, b.y1, t2);
      doors.push(
        poly(
          [
            [x1, top1 + (bot1 - top1) * 0.1],
            [x2, top2 + (bot2 - top2) * 0.1],
            [x2, bot2],
            [x1, bot1],
          ],
          palette.woodDark,
        ),
      );
    }
    c.glows.push(
      rect(
        w / 2 - lerp(w * 0.2, (b.x1 - b.x0) / 2, t),
        lerp(0, b.y0, t),
        lerp(w * 0.4, b.x1 - b.x0, t),
        s * 0.01 * (1 - t),
        '#f6f1e0',
      ),
    );
  }
  return [
    markup,
    ...doors,
    rect(
      b.x0 + (b.x1 - b.x0) * 0.3,
      b.y0 + (b.y1 - b.y0) * 0.2,
      (b.x1 - b.x0) * 0.4,
      (b.y1 - b.y0) * 0.8,
      palette.woodDark,
    ),
    rect(w * 0.47, b.y1, w * 0.06, s * 0.001, palette.fabric),
    poly(
      [
        [b.x0 + s * 0.01, b.y1],
        [b.x1 - s * 0.01, b.y1],
        [w * 0.7, h],
        [w * 0.3, h],
      ],
      palette.fabric,
      'fill-opacity="0.6"',
    ),
  ].join('');
}

function bathroom(c: SetContext): string {
  const { b, markup } = roomBox(
    c,
    { x0: 0.2, y0: 0.12, x1: 0.8, y1: 0.62 },
    { wall: '#dfe9ee', wallSide: '#c4d3da', floor: '#9fb0b8' },
  );
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  const tiles: string[] = [];
  for (let x = b.x0; x < b.x1; x += s * 0.05) tiles.push(line(x, b.y0, x, b.y1));
  for (let y = b.y0; y < b.y1; y += s * 0.05) tiles.push(line(b.x0, y, b.x1, y));
  return [
    markup,
    `<g stroke="#9fb3bd" stroke-opacity="0.7" stroke-width="${n(s * 0.002)}">${tiles.join('')}</g>`,
    rect(
      lerp(b.x0, b.x1, 0.12),
      b.y0 + s * 0.05,
      bw * 0.22,
      s * 0.2,
      '#cfe2ec',
      `stroke="${palette.metal}" stroke-width="${n(s * 0.008)}"`,
    ),
    rect(lerp(b.x0, b.x1, 0.1), b.y1 - s * 0.17, bw * 0.26, s * 0.04, '#f6f8f9', `rx="${n(s * 0.015)}"`),
    rect(lerp(b.x0, b.x1, 0.21), b.y1 - s * 0.13, s * 0.03, s * 0.13, '#eef1f2'),
    rect(lerp(b.x0, b.x1, 0.5), b.y1 - s * 0.12, bw * 0.5, s * 0.14, '#f6f8f9', `rx="${n(s * 0.03)}"`),
    rect(lerp(b.x0, b.x1, 0.52), b.y1 - s * 0.1, bw * 0.46, s * 0.03, palette.accent, 'fill-opacity="0.3"'),
  ].join('');
}

function church(c: SetContext): string {
  const { b, markup } = roomBox(
    c,
    { x0: 0.3, y0: 0.08, x1: 0.7, y1: 0.54 },
    { wall: '#b8ab95', wallSide: '#9a8e79', floor: '#6b5f52', ceiling: '#5b5044' },
  );
  const { s, w, h, palette } = c;
  const cx = (b.x0 + b.x1) / 2;
  const ww = (b.x1 - b.x0) * 0.28;
  const top = b.y0 + s * 0.06;
  const panes: string[] = [];
  for (let index = 0; index < 12; index += 1) {
    panes.push(
      rect(
        cx - ww / 2 + (index % 3) * (ww / 3),
        top + ww * 0.5 + Math.floor(index / 3) * s * 0.05,
        ww / 3,
        s * 0.05,
        hsl(c.random() * 360, 0.7, 0.5),
      ),
    );
  }
  glow(c, cx, top + s * 0.15, s * 0.25, '#ffe7b0', 0.45);
  const pews: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    const t = row / 3.2;
    const y = lerp(b.y1 + s * 0.02, h * 0.9, t);
    const half = lerp((b.x1 - b.x0) * 0.5, w * 0.5, t);
    const gap = lerp(s * 0.04, s * 0.1, t);
    const depth = lerp(s * 0.03, s * 0.08, t);
    pews.push(
      rect(cx - half, y, half - gap, depth, palette.woodDark),
      rect(cx + gap, y, half - gap, depth, palette.woodDark),
    );
  }
  return [
    markup,
    `<path d="M${n(cx - ww / 2)},${n(top + ww * 0.5 + s * 0.2)} L${n(cx - ww / 2)},${n(top + ww * 0.5)} A${n(ww / 2)},${n(ww / 2)} 0 0 1 ${n(cx + ww / 2)},${n(top + ww * 0.5)} L${n(cx + ww / 2)},${n(top + ww * 0.5 + s * 0.2)} Z" fill="${hsl(220, 0.6, 0.4)}"/>`,
    ...panes,
    ...[0.15, 0.85].map((t) => rect(lerp(b.x0, b.x1, t) - s * 0.02, b.y0, s * 0.04, b.y1 - b.y0, '#a3967f')),
    rect(cx - s * 0.08, b.y1 - s * 0.06, s * 0.16, s * 0.06, '#e9e2d2'),
    ...pews,
  ].join('');
}

function warehouse(c: SetContext): string {
  const { b, markup } = roomBox(
    c,
    { x0: 0.12, y0: 0.1, x1: 0.88, y1: 0.66 },
    { wall: '#6f6a62', wallSide: '#5a564f', floor: '#54524e', ceiling: '#3f3d3a' },
  );
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  const racks: string[] = [];
  for (const t of [0.02, 0.36, 0.7]) {
    const x = b.x0 + bw * t;
    const rw = bw * 0.26;
    racks.push(
      rect(x, b.y0 + s * 0.08, s * 0.01, b.y1 - b.y0 - s * 0.08, '#2f5fa8'),
      rect(x + rw, b.y0 + s * 0.08, s * 0.01, b.y1 - b.y0 - s * 0.08, '#2f5fa8'),
    );
    for (let shelf = 0; shelf < 3; shelf += 1) {
      const y = b.y0 + s * 0.08 + (shelf * (b.y1 - b.y0 - s * 0.08)) / 3;
      racks.push(rect(x, y, rw, s * 0.008, '#e28a2b'));
      for (let box = 0; box < 3; box += 1)
        if (c.random() < 0.8)
          racks.push(
            rect(
              x + s * 0.015 + (box * rw) / 3,
              y + s * 0.008,
              rw / 3 - s * 0.02,
              s * 0.06,
              hsl(30, 0.35, 0.4 + c.random() * 0.15),
            ),
          );
    }
  }
  const beams: string[] = [];
  for (let index = 1; index < 6; index += 1)
    beams.push(line(lerp(b.x0, b.x1, index / 6), b.y0, lerp(0, c.w, index / 6), 0));
  glow(c, c.w / 2, b.y0 * 0.5, s * 0.2, '#e8f0ff', 0.5);
  return [
    markup,
    `<g stroke="#24221f" stroke-width="${n(s * 0.01)}">${beams.join('')}</g>`,
    ...racks,
    rect(b.x0 + bw * 0.4, b.y1 - s * 0.06, s * 0.1, s * 0.06, palette.wood),
  ].join('');
}

// ---------------------------------------------------------------- vehicles

function car(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.45;
  return [
    sky(c, 0, 0, w, horizon),
    rect(0, horizon, w, h - horizon, palette.ground),
    poly(
      [
        [w * 0.46, horizon],
        [w * 0.54, horizon],
        [w * 0.9, h * 0.7],
        [w * 0.1, h * 0.7],
      ],
      '#3b3d40',
    ),
    rect(w * 0.495, horizon + s * 0.04, w * 0.01, s * 0.05, '#e8e2c8'),
    rect(w * 0.49, horizon + s * 0.14, w * 0.02, s * 0.08, '#e8e2c8'),
    poly(
      [
        [0, 0],
        [w * 0.14, 0],
        [w * 0.06, h * 0.62],
        [0, h * 0.66],
      ],
      '#1c1d20',
    ),
    poly(
      [
        [w, 0],
        [w * 0.86, 0],
        [w * 0.94, h * 0.62],
        [w, h * 0.66],
      ],
      '#1c1d20',
    ),
    rect(0, 0, w, h * 0.07, '#25262a'),
    rect(w * 0.44, h * 0.07, w * 0.12, s * 0.04, '#1c1d20', `rx="${n(s * 0.01)}"`),
    `<path d="M0,${n(h * 0.62)} Q${n(w / 2)},${n(h * 0.55)} ${n(w)},${n(h * 0.62)} L${n(w)},${n(h)} L0,${n(h)} Z" fill="${palette.fabricDark}"/>`,
    `<path d="M0,${n(h * 0.66)} Q${n(w / 2)},${n(h * 0.6)} ${n(w)},${n(h * 0.66)} L${n(w)},${n(h * 0.7)} Q${n(w / 2)},${n(h * 0.64)} 0,${n(h * 0.7)} Z" fill="#121316"/>`,
    ellipse(w * 0.3, h * 0.8, s * 0.17, s * 0.17, 'none', `stroke="#141518" stroke-width="${n(s * 0.03)}"`),
    rect(w * 0.3 - s * 0.12, h * 0.8 - s * 0.012, s * 0.24, s * 0.024, '#141518'),
  ].join('');
}

/** Rows of seats down an aisle, windows along both sides: a bus, a train, an airliner's cabin (seen down its length). */
function cabin(c: SetContext, kind: 'bus' | 'train' | 'aircraft'): string {
  const { w, h, s, palette } = c;
  // The lens: the cabin's walls meet the frame's sides in a landscape frame; a tall frame sees more of the rows, less of the walls.
  const f = Math.max(w * 0.5, h * 0.42);
  const vy = h * 0.42;
  const at = (x: number, y: number, z: number): [number, number] => [w / 2 + (x * f) / z, vy + (y * f) / z];
  const plane = (x0: number, y0: number, x1: number, y1: number, z: number, fill: string, extra = '') => {
    const [a0, b0] = at(x0, y0, z);
    const [a1, b1] = at(x1, y1, z);
    return rect(Math.min(a0, a1), Math.min(b0, b1), Math.abs(a1 - a0), Math.abs(b1 - b0), fill, extra);
  };
  const side = (x: number, y0: number, y1: number, z0: number, z1: number, fill: string, extra = '') =>
    poly([at(x, y0, z0), at(x, y0, z1), at(x, y1, z1), at(x, y1, z0)], fill, extra);
  const aircraft = kind === 'aircraft';
  const wall = aircraft ? '#d7d6cf' : kind === 'train' ? palette.wall : '#c2bcae';
  const far = 9;
  const near = 0.6;
  const parts = [
    rect(0, 0, w, h, wall),
    poly(
      [[0, h], at(-1, 0.9, near), at(-1, 0.9, far), at(1, 0.9, far), at(1, 0.9, near), [w, h]],
      aircraft ? '#3e4452' : palette.floor,
    ),
    poly(
      [
        [w * 0.3, h],
        at(-0.2, 0.9, near),
        at(-0.2, 0.9, far),
        at(0.2, 0.9, far),
        at(0.2, 0.9, near),
        [w * 0.7, h],
      ],
      aircraft ? '#5a3a4a' : palette.floorLine,
      'fill-opacity="0.6"',
    ),
    poly(
      [at(-1, -0.9, near), at(-1, -0.9, far), at(1, -0.9, far), at(1, -0.9, near)],
      aircraft ? '#eeede8' : '#a9a396',
    ),
    side(-1, -0.9, 0.9, near, far, wall),
    side(1, -0.9, 0.9, near, far, wall, 'fill-opacity="0.9"'),
    plane(-1, -0.9, 1, 0.9, far, aircraft ? '#bdbcb5' : '#8c877c'),
  ];
  const seat = aircraft ? hsl(220, 0.45, 0.35) : kind === 'bus' ? palette.fabric : palette.fabricDark;
  const cover = aircraft ? '#ecebe4' : kind === 'train' ? '#e6e2d6' : palette.fabricDark;
  const [skyTop, skyLow] = skyPair(c);
  const pane = vertical(c, skyTop, skyLow);
  for (let z = far - 0.5; z >= 1.6; z -= 0.75) {
    for (const x of [-1, 1] as const) {
      if (aircraft) {
        const [cx0, cy0] = at(x, -0.22, z + 0.1);
        const [cx1, cy1] = at(x, -0.22, z + 0.3);
        const [, top] = at(x, -0.36, z + 0.2);
        parts.push(
          ellipse(
            (cx0 + cx1) / 2,
            (cy0 + cy1) / 2,
            Math.abs(cx1 - cx0) / 2,
            Math.abs((cy0 + cy1) / 2 - top),
            pane,
            `stroke="#9a9890" stroke-width="${n((s * 0.006) / z)}"`,
          ),
        );
      } else {
        parts.push(
          side(
            x,
            -0.55,
            0.02,
            z + 0.05,
            z + 0.65,
            pane,
            `stroke="#444" stroke-width="${n((s * 0.008) / z)}"`,
          ),
        );
      }
      if (kind === 'train') parts.push(side(x * 0.98, -0.66, -0.62, z, z + 0.7, palette.metal));
      // The seat back facing the camera, its top face, its head cover.
      parts.push(
        poly(
          [
            at(x * 0.95, -0.02, z),
            at(x * 0.95, -0.02, z + 0.18),
            at(x * 0.24, -0.02, z + 0.18),
            at(x * 0.24, -0.02, z),
          ],
          shadeSeat(seat),
        ),
        plane(x * 0.95, -0.02, x * 0.24, 0.65, z, seat, `rx="${n((s * 0.03) / z)}"`),
        plane(x * 0.9, 0.0, x * 0.3, 0.14, z, cover),
      );
      if (kind === 'bus' && Math.round(z * 4) % 3 === 0)
        parts.push(
          side(x * 0.23, -0.9, 0.9, z - 0.02, z, '#e0b323'),
          plane(x * 0.235, -0.9, x * 0.225, 0.9, z, '#e0b323'),
        );
    }
  }
  if (aircraft) {
    parts.push(side(-0.6, -0.9, -0.52, near, far, '#f4f3ee'), side(0.6, -0.9, -0.52, near, far, '#f4f3ee'));
    parts.push(
      poly([at(-0.6, -0.52, near), at(-0.6, -0.52, far), at(-1, -0.52, far), at(-1, -0.52, near)], '#d0cfc8'),
      poly([at(0.6, -0.52, near), at(0.6, -0.52, far), at(1, -0.52, far), at(1, -0.52, near)], '#d0cfc8'),
    );
  }
  for (let z = 1; z < far; z += 1.6) {
    const [x0, y0] = at(-0.12, -0.9, z);
    const [x1] = at(0.12, -0.9, z);
    c.glows.push(rect(x0, y0, x1 - x0, Math.max(1, (s * 0.012) / z), '#fff8e6'));
  }
  return parts.join('');
}

function shadeSeat(colour: string): string {
  const value = Number.parseInt(colour.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 255) * 0.7)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function skyPair(c: SetContext): [string, string] {
  return c.light === 'night'
    ? ['#0a1230', '#1c2747']
    : c.light === 'dusk'
      ? ['#5a3a6a', '#f0a060']
      : ['#7fb2e0', '#e4f0f8'];
}

function boat(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.5;
  const planks: string[] = [];
  for (let index = -6; index <= 6; index += 1)
    planks.push(line(w / 2 + index * w * 0.04, h * 0.68, w / 2 + index * w * 0.16, h));
  return [
    sky(c, 0, 0, w, horizon),
    rect(0, horizon, w, h * 0.2, vertical(c, palette.water, palette.waterDeep)),
    poly(
      [
        [0, h * 0.68],
        [w, h * 0.68],
        [w, h],
        [0, h],
      ],
      palette.wood,
    ),
    `<g stroke="${palette.woodDark}" stroke-width="${n(s * 0.004)}">${planks.join('')}</g>`,
    rect(0, h * 0.56, w, s * 0.012, '#e8e6e0'),
    ...Array.from({ length: 9 }, (_, i) =>
      rect((w * i) / 8 - s * 0.006, h * 0.56, s * 0.012, h * 0.12, '#e8e6e0'),
    ),
    rect(w * 0.78, 0, s * 0.025, h * 0.7, palette.woodDark),
    `<g stroke="#d8d2c0" stroke-width="${n(s * 0.004)}">${line(w * 0.79, 0, w * 0.4, h * 0.68)}${line(w * 0.79, h * 0.05, w, h * 0.5)}</g>`,
  ].join('');
}

// ---------------------------------------------------------------- city exteriors

function buildings(
  c: SetContext,
  x0: number,
  x1: number,
  base: number,
  maxHeight: number,
  scale: number,
): string {
  const parts: string[] = [];
  let x = x0 - c.random() * 30 * scale;
  const lit = c.light === 'day' ? '#c9d9e6' : '#ffd27a';
  while (x < x1) {
    const bw = (60 + c.random() * 110) * scale;
    const bh = maxHeight * (0.35 + c.random() * 0.65);
    parts.push(
      rect(x, base - bh, bw, bh, hsl(c.random() * 360, 0.1 + c.random() * 0.12, 0.3 + c.random() * 0.2)),
    );
    const windows: string[] = [];
    for (let wy = base - bh + 10 * scale; wy + 12 * scale < base; wy += 22 * scale) {
      for (let wx = x + 8 * scale; wx + 10 * scale < x + bw; wx += 18 * scale)
        if (c.random() < 0.55) windows.push(rect(wx, wy, 9 * scale, 12 * scale, lit));
    }
    (c.light === 'day' ? parts : c.glows).push(`<g fill-opacity="0.8">${windows.join('')}</g>`);
    x += bw + c.random() * 10 * scale;
  }
  return parts.join('');
}

function street(c: SetContext): string {
  const { w, h, s } = c;
  const horizon = h * 0.55;
  const lamps = [0.12, 0.88].map((t) => {
    glow(c, w * t, h * 0.3, s * 0.12, '#ffd27a', c.light === 'day' ? 0 : 0.8);
    return rect(w * t - s * 0.005, h * 0.3, s * 0.01, h * 0.5, '#2a2a2a');
  });
  return [
    sky(c, 0, 0, w, horizon),
    buildings(c, 0, w, horizon, h * 0.45, s / 720),
    rect(0, horizon, w, h - horizon, '#46484c'),
    poly(
      [
        [0, horizon],
        [w * 0.2, horizon],
        [0, h * 0.75],
      ],
      '#8a8780',
    ),
    poly(
      [
        [w, horizon],
        [w * 0.8, horizon],
        [w, h * 0.75],
      ],
      '#8a8780',
    ),
    ...[0, 1, 2].map((i) =>
      poly(
        [
          [w * (0.497 - i * 0.004), lerp(horizon, h, (i / 3) ** 1.5 + 0.05)],
          [w * (0.503 + i * 0.004), lerp(horizon, h, (i / 3) ** 1.5 + 0.05)],
          [w * (0.506 + i * 0.006), lerp(horizon, h, (i / 3) ** 1.5 + 0.15)],
          [w * (0.494 - i * 0.006), lerp(horizon, h, (i / 3) ** 1.5 + 0.15)],
        ],
        '#e8e2c8',
      ),
    ),
    ...lamps,
  ].join('');
}

function rooftop(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.62;
  return [
    sky(c, 0, 0, w, horizon),
    buildings(c, 0, w, horizon, h * 0.25, s / 1100),
    rect(0, horizon, w, h - horizon, '#4f4c48'),
    rect(0, horizon - s * 0.06, w, s * 0.06, palette.stone),
    rect(0, horizon - s * 0.075, w, s * 0.015, '#6e6a64'),
    rect(w * 0.72, horizon - s * 0.36, s * 0.14, s * 0.16, palette.woodDark, `rx="${n(s * 0.02)}"`),
    ...[0.74, 0.8, 0.86].map((t) => rect(w * t, horizon - s * 0.2, s * 0.008, s * 0.2, '#2b2b2b')),
    rect(w * 0.1, h * 0.7, s * 0.2, s * 0.12, '#8b9096'),
    rect(w * 0.12, h * 0.72, s * 0.08, s * 0.08, '#5a5e63', `rx="${n(s * 0.04)}"`),
  ].join('');
}

function alley(c: SetContext): string {
  const { w, h, s, palette } = c;
  const b = { x0: w * 0.4, x1: w * 0.6, y0: h * 0.05, y1: h * 0.5 };
  const bricks: string[] = [];
  for (let index = 1; index < 14; index += 1) {
    const t = index / 14;
    bricks.push(
      line(0, lerp(0, h, t), b.x0, lerp(b.y0, b.y1, t)),
      line(w, lerp(0, h, t), b.x1, lerp(b.y0, b.y1, t)),
    );
  }
  glow(c, w * 0.25, h * 0.35, s * 0.15, '#ffcf7a', c.light === 'day' ? 0 : 0.85);
  return [
    sky(c, b.x0, 0, b.x1 - b.x0, b.y1),
    poly(
      [
        [0, 0],
        [b.x0, b.y0],
        [b.x0, b.y1],
        [0, h],
      ],
      hsl(12, 0.35, 0.33),
    ),
    poly(
      [
        [w, 0],
        [b.x1, b.y0],
        [b.x1, b.y1],
        [w, h],
      ],
      hsl(12, 0.3, 0.27),
    ),
    `<g stroke="#2a1a15" stroke-opacity="0.5" stroke-width="${n(s * 0.004)}">${bricks.join('')}</g>`,
    poly(
      [
        [0, h],
        [b.x0, b.y1],
        [b.x1, b.y1],
        [w, h],
      ],
      '#34363a',
    ),
    `<polyline points="${[0, 1, 2, 3, 4].map((i) => `${n(lerp(w, b.x1, 0.25 + (i % 2) * 0.2))},${n(lerp(h * 0.1, h * 0.55, i / 4))}`).join(' ')}" fill="none" stroke="#15161a" stroke-width="${n(s * 0.012)}"/>`,
    rect(w * 0.14, h * 0.62, s * 0.26, s * 0.16, hsl(140, 0.3, 0.25)),
    rect(w * 0.13, h * 0.6, s * 0.28, s * 0.03, hsl(140, 0.3, 0.18)),
    rect(w * 0.25 - s * 0.02, h * 0.33, s * 0.04, s * 0.015, '#222'),
    ellipse(w * 0.62, h * 0.88, s * 0.12, s * 0.02, palette.water, 'fill-opacity="0.5"'),
  ].join('');
}

function parkingLot(c: SetContext): string {
  const { w, h, s } = c;
  const horizon = h * 0.5;
  const lines: string[] = [];
  for (let index = -5; index <= 5; index += 1)
    lines.push(line(w / 2 + index * w * 0.06, horizon + s * 0.05, w / 2 + index * w * 0.2, h * 0.8));
  const cars = [-2, 1, 3].map((i) => {
    const x = w / 2 + (i + 0.5) * w * 0.09;
    const y = horizon + s * 0.08;
    return [
      rect(x - s * 0.07, y, s * 0.14, s * 0.045, hsl(c.random() * 360, 0.45, 0.4), `rx="${n(s * 0.01)}"`),
      rect(x - s * 0.045, y - s * 0.03, s * 0.09, s * 0.035, '#2c3440', `rx="${n(s * 0.01)}"`),
    ].join('');
  });
  const lamps = [0.2, 0.8].map((t) => {
    glow(c, w * t, h * 0.22, s * 0.12, '#fff0c0', c.light === 'day' ? 0 : 0.8);
    return rect(w * t - s * 0.005, h * 0.22, s * 0.01, horizon - h * 0.22 + s * 0.1, '#333');
  });
  return [
    sky(c, 0, 0, w, horizon),
    rect(w * 0.15, horizon - s * 0.12, w * 0.7, s * 0.12, '#7a746c'),
    rect(0, horizon, w, h - horizon, '#505257'),
    `<g stroke="#e8e6de" stroke-width="${n(s * 0.005)}">${lines.join('')}</g>`,
    ...cars,
    ...lamps,
  ].join('');
}

// ---------------------------------------------------------------- nature

function treeLine(c: SetContext, base: number, height: number, colour: string): string {
  const points: string[] = [`0,${n(base)}`];
  for (let x = 0; x <= c.w; x += c.s * 0.04)
    points.push(`${n(x)},${n(base - height * (0.5 + c.random() * 0.5))}`);
  points.push(`${n(c.w)},${n(base)}`);
  return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
}

function ripples(c: SetContext, top: number, bottom: number, x0 = 0, x1 = c.w): string {
  const parts: string[] = [];
  for (let index = 0; index < 26; index += 1) {
    const t = c.random();
    const y = lerp(top, bottom, t * t);
    const x = lerp(x0, x1, c.random());
    const len = c.s * (0.02 + 0.08 * t);
    parts.push(line(x, y, x + len, y));
  }
  return `<g stroke="#ffffff" stroke-opacity="0.35" stroke-width="${n(c.s * 0.003)}">${parts.join('')}</g>`;
}

function river(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.42;
  const reeds: string[] = [];
  for (let index = 0; index < 30; index += 1) {
    const x = c.random() * w;
    const side = x < w / 2;
    const base = side ? lerp(h * 0.7, h, c.random()) : lerp(h * 0.66, h, c.random());
    if (c.random() < 0.4) continue;
    reeds.push(line(x, base, x + (c.random() - 0.5) * s * 0.04, base - s * (0.06 + c.random() * 0.08)));
  }
  return [
    sky(c, 0, 0, w, horizon),
    treeLine(c, horizon, s * 0.12, palette.foliageDark),
    rect(0, horizon, w, h * 0.05, palette.groundFar),
    `<path d="M0,${n(horizon + h * 0.05)} L${n(w)},${n(horizon + h * 0.05)} L${n(w)},${n(h * 0.64)} Q${n(w * 0.5)},${n(h * 0.6)} 0,${n(h * 0.7)} Z" fill="${vertical(c, palette.water, palette.waterDeep)}"/>`,
    ripples(c, horizon + h * 0.07, h * 0.62),
    `<path d="M0,${n(h * 0.7)} Q${n(w * 0.5)},${n(h * 0.6)} ${n(w)},${n(h * 0.64)} L${n(w)},${n(h)} L0,${n(h)} Z" fill="${vertical(c, palette.groundFar, palette.ground)}"/>`,
    `<g stroke="${palette.foliage}" stroke-width="${n(s * 0.006)}">${reeds.join('')}</g>`,
  ].join('');
}

function lake(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.45;
  const hill = `<path d="M0,${n(horizon)} Q${n(w * 0.25)},${n(horizon - s * 0.2)} ${n(w * 0.5)},${n(horizon - s * 0.06)} Q${n(w * 0.75)},${n(horizon - s * 0.22)} ${n(w)},${n(horizon - s * 0.04)} L${n(w)},${n(horizon)} Z" fill="${palette.foliageDark}"/>`;
  return [
    sky(c, 0, 0, w, horizon),
    hill,
    `<g transform="translate(0,${n(2 * horizon)}) scale(1,-1)" opacity="0.35">${hill}</g>`,
    rect(0, horizon, w, h * 0.4, vertical(c, palette.water, palette.waterDeep), 'fill-opacity="0.85"'),
    ripples(c, horizon + s * 0.02, h * 0.66),
    `<path d="M0,${n(h * 0.7)} Q${n(w * 0.6)},${n(h * 0.64)} ${n(w)},${n(h * 0.72)} L${n(w)},${n(h)} L0,${n(h)} Z" fill="${palette.ground}"/>`,
    rect(w * 0.7, h * 0.6, s * 0.3, s * 0.02, palette.woodDark),
  ].join('');
}

function beach(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.48;
  const waves: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    const y = lerp(h * 0.62, h * 0.7, index / 3);
    waves.push(
      `<path d="M0,${n(y)} Q${n(w * 0.25)},${n(y - s * 0.015)} ${n(w * 0.5)},${n(y)} T${n(w)},${n(y)}" fill="none"/>`,
    );
  }
  return [
    sky(c, 0, 0, w, horizon),
    rect(0, horizon, w, h * 0.24, vertical(c, palette.waterDeep, palette.water)),
    `<g stroke="#ffffff" stroke-opacity="0.6" stroke-width="${n(s * 0.005)}">${waves.join('')}</g>`,
    `<path d="M0,${n(h * 0.72)} Q${n(w * 0.5)},${n(h * 0.69)} ${n(w)},${n(h * 0.73)} L${n(w)},${n(h)} L0,${n(h)} Z" fill="${hsl(42, 0.45, 0.68)}"/>`,
    ripples(c, horizon + s * 0.01, h * 0.6),
  ].join('');
}

function forest(c: SetContext): string {
  const { w, h, s, palette } = c;
  const trunks: string[] = [];
  for (let index = 0; index < 14; index += 1) {
    const depth = index / 14;
    const x = c.random() * w;
    const tw = s * lerp(0.015, 0.09, depth);
    const base = lerp(h * 0.62, h * 0.98, depth);
    trunks.push(rect(x - tw / 2, 0, tw, base, hsl(25, 0.3, lerp(0.32, 0.16, depth))));
  }
  return [
    rect(0, 0, w, h, vertical(c, palette.foliage, palette.foliageDark)),
    ...skyGaps(c),
    rect(0, h * 0.6, w, h * 0.4, vertical(c, palette.groundFar, palette.ground)),
    ...trunks,
    treeLine(c, h * 0.2, s * 0.2, palette.foliageDark).replace(
      '<polygon',
      `<polygon transform="scale(1,-1) translate(0,-${n(h * 0.2)})"`,
    ),
  ].join('');
}

function skyGaps(c: SetContext): string[] {
  const [, low] = skyPair(c);
  return Array.from({ length: 6 }, () =>
    ellipse(c.random() * c.w, c.random() * c.h * 0.4, c.s * 0.06, c.s * 0.04, low, 'fill-opacity="0.6"'),
  );
}

function field(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.58;
  const posts = Array.from({ length: 8 }, (_, i) => {
    const x = w * (0.05 + i * 0.13);
    return rect(x, h * 0.7 - s * 0.08, s * 0.012, s * 0.1, palette.woodDark);
  });
  return [
    sky(c, 0, 0, w, horizon),
    rect(0, horizon, w, h - horizon, vertical(c, hsl(60, 0.4, 0.5), palette.ground)),
    ellipse(w * 0.72, horizon - s * 0.1, s * 0.09, s * 0.07, palette.foliageDark),
    rect(w * 0.72 - s * 0.01, horizon - s * 0.06, s * 0.02, s * 0.07, palette.woodDark),
    ...posts,
    `<g stroke="${palette.woodDark}" stroke-width="${n(s * 0.005)}">${line(0, h * 0.7 - s * 0.06, w, h * 0.7 - s * 0.06)}${line(0, h * 0.7 - s * 0.02, w, h * 0.7 - s * 0.02)}</g>`,
  ].join('');
}

function mountain(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.7;
  const peaks = [0.15, 0.45, 0.78].map((t, i) => {
    const top = h * (0.15 + i * 0.06 + c.random() * 0.06);
    const x = w * t;
    const half = w * 0.28;
    const snow = (horizon - top) * 0.3;
    return [
      poly(
        [
          [x - half, horizon],
          [x, top],
          [x + half, horizon],
        ],
        hsl(220, 0.1, 0.4 + i * 0.05),
      ),
      poly(
        [
          [x - half * (snow / (horizon - top)), top + snow],
          [x, top],
          [x + half * (snow / (horizon - top)), top + snow],
        ],
        '#f4f6f8',
      ),
    ].join('');
  });
  const scree = poly(
    [
      [0, h],
      [0, h * 0.78],
      [w * 0.6, h],
    ],
    palette.stone,
  );
  return [
    sky(c, 0, 0, w, horizon),
    ...peaks,
    rect(0, horizon, w, h - horizon, palette.ground),
    scree,
    rect(0, horizon, w, s * 0.01, palette.foliageDark),
  ].join('');
}

function desert(c: SetContext): string {
  const { w, h, s } = c;
  const horizon = h * 0.55;
  const sand = hsl(35, 0.55, 0.62);
  const dune = (y: number, colour: string, amp: number) =>
    `<path d="M0,${n(y)} Q${n(w * 0.25)},${n(y - amp)} ${n(w * 0.5)},${n(y)} T${n(w)},${n(y)} L${n(w)},${n(h)} L0,${n(h)} Z" fill="${colour}"/>`;
  if (c.light === 'day') glow(c, w * 0.8, h * 0.15, s * 0.15, '#fff6c8', 0.9);
  return [
    sky(c, 0, 0, w, horizon),
    dune(horizon, hsl(32, 0.5, 0.55), s * 0.08),
    dune(h * 0.72, sand, s * 0.12),
    rect(w * 0.2, h * 0.62, s * 0.025, s * 0.14, hsl(110, 0.35, 0.3), `rx="${n(s * 0.012)}"`),
    rect(w * 0.2 - s * 0.035, h * 0.66, s * 0.02, s * 0.06, hsl(110, 0.35, 0.3), `rx="${n(s * 0.01)}"`),
  ].join('');
}

function swamp(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.5;
  const trees = [0.15, 0.62, 0.85].map((t) => {
    const x = w * t;
    const top = h * (0.12 + c.random() * 0.1);
    return `<g stroke="#2b2a22" stroke-width="${n(s * 0.012)}" fill="none"><path d="M${n(x)},${n(h * 0.62)} L${n(x)},${n(top)} M${n(x)},${n(lerp(top, h * 0.62, 0.3))} L${n(x + s * 0.08)},${n(top)} M${n(x)},${n(lerp(top, h * 0.62, 0.5))} L${n(x - s * 0.07)},${n(lerp(top, h * 0.62, 0.2))}"/></g>`;
  });
  return [
    sky(c, 0, 0, w, horizon),
    treeLine(c, horizon, s * 0.1, hsl(80, 0.2, 0.22)),
    rect(0, horizon, w, h - horizon, vertical(c, hsl(75, 0.25, 0.3), hsl(85, 0.3, 0.16))),
    ...trees,
    ...Array.from({ length: 10 }, () =>
      ellipse(c.random() * w, lerp(h * 0.65, h * 0.95, c.random()), s * 0.05, s * 0.012, palette.foliage),
    ),
    rect(0, horizon - s * 0.05, w, s * 0.1, '#dfe6d8', 'fill-opacity="0.25"'),
  ].join('');
}

function underwater(c: SetContext): string {
  const { w, h, s } = c;
  const rays: string[] = [];
  for (let index = 0; index < 5; index += 1) {
    const x = w * (0.1 + index * 0.2 + c.random() * 0.05);
    rays.push(
      poly(
        [
          [x - s * 0.03, 0],
          [x + s * 0.03, 0],
          [x + s * 0.15, h * 0.8],
          [x + s * 0.05, h * 0.8],
        ],
        '#bff4ff',
        'fill-opacity="0.12"',
      ),
    );
  }
  const bubbles = Array.from({ length: 14 }, () =>
    ellipse(
      c.random() * w,
      c.random() * h * 0.8,
      s * 0.008,
      s * 0.008,
      'none',
      `stroke="#dff9ff" stroke-width="${n(s * 0.003)}" stroke-opacity="0.7"`,
    ),
  );
  const weeds = Array.from({ length: 8 }, () => {
    const x = c.random() * w;
    return `<path d="M${n(x)},${n(h)} Q${n(x - s * 0.04)},${n(h * 0.85)} ${n(x)},${n(h * 0.75)} T${n(x)},${n(h * 0.6)}" fill="none" stroke="${hsl(140, 0.45, 0.3)}" stroke-width="${n(s * 0.012)}"/>`;
  });
  return [
    rect(0, 0, w, h, vertical(c, '#2aa6c8', '#07304a')),
    ...rays,
    `<path d="M0,${n(h * 0.86)} Q${n(w * 0.3)},${n(h * 0.8)} ${n(w * 0.6)},${n(h * 0.86)} T${n(w)},${n(h * 0.84)} L${n(w)},${n(h)} L0,${n(h)} Z" fill="${hsl(40, 0.3, 0.45)}"/>`,
    ellipse(w * 0.25, h * 0.88, s * 0.08, s * 0.04, '#5b6066'),
    ellipse(w * 0.7, h * 0.9, s * 0.12, s * 0.05, '#4f5459'),
    ...weeds,
    ...bubbles,
  ].join('');
}

function nightSky(c: SetContext): string {
  const { w, h, s } = c;
  const horizon = h * 0.78;
  const stars: string[] = [];
  for (let index = 0; index < 160; index += 1)
    stars.push(ellipse(c.random() * w, c.random() * horizon, s * 0.0018, s * 0.0018, '#ffffff'));
  const band = poly(
    [
      [0, h * 0.5],
      [w * 0.3, h * 0.1],
      [w * 0.55, 0],
      [w * 0.2, h * 0.45],
    ],
    '#8b8fd6',
    'fill-opacity="0.12"',
  );
  glow(c, w * 0.8, h * 0.2, s * 0.1, '#eef2ff', 0.45);
  c.glows.push(
    ellipse(w * 0.8, h * 0.2, s * 0.035, s * 0.035, '#f4f6ff'),
    ...stars.map((star) => star.replace('#ffffff', '#ffffff" fill-opacity="0.9')),
  );
  return [
    rect(0, 0, w, h, vertical(c, '#03051a', '#18204a')),
    band,
    treeLine(c, horizon, s * 0.06, '#05060a'),
    rect(0, horizon, w, h - horizon, '#05060a'),
  ].join('');
}

// ---------------------------------------------------------------- event spaces

/** The big top from outside: a striped tent on open ground, strings of bulbs to its peak. */
function circusTent(c: SetContext): string {
  const { w, h, s } = c;
  const horizon = h * 0.66;
  const peak = { x: w / 2, y: h * 0.12 };
  const eave = h * 0.38;
  const left = w / 2 - Math.min(w * 0.42, s * 0.75);
  const right = w - left;
  const stripes: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const x0 = lerp(left, right, index / 10);
    const x1 = lerp(left, right, (index + 1) / 10);
    const colour = index % 2 === 0 ? '#b8232f' : '#f1e6d0';
    stripes.push(
      poly(
        [
          [peak.x, peak.y],
          [x0, eave],
          [x1, eave],
        ],
        colour,
      ),
      rect(x0, eave, x1 - x0, horizon - eave, colour),
    );
  }
  const bulbs: string[] = [];
  for (const end of [left - w * 0.06, right + w * 0.06]) {
    for (let index = 0; index <= 12; index += 1) {
      const t = index / 12;
      bulbs.push(
        ellipse(
          lerp(peak.x, end, t),
          lerp(peak.y, horizon, t) + Math.sin(t * Math.PI) * s * 0.03,
          s * 0.007,
          s * 0.007,
          '#ffe08a',
        ),
      );
    }
  }
  c.glows.push(...bulbs);
  glow(c, peak.x, horizon - s * 0.1, s * 0.12, '#ffd27a', 0.7);
  return [
    sky(c, 0, 0, w, horizon),
    rect(0, horizon, w, h - horizon, vertical(c, hsl(35, 0.3, 0.35), hsl(30, 0.3, 0.22))),
    ...stripes,
    poly(
      [
        [peak.x - s * 0.07, horizon],
        [peak.x, horizon - s * 0.2],
        [peak.x + s * 0.07, horizon],
      ],
      '#2a0f14',
    ),
    rect(peak.x - s * 0.004, peak.y - s * 0.08, s * 0.008, s * 0.08, '#444'),
    poly(
      [
        [peak.x, peak.y - s * 0.08],
        [peak.x + s * 0.06, peak.y - s * 0.065],
        [peak.x, peak.y - s * 0.05],
      ],
      '#e3c22b',
    ),
  ].join('');
}

function circus(c: SetContext): string {
  if (!c.interior) return circusTent(c);
  const { w, h, s } = c;
  const apex = { x: w / 2, y: -h * 0.1 };
  const stripes: string[] = [];
  for (let index = 0; index < 16; index += 1) {
    const x0 = lerp(-w * 0.4, w * 1.4, index / 16);
    const x1 = lerp(-w * 0.4, w * 1.4, (index + 1) / 16);
    stripes.push(
      poly(
        [
          [apex.x, apex.y],
          [x0, h * 0.6],
          [x1, h * 0.6],
        ],
        index % 2 === 0 ? '#b8232f' : '#f1e6d0',
      ),
    );
  }
  const bulbs: string[] = [];
  for (let index = 0; index <= 20; index += 1) {
    const t = index / 20;
    const x = w * t;
    const y = h * 0.12 + Math.sin(t * Math.PI * 2) ** 2 * s * 0.05;
    bulbs.push(ellipse(x, y, s * 0.008, s * 0.008, '#ffe08a'));
    if (index % 4 === 0) glow(c, x, y, s * 0.05, '#ffd27a', 0.6);
  }
  c.glows.push(...bulbs);
  glow(c, w / 2, h * 0.75, s * 0.35, '#fff2c8', 0.35);
  return [
    rect(0, 0, w, h, '#2a0f14'),
    ...stripes,
    rect(0, h * 0.6, w, h * 0.4, hsl(30, 0.35, 0.3)),
    ellipse(w / 2, h * 0.78, w * 0.42, h * 0.14, '#c9a46a'),
    ellipse(w / 2, h * 0.78, w * 0.42, h * 0.14, 'none', `stroke="#b8232f" stroke-width="${n(s * 0.03)}"`),
    rect(w / 2 - s * 0.008, apex.y, s * 0.016, h * 0.72, '#c9b27a'),
    rect(0, h * 0.52, w, s * 0.08, '#3a1418'),
  ].join('');
}

function stadium(c: SetContext): string {
  const { w, h, s } = c;
  const parts = [sky(c, 0, 0, w, h * 0.3)];
  for (let tier = 0; tier < 4; tier += 1) {
    const top = h * (0.2 + tier * 0.08);
    parts.push(rect(0, top, w, h * 0.08, hsl(215, 0.25, 0.22 + tier * 0.04)));
    const crowd: string[] = [];
    for (let x = s * 0.01; x < w; x += s * 0.018)
      crowd.push(
        ellipse(
          x + c.random() * s * 0.006,
          top + h * 0.03 + c.random() * h * 0.02,
          s * 0.006,
          s * 0.007,
          hsl(c.random() * 360, 0.4, 0.55),
        ),
      );
    parts.push(`<g>${crowd.join('')}</g>`);
  }
  parts.push(
    poly(
      [
        [0, h * 0.52],
        [w, h * 0.52],
        [w, h],
        [0, h],
      ],
      hsl(110, 0.45, 0.35),
    ),
    `<g stroke="#ffffff" stroke-opacity="0.8" stroke-width="${n(s * 0.006)}" fill="none">${line(0, h * 0.62, w, h * 0.62)}${ellipse(w / 2, h * 0.78, w * 0.16, h * 0.08, 'none')}${line(w / 2, h * 0.52, w / 2, h)}</g>`,
  );
  for (const t of [0.1, 0.9]) {
    parts.push(rect(w * t - s * 0.06, h * 0.02, s * 0.12, s * 0.05, '#e9edf2'));
    glow(c, w * t, h * 0.04, s * 0.14, '#ffffff', 0.7);
  }
  return parts.join('');
}

function stage(c: SetContext): string {
  const { w, h, s, palette } = c;
  const curtain = hsl(350, 0.65, 0.32);
  const folds: string[] = [];
  for (let x = 0; x < w * 0.2; x += s * 0.03)
    folds.push(line(x, 0, x, h * 0.72), line(w - x, 0, w - x, h * 0.72));
  glow(c, w * 0.5, h * 0.55, s * 0.3, '#fff6d8', 0.5);
  return [
    rect(0, 0, w, h, '#0e0b10'),
    rect(w * 0.2, h * 0.12, w * 0.6, h * 0.6, '#1c1820'),
    poly(
      [
        [w * 0.42, h * 0.12],
        [w * 0.58, h * 0.12],
        [w * 0.75, h * 0.72],
        [w * 0.25, h * 0.72],
      ],
      '#fff3d0',
      'fill-opacity="0.12"',
    ),
    rect(0, 0, w * 0.2, h * 0.72, curtain),
    rect(w * 0.8, 0, w * 0.2, h * 0.72, curtain),
    rect(0, 0, w, h * 0.12, curtain),
    `<g stroke="#1a0508" stroke-opacity="0.5" stroke-width="${n(s * 0.006)}">${folds.join('')}</g>`,
    rect(0, h * 0.72, w, h * 0.06, palette.wood),
    rect(0, h * 0.78, w, h * 0.22, '#120e12'),
    ...Array.from({ length: 10 }, (_, i) =>
      ellipse(w * (0.05 + i * 0.1), h * 0.95, s * 0.045, s * 0.05, '#1f1a20'),
    ),
  ].join('');
}

// ---------------------------------------------------------------- fallbacks

function interior(c: SetContext): string {
  const { b, markup } = roomBox(c, { x0: 0.2, y0: 0.12, x1: 0.8, y1: 0.62 });
  const { s, palette } = c;
  const bw = b.x1 - b.x0;
  return [
    markup,
    windowPane(c, lerp(b.x0, b.x1, 0.12), b.y0 + s * 0.06, bw * 0.22, s * 0.2),
    rect(lerp(b.x0, b.x1, 0.66), b.y1 - s * 0.3, bw * 0.16, s * 0.3, palette.woodDark),
    ellipse(lerp(b.x0, b.x1, 0.79), b.y1 - s * 0.15, s * 0.008, s * 0.008, palette.metal),
    rect(lerp(b.x0, b.x1, 0.38), b.y1 - s * 0.1, bw * 0.2, s * 0.02, palette.wood),
  ].join('');
}

function exterior(c: SetContext): string {
  const { w, h, s, palette } = c;
  const horizon = h * 0.58;
  const houses = [0.12, 0.62].map((t) => {
    const x = w * t;
    const hw = s * 0.28;
    const top = horizon - s * 0.16;
    return [
      poly(
        [
          [x - s * 0.02, top],
          [x + hw / 2, top - s * 0.1],
          [x + hw + s * 0.02, top],
        ],
        palette.woodDark,
      ),
      rect(x, top, hw, s * 0.16, palette.wall),
      rect(x + hw * 0.4, top + s * 0.06, hw * 0.2, s * 0.1, palette.woodDark),
    ].join('');
  });
  return [
    sky(c, 0, 0, w, horizon),
    treeLine(c, horizon, s * 0.08, palette.foliageDark),
    rect(0, horizon, w, h - horizon, vertical(c, palette.groundFar, palette.ground)),
    ...houses,
    poly(
      [
        [w * 0.45, horizon],
        [w * 0.55, horizon],
        [w * 0.75, h],
        [w * 0.25, h],
      ],
      '#7d7565',
    ),
  ].join('');
}

export const SET_DRAWINGS = {
  bedroom,
  kitchen,
  'living-room': livingRoom,
  office,
  bar,
  hospital,
  classroom,
  hallway,
  bathroom,
  church,
  warehouse,
  car,
  bus: (c: SetContext) => cabin(c, 'bus'),
  train: (c: SetContext) => cabin(c, 'train'),
  aircraft: (c: SetContext) => cabin(c, 'aircraft'),
  boat,
  street,
  rooftop,
  alley,
  'parking-lot': parkingLot,
  river,
  lake,
  beach,
  forest,
  field,
  mountain,
  desert,
  swamp,
  underwater,
  'night-sky': nightSky,
  circus,
  stadium,
  stage,
  interior,
  exterior,
} satisfies Record<string, SetDrawing>;

export type SetKind = keyof typeof SET_DRAWINGS;

export const SET_KINDS = Object.keys(SET_DRAWINGS) as [SetKind, ...SetKind[]];
