import { ConfigError } from '../../src/config/config-error.js';

export type Env = Record<string, string | undefined>;

/**
 * What a config loader says is wrong with `env`: the ConfigError it throws, as variable → message
 * (in the loader's order). Fails the test when the loader throws nothing.
 */
export function configProblems(load: (env: Env) => unknown, env: Env): Record<string, string> {
  try {
    load(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return Object.fromEntries(error.problems.map((p) => [p.variable, p.message]));
  }
  throw new Error('expected a ConfigError');
}
