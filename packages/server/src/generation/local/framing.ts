import type { FramingType } from '@reelbench/sdk/contract';
import type { CameraMove } from '../generation.types.js';

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
