import type { FramingType } from '@reelbench/sdk/contract';
import type { CameraMove } from '../generation.types.js';
import { moveMark } from './frame-marks.js';

/** A shot without a framing is rendered as a wide shot: placements land exactly where they were put. */
export const DEFAULT_FRAMING: FramingType = 'wide';

/**
 * Camera distance as a zoom about the frame centre, applied to the backdrop and the placements.
 * Below 1 the camera is further back than the layout (the backdrop is extended by mirroring).
 */
export const FRAMING_ZOOM: Record<FramingType, number> = {
  establishing: 0.9,
  aerial: 0.85,
  wide: 1,
  pov: 1.2,
  'two-shot': 1.3,
  medium: 1.5,
  'over-shoulder': 1.8,
  close: 2.2,
  'extreme-close': 3,
  insert: 3,
};

/** The animatic's camera move per framing: wide views pan, people shots push in, inserts hold. */
export const FRAMING_MOVE: Record<FramingType, CameraMove> = {
  establishing: 'pan',
  aerial: 'pan',
  wide: 'pan',
  pov: 'push-in',
  'two-shot': 'push-in',
  medium: 'push-in',
  'over-shoulder': 'push-in',
  close: 'push-in',
  'extreme-close': 'push-in',
  insert: 'static',
};

/**
 * The animatic move for the shot's written camera move, the same reading as the board's arrow
 * (frame-marks.ts): a push-in pushes in, a pan, track, crane or handheld move pans, a static camera
 * holds; a pull-out is drawn as a push-in (the animatic has no pull); no move, the framing's.
 */
export function clipMove(framing: FramingType | null, written: string | null | undefined): CameraMove {
  const text = (written ?? '').trim();
  if (text !== '') {
    if (/\b(static|locked|still)\b/i.test(text)) return 'static';
    const mark = moveMark(text);
    if (mark === 'push-in' || mark === 'pull-out') return 'push-in';
    if (mark) return 'pan';
  }
  return FRAMING_MOVE[framing ?? DEFAULT_FRAMING];
}
