import type { Sleep } from '../../breakdown/breakdown.types.js';
import type { RemoteConfig } from '../../config/remote.env.js';
import type { ProviderRegistry } from '../provider.js';
import { createOpenAiImageProvider, OPENAI_IMAGE_PROVIDER } from './openai-image.provider.js';
import type { RemoteLogger } from './remote-session.js';
import { createReplicateProvider, REPLICATE_PROVIDER } from './replicate.provider.js';
import { createElevenLabsProvider, createOpenAiSpeech, ELEVENLABS_PROVIDER } from './speech.providers.js';

export interface RemoteProviderOverrides {
  /** Where downloaded clips are written; the system temp directory by default. */
  tempDir?: string;
  sleep?: Sleep;
  logger?: RemoteLogger;
}

/** Where ffmpeg is, for measuring downloaded clips (FFMPEG_PATH and PATH, as GenerationConfig has them). */
export interface FfmpegLocation {
  ffmpegPath?: string | undefined;
  searchPath?: string | undefined;
}

/**
 * Registers 'replicate' when the config has its token, 'openai' when it has its image or its speech
 * key (with the operations those keys allow), 'elevenlabs' when it has its key; returns the names registered.
 */
export function registerRemoteProviders(
  registry: ProviderRegistry,
  config: RemoteConfig,
  ffmpeg: FfmpegLocation = {},
  overrides: RemoteProviderOverrides = {},
): string[] {
  const registered: string[] = [];
  if (config.replicate) {
    registry.register(
      REPLICATE_PROVIDER,
      createReplicateProvider({
        ...config.replicate,
        ...overrides,
        ffmpegPath: ffmpeg.ffmpegPath,
        searchPath: ffmpeg.searchPath,
      }),
    );
    registered.push(REPLICATE_PROVIDER);
  }
  if (config.openAi || config.openAiSpeech) {
    registry.register(OPENAI_IMAGE_PROVIDER, {
      ...(config.openAi ? createOpenAiImageProvider({ ...config.openAi, ...overrides }) : {}),
      ...(config.openAiSpeech ? createOpenAiSpeech({ ...config.openAiSpeech, ...overrides }) : {}),
    });
    registered.push(OPENAI_IMAGE_PROVIDER);
  }
  if (config.elevenLabs) {
    registry.register(ELEVENLABS_PROVIDER, createElevenLabsProvider({ ...config.elevenLabs, ...overrides }));
    registered.push(ELEVENLABS_PROVIDER);
  }
  return registered;
}
