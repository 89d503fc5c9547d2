import { readConfig, type ServerConfig } from './config/config.js';
import { providerProblems } from './generation/generation.config.js';

/**
 * Reads the server configuration from an environment object, once (config/config.ts), with the
 * provider selection checked by the generation domain; throws ConfigError naming every bad variable.
 * Here, beside app.module.ts, so that config/ imports no domain.
 */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  return readConfig(env, providerProblems);
}
