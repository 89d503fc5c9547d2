import { ConfigError, type ConfigProblem } from '../config/config-error.js';
import { createLocalProvider, type LocalProviderOptions } from './local/local.provider.js';
import {
  DEFAULT_PROVIDER,
  GENERATION_OPERATIONS,
  operationVariable,
  ProviderRegistry,
  type ProviderSelection,
} from './provider.js';

export const PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** Selects the provider of every operation not selected one by one. */
export const DEFAULT_PROVIDER_VARIABLE = 'GENERATION_PROVIDER';

export interface GenerationConfig {
  providers: ProviderSelection;
  /** FFMPEG_PATH. */
  ffmpegPath: string | undefined;
  /** PATH, searched for ffmpeg when FFMPEG_PATH is unset. */
  searchPath: string | undefined;
}

function providerName(env: Record<string, string | undefined>, variable: string, problems: ConfigProblem[]) {
  const value = env[variable]?.trim();
  if (!value) return undefined;
  if (!PROVIDER_NAME_PATTERN.test(value)) {
    problems.push({
      variable,
      message: `'${value}' is not a provider name (lower-case letters, digits and -)`,
    });
    return undefined;
  }
  return value;
}

/**
 * Reads the generation settings once: GENERATION_PROVIDER for every operation, then
 * GENERATION_PROVIDER_<OPERATION> (e.g. GENERATION_PROVIDER_VIDEO) per operation, FFMPEG_PATH and PATH.
 */
export function loadGenerationConfig(env: Record<string, string | undefined>): GenerationConfig {
  const problems: ConfigProblem[] = [];
  const fallback = providerName(env, DEFAULT_PROVIDER_VARIABLE, problems) ?? DEFAULT_PROVIDER;
  const providers: ProviderSelection = {};
  for (const operation of GENERATION_OPERATIONS) {
    providers[operation] = providerName(env, operationVariable(operation), problems) ?? fallback;
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const ffmpegPath = env.FFMPEG_PATH?.trim();
  return { providers, ffmpegPath: ffmpegPath || undefined, searchPath: env.PATH };
}

/**
 * The registry with the embedded `local` provider; remote providers are registered on it by name.
 * Call `problems()` once they are, to fail start-up on a selection nothing implements.
 */
export function createProviderRegistry(
  config: GenerationConfig,
  localOptions: Omit<LocalProviderOptions, 'ffmpegPath' | 'searchPath'> = {},
): ProviderRegistry {
  const local = createLocalProvider({
    ...localOptions,
    ffmpegPath: config.ffmpegPath,
    searchPath: config.searchPath,
  });
  return new ProviderRegistry(config.providers).register(DEFAULT_PROVIDER, local);
}
