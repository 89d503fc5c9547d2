import { hashString, hsl } from './palette.js';
import { num as n } from './svg.js';

/**
 * The figures of the local renderer: a person drawn from what the script says about them (age from
 * '(8)', '(40s)', YOUNG, OLD, LITTLE; a build; hair and clothes colours named in their description),
 * the rest seeded by their name, so the same person looks the same in every shot. Drawn in a
 * 100-unit box centred on the origin (y grows downwards), feet on its bottom edge, so the frame
 * renderer scales it like any placement.
 */

export type AgeGroup = 'child' | 'teen' | 'adult' | 'old';

export interface Person {
  age: AgeGroup;
  /** Width factor of shoulders, hips and limbs: about 0.85 (slight) to 1.25 (heavy). */
  build: number;
  skin: string;
  hair: string;
  /** Hair length: short, or long to the shoulders. */
  longHair: boolean;
  beard: boolean;
  outfit: string;
  outfitShade: string;
  trousers: string;
}

/** Height of the figure in the box, by age: a child stands at 60% of an adult in the same framing. */
export const FIGURE_HEIGHT: Record<AgeGroup, number> = { child: 60, teen: 88, adult: 100, old: 94 };

const SKIN_TONES = ['#f1c9a5', '#e0ac7e', '#c68642', '#8d5524', '#5c3a21', '#ffdbac'] as const;
const HAIR_COLOURS = ['#2b1d14', '#5a3825', '#a0522d', '#d8b26e', '#1c1c1c', '#6b4a2e'] as const;

const COLOUR_WORDS: Record<string, string> = {
  red: '#b8302a',
  crimson: '#9e1b2c',
  scarlet: '#c4262e',
  maroon: '#6a1b23',
  pink: '#d97a9a',
  orange: '#d9772b',
  yellow: '#e3c22b',
  gold: '#c9a23a',
  golden: '#c9a23a',
  green: '#3f8a4a',
  olive: '#6b7134',
  teal: '#2d7f80',
  blue: '#2f5fa8',
  navy: '#1f2d55',
  purple: '#6a3d8f',
  violet: '#7a4fa8',
  brown: '#6b4a2e',
  tan: '#b58b5a',
  beige: '#cdb892',
  khaki: '#a89a6a',
  black: '#1d1d1f',
  white: '#ecebe6',
  grey: '#7d7f83',
  gray: '#7d7f83',
  silver: '#b8bcc2',
  cream: '#e8dfc4',
  denim: '#44618c',
};
const HAIR_WORDS: Record<string, string> = {
  grey: '#9a9a9a',
  gray: '#9a9a9a',
  silver: '#c4c6c8',
  white: '#e6e4de',
  blond: '#d8b26e',
  blonde: '#d8b26e',
  fair: '#d8b26e',
  red: '#a8461f',
  ginger: '#b5561f',
  auburn: '#8a3b1f',
  brown: '#5a3825',
  dark: '#2b1d14',
  black: '#1c1c1c',
  raven: '#141414',
};
const CLOTHES =
  'coat|raincoat|overcoat|jacket|dress|suit|shirt|blouse|sweater|jumper|hoodie|uniform|gown|robe|scarf|cardigan|overalls|t-shirt|tee|top|parka|cloak|vest|waistcoat|tracksuit|apron|scrubs|kimono|sari|tunic|coveralls|outfit|clothes|cape|blazer|pyjamas|pajamas|anorak|mac|trench';

