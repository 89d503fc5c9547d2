import type { Pacing } from '../contract/constants.js';
import type { FramingType } from '../contract/index.js';

/** The numbers and tables the director works by (public: the SDK exports all of them). */

/**
 * Speaking pace of screen dialogue: 150 words a minute, the rate a page of dialogue is commonly
 * timed at (a page of about 150 words of dialogue plays in about a minute).
 */
export const SPEAKING_WORDS_PER_SECOND = 2.5;
/** A parenthetical such as '(beat)' or '(then)' holds the line for a moment. */
export const PARENTHETICAL_PAUSE_SECONDS = 0.5;

export interface PacingRule {
  /** Words one shot covers before the director cuts. */
  wordsPerShot: number;
  /** Consecutive speeches share one shot (the camera holds) while together they stay within this. */
  holdWords: number;
  minShotSeconds: number;
  maxShotSeconds: number;
  establishingSeconds: number;
}

export const PACING_RULES: Record<Pacing, PacingRule> = {
  slow: { wordsPerShot: 45, holdWords: 45, minShotSeconds: 3, maxShotSeconds: 16, establishingSeconds: 5 },
  balanced: {
    wordsPerShot: 26,
    holdWords: 10,
    minShotSeconds: 2,
    maxShotSeconds: 10,
    establishingSeconds: 3.5,
  },
  fast: { wordsPerShot: 12, holdWords: 0, minShotSeconds: 1.2, maxShotSeconds: 6, establishingSeconds: 2 },
};

/**
 * Pauses a dialogue shot timed to its spoken lines holds (seconds): before the first line, between
 * lines and after the last. A slow film lets a line land; a fast one cuts on the last word.
 */
export const DIALOGUE_PAUSES: Record<Pacing, { head: number; between: number; tail: number }> = {
  slow: { head: 0.6, between: 0.5, tail: 0.9 },
  balanced: { head: 0.4, between: 0.3, tail: 0.6 },
  fast: { head: 0.2, between: 0.15, tail: 0.3 },
};

export const CAMERA_MOVES = [
  'static',
  'slow pan',
  'slow push-in',
  'push-in',
  'tracking',
  'handheld',
  'crane down',
  'slow dolly',
] as const;
export type CameraMove = (typeof CAMERA_MOVES)[number];

export const FRAMING_LABELS: Record<FramingType, string> = {
  establishing: 'Establishing',
  wide: 'Wide',
  medium: 'Medium',
  close: 'Close-up',
  'extreme-close': 'Extreme close-up',
  'over-shoulder': 'Over-the-shoulder',
  'two-shot': 'Two-shot',
  insert: 'Insert',
  pov: 'POV',
  aerial: 'Aerial',
};
