import { describe, expect, it } from 'vitest';
import type { ShotImageRequest } from '../../../src/generation/generation.types.js';
import { shotPrompt } from '../../../src/generation/remote/prompts.js';

const request: ShotImageRequest = {
  shot: { name: 'Diner', action: 'Mara waits', description: null, framing: 'wide', assets: [] },
  aspect: '16:9',
  style: 'gritty-filmic',
  assets: [],
};

describe('shotPrompt', () => {
  it("describes the frame with the shot's prompt when there is one", () => {
    const withPrompt = shotPrompt({ ...request, prompt: 'rain on the window, neon reflections' });
    expect(withPrompt).toContain('rain on the window, neon reflections.');
    expect(withPrompt).toContain('Mara waits.');
    expect(shotPrompt(request)).not.toContain('rain');
  });

  it("names the shot's style package and its look words, or the built-in style's label", () => {
    expect(shotPrompt(request)).toContain('Style: Gritty, filmic, natural light.');
    const noir = shotPrompt({
      ...request,
      look: {
        name: 'Harbour noir',
        look: 'hard shadows, wet streets, sodium light.',
        grade: { saturation: 0, tint: [1, 1, 1], contrast: [1, 1, 1], lift: [0, 0, 0], vignette: 0 },
      },
    });
    expect(noir).toContain('Style: Harbour noir: hard shadows, wet streets, sodium light.');
    expect(noir).not.toContain('Gritty');
  });
});
