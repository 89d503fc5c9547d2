import { FRAMING_TYPES, MAX_SHOT_DURATION } from '@reelbench/sdk/contract';
import type { BreakdownInput } from './breakdown.types.js';

export interface BreakdownPrompt {
  system: string;
  user: string;
}

const SYSTEM_PROMPT = [
  'You are a film director breaking a screenplay into shots.',
  'Return ONLY JSON, no prose and no code fences, shaped as',
  '{"shots":[{"name","description","action","script_text","framing","camera_move","characters",',
  '"location","prompt","sceneNumber","sceneHeading","duration"}]}.',
  `framing is one of: ${FRAMING_TYPES.join(', ')}.`,
  'characters is a list of character names as the script spells them; location is the place of the scene.',
  'sceneNumber counts the scene headings from 1 in script order; sceneHeading is that heading verbatim.',
  `duration is the shot's length in seconds (at most ${MAX_SHOT_DURATION}).`,
  'prompt is a self-contained image-generation prompt for the shot in the given visual style.',
  'Keep the shots in story order.',
].join('\n');

export function buildBreakdownPrompt(input: BreakdownInput): BreakdownPrompt {
  const { style, pacing, template, aspect, notes } = input.styleGuide;
  const assets = input.assets.map((asset) => `- ${asset.name} (${asset.type})`);
  const user = [
    `Visual style: ${style}`,
    `Pacing: ${pacing}`,
    `Cinematic template: ${template}`,
    `Aspect ratio: ${aspect}`,
    `Director's notes: ${notes?.trim() ? notes : 'none'}`,
    'Project assets (use these names for characters and locations):',
    ...(assets.length > 0 ? assets : ['- none']),
    '',
    'Screenplay (Fountain):',
    input.fountain,
  ].join('\n');
  return { system: SYSTEM_PROMPT, user };
}
