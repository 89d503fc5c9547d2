import { z } from 'zod';
import type { Sleep } from '../../breakdown/breakdown.types.js';
import { ConfigError } from '../../config/config.js';
import type { ProviderRegistry } from '../provider.js';
import { createOpenAiImageProvider, OPENAI_IMAGE_PROVIDER } from './openai-image.provider.js';
import type { RemoteLogger } from './remote-session.js';
import {
  createReplicateProvider,
  REPLICATE_MODEL_PATTERN,
  REPLICATE_PROVIDER,
} from './replicate.provider.js';

export const REMOTE_DEFAULTS = {
  replicateBaseUrl: 'https://api.replicate.com',
  replicateImageModel: 'black-forest-labs/flux-schnell',
  replicateVideoModel: 'minimax/video-01',
  replicatePollIntervalMs: 1_000,
  replicateTimeoutMs: 300_000,
  openAiBaseUrl: 'https://api.openai.com',
  openAiModel: 'gpt-image-1',
  openAiTimeoutMs: 120_000,
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
});

/**
 * Reads REPLICATE_* and OPENAI_IMAGE_* once. A provider is configured only when its key is set; a
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
  };
}

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
 * Registers 'replicate' when the config has its token and 'openai' when it has its key, and returns
 * the names registered.
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
  if (config.openAi) {
    registry.register(OPENAI_IMAGE_PROVIDER, createOpenAiImageProvider({ ...config.openAi, ...overrides }));
    registered.push(OPENAI_IMAGE_PROVIDER);
  }
  return registered;
}
