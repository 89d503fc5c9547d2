export {
  createOpenAiImageProvider,
  OPENAI_IMAGE_PROVIDER,
  OPENAI_IMAGE_SIZES,
  type OpenAiImageOptions,
} from './openai-image.provider.js';
export { type RemoteProviderOverrides, registerRemoteProviders } from './remote.config.js';
export { REMOTE_RETRY_DELAYS_MS, type RemoteLogger } from './remote-session.js';
export {
  createReplicateProvider,
  REPLICATE_PROVIDER,
  type ReplicateOptions,
} from './replicate.provider.js';
export {
  createElevenLabsProvider,
  createOpenAiSpeech,
  ELEVENLABS_PROVIDER,
  ELEVENLABS_VOICES,
  OPENAI_VOICES,
} from './speech.providers.js';
