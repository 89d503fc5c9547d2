import { ConfigError, type ConfigProblem } from './config-error.js';

/** The operations a provider is chosen for, one GENERATION_PROVIDER_<OPERATION> variable each. */
export const GENERATION_OPERATIONS = [
  'shotImage',
  'assetImage',
  'characterRotation',
  'enhance',
  'backgroundRemoval',
  'assessment',
  'composition',
  'video',
  'speech',
] as const;

/** The embedded, offline provider every operation uses unless configured otherwise. */
export const DEFAULT_PROVIDER = 'local';

/** An operation a provider may implement (generation/provider.ts: keyof GenerationOperations). */
export type GenerationOperationName = (typeof GENERATION_OPERATIONS)[number];

/** Provider name per operation; an operation not listed uses DEFAULT_PROVIDER. */
export type ProviderSelection = Partial<Record<GenerationOperationName, string>>;

/** The environment variable that selects an operation's provider, e.g. GENERATION_PROVIDER_SHOT_IMAGE. */
export function operationVariable(operation: GenerationOperationName): string {
  return `GENERATION_PROVIDER_${operation.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`;
}

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