/** What the script says of a person's age: '(8)', '(40s)', 'OLD TOM', 'a little girl'. */
export function ageOf(name: string, description: string | null | undefined): AgeGroup {
  const text = `${name} ${description ?? ''}`;
  const years = /\((?:about |around |almost |nearly |early |mid-?|late |age |aged )?(\d{1,3})(s|'s)?\)/i.exec(
    text,
  );
  if (years) {
    const age = Number(years[1]);
    if (age < 13) return 'child';
    if (age < 18) return 'teen';
    return age >= 60 ? 'old' : 'adult';
  }
  const decade =
    /\((?:early |mid-?|late )?(twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties|teens)\)/i.exec(
      text,
    )?.[1];
  if (decade)
    return decade === 'teens'
      ? 'teen'
      : /sixties|seventies|eighties|nineties/i.test(decade)
        ? 'old'
        : 'adult';
  if (
    /\b(baby|infant|toddler|child|kid|little (?:girl|boy)|small (?:girl|boy)|schoolgirl|schoolboy|little|boy|girl)\b/i.test(
      text,
    )
  )
    return 'child';
  if (/\b(teen|teenager|teenage|adolescent|youth)\b/i.test(text)) return 'teen';
  if (
    /\b(old|elderly|aged|ancient|grandmother|grandfather|granny|grandma|grandpa|gran|pensioner|widow|stooped)\b/i.test(
      text,
    )
  )
    return 'old';
  return 'adult';
}

function buildOf(description: string, seed: number): number {
  if (
    /\b(stocky|heavy|heavyset|big|broad|burly|fat|portly|hulking|large|muscular|barrel)\b/i.test(description)
  )
    return 1.25;
  if (/\b(thin|slim|slender|skinny|wiry|lean|gaunt|slight|frail|petite|willowy)\b/i.test(description))
    return 0.85;
  return 0.9 + ((seed >>> 20) % 25) / 100;
}

const CLOTHES_COLOUR = new RegExp(
  `\\b(${Object.keys(COLOUR_WORDS).join('|')})(?:[\\s-]+\\w+)?[\\s-]+(?:${CLOTHES})\\b`,
  'i',
);
const HAIR_COLOUR = new RegExp(
  `\\b(${Object.keys(HAIR_WORDS).join('|')})(?:[\\s-]+\\w+)?[\\s-]+(?:hair|haired|beard|bearded|curls|locks|braids|ponytail|bun)\\b`,
  'i',
);

/** The first colour the description gives a garment ('a yellow raincoat', 'in a red dress'). */
function clothesColour(description: string): string | null {
  const found = CLOTHES_COLOUR.exec(description);
  return found?.[1] ? (COLOUR_WORDS[found[1].toLowerCase()] ?? null) : null;
}

function hairColour(description: string): string | null {
  const found = HAIR_COLOUR.exec(description);
  return found?.[1] ? (HAIR_WORDS[found[1].toLowerCase()] ?? null) : null;
}

function shadeOf(hex: string, factor: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((value >> shift) & 255) * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** A person as the script describes them; the rest seeded by the name. */
export function personOf(name: string, description?: string | null): Person {
  const text = description ?? '';
  const seed = hashString(name.trim().toLowerCase());
  const age = ageOf(name, text);
  const outfit = clothesColour(text) ?? hsl(seed % 360, 0.5, 0.45);
  const namedHair = hairColour(text);
  const hair =
    namedHair ??
    (age === 'old' ? '#b9b9b6' : (HAIR_COLOURS[(seed >>> 8) % HAIR_COLOURS.length] ?? HAIR_COLOURS[0]));
  const female =
    /\b(she|her|woman|girl|mother|mom|mum|lady|daughter|sister|wife|grandmother|granny|queen|aunt|actress|waitress)\b/i.test(
      text,
    );
  return {
    age,
    build: buildOf(text, seed),
    skin: SKIN_TONES[seed % SKIN_TONES.length] ?? SKIN_TONES[0],
    hair,
    longHair:
      female || /\blong (?:\w+ )?hair\b/i.test(text)
        ? !/\bshort hair\b/i.test(text)
        : (seed >>> 12) % 5 === 0,
    beard: /\bbeard|bearded\b/i.test(text),
    outfit,
    outfitShade: shadeOf(outfit, 0.72),
    trousers: hsl((seed >>> 16) % 360, 0.2, age === 'child' ? 0.35 : 0.24),
  };
}

const OUTLINE = 'stroke="#000" stroke-opacity="0.35" stroke-width="0.8"';

/**
 * The person standing in the 100-unit box, facing the camera (front or null), away from it (back),
 * or in profile (left, right). Someone seen from behind is the near person of an over-the-shoulder
 * shot, so they are drawn darker, as if out of focus in the foreground.
 */
export function personShape(person: Person, direction: string | null): string {
  const height = FIGURE_HEIGHT[person.age];
  const child = person.age === 'child';
  const headR = child ? 8.2 : person.age === 'teen' ? 7.4 : 7;
  const top = 50 - height;
  const stoop = person.age === 'old' ? 3 : 0;
  const headY = top + headR;
  const shoulderY = top + headR * 2 + (child ? 1.5 : 2.5);
  const hipY = shoulderY + height * (child ? 0.32 : 0.34);
  const shoulder = height * 0.14 * person.build * (child ? 1.1 : 1);
  const hip = height * 0.11 * person.build;
  const leg = height * 0.075 * person.build;
  const arm = height * 0.065 * person.build;
  const armLength = height * (child ? 0.34 : 0.37);
  const profile = direction === 'left' || direction === 'right';
  const facing = direction === 'left' ? -1 : 1;
  const back = direction === 'back';
  const p = person;
  const parts: string[] = [];
  const headX = profile ? facing * stoop : 0;
  if (profile) {
    const half = shoulder * 0.55;
    parts.push(
      `<rect x="${n(-leg * 0.9)}" y="${n(hipY)}" width="${n(leg * 1.1)}" height="${n(50 - hipY)}" fill="${shadeOf(p.trousers, 0.8)}"/>`,
      `<rect x="${n(-leg * 0.2)}" y="${n(hipY)}" width="${n(leg * 1.1)}" height="${n(50 - hipY)}" fill="${p.trousers}"/>`,
      `<path d="M${n(-half)},${n(shoulderY + 2)} Q0,${n(shoulderY - 1.5)} ${n(half)},${n(shoulderY + 2)} L${n(hip * 0.7)},${n(hipY + 2)} L${n(-hip * 0.7)},${n(hipY + 2)} Z" fill="${p.outfit}"/>`,
      `<rect x="${n(-arm / 2)}" y="${n(shoulderY + 1)}" width="${n(arm)}" height="${n(armLength)}" rx="${n(arm / 2)}" fill="${p.outfitShade}" transform="rotate(${facing * -8} 0 ${n(shoulderY)})"/>`,
      `<rect x="${n(-2.5)}" y="${n(headY + headR - 1)}" width="5" height="${n(shoulderY - headY - headR + 2)}" fill="${p.skin}"/>`,
      `<circle cx="${n(headX)}" cy="${n(headY)}" r="${n(headR)}" fill="${p.skin}"/>`,
      `<path d="M${n(headX + facing * headR * 0.9)},${n(headY - 1)} l${n(facing * 2.4)},${n(2.4)} l${n(-facing * 2.4)},${n(0.8)} Z" fill="${p.skin}"/>`,
      `<path d="M${n(headX - facing * headR * 1.05)},${n(headY + (p.longHair ? headR * 1.4 : headR * 0.3))} L${n(headX - facing * headR * 1.05)},${n(headY - headR * 0.2)} A${n(headR * 1.05)},${n(headR * 1.05)} 0 0 ${facing === 1 ? 1 : 0} ${n(headX + facing * headR * 0.9)},${n(headY - headR * 0.35)} L${n(headX + facing * headR * 0.2)},${n(headY - headR * 0.2)} L${n(headX - facing * headR * 0.2)},${n(headY + headR * 0.4)} Z" fill="${p.hair}"/>`,
      `<circle cx="${n(headX + facing * headR * 0.45)}" cy="${n(headY - 0.8)}" r="${n(headR * 0.13)}" fill="#1d1d1d"/>`,
    );
    if (p.beard)
      parts.push(
        `<path d="M${n(headX - facing * 1)},${n(headY + headR * 0.35)} Q${n(headX + facing * headR * 0.9)},${n(headY + headR * 0.3)} ${n(headX + facing * headR * 0.6)},${n(headY + headR * 1.2)} Q${n(headX)},${n(headY + headR * 1.4)} ${n(headX - facing * 1)},${n(headY + headR * 0.35)} Z" fill="${p.hair}"/>`,
      );
  } else {
    parts.push(
      `<rect x="${n(-hip)}" y="${n(hipY)}" width="${n(hip - 0.6)}" height="${n(50 - hipY)}" fill="${p.trousers}"/>`,
      `<rect x="0.6" y="${n(hipY)}" width="${n(hip - 0.6)}" height="${n(50 - hipY)}" fill="${p.trousers}"/>`,
      `<rect x="${n(-shoulder - arm * 0.6)}" y="${n(shoulderY + 1)}" width="${n(arm)}" height="${n(armLength)}" rx="${n(arm / 2)}" fill="${p.outfitShade}"/>`,
      `<rect x="${n(shoulder - arm * 0.4)}" y="${n(shoulderY + 1)}" width="${n(arm)}" height="${n(armLength)}" rx="${n(arm / 2)}" fill="${p.outfitShade}"/>`,
      `<circle cx="${n(-shoulder - arm * 0.1)}" cy="${n(shoulderY + armLength + 1)}" r="${n(arm * 0.55)}" fill="${p.skin}"/>`,
      `<circle cx="${n(shoulder + arm * 0.1)}" cy="${n(shoulderY + armLength + 1)}" r="${n(arm * 0.55)}" fill="${p.skin}"/>`,
      `<path d="M${n(-shoulder)},${n(shoulderY + 3)} Q0,${n(shoulderY - 2)} ${n(shoulder)},${n(shoulderY + 3)} L${n(hip + 0.5)},${n(hipY + 2)} L${n(-hip - 0.5)},${n(hipY + 2)} Z" fill="${p.outfit}"/>`,
      `<rect x="-2.6" y="${n(headY + headR - 1.5)}" width="5.2" height="${n(shoulderY - headY - headR + 3)}" fill="${p.skin}"/>`,
    );
    if (back) {
      parts.push(
        `<circle cx="0" cy="${n(headY)}" r="${n(headR)}" fill="${p.skin}"/>`,
        `<path d="M${n(-headR * 1.02)},${n(headY + (p.longHair ? headR * 1.5 : headR * 0.55))} L${n(-headR * 1.02)},${n(headY)} A${n(headR * 1.02)},${n(headR * 1.02)} 0 0 1 ${n(headR * 1.02)},${n(headY)} L${n(headR * 1.02)},${n(headY + (p.longHair ? headR * 1.5 : headR * 0.55))} Z" fill="${p.hair}"/>`,
      );
    } else {
      parts.push(
        `<circle cx="0" cy="${n(headY)}" r="${n(headR)}" fill="${p.skin}"/>`,
        p.longHair
          ? `<path d="M${n(-headR * 1.1)},${n(headY + headR * 1.3)} L${n(-headR * 1.1)},${n(headY - headR * 0.1)} A${n(headR * 1.1)},${n(headR * 1.1)} 0 0 1 ${n(headR * 1.1)},${n(headY - headR * 0.1)} L${n(headR * 1.1)},${n(headY + headR * 1.3)} L${n(headR * 0.75)},${n(headY + headR * 1.3)} L${n(headR * 0.8)},${n(headY - headR * 0.3)} Q0,${n(headY - headR * 0.55)} ${n(-headR * 0.8)},${n(headY - headR * 0.3)} L${n(-headR * 0.75)},${n(headY + headR * 1.3)} Z" fill="${p.hair}"/>`
          : `<path d="M${n(-headR * 1.02)},${n(headY - headR * 0.05)} A${n(headR * 1.02)},${n(headR * 1.02)} 0 0 1 ${n(headR * 1.02)},${n(headY - headR * 0.05)} Q0,${n(headY - headR * 0.55)} ${n(-headR * 1.02)},${n(headY - headR * 0.05)} Z" fill="${p.hair}"/>`,
        `<circle cx="${n(-headR * 0.36)}" cy="${n(headY + headR * 0.05)}" r="${n(headR * 0.12)}" fill="#1d1d1d"/>`,
        `<circle cx="${n(headR * 0.36)}" cy="${n(headY + headR * 0.05)}" r="${n(headR * 0.12)}" fill="#1d1d1d"/>`,
        `<path d="M${n(-headR * 0.3)},${n(headY + headR * 0.5)} Q0,${n(headY + headR * 0.68)} ${n(headR * 0.3)},${n(headY + headR * 0.5)}" stroke="#6a3328" stroke-width="${n(headR * 0.08)}" fill="none"/>`,
      );
      if (p.beard)
        parts.push(
          `<path d="M${n(-headR * 0.8)},${n(headY + headR * 0.25)} Q0,${n(headY + headR * 0.6)} ${n(headR * 0.8)},${n(headY + headR * 0.25)} Q${n(headR * 0.6)},${n(headY + headR * 1.5)} 0,${n(headY + headR * 1.55)} Q${n(-headR * 0.6)},${n(headY + headR * 1.5)} ${n(-headR * 0.8)},${n(headY + headR * 0.25)} Z" fill="${p.hair}"/>`,
        );
    }
  }
  const figure = parts.join('');
  const lean = stoop === 0 ? '' : ` transform="rotate(${profile ? facing * 6 : 0} 0 50)"`;
  const dimmed = back
    ? `<g opacity="0.4">${figure.replace(/fill="#[0-9a-f]{6}"/gi, 'fill="#000000"')}</g>`
    : '';
  return `<g ${OUTLINE}${lean}>${figure}</g>${dimmed}`;
}

/** How much closer the camera comes for a close-up of someone smaller: a child's face fills a close-up too. */
const CLOSE_UP_SCALE: Record<AgeGroup, number> = { child: 1.25, teen: 1.08, adult: 1, old: 1.03 };

/**
 * The person framed for a close-up: their head where an adult's would be (the camera comes down
 * to a child's eye line) and a little larger, so a close-up of anyone shows head and shoulders.
 */
export function closeUpShape(person: Person, direction: string | null): string {
  const height = FIGURE_HEIGHT[person.age];
  const scale = CLOSE_UP_SCALE[person.age];
  return `<g transform="translate(0,-50) scale(${scale}) translate(0,${height - 50})">${personShape(person, direction)}</g>`;
}
