import type { AspectRatio, VisualStyle } from '../contract/constants.js';
import { VISUAL_STYLES } from '../contract/constants.js';
import type { FramingType } from '../contract/index.js';
import type { CameraMove } from './director.rules.js';
import type { IntExt } from './screenplay.model.js';

/** How the director words things: the image prompt of a shot, clipped text. */

const FRAMING_PROMPTS: Record<FramingType, string> = {
  establishing: 'establishing wide shot',
  wide: 'wide shot',
  medium: 'medium shot',
  close: 'close-up',
  'extreme-close': 'extreme close-up',
  'over-shoulder': 'over-the-shoulder shot',
  'two-shot': 'two-shot',
  insert: 'insert shot, close detail',
  pov: 'point-of-view shot',
  aerial: 'aerial shot',
};

const ASPECT_PROMPTS: Record<AspectRatio, string> = {
  '16:9': '16:9 widescreen frame',
  '9:16': '9:16 vertical frame',
  '1:1': '1:1 square frame',
};

const INT_EXT_PROMPTS: Record<IntExt, string> = {
  INT: 'interior',
  EXT: 'exterior',
  'INT/EXT': 'interior and exterior',
  EST: 'exterior',
};

const MOVEMENT_VERBS =
  /\b(run|runs|running|walk|walks|walking|cross|crosses|crossing|chase|chases|drive|drives|driving|race|races|rush|rushes|flee|flees|climb|climbs|follow|follows|sprint|sprints|storm|storms|paces)\b/i;

export function describesMovement(text: string): boolean {
  return MOVEMENT_VERBS.test(text);
}

function styleDescriptor(style: VisualStyle): string {
  return VISUAL_STYLES.find((entry) => entry.value === style)?.label ?? style;
}

export interface PromptParts {
  framing: FramingType;
  camera: CameraMove;
  subject: string;
  location: string;
  intExt: IntExt | null;
  timeOfDay: string | null;
  style: VisualStyle;
  aspect: AspectRatio;
  notes?: string | undefined;
}

/** framing, camera move, subject, location, time of day, the style's descriptor, the aspect ratio. */
export function buildPrompt(parts: PromptParts): string {
  const location =
    parts.location === ''
      ? ''
      : `${parts.location}${parts.intExt ? ` (${INT_EXT_PROMPTS[parts.intExt]})` : ''}`;
  const notes = parts.notes?.trim();
  return [
    FRAMING_PROMPTS[parts.framing],
    parts.camera === 'static' ? 'static camera' : `${parts.camera} camera move`,
    parts.subject,
    location,
    parts.timeOfDay ? parts.timeOfDay.toLowerCase() : '',
    styleDescriptor(parts.style),
    ASPECT_PROMPTS[parts.aspect],
    notes ? `notes: ${notes}` : '',
  ]
    .filter((part) => part !== '')
    .join(', ');
}

/** Truncates to `max` characters on a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
