import { z } from 'zod';
import { ConfigError, type ConfigProblem } from './config-error.js';

export const BREAKDOWN_PROVIDERS = ['local', 'openai', 'gemini'] as const;
export const DEFAULT_BREAKDOWN_TIMEOUT_MS = 60_000;

export type BreakdownConfig =
  | { provider: 'local' }
  | { provider: 'openai' | 'gemini'; baseUrl: string; apiKey: string; model: string; timeoutMs: number };

const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().trim().min(1).optional(),
);

const envSchema = z.object({
  BREAKDOWN_PROVIDER: z.preprocess(
    (value) => (value === '' || value === undefined ? 'local' : value),
    z.enum(BREAKDOWN_PROVIDERS),
  ),
  BREAKDOWN_BASE_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  BREAKDOWN_API_KEY: optionalText,
  BREAKDOWN_MODEL: optionalText,
  BREAKDOWN_TIMEOUT_MS: z.preprocess(
    (value) => (value === '' || value === undefined ? DEFAULT_BREAKDOWN_TIMEOUT_MS : value),
    z.coerce.number().int().positive(),
  ),
});

const REMOTE_VARIABLES = ['BREAKDOWN_BASE_URL', 'BREAKDOWN_API_KEY', 'BREAKDOWN_MODEL'] as const;

/** Reads BREAKDOWN_*; a remote provider without its URL, key or model fails naming each variable. */
export function breakdownConfigFromEnv(env: Record<string, string | undefined>): BreakdownConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message })),
    );
  }
  const vars = parsed.data;
  if (vars.BREAKDOWN_PROVIDER === 'local') return { provider: 'local' };
  const problems: ConfigProblem[] = REMOTE_VARIABLES.filter((name) => vars[name] === undefined).map(
    (name) => ({
      variable: name,
      message: `required when BREAKDOWN_PROVIDER=${vars.BREAKDOWN_PROVIDER}`,
    }),
  );
  const { BREAKDOWN_BASE_URL: baseUrl, BREAKDOWN_API_KEY: apiKey, BREAKDOWN_MODEL: model } = vars;
  if (baseUrl === undefined || apiKey === undefined || model === undefined) throw new ConfigError(problems);
  return { provider: vars.BREAKDOWN_PROVIDER, baseUrl, apiKey, model, timeoutMs: vars.BREAKDOWN_TIMEOUT_MS };
}
