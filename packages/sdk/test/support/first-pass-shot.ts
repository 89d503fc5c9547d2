import type { FirstPassShot } from '@reelbench/sdk';

/** A first-pass shot with every field blank (a wide, static, one-second shot of scene 1), then `overrides`. */
export function firstPassShot(overrides: Partial<FirstPassShot> = {}): FirstPassShot {
  return {
    name: 'x',
    description: '',
    action: '',
    script_text: '',
    framing: 'wide',
    camera_move: 'static',
    characters: [],
    location: '',
    prompt: '',
    sceneNumber: 1,
    sceneHeading: '',
    startTime: 0,
    duration: 1,
    ...overrides,
  };
}
