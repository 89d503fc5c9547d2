import { z } from 'zod';
import { ConfigError } from './config-error.js';

/** `owner/name` (the model's latest version) or `owner/name:version`. */
export const REPLICATE_MODEL_PATTERN = /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(?::[0-9a-f]{8,64})?$/i;

export const REMOTE_DEFAULTS = {
  replicateBaseUrl: 'https://api.replicate.com',
  replicateImageModel: 'black-forest-labs/flux-schnell',
  replicateVideoModel: 'minimax/video-01',
  replicatePollIntervalMs: 1_000,
  replicateTimeoutMs: 300_000,
  openAiBaseUrl: 'https://api.openai.com',
  openAiModel: 'gpt-image-1',
  openAiTimeoutMs: 120_000,
  openAiSpeechModel: 'gpt-4o-mini-tts',
  openAiSpeechTimeoutMs: 60_000,
  elevenLabsBaseUrl: 'https://api.elevenlabs.io',
  elevenLabsModel: 'eleven_multilingual_v2',
  elevenLabsTimeoutMs: 60_000,
} as const;

export interface RemoteConfig {
  replicate:
    | {
        apiToken: string;
        baseUrl: string;
        imageModel: string;
        videoModel: string;
        pollIntervalMs: number;
        timeoutMs: number;
      }
    | undefined;
  openAi: { apiKey: string; baseUrl: string; model: string; timeoutMs: number } | undefined;
  /** OpenAI-compatible /v1/audio/speech: the `speech` operation of the 'openai' provider. */
  openAiSpeech: { apiKey: string; baseUrl: string; model: string; timeoutMs: number } | undefined;
  elevenLabs: { apiKey: string; baseUrl: string; model: string; timeoutMs: number } | undefined;
}

/** '' counts as unset, as in breakdown.config.ts. */
function withDefault<T extends z.ZodType>(schema: T, fallback: unknown) {
  return z.preprocess((value) => (value === '' || value === undefined ? fallback : value), schema);
}

const optionalSecret = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().min(1).optional(),
);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const positiveMs = z.coerce.number({ error: 'must be a number of milliseconds' }).int().positive();
const replicateModel = z
  .string()
  .trim()
  .regex(REPLICATE_MODEL_PATTERN, 'must be owner/name or owner/name:version');

const envSchema = z.object({
  REPLICATE_API_TOKEN: optionalSecret,
  REPLICATE_BASE_URL: withDefault(httpUrl, REMOTE_DEFAULTS.replicateBaseUrl),
  REPLICATE_IMAGE_MODEL: withDefault(replicateModel, REMOTE_DEFAULTS.replicateImageModel),
  REPLICATE_VIDEO_MODEL: withDefault(replicateModel, REMOTE_DEFAULTS.replicateVideoModel),
  REPLICATE_POLL_INTERVAL_MS: withDefault(positiveMs, REMOTE_DEFAULTS.replicatePollIntervalMs),
  REPLICATE_TIMEOUT_MS: withDefault(positiveMs, REMOTE_DEFAULTS.replicateTimeoutMs),
  OPENAI_IMAGE_API_KEY: optionalSecret,
  OPENAI_IMAGE_BASE_URL: withDefault(httpUrl, REMOTE_DEFAULTS.openAiBaseUrl),
  OPENAI_IMAGE_MODEL: withDefault(z.string().trim().min(1).max(200), REMOTE_DEFAULTS.openAiModel),
  OPENAI_IMAGE_TIMEOUT_MS: withDefault(positiveMs, REMOTE_DEFAULTS.openAiTimeoutMs),
  OPENAI_SPEECH_API_KEY: optionalSecret,
  OPENAI_SPEECH_BASE_URL: withDefault(httpUrl, REMOTE_DEFAULTS.openAiBaseUrl),
  OPENAI_SPEECH_MODEL: withDefault(z.string().trim().min(1).max(200), REMOTE_DEFAULTS.openAiSpeechModel),
  OPENAI_SPEECH_TIMEOUT_MS: withDefault(positiveMs, REMOTE_DEFAULTS.openAiSpeechTimeoutMs),
  ELEVENLABS_API_KEY: optionalSecret,
  ELEVENLABS_BASE_URL: withDefault(httpUrl, REMOTE_DEFAULTS.elevenLabsBaseUrl),
  ELEVENLABS_MODEL: withDefault(z.string().trim().min(1).max(200), REMOTE_DEFAULTS.elevenLabsModel),
  ELEVENLABS_TIMEOUT_MS: withDefault(positiveMs, REMOTE_DEFAULTS.elevenLabsTimeoutMs),
});

/**
 * Reads REPLICATE_*, OPENAI_IMAGE_*, OPENAI_SPEECH_* and ELEVENLABS_* once. A provider is configured only when its key is set; a
 * bad value fails naming the variable (never quoting a key: zod's messages do not echo the input).
 */
export function remoteConfigFromEnv(env: Record<string, string | undefined>): RemoteConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const vars = parsed.data;
  return {
    replicate: vars.REPLICATE_API_TOKEN
      ? {
          apiToken: vars.REPLICATE_API_TOKEN,
          baseUrl: vars.REPLICATE_BASE_URL,
          imageModel: vars.REPLICATE_IMAGE_MODEL,
          videoModel: vars.REPLICATE_VIDEO_MODEL,
          pollIntervalMs: vars.REPLICATE_POLL_INTERVAL_MS,
          timeoutMs: vars.REPLICATE_TIMEOUT_MS,
        }
      : undefined,
    openAi: vars.OPENAI_IMAGE_API_KEY
      ? {
          apiKey: vars.OPENAI_IMAGE_API_KEY,
          baseUrl: vars.OPENAI_IMAGE_BASE_URL,
          model: vars.OPENAI_IMAGE_MODEL,
          timeoutMs: vars.OPENAI_IMAGE_TIMEOUT_MS,
        }
      : undefined,
    openAiSpeech: vars.OPENAI_SPEECH_API_KEY
      ? {
          apiKey: vars.OPENAI_SPEECH_API_KEY,
          baseUrl: vars.OPENAI_SPEECH_BASE_URL,
          model: vars.OPENAI_SPEECH_MODEL,
          timeoutMs: vars.OPENAI_SPEECH_TIMEOUT_MS,
        }
      : undefined,
    elevenLabs: vars.ELEVENLABS_API_KEY
      ? {
          apiKey: vars.ELEVENLABS_API_KEY,
          baseUrl: vars.ELEVENLABS_BASE_URL,
          model: vars.ELEVENLABS_MODEL,
          timeoutMs: vars.ELEVENLABS_TIMEOUT_MS,
        }
      : undefined,
  };
}
