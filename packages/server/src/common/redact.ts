import type { ServerConfig } from '../config/config.js';

export const REDACTED = '[REDACTED]';

/**
 * What a log line must never carry, by shape: bearer tokens, Authorization and cookie headers,
 * password/token/secret/key fields (JSON or key=value), credentials in a URL (DATABASE_URL,
 * REDIS_URL), the signature of a signed URL (ours and S3's) and review tokens in paths.
 */
const PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\b((?:proxy-)?authorization|(?:set-)?cookie)(["']?\s*[:=]\s*["']?)[^"'\r\n,}]+/gi, `$1$2${REDACTED}`],
  [
    /\b([a-z0-9_-]*?(?:password|passwd|pwd|token|secret|api[_-]?key|access[_-]?key(?:[_-]?id)?|secret[_-]?access[_-]?key|signing[_-]?secret))(["']?\s*[:=]\s*["']?)(?!\[REDACTED\])[^"'\s&,}]+/gi,
    `$1$2${REDACTED}`,
  ],
  [/\b([a-z][a-z0-9+.-]*:\/\/[^:/?#@\s"']*):[^@/?#\s"']+@/gi, `$1:${REDACTED}@`],
  [
    /([?&](?:sig|signature|X-Amz-Signature|X-Amz-Credential|X-Amz-Security-Token|token)=)[^&\s"'#]+/gi,
    `$1${REDACTED}`,
  ],
  // A review token is the path segment after /review/ or /review-links/ (the page, its API, its media).
  [/(\/review(?:-links)?\/)[^/?#\s"']+/gi, `$1${REDACTED}`],
];

/** Secrets from the configuration, also redacted verbatim wherever they appear (4+ characters). */
const knownSecrets = new Set<string>();

export function registerSecrets(values: Iterable<string | undefined>): void {
  for (const value of values) if (value !== undefined && value.length >= 4) knownSecrets.add(value);
}

/** The configuration's secrets: signing secret, S3 secret, provider keys, URL passwords. */
export function configSecrets(config: ServerConfig): (string | undefined)[] {
  const urlPassword = (url: string | undefined) => {
    if (url === undefined || !URL.canParse(url)) return undefined;
    const password = new URL(url).password;
    return password === '' ? undefined : decodeURIComponent(password);
  };
  return [
    config.signingSecret,
    config.storage.driver === 's3' ? config.storage.secretAccessKey : undefined,
    config.remote.replicate?.apiToken,
    config.remote.openAi?.apiKey,
    config.breakdown.provider === 'local' ? undefined : config.breakdown.apiKey,
    urlPassword(config.databaseUrl),
    urlPassword(config.redisUrl),
  ];
}

export function redact(text: string): string {
  let out = text;
  for (const secret of knownSecrets) out = out.split(secret).join(REDACTED);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
