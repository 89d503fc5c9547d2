import { QUICK_ANALYSIS_MAX_CHARACTERS, READING_WORDS_PER_MINUTE } from './contract/constants.js';

export interface QuickAnalysis {
  scenes: string[];
  characters: string[];
  wordCount: number;
  readingTimeMinutes: number;
}

const SCENE_PREFIXES = ['INT.', 'EXT.'] as const;
/**
 * A character cue is a line of capital letters only, words separated by single spaces: 'JOHN' and
 * 'MARA VOSS' count; 'JOHN (V.O.)', 'DR. HALE' and 'CUT TO:' do not (SPEC.md section 5: letter-only).
 */
const CHARACTER_LINE = /^\p{Lu}+(?: \p{Lu}+)*$/u;
/** The writer's slugs and the page's structure, in capitals like a name: 'ANGLE ON MARA', 'THE END'. */
const NOT_A_NAME =
  /^(?:ANGLE|CLOSE|WIDE|WIDER|ON|INSERT|BACK TO|POV|FREEZE|REVERSE|THE END|END|FADE|CUT|DISSOLVE|SMASH|MATCH|MONTAGE|SERIES OF SHOTS|INTERCUT|LATER|MOMENTS LATER|SUPER|TITLE|OPENING TITLES|CONTINUED|MORE|BLACK)\b|\bPOV$/;
const TITLE_KEY = /^(?:Title|Credit|Authors?|Source|Draft date|Date|Contact|Copyright|Notes|Revision):/i;

/**
 * The quick helper of SPEC.md section 5, run on the client with no server: scene headings (lines
 * starting with INT. or EXT., case as written), up to 10 distinct character names in order of first
 * appearance (a name that speaks: not a title page value, not a slug alone on its line), the word
 * count and the reading time at 200 words a minute, rounded up.
 */
export function quickAnalyze(text: string): QuickAnalysis {
  const scenes: string[] = [];
  const characters = new Set<string>();
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  // A title page ('Title: ...', 'Draft date: SHOOTING DRAFT') runs to the first blank line.
  let start = 0;
  if (TITLE_KEY.test(lines.find((line) => line !== '') ?? '')) {
    while (start < lines.length && lines[start] === '') start++;
    while (start < lines.length && lines[start] !== '') start++;
  }
  for (const line of lines.slice(start)) {
    if (SCENE_PREFIXES.some((prefix) => line.startsWith(prefix))) scenes.push(line);
    else if (
      characters.size < QUICK_ANALYSIS_MAX_CHARACTERS &&
      CHARACTER_LINE.test(line) &&
      !NOT_A_NAME.test(line)
    )
      characters.add(line);
  }
  const wordCount = text.split(/\s+/).filter((word) => word !== '').length;
  return {
    scenes,
    characters: [...characters],
    wordCount,
    readingTimeMinutes: Math.ceil(wordCount / READING_WORDS_PER_MINUTE),
  };
}
