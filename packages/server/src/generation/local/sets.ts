import type { View } from '@reelbench/sdk/contract';
import { hashString } from './palette.js';
import { SET_DRAWINGS, type SetKind } from './set-classes.js';
import { ellipse, type Light, line, n, rect, type SetContext, setContext, shade } from './set-draw.js';

/**
 * Which set a location is, from its words and the scene heading: the class (SET_CLASSES, drawn by
 * set-classes.ts), interior or exterior, and the light of the time of day. The same location name
 * seeds the palette, so two bedrooms differ and one bedroom is the same in every shot.
 */

export type { Light, SetKind };

export interface SetSpec {
  kind: SetKind;
  interior: boolean;
  light: Light;
  /** hashString of the location's name: the palette and every random choice of the drawing. */
  seed: number;
}

interface SetClass {
  words: readonly string[];
  interior: boolean;
}

/** The words that name each class; a location takes the class whose word comes last in its name (the head noun). */
export const SET_CLASSES: Record<Exclude<SetKind, 'interior' | 'exterior'>, SetClass> = {
  bedroom: {
    words: [
      'bedroom',
      'bedrooms',
      'dorm',
      'dormitory',
      'nursery',
      'bunk',
      'motel room',
      'hotel room',
      'bedchamber',
    ],
    interior: true,
  },
  kitchen: { words: ['kitchen', 'kitchenette', 'galley', 'pantry', 'scullery'], interior: true },
  'living-room': {
    words: [
      'living room',
      'lounge',
      'sitting room',
      'parlor',
      'parlour',
      'den',
      'apartment',
      'flat',
      'house',
      'home',
      'cottage',
      'farmhouse',
      'lobby',
    ],
    interior: true,
  },
  office: {
    words: [
      'office',
      'study',
      'newsroom',
      'precinct',
      'bullpen',
      'studio',
      'police station',
      'bank',
      'library',
      'headquarters',
      'hq',
      'lab',
      'laboratory',
      'control room',
    ],
    interior: true,
  },
  bar: {
    words: [
      'bar',
      'pub',
      'tavern',
      'saloon',
      'restaurant',
      'diner',
      'cafe',
      'café',
      'coffee shop',
      'bistro',
      'nightclub',
      'club',
      'canteen',
      'cafeteria',
    ],
    interior: true,
  },
  hospital: {
    words: [
      'hospital',
      'ward',
      'clinic',
      'infirmary',
      'icu',
      'er',
      'surgery',
      'operating room',
      'sickroom',
      "doctor's office",
    ],
    interior: true,
  },
  classroom: {
    words: [
      'classroom',
      'school',
      'lecture hall',
      'schoolroom',
      'class',
      'kindergarten',
      'university',
      'college',
    ],
    interior: true,
  },
  hallway: {
    words: ['hallway', 'corridor', 'hall', 'passage', 'stairwell', 'landing', 'elevator', 'lift', 'tunnel'],
    interior: true,
  },
  bathroom: {
    words: ['bathroom', 'restroom', 'toilet', 'washroom', 'shower', 'lavatory', 'loo', 'bath'],
    interior: true,
  },
  church: {
    words: [
      'church',
      'chapel',
      'cathedral',
      'temple',
      'mosque',
      'synagogue',
      'monastery',
      'abbey',
      'sanctuary',
    ],
    interior: true,
  },
  warehouse: {
    words: [
      'warehouse',
      'factory',
      'garage',
      'hangar',
      'barn',
      'workshop',
      'depot',
      'mill',
      'storeroom',
      'basement',
      'cellar',
      'attic',
      'loft',
    ],
    interior: true,
  },
  car: {
    words: [
      'car',
      'taxi',
      'cab',
      'truck',
      'van',
      'jeep',
      'limo',
      'limousine',
      'sedan',
      'pickup',
      'police car',
      'cruiser',
      'squad car',
      'suv',
    ],
    interior: true,
  },
  bus: { words: ['bus', 'coach', 'minibus', 'tram', 'streetcar', 'school bus'], interior: true },
  train: {
    words: ['train', 'subway', 'metro', 'carriage', 'railcar', 'compartment', 'underground'],
    interior: true,
  },
  aircraft: {
    words: [
      'airliner',
      'airplane',
      'aeroplane',
      'plane',
      'aircraft',
      'jet',
      'cockpit',
      'flight',
      'airship',
      'helicopter',
    ],
    interior: true,
  },
  boat: {
    words: [
      'boat',
      'ship',
      'deck',
      'ferry',
      'yacht',
      'dock',
      'pier',
      'harbor',
      'harbour',
      'port',
      'wharf',
      'marina',
      'sailboat',
      'trawler',
      'raft',
      'canoe',
    ],
    interior: false,
  },
  street: {
    words: [
      'street',
      'road',
      'avenue',
      'boulevard',
      'sidewalk',
      'pavement',
      'crossing',
      'intersection',
      'city',
      'town',
      'downtown',
      'square',
      'plaza',
      'market',
      'highway',
      'bridge',
    ],
    interior: false,
  },
  rooftop: { words: ['rooftop', 'roof', 'terrace', 'balcony', 'skyscraper'], interior: false },
  alley: { words: ['alley', 'alleyway', 'backstreet', 'lane', 'backyard'], interior: false },
  'parking-lot': {
    words: [
      'parking lot',
      'car park',
      'parking',
      'parking garage',
      'gas station',
      'petrol station',
      'lot',
      'driveway',
    ],
    interior: false,
  },
  river: {
    words: ['river', 'riverbank', 'stream', 'creek', 'brook', 'canal', 'waterfall', 'ford', 'bank'],
    interior: false,
  },
  lake: { words: ['lake', 'pond', 'lakeside', 'reservoir', 'loch', 'lagoon'], interior: false },
  beach: {
    words: [
      'beach',
      'sea',
      'ocean',
      'shore',
      'seaside',
      'coast',
      'bay',
      'surf',
      'cliff',
      'cliffs',
      'seashore',
    ],
    interior: false,
  },
  forest: {
    words: [
      'forest',
      'woods',
      'wood',
      'woodland',
      'jungle',
      'grove',
      'trees',
      'clearing',
      'park',
      'garden',
      'orchard',
      'campfire',
      'campsite',
      'camp',
    ],
    interior: false,
  },
  field: {
    words: [
      'field',
      'fields',
      'meadow',
      'farm',
      'prairie',
      'pasture',
      'countryside',
      'hill',
      'hills',
      'plain',
      'plains',
      'valley',
      'cemetery',
      'graveyard',
      'yard',
      'lawn',
    ],
    interior: false,
  },
  mountain: {
    words: ['mountain', 'mountains', 'peak', 'summit', 'ridge', 'glacier', 'canyon', 'cave', 'slope'],
    interior: false,
  },
  desert: { words: ['desert', 'dunes', 'dune', 'wasteland', 'badlands', 'sahara', 'mesa'], interior: false },
  swamp: { words: ['swamp', 'marsh', 'bog', 'bayou', 'wetlands', 'fen', 'mire'], interior: false },
  underwater: {
    words: ['underwater', 'under water', 'seabed', 'ocean floor', 'reef', 'beneath the surface'],
    interior: false,
  },
  'night-sky': {
    words: ['night sky', 'starry sky', 'space', 'stars', 'heavens', 'outer space', 'orbit'],
    interior: false,
  },
  circus: {
    words: ['circus', 'big top', 'carnival', 'fairground', 'funfair', 'fair', 'tent', 'ring'],
    interior: true,
  },
  stadium: {
    words: [
      'stadium',
      'arena',
      'pitch',
      'ballpark',
      'court',
      'gym',
      'gymnasium',
      'track',
      'ring side',
      'ringside',
      'field house',
    ],
    interior: false,
  },
  stage: {
    words: [
      'stage',
      'theater',
      'theatre',
      'auditorium',
      'concert',
      'opera',
      'backstage',
      'cinema',
      'podium',
      'ballroom',
    ],
    interior: true,
  },
};

