import { ReelbenchError } from '@reelbench/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { REMOTE_DEFAULTS, remoteConfigFromEnv } from '../../../src/config/remote.env.js';
import { ProviderRegistry } from '../../../src/generation/provider.js';
import { registerRemoteProviders } from '../../../src/generation/remote/remote.config.js';
import { asset } from '../generation.fixtures.js';
import { type FakeReplicate, startFakeReplicate } from './fake-replicate.server.js';
import { recordingLogger, recordingSleep } from './remote.fixtures.js';

const REPLICATE_TOKEN = 'r8_config-secret-1234';
const OPENAI_KEY = 'sk-config-secret-5678';

function configError(env: Record<string, string>): ConfigError {
  try {
    remoteConfigFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('remote provider configuration', () => {
  let fake: FakeReplicate | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('configures nothing without keys, and treats blank keys as unset', () => {
    expect(remoteConfigFromEnv({})).toEqual({ replicate: undefined, openAi: undefined });
    expect(remoteConfigFromEnv({ REPLICATE_API_TOKEN: '  ', OPENAI_IMAGE_API_KEY: '' })).toEqual({
      replicate: undefined,
      openAi: undefined,
    });
  });

  it('fills the documented defaults', () => {
    const config = remoteConfigFromEnv({
      REPLICATE_API_TOKEN: REPLICATE_TOKEN,
      OPENAI_IMAGE_API_KEY: OPENAI_KEY,
    });
    expect(config.replicate).toEqual({
      apiToken: REPLICATE_TOKEN,
      baseUrl: 'https://api.replicate.com',
      imageModel: 'black-forest-labs/flux-schnell',
      videoModel: 'minimax/video-01',
      pollIntervalMs: 1_000,
      timeoutMs: 300_000,
    });
    expect(config.openAi).toEqual({
      apiKey: OPENAI_KEY,
      baseUrl: 'https://api.openai.com',
      model: 'gpt-image-1',
      timeoutMs: 120_000,
    });
    expect(REMOTE_DEFAULTS.replicateTimeoutMs).toBe(300_000);
  });

  it('reads every variable', () => {
    const config = remoteConfigFromEnv({
      REPLICATE_API_TOKEN: REPLICATE_TOKEN,
      REPLICATE_BASE_URL: 'http://127.0.0.1:9000',
      REPLICATE_IMAGE_MODEL:
        'stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
      REPLICATE_VIDEO_MODEL: 'kwaivgi/kling-v1.6-standard',
      REPLICATE_POLL_INTERVAL_MS: '250',
      REPLICATE_TIMEOUT_MS: '60000',
      OPENAI_IMAGE_API_KEY: OPENAI_KEY,
      OPENAI_IMAGE_BASE_URL: 'http://localhost:8080',
      OPENAI_IMAGE_MODEL: 'dall-e-3',
      OPENAI_IMAGE_TIMEOUT_MS: '5000',
    });
    expect(config.replicate).toMatchObject({
      baseUrl: 'http://127.0.0.1:9000',
      imageModel: 'stability-ai/sdxl:7762fd07cf82c948538e41f63f77d685e02b063e37e496e96eefd46c929f9bdc',
      videoModel: 'kwaivgi/kling-v1.6-standard',
      pollIntervalMs: 250,
      timeoutMs: 60_000,
    });
    expect(config.openAi).toMatchObject({
      baseUrl: 'http://localhost:8080',
      model: 'dall-e-3',
      timeoutMs: 5_000,
    });
  });

  it('names every bad variable and never quotes a key', () => {
    const error = configError({
      REPLICATE_API_TOKEN: REPLICATE_TOKEN,
      OPENAI_IMAGE_API_KEY: OPENAI_KEY,
      REPLICATE_BASE_URL: 'ftp://files.example.com',
      REPLICATE_IMAGE_MODEL: 'flux-schnell',
      REPLICATE_POLL_INTERVAL_MS: 'fast',
      REPLICATE_TIMEOUT_MS: '-1',
      OPENAI_IMAGE_BASE_URL: 'not a url',
      OPENAI_IMAGE_TIMEOUT_MS: '1.5',
    });
    expect(error.problems.map((problem) => problem.variable).sort()).toEqual([
      'OPENAI_IMAGE_BASE_URL',
      'OPENAI_IMAGE_TIMEOUT_MS',
      'REPLICATE_BASE_URL',
      'REPLICATE_IMAGE_MODEL',
      'REPLICATE_POLL_INTERVAL_MS',
      'REPLICATE_TIMEOUT_MS',
    ]);
    expect(error.message).toContain('REPLICATE_IMAGE_MODEL: must be owner/name or owner/name:version');
    expect(error.message).not.toContain(REPLICATE_TOKEN);
    expect(error.message).not.toContain(OPENAI_KEY);
  });

  it.each([
    [{}, []],
    [{ REPLICATE_API_TOKEN: REPLICATE_TOKEN }, ['replicate']],
    [{ OPENAI_IMAGE_API_KEY: OPENAI_KEY }, ['openai']],
    [{ REPLICATE_API_TOKEN: REPLICATE_TOKEN, OPENAI_IMAGE_API_KEY: OPENAI_KEY }, ['replicate', 'openai']],
  ] as const)('registers only the providers whose key is set: %o', (env, names) => {
    const registry = new ProviderRegistry();
    expect(registerRemoteProviders(registry, remoteConfigFromEnv(env))).toEqual(names);
    expect(registry.names()).toEqual([...names].sort());
  });

  it('lets the selection name the remote providers, each with only its operations', () => {
    const registry = new ProviderRegistry({
      shotImage: 'replicate',
      video: 'replicate',
      enhance: 'openai',
      assetImage: 'openai',
      characterRotation: 'openai',
      backgroundRemoval: 'openai',
    });
    registerRemoteProviders(
      registry,
      remoteConfigFromEnv({
        REPLICATE_API_TOKEN: REPLICATE_TOKEN,
        OPENAI_IMAGE_API_KEY: OPENAI_KEY,
      }),
    );
    const problems = registry.problems();
    expect(problems).toContainEqual({
      variable: 'GENERATION_PROVIDER_BACKGROUND_REMOVAL',
      message: "Generation provider 'openai' does not support backgroundRemoval",
    });
    const flagged = problems.map((problem) => problem.variable);
    for (const variable of [
      'GENERATION_PROVIDER_SHOT_IMAGE',
      'GENERATION_PROVIDER_VIDEO',
      'GENERATION_PROVIDER_ENHANCE',
      'GENERATION_PROVIDER_ASSET_IMAGE',
      'GENERATION_PROVIDER_CHARACTER_ROTATION',
    ]) {
      expect(flagged).not.toContain(variable);
    }
    expect(() => registry.get('video', 'openai')).toThrow(ReelbenchError);
  });

  it('builds a working provider from the environment', async () => {
    fake = await startFakeReplicate({
      token: REPLICATE_TOKEN,
      models: { 'acme/storyboard': { kind: 'succeed', polls: 1, output: 'image' } },
    });
    const registry = new ProviderRegistry({ assetImage: 'replicate' });
    const logger = recordingLogger();
    registerRemoteProviders(
      registry,
      remoteConfigFromEnv({
        REPLICATE_API_TOKEN: REPLICATE_TOKEN,
        REPLICATE_BASE_URL: fake.baseUrl,
        REPLICATE_IMAGE_MODEL: 'acme/storyboard',
        REPLICATE_POLL_INTERVAL_MS: '10',
      }),
      {},
      { sleep: recordingSleep().sleep, logger },
    );
    const image = await registry.get('assetImage').renderAssetImage(asset('prop', 'Lantern'), 'default');
    expect([image.width, image.height]).toEqual([256, 256]);
    expect(fake.requests[0]?.url).toBe('/v1/models/acme/storyboard/predictions');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${REPLICATE_TOKEN}`);
  });
});
