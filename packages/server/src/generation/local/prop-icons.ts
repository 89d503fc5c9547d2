import { hashString, hsl } from './palette.js';
import { fitText, textPathData } from './text-paths.js';

/**
 * Props drawn as themselves: a small icon set chosen by the prop's noun, each in a 100-unit box
 * centred on the origin; anything else is a luggage tag with the prop's name written on it.
 */

type IconDrawing = (colour: string, dark: string) => string;

const ICONS = {
  phone: (c, d) =>
    `<rect x="-17" y="-34" width="34" height="68" rx="6" fill="#1c1d21"/><rect x="-14" y="-28" width="28" height="52" rx="2" fill="${c}"/><rect x="-11" y="-22" width="22" height="6" rx="2" fill="#ffffff" fill-opacity="0.7"/><rect x="-11" y="-12" width="16" height="4" rx="1.5" fill="#ffffff" fill-opacity="0.5"/><circle cx="0" cy="29" r="2.6" fill="${d}"/>`,
  letter: (c) =>
    `<rect x="-38" y="-25" width="76" height="50" rx="2" fill="#f1ead8"/><path d="M-38,-25 L0,6 L38,-25" fill="none" stroke="#b9ad92" stroke-width="2.5"/><path d="M-38,25 L-8,0 M38,25 L8,0" stroke="#cfc4aa" stroke-width="1.5"/><circle cx="0" cy="6" r="6" fill="${c}"/>`,
  gun: (_c, d) =>
    `<path d="M-40,-14 L30,-14 L30,-2 L-2,-2 L-6,4 L-14,4 L-18,30 L-34,30 L-28,-2 L-40,-2 Z" fill="#2a2b2f"/><rect x="30" y="-12" width="8" height="6" fill="#2a2b2f"/><path d="M-6,-2 Q-2,10 -12,10" fill="none" stroke="${d}" stroke-width="2"/><rect x="-36" y="-18" width="6" height="4" fill="#2a2b2f"/>`,
  knife: (_c, d) =>
    `<path d="M-14,-7 L30,-8 Q42,-6 44,0 L-14,7 Z" fill="#d5d9de"/><path d="M-14,-7 L30,-8 Q42,-6 44,0 Z" fill="#ffffff" fill-opacity="0.5"/><rect x="-44" y="-6" width="31" height="12" rx="4" fill="${d}"/><circle cx="-36" cy="0" r="1.8" fill="#d5d9de"/><circle cx="-22" cy="0" r="1.8" fill="#d5d9de"/>`,
  key: (c) =>
    `<circle cx="-24" cy="0" r="16" fill="none" stroke="${c}" stroke-width="8"/><rect x="-9" y="-4" width="50" height="8" fill="${c}"/><rect x="26" y="4" width="6" height="10" fill="${c}"/><rect x="35" y="4" width="6" height="7" fill="${c}"/>`,
  ring: (c) =>
    `<ellipse cx="0" cy="8" rx="28" ry="26" fill="none" stroke="#d4a83a" stroke-width="8"/><path d="M-10,-20 L0,-34 L10,-20 L0,-14 Z" fill="${c}"/><path d="M-10,-20 L0,-34 L0,-14 Z" fill="#ffffff" fill-opacity="0.45"/>`,
  bottle: (c, d) =>
    `<rect x="-6" y="-44" width="12" height="8" fill="#3b2a1e"/><path d="M-6,-36 L6,-36 L6,-24 Q16,-18 16,-6 L16,40 Q16,44 12,44 L-12,44 Q-16,44 -16,40 L-16,-6 Q-16,-18 -6,-24 Z" fill="${d}"/><rect x="-14" y="4" width="28" height="20" fill="${c}"/><rect x="-11" y="-14" width="4" height="50" fill="#ffffff" fill-opacity="0.25"/>`,
  glass: (c) =>
    `<path d="M-22,-34 L22,-34 L16,34 Q16,38 12,38 L-12,38 Q-16,38 -16,34 Z" fill="#cfe6f2" fill-opacity="0.7" stroke="#8fb3c6" stroke-width="2"/><path d="M-19,-6 L19,-6 L16,34 Q16,38 12,38 L-12,38 Q-16,38 -16,34 Z" fill="${c}" fill-opacity="0.8"/>`,
  bag: (c, d) =>
    `<path d="M-14,-16 Q-14,-38 0,-38 Q14,-38 14,-16" fill="none" stroke="${d}" stroke-width="5"/><path d="M-34,-16 L34,-16 L40,36 L-40,36 Z" fill="${c}"/><rect x="-6" y="-8" width="12" height="8" rx="2" fill="#d4a83a"/>`,
  book: (c, d) =>
    `<rect x="-30" y="-38" width="60" height="76" rx="3" fill="${c}"/><rect x="-30" y="-38" width="10" height="76" fill="${d}"/><rect x="24" y="-35" width="6" height="70" fill="#f1ead8"/><rect x="-12" y="-20" width="32" height="5" fill="#f1ead8" fill-opacity="0.8"/><rect x="-12" y="-10" width="24" height="3" fill="#f1ead8" fill-opacity="0.6"/>`,
  car: (c) =>
    `<path d="M-46,12 L-42,-2 L-24,-6 L-14,-22 L18,-22 L30,-6 L44,-2 L46,12 Z" fill="${c}"/><path d="M-10,-18 L-18,-6 L0,-6 L0,-18 Z M4,-18 L4,-6 L24,-6 L16,-18 Z" fill="#cfe6f2"/><circle cx="-26" cy="14" r="9" fill="#1c1d21"/><circle cx="28" cy="14" r="9" fill="#1c1d21"/><circle cx="-26" cy="14" r="4" fill="#9a9ea4"/><circle cx="28" cy="14" r="4" fill="#9a9ea4"/>`,
  lamp: (c, d) =>
    `<path d="M-22,-14 L22,-14 L14,-40 L-14,-40 Z" fill="${c}"/><rect x="-2.5" y="-14" width="5" height="46" fill="${d}"/><ellipse cx="0" cy="36" rx="20" ry="6" fill="${d}"/>`,
  money: () =>
    `<rect x="-40" y="-14" width="80" height="40" rx="3" fill="#5f8f55" transform="rotate(-8)"/><rect x="-40" y="-22" width="80" height="40" rx="3" fill="#7fb06f"/><circle cx="0" cy="-2" r="11" fill="#d9ead0"/><path d="M3,-9 Q-6,-10 -5,-4 Q-4,0 3,1 Q8,3 4,7 Q-2,9 -6,5 M0,-12 L0,9" fill="none" stroke="#3f6b36" stroke-width="2"/>`,
  photo: (c, d) =>
    `<rect x="-32" y="-38" width="64" height="76" fill="#f6f4ee"/><rect x="-26" y="-32" width="52" height="52" fill="${d}"/><circle cx="-8" cy="-12" r="8" fill="${c}"/><path d="M-26,20 L-6,0 L8,12 L16,4 L26,14 L26,20 Z" fill="${c}" fill-opacity="0.8"/>`,
  box: (c, d) =>
    `<path d="M-34,-14 L0,-28 L34,-14 L0,0 Z" fill="${c}"/><path d="M-34,-14 L0,0 L0,38 L-34,24 Z" fill="${d}"/><path d="M34,-14 L0,0 L0,38 L34,24 Z" fill="${c}" fill-opacity="0.8"/><path d="M-17,-21 L17,-7" stroke="#e8d6a0" stroke-width="5"/>`,
  cup: (c) =>
    `<path d="M-24,-20 L20,-20 L16,32 Q16,36 12,36 L-16,36 Q-20,36 -20,32 Z" fill="${c}"/><path d="M20,-8 Q36,-8 34,8 Q32,20 17,20" fill="none" stroke="${c}" stroke-width="6"/><path d="M-8,-30 Q-14,-36 -8,-42 M4,-30 Q-2,-36 4,-42" fill="none" stroke="#c9c9c9" stroke-width="2"/>`,
  watch: (c) =>
    `<rect x="-12" y="-44" width="24" height="88" rx="6" fill="#3b2a1e"/><circle cx="0" cy="0" r="22" fill="${c}"/><circle cx="0" cy="0" r="17" fill="#f6f4ee"/><path d="M0,0 L0,-12 M0,0 L9,4" stroke="#1c1d21" stroke-width="2.5"/>`,
  camera: (c) =>
    `<rect x="-40" y="-20" width="80" height="50" rx="6" fill="#2a2b2f"/><rect x="-16" y="-30" width="24" height="12" rx="2" fill="#2a2b2f"/><circle cx="0" cy="5" r="18" fill="#55585e"/><circle cx="0" cy="5" r="11" fill="${c}"/><rect x="24" y="-14" width="10" height="6" fill="#d9dde2"/>`,
  laptop: (c) =>
    `<rect x="-34" y="-34" width="68" height="44" rx="3" fill="#2a2b2f"/><rect x="-30" y="-30" width="60" height="36" fill="${c}" fill-opacity="0.8"/><path d="M-44,14 L44,14 L38,24 L-38,24 Z" fill="#9a9ea4"/>`,
  candle: () =>
    `<rect x="-10" y="-10" width="20" height="48" fill="#efe6d2"/><path d="M0,-36 Q10,-22 0,-14 Q-10,-22 0,-36 Z" fill="#ffc24a"/><rect x="-1" y="-16" width="2" height="6" fill="#222"/>`,
  flower: (c) =>
    `<path d="M0,40 L0,-6" stroke="#3f8a4a" stroke-width="4"/><ellipse cx="12" cy="14" rx="10" ry="4" fill="#3f8a4a"/>${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-22" rx="8" ry="14" fill="${c}" transform="rotate(${a} 0 -10)"/>`).join('')}<circle cx="0" cy="-10" r="7" fill="#f2c94c"/>`,
  map: (c) =>
    `<path d="M-40,-28 L-14,-34 L14,-26 L40,-32 L40,30 L14,36 L-14,28 L-40,34 Z" fill="#e9dfbf"/><path d="M-14,-34 L-14,28 M14,-26 L14,36" stroke="#c8b98f" stroke-width="1.5"/><path d="M-30,10 Q-10,-20 10,0 T32,-14" fill="none" stroke="${c}" stroke-width="3" stroke-dasharray="4 3"/><path d="M26,-20 l8,8 m0,-8 l-8,8" stroke="#b8302a" stroke-width="3"/>`,
  umbrella: (c, d) =>
    `<path d="M-42,0 Q-40,-38 0,-40 Q40,-38 42,0 Q35,-6 28,0 Q21,-6 14,0 Q7,-6 0,0 Q-7,-6 -14,0 Q-21,-6 -28,0 Q-35,-6 -42,0 Z" fill="${c}"/><path d="M0,0 L0,34 Q0,42 -8,40" fill="none" stroke="${d}" stroke-width="4"/>`,
  sword: () =>
    `<path d="M-3,-46 L3,-46 L4,18 L-4,18 Z" fill="#d5d9de"/><rect x="-16" y="18" width="32" height="6" fill="#c9a23a"/><rect x="-3" y="24" width="6" height="16" fill="#3b2a1e"/><circle cx="0" cy="43" r="4" fill="#c9a23a"/>`,
  clock: (c) =>
    `<circle cx="0" cy="0" r="38" fill="${c}"/><circle cx="0" cy="0" r="31" fill="#f6f4ee"/><path d="M0,0 L0,-22 M0,0 L15,8" stroke="#1c1d21" stroke-width="3.5"/>`,
} satisfies Record<string, IconDrawing>;

export type PropIcon = keyof typeof ICONS | 'tag';

/** Nouns that name each icon; the prop's last matching word decides ('phone box' is a box, 'car keys' keys). */
const NOUNS: Record<keyof typeof ICONS, readonly string[]> = {
  phone: [
    'phone',
    'cellphone',
    'cell',
    'smartphone',
    'mobile',
    'telephone',
    'iphone',
    'pager',
    'text',
    'message',
    'screen',
  ],
  letter: [
    'letter',
    'envelope',
    'note',
    'postcard',
    'card',
    'invitation',
    'telegram',
    'mail',
    'document',
    'documents',
    'file',
    'folder',
    'paper',
    'papers',
    'contract',
    'will',
    'ticket',
    'tickets',
    'passport',
  ],
  gun: ['gun', 'pistol', 'revolver', 'rifle', 'shotgun', 'handgun', 'firearm', 'weapon', 'glock', 'colt'],
  knife: ['knife', 'blade', 'dagger', 'razor', 'scalpel', 'switchblade', 'machete', 'cleaver'],
  key: ['key', 'keys', 'keycard'],
  ring: [
    'ring',
    'necklace',
    'locket',
    'pendant',
    'earring',
    'bracelet',
    'jewel',
    'diamond',
    'jewellery',
    'jewelry',
    'brooch',
  ],
  bottle: [
    'bottle',
    'wine',
    'whiskey',
    'whisky',
    'beer',
    'flask',
    'vodka',
    'pills',
    'medicine',
    'vial',
    'potion',
  ],
  glass: ['glass', 'tumbler', 'goblet', 'drink', 'cocktail', 'champagne'],
  bag: [
    'bag',
    'handbag',
    'purse',
    'backpack',
    'rucksack',
    'suitcase',
    'briefcase',
    'satchel',
    'luggage',
    'duffel',
    'sack',
  ],
  book: ['book', 'diary', 'journal', 'notebook', 'bible', 'novel', 'album', 'ledger', 'manuscript', 'script'],
  car: ['car', 'truck', 'van', 'taxi', 'jeep', 'motorcycle', 'bike', 'bicycle', 'bus'],
  lamp: ['lamp', 'torch', 'flashlight', 'lantern', 'light', 'bulb'],
  money: [
    'money',
    'cash',
    'dollars',
    'bills',
    'banknotes',
    'wallet',
    'coins',
    'coin',
    'cheque',
    'check',
    'wad',
  ],
  photo: ['photo', 'photograph', 'picture', 'polaroid', 'snapshot', 'portrait', 'painting', 'frame'],
  box: ['box', 'crate', 'package', 'parcel', 'chest', 'case', 'carton', 'present', 'gift'],
  cup: ['cup', 'mug', 'coffee', 'tea', 'teacup'],
  watch: ['watch', 'wristwatch'],
  camera: ['camera', 'camcorder'],
  laptop: ['laptop', 'computer', 'tablet', 'monitor', 'tv', 'television'],
  candle: ['candle', 'candles', 'match', 'matches', 'lighter'],
  flower: ['flower', 'flowers', 'rose', 'roses', 'bouquet', 'lily'],
  map: ['map', 'chart', 'plan', 'blueprint', 'blueprints'],
  umbrella: ['umbrella', 'parasol'],
  sword: ['sword', 'sabre', 'saber', 'spear', 'axe'],
  clock: ['clock', 'alarm', 'timer'],
};

const LOOKUP = new Map<string, keyof typeof ICONS>(
  Object.entries(NOUNS).flatMap(([icon, nouns]) =>
    nouns.map((noun) => [noun, icon as keyof typeof ICONS] as const),
  ),
);

/** The icon a prop's name calls for: its last word that names one, or the labelled tag. */
export function propIconFor(name: string): PropIcon {
  const words = name.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const word = words[index] ?? '';
    const icon = LOOKUP.get(word) ?? LOOKUP.get(word.replace(/(?:es|s)$/, ''));
    if (icon) return icon;
  }
  return 'tag';
}

/** A luggage tag with the prop's name on it: what a prop without an icon is drawn as. */
function tag(name: string, colour: string): string {
  const label = fitText(name.trim() === '' ? 'Prop' : name.trim(), 60, { size: 11, weight: 'bold' });
  return [
    `<path d="M-44,-20 L28,-20 L44,0 L28,20 L-44,20 Z" fill="#efe6cf" stroke="${colour}" stroke-width="3"/>`,
    '<circle cx="30" cy="0" r="4" fill="#5a5040"/>',
    `<path d="M34,0 Q44,-18 40,-34" fill="none" stroke="${colour}" stroke-width="2"/>`,
    `<path d="${textPathData(label, -39, 4, { size: 11, weight: 'bold' })}" fill="#2a2620"/>`,
  ].join('');
}

/** The prop in its 100-unit box, coloured by its name. */
export function propShape(name: string): string {
  const hue = hashString(name.trim().toLowerCase()) % 360;
  const colour = hsl(hue, 0.55, 0.5);
  const dark = hsl(hue, 0.45, 0.28);
  const icon = propIconFor(name);
  const body = icon === 'tag' ? tag(name, dark) : ICONS[icon](colour, dark);
  return `<g stroke-linejoin="round">${body}</g>`;
}
