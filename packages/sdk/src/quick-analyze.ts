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

/**
 * The quick helper of SPEC.md section 5, run on the client with no server: scene headings (lines
 * starting with INT. or EXT., case as written), up to 10 distinct character names in order of first
 * appearance, the word count and the reading time at 200 words a minute, rounded up.
 */
export function quickAnalyze(text: string): QuickAnalysis {
  const scenes: string[] = [];
  const characters = new Set<string>();
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (SCENE_PREFIXES.some((prefix) => line.startsWith(prefix))) scenes.push(line);
    else if (characters.size < QUICK_ANALYSIS_MAX_CHARACTERS && CHARACTER_LINE.test(line))
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
