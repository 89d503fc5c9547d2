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
});