export interface LocationWords {
  name: string;
  /** The asset's description: the script's first line for the place and its scene headings. */
  description?: string | null | undefined;
  /** The shot's prompt ('…, BEDROOM (interior), night, …'): this shot's heading wins over the asset's. */
  prompt?: string | null | undefined;
}

const WORD_LISTS = Object.entries(SET_CLASSES).flatMap(([kind, entry]) =>
  entry.words.map((word) => ({
    kind: kind as SetKind,
    interior: entry.interior,
    /** Its first word in lower case: a text without it cannot match, and includes() is far cheaper than the pattern. */
    probe: word.split(' ')[0] as string,
    pattern: new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}s?\\b`, 'gi'),
  })),
);

interface Match {
  kind: SetKind;
  interior: boolean;
  at: number;
}

/** The class whose word ends last in the text (the head noun: 'forest cabin' is a cabin, 'river bank' a river). */
function lastMatch(text: string, interior: boolean | null): Match | null {
  let best: (Match & { score: number }) | null = null;
  const lower = text.toLowerCase();
  for (const { kind, interior: inside, probe, pattern } of WORD_LISTS) {
    if (!lower.includes(probe)) continue;
    for (const found of text.matchAll(pattern)) {
      const at = (found.index ?? 0) + found[0].length;
      // A class that fits the heading's INT/EXT wins over one that does not.
      const score = at + (interior === null || inside === interior ? 10_000 : 0);
      if (!best || score > best.score) best = { kind, interior: inside, at, score };
    }
  }
  return best;
}

const HEADING = /\b(INT\.?\s*\/\s*EXT|EXT\.?\s*\/\s*INT|I\/E|INT|EXT|EST)\b\.?\s*(.*)$/i;
const NIGHT = /\b(night|midnight|late night|small hours|dark)\b/i;
const DUSK =
  /\b(dusk|sunset|sundown|twilight|evening|dawn|sunrise|daybreak|first light|magic hour|golden hour)\b/i;

/** INT/EXT and time of day from the shot's prompt, else from the asset's scene headings. */
function headingFacts(words: LocationWords): { interior: boolean | null; time: string | null } {
  const prompt = words.prompt ?? '';
  const inPrompt = /\((interior|exterior|interior and exterior)\),\s*([^,]*)/i.exec(prompt);
  if (inPrompt) {
    const kind = inPrompt[1]?.toLowerCase();
    return {
      interior: kind === 'interior' ? true : kind === 'exterior' ? false : null,
      time: inPrompt[2] ?? null,
    };
  }
  const headings = /Scene headings?:\s*([^\n]*)/i.exec(words.description ?? '')?.[1] ?? '';
  const first = headings.split(';')[0]?.trim() ?? '';
  const heading = HEADING.exec(first);
  if (!heading) return { interior: null, time: null };
  const prefix = (heading[1] ?? '').toUpperCase().replace(/[.\s]/g, '');
  const interior = prefix === 'INT' ? true : prefix === 'EXT' || prefix === 'EST' ? false : null;
  const time = (heading[2] ?? '').split(/\s+-\s+|,/).pop() ?? null;
  return { interior, time };
}

/** The light of a heading's time of day: night, dusk (dawn, sunset, evening), else day (LATER, CONTINUOUS too). */
function lightOf(time: string | null): Light {
  if (time && NIGHT.test(time)) return 'night';
  if (time && DUSK.test(time)) return 'dusk';
  return 'day';
}

/** The set a location is: class by its words (the name first, then its description), INT/EXT and time by the heading. */
export function setFor(words: LocationWords): SetSpec {
  const facts = headingFacts(words);
  const description = (words.description ?? '').replace(/Scene headings?:.*$/is, '');
  const found = lastMatch(words.name, facts.interior) ?? lastMatch(description, facts.interior);
  const fits =
    found &&
    (facts.interior === null ||
      found.interior === facts.interior ||
      found.kind === 'circus' ||
      found.kind === 'stage');
  const kind: SetKind = fits
    ? found.kind
    : facts.interior === false
      ? 'exterior'
      : found && facts.interior === null
        ? found.kind
        : 'interior';
  const interior =
    kind === 'interior' ? true : kind === 'exterior' ? false : (facts.interior ?? SET_CLASSES[kind].interior);
  const light = kind === 'night-sky' ? 'night' : lightOf(facts.time);
  return { kind, interior, light, seed: hashString(words.name.trim().toLowerCase()) };
}

/** The set drawn for a width x height frame: the class, the time of day's shade, then its lights. */
export function setBody(spec: SetSpec, width: number, height: number): string {
  const c = setContext(spec.seed, spec.light, spec.interior, width, height);
  const base = SET_DRAWINGS[spec.kind](c);
  return `<defs>${c.defs.join('')}</defs>${base}${shade(c, spec.interior)}${c.glows.join('')}`;
}

/** What an insert is laid on: a table top indoors, the ground outside, seen from close above. */
export function surfaceBody(spec: SetSpec, width: number, height: number): string {
  const c: SetContext = setContext(spec.seed, spec.light, spec.interior, width, height);
  const { palette, s } = c;
  // A boat's deck is planks, like a table top.
  const outdoor = !spec.interior && spec.kind !== 'boat';
  const water = spec.kind === 'underwater';
  const base = water
    ? '#0d4a63'
    : outdoor
      ? spec.kind === 'desert' || spec.kind === 'beach'
        ? '#c8a46a'
        : palette.ground
      : palette.wood;
  const marks: string[] = [];
  if (outdoor || water) {
    for (let index = 0; index < 60; index += 1)
      marks.push(
        ellipse(
          c.random() * width,
          c.random() * height,
          s * (0.004 + c.random() * 0.01),
          s * 0.004,
          '#000',
          'fill-opacity="0.18"',
        ),
      );
  } else {
    for (let y = c.random() * s * 0.05; y < height; y += s * (0.03 + c.random() * 0.05))
      marks.push(
        `<g stroke="${palette.woodDark}" stroke-opacity="0.5" stroke-width="${n(s * 0.004)}">${line(0, y, width, y + (c.random() - 0.5) * s * 0.04)}</g>`,
      );
  }
  return `${rect(0, 0, width, height, base)}${marks.join('')}${shade(c, spec.interior)}`;
}

/** A location asset's view (its image keys): the set from another side, closer, or from above. */
export function setViewBody(spec: SetSpec, view: View, width: number, height: number): string {
  switch (view) {
    case 'wide':
      return setBody(spec, width, height);
    case 'reverse':
      return `<g transform="translate(${width},0) scale(-1,1)">${setBody({ ...spec, seed: spec.seed ^ 0x2f }, width, height)}</g>`;
    case 'close':
      return `<g transform="translate(${n(width / 2)},${n(height / 2)}) scale(1.6) translate(${n(-width / 2)},${n(-height / 2)})">${setBody(spec, width, height)}</g>`;
    case 'left90':
      return `<g transform="translate(${n(-width * 0.25)},0) scale(1.25,1)">${setBody(spec, width, height)}</g>`;
    case 'right90':
      return `<g transform="translate(${n(width * 1.25)},0) scale(-1.25,1)">${setBody(spec, width, height)}</g>`;
    case 'aerial':
      return surfaceBody(spec, width, height);
    case 'exterior':
      // An interior's building from outside; an exterior place from further out.
      return spec.interior
        ? setBody({ ...spec, kind: 'exterior', interior: false }, width, height)
        : `<g transform="scale(${n(1 / 1.5, 4)})">${setBody(spec, width * 1.5, height * 1.5)}</g>`;
  }
}
