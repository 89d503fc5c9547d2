import { describe, expect, it } from 'vitest';
import { loadGenerationConfig } from '../../src/config/generation.env.js';
import { createProviderRegistry } from '../../src/generation/generation.config.js';
import { renderAssetImage } from '../../src/generation/local/asset-renderer.js';
import { enhanceImage } from '../../src/generation/local/enhance.js';
import { GENERATION_OPERATIONS, operationVariable, ProviderRegistry } from '../../src/generation/provider.js';
import { configProblems } from '../support/config-problems.js';
import { card } from './generation.fixtures.js';

describe('loadGenerationConfig', () => {
  it('selects the local provider for every operation by default', () => {
    const config = loadGenerationConfig({ PATH: '/usr/bin' });
    expect(Object.keys(config.providers)).toEqual([...GENERATION_OPERATIONS]);
    expect(new Set(Object.values(config.providers))).toEqual(new Set(['local']));
    expect(config).toMatchObject({ ffmpegPath: undefined, searchPath: '/usr/bin' });
  });

  it('takes GENERATION_PROVIDER for all and GENERATION_PROVIDER_<OPERATION> per operation', () => {
    const config = loadGenerationConfig({
      GENERATION_PROVIDER: 'replicate',
      GENERATION_PROVIDER_VIDEO: 'local',
      GENERATION_PROVIDER_SHOT_IMAGE: ' gemini ',
      FFMPEG_PATH: ' /opt/ffmpeg/bin/ffmpeg ',
    });
    expect(config.providers).toMatchObject({ video: 'local', shotImage: 'gemini', assessment: 'replicate' });
    expect(config.ffmpegPath).toBe('/opt/ffmpeg/bin/ffmpeg');
  });

  it('names every bad variable', () => {
    const problems = configProblems(loadGenerationConfig, {
      GENERATION_PROVIDER: 'Open AI',
      GENERATION_PROVIDER_BACKGROUND_REMOVAL: '../x',
    });
    expect(Object.keys(problems)).toEqual(['GENERATION_PROVIDER', 'GENERATION_PROVIDER_BACKGROUND_REMOVAL']);
  });

  it('derives the per-operation variable names', () => {
    expect(GENERATION_OPERATIONS.map(operationVariable)).toEqual([
      'GENERATION_PROVIDER_SHOT_IMAGE',
      'GENERATION_PROVIDER_ASSET_IMAGE',
      'GENERATION_PROVIDER_CHARACTER_ROTATION',
      'GENERATION_PROVIDER_ENHANCE',
      'GENERATION_PROVIDER_BACKGROUND_REMOVAL',
      'GENERATION_PROVIDER_ASSESSMENT',
      'GENERATION_PROVIDER_COMPOSITION',
      'GENERATION_PROVIDER_VIDEO',
      'GENERATION_PROVIDER_SPEECH',
    ]);
  });
});

describe('ProviderRegistry', () => {
  it('serves every operation from the embedded local provider', async () => {
    const registry = createProviderRegistry(loadGenerationConfig({}));
    expect(registry.problems()).toEqual([]);
    expect(registry.names()).toEqual(['local']);
    const assessment = await registry.get('assessment').assess(await card(64, 64, '#808080'));
    expect(assessment.reasons).toContain('low contrast (luma std-dev 0.00)');
    expect(registry.get('characterRotation').renderAssetImage).toBe(renderAssetImage);
  });

  it('picks the implementation per operation from the configuration', async () => {
    const config = loadGenerationConfig({ GENERATION_PROVIDER_ENHANCE: 'studio' });
    // A second provider, told apart from local by the identity of its implementation object.
    const studio = { enhance: { enhance: enhanceImage } };
    const registry = createProviderRegistry(config).register('studio', studio);
    expect(registry.providerFor('enhance')).toBe('studio');
    expect(registry.get('enhance')).toBe(studio.enhance);
    expect(registry.get('enhance', 'local')).not.toBe(studio.enhance);
    expect(registry.providerFor('video')).toBe('local');
  });

  it('reports selections nothing implements, and refuses them when asked', () => {
    const config = loadGenerationConfig({
      GENERATION_PROVIDER_VIDEO: 'replicate',
      GENERATION_PROVIDER_ENHANCE: 'studio',
    });
    const registry = createProviderRegistry(config).register('studio', {});
    expect(registry.problems()).toEqual([
      {
        variable: 'GENERATION_PROVIDER_ENHANCE',
        message: "Generation provider 'studio' does not support enhance",
      },
      { variable: 'GENERATION_PROVIDER_VIDEO', message: "Unknown generation provider 'replicate'" },
    ]);
    expect(() => registry.get('video')).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: "Unknown generation provider 'replicate'",
      }),
    );
    expect(() => registry.get('enhance')).toThrowError(
      expect.objectContaining({ code: 'NOT_AVAILABLE_ERROR', statusCode: 501 }),
    );
    expect(() => new ProviderRegistry().get('shotImage', 'nope')).toThrowError(
      /Unknown generation provider 'nope'/,
    );
  });
});
