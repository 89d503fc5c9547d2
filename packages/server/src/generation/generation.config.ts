import type { ConfigProblem } from '../config/config-error.js';
import type { GenerationConfig } from '../config/generation.env.js';
import type { RemoteConfig } from '../config/remote.env.js';
import { createLocalProvider, type LocalProviderOptions } from './local/local.provider.js';
import { DEFAULT_PROVIDER, ProviderRegistry } from './provider.js';
import { registerRemoteProviders } from './remote/remote.config.js';

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

/**
 * The provider selection checked against what is configured, for start-up (loadConfig): a selected
 * provider that is not there (a remote one without its key) or lacks the operation.
 */
export function providerProblems(generation: GenerationConfig, remote: RemoteConfig): ConfigProblem[] {
  const registry = createProviderRegistry(generation);
  registerRemoteProviders(registry, remote, generation);
  return registry.problems();
}
