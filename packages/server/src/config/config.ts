import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@reelbench/sdk/contract';
import { z } from 'zod';
import { type BreakdownConfig, breakdownConfigFromEnv } from './breakdown.env.js';
import { ConfigError, type ConfigProblem } from './config-error.js';
import { type GenerationConfig, loadGenerationConfig } from './generation.env.js';
import { MAX_INPUT_PIXELS } from './image-limits.js';
import { type RemoteConfig, remoteConfigFromEnv } from './remote.env.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * What one server process does (docs/deploy.md): `api` serves HTTP and sockets and queues jobs,
 * `worker` works jobs and serves only the health routes, `all` (the default) does both.
 */
export const SERVER_ROLES = ['all', 'api', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

/** What one client may send and start; each a clear catalogue error when passed (docs/security.md). */
export interface LimitsConfig {
  /** Largest JSON request body, in bytes (413 PAYLOAD_TOO_LARGE_ERROR); HTTP_BODY_LIMIT_BYTES. */
  httpBodyBytes: number;
  /** Largest socket.io message (socket.io's maxHttpBufferSize; a bigger one closes the socket); SOCKET_MESSAGE_LIMIT_BYTES. */
  socketMessageBytes: number;
  /** Largest uploaded image / audio file, in bytes (413); UPLOAD_IMAGE_LIMIT_BYTES, UPLOAD_AUDIO_LIMIT_BYTES. */
  uploadImageBytes: number;
  uploadAudioBytes: number;
  /** Most pixels an arriving image may declare (400 'Image is too large'); MAX_IMAGE_PIXELS. */
  imagePixels: number;
  /** Generation jobs one user may start per minute (429 RATE_LIMIT_ERROR); GENERATIONS_PER_MINUTE. */
  generationsPerMinute: number;
  /** Jobs of one user waiting or running at once (429 RATE_LIMIT_ERROR); MAX_ACTIVE_JOBS_PER_USER. */
  activeJobsPerUser: number;
  /**
   * Login attempts counted before the password is checked, in LOGIN_WINDOW_SECONDS (429): per account
   * and address, per address, and per account across addresses (refusing only addresses that already
   * tried it); LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS, LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_ATTEMPTS_PER_ACCOUNT.
   */
  loginPerAccountAddress: number;
  loginPerAddress: number;
  loginPerAccount: number;
  loginWindowSeconds: number;
  /** Accounts registered from one address per hour (429); REGISTRATIONS_PER_HOUR. */
  registrationsPerHour: number;
  /** The least zxcvbn score (0–4) a new password needs (400 'Registration failed'); PASSWORD_MIN_SCORE. */
  passwordMinScore: number;
  /** Review comments from one address per minute (429); REVIEW_COMMENTS_PER_MINUTE. */
  reviewCommentsPerMinute: number;
  /** Review pages from one address per minute (429); REVIEW_VIEWS_PER_MINUTE. */
  reviewViewsPerMinute: number;
  /** Review media (frames, videos, the rough cut) from one address per minute (429); REVIEW_MEDIA_PER_MINUTE. */
  reviewMediaPerMinute: number;
  /** The longest one program (ffmpeg) may run; PROCESS_TIMEOUT_MS. */
  processTimeoutMs: number;
  /** Processor seconds one program may use, RLIMIT_CPU (0: none); PROCESS_CPU_SECONDS. */
  processCpuSeconds: number;
  /** How long a program stopped with SIGTERM gets before SIGKILL; PROCESS_KILL_GRACE_MS. */
  processKillGraceMs: number;
  /** An event-loop delay over this is logged as a warning; EVENT_LOOP_WARN_MS. */
  eventLoopWarnMs: number;
}

/** What `loadConfig` reads from the environment; the signing secret may still be missing. */
export interface ServerConfig {
  /** Who breaks a script down into shots: the embedded director (default) or a remote LLM. */
  breakdown: BreakdownConfig;
  /** ROLE, or `--role` on the command line (main.ts); api and worker need DATABASE_URL and REDIS_URL. */
  role: ServerRole;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  publicUrl: string | undefined;
  corsOrigins: string[];
  /**
   * Express's `trust proxy` (TRUST_PROXY): behind a load balancer, how many proxies (or which
   * addresses) to believe about the client's address, so the per-address limits count clients, not
   * the balancer. Unset: the connection's own address.
   */
  trustProxy: number | string | undefined;
  tokenTtlDays: number;
  logLevel: LogLevel;
  storage: StorageConfig;
  signingSecret: string | undefined;
  /** Jobs (and renders) a server process runs at once; JOB_CONCURRENCY, default the core count. */
  jobConcurrency: number;
  /** How often idle workers look for queued jobs another node (or a restart) left; JOB_POLL_INTERVAL_MS. */
  jobPollIntervalMs: number;
  /** A running job whose worker has been silent this long is resumed by another; JOB_STALE_SECONDS. */
  jobStaleSeconds: number;
  /**
   * The longest one job may run: past it the job is stopped and fails with 'Job failed', and its slot
   * is free again even if a provider never answers; JOB_TIMEOUT_MS, default six hours.
   */
  jobTimeoutMs: number;
  /**
   * After SIGTERM: how long running jobs may take to finish before they are released to another
   * worker, and in-flight socket actions to answer before sockets close; SHUTDOWN_GRACE_MS.
   */
  shutdownGraceMs: number;
  /** Provider per generation operation, ffmpeg location. */
  generation: GenerationConfig;
  /** The remote generation providers (REPLICATE_*, OPENAI_IMAGE_*), each set when its key is. */
  remote: RemoteConfig;
  webDist: string | undefined;
  limits: LimitsConfig;
}

/** The config the app runs with: the signing secret is resolved (from SIGNING_SECRET or the data dir). */
export type AppConfig = ServerConfig & { signingSecret: string };
/** Injection token for the AppConfig. */
export const AppConfig = Symbol('AppConfig');

/** Six hours: a feature's batch of remote videos fits, a job stuck on a silent provider does not. */
export const DEFAULT_JOB_TIMEOUT_MS = 6 * 60 * 60 * 1_000;

/**
 * The defaults: a 20 MB body or socket message carries an image data URL (setImage), uploads are
 * the contract's UPLOAD_MAX_BYTES, 40 megapixels is what the renderers decode (160 MB of RGBA).
 */
export const DEFAULT_LIMITS: LimitsConfig = {
  httpBodyBytes: 20 * 1024 * 1024,
  socketMessageBytes: 20 * 1024 * 1024,
  uploadImageBytes: UPLOAD_MAX_BYTES.image,
  uploadAudioBytes: UPLOAD_MAX_BYTES.audio,
  imagePixels: MAX_INPUT_PIXELS,
  generationsPerMinute: 120,
  activeJobsPerUser: 200,
  loginPerAccountAddress: 5,
  loginPerAddress: 20,
  loginPerAccount: 100,
  loginWindowSeconds: 15 * 60,
  registrationsPerHour: 100,
  passwordMinScore: 3,
  reviewCommentsPerMinute: 20,
  reviewViewsPerMinute: 120,
  reviewMediaPerMinute: 1_200,
  processTimeoutMs: 30 * 60_000,
  processCpuSeconds: 4 * 60 * 60,
  processKillGraceMs: 2_000,
  eventLoopWarnMs: 200,
};

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

const integer = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

const url = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

const envSchema = z
  .object({
    ROLE: optional(
      z.enum(SERVER_ROLES, { message: `must be one of ${SERVER_ROLES.join(', ')}` }).default('all'),
    ),
    PORT: optional(integer(0, 65_535).default(3002)),
    HOST: optional(z.string().trim().min(1).default('127.0.0.1')),
    DATABASE_URL: optional(url(['postgres:', 'postgresql:']).optional()),
    REELBENCH_DATA_DIR: optional(z.string().default('./.reelbench')),
    REDIS_URL: optional(url(['redis:', 'rediss:']).optional()),
    PUBLIC_URL: optional(url(['http:', 'https:']).optional()),
    CORS_ORIGINS: optional(z.string().optional()),
    TRUST_PROXY: optional(
      z
        .string()
        .trim()
        .regex(/^(\d{1,2}|[\w.:/, -]+)$/, 'must be a number of proxies or their addresses, comma-separated')
        .optional(),
    ),
    TOKEN_TTL_DAYS: optional(integer(1, 3_650).default(30)),
    LOG_LEVEL: optional(
      z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    ),
    STORAGE_DRIVER: optional(z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local')),
    S3_ENDPOINT: optional(url(['http:', 'https:']).optional()),
    S3_BUCKET: optional(z.string().optional()),
    S3_REGION: optional(z.string().optional()),
    S3_ACCESS_KEY_ID: optional(z.string().optional()),
    S3_SECRET_ACCESS_KEY: optional(z.string().optional()),
    SIGNING_SECRET: optional(z.string().min(32, 'must be at least 32 characters').optional()),
    JOB_CONCURRENCY: optional(integer(1, 256).optional()),
    JOB_POLL_INTERVAL_MS: optional(integer(50, 60_000).default(1_000)),
    JOB_STALE_SECONDS: optional(integer(1, 86_400).default(60)),
    JOB_TIMEOUT_MS: optional(integer(1_000, 172_800_000).default(DEFAULT_JOB_TIMEOUT_MS)),
    SHUTDOWN_GRACE_MS: optional(integer(0, 3_600_000).default(10_000)),
    WEB_DIST: optional(z.string().optional()),
    HTTP_BODY_LIMIT_BYTES: optional(integer(1_024, 1_073_741_824).default(DEFAULT_LIMITS.httpBodyBytes)),
    SOCKET_MESSAGE_LIMIT_BYTES: optional(
      integer(1_024, 1_073_741_824).default(DEFAULT_LIMITS.socketMessageBytes),
    ),
    UPLOAD_IMAGE_LIMIT_BYTES: optional(
      integer(1_024, 1_073_741_824).default(DEFAULT_LIMITS.uploadImageBytes),
    ),
    UPLOAD_AUDIO_LIMIT_BYTES: optional(
      integer(1_024, 1_073_741_824).default(DEFAULT_LIMITS.uploadAudioBytes),
    ),
    MAX_IMAGE_PIXELS: optional(integer(1, MAX_INPUT_PIXELS).default(DEFAULT_LIMITS.imagePixels)),
    GENERATIONS_PER_MINUTE: optional(integer(1, 100_000).default(DEFAULT_LIMITS.generationsPerMinute)),
    MAX_ACTIVE_JOBS_PER_USER: optional(integer(1, 100_000).default(DEFAULT_LIMITS.activeJobsPerUser)),
    LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS: optional(
      integer(1, 100_000).default(DEFAULT_LIMITS.loginPerAccountAddress),
    ),
    LOGIN_ATTEMPTS_PER_ADDRESS: optional(integer(1, 100_000).default(DEFAULT_LIMITS.loginPerAddress)),
    LOGIN_ATTEMPTS_PER_ACCOUNT: optional(integer(1, 1_000_000).default(DEFAULT_LIMITS.loginPerAccount)),
    LOGIN_WINDOW_SECONDS: optional(integer(1, 86_400).default(DEFAULT_LIMITS.loginWindowSeconds)),
    REGISTRATIONS_PER_HOUR: optional(integer(1, 1_000_000).default(DEFAULT_LIMITS.registrationsPerHour)),
    PASSWORD_MIN_SCORE: optional(integer(0, 4).default(DEFAULT_LIMITS.passwordMinScore)),
    REVIEW_COMMENTS_PER_MINUTE: optional(
      integer(1, 1_000_000).default(DEFAULT_LIMITS.reviewCommentsPerMinute),
    ),
    REVIEW_VIEWS_PER_MINUTE: optional(integer(1, 1_000_000).default(DEFAULT_LIMITS.reviewViewsPerMinute)),
    REVIEW_MEDIA_PER_MINUTE: optional(integer(1, 1_000_000).default(DEFAULT_LIMITS.reviewMediaPerMinute)),
    PROCESS_TIMEOUT_MS: optional(integer(1_000, 172_800_000).default(DEFAULT_LIMITS.processTimeoutMs)),
    PROCESS_CPU_SECONDS: optional(integer(0, 604_800).default(DEFAULT_LIMITS.processCpuSeconds)),
    PROCESS_KILL_GRACE_MS: optional(integer(0, 60_000).default(DEFAULT_LIMITS.processKillGraceMs)),
    EVENT_LOOP_WARN_MS: optional(integer(10, 60_000).default(DEFAULT_LIMITS.eventLoopWarnMs)),
  })
  .superRefine((env, ctx) => {
    if (env.ROLE !== 'all') {
      // The embedded database belongs to one process, and without Redis a worker's job events
      // would never reach the sockets on the API nodes.
      for (const variable of ['DATABASE_URL', 'REDIS_URL'] as const) {
        if (env[variable] === undefined) {
          ctx.addIssue({ code: 'custom', path: [variable], message: `is required when ROLE=${env.ROLE}` });
        }
      }
    }
    if (env.STORAGE_DRIVER !== 's3') return;
    for (const variable of S3_VARIABLES) {
      if (env[variable] === undefined) {
        ctx.addIssue({ code: 'custom', path: [variable], message: 'is required when STORAGE_DRIVER=s3' });
      }
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;

function storageConfig(env: ParsedEnv): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local' };
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT ?? '',
    bucket: env.S3_BUCKET ?? '',
    region: env.S3_REGION ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
  };
}

function parseOrigins(value: string | undefined): string[] | ConfigProblem {
  const origins = (value ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const bad = origins.find((origin) => !URL.canParse(origin) || new URL(origin).origin !== origin);
  if (bad !== undefined) {
    return { variable: 'CORS_ORIGINS', message: `'${bad}' is not an origin like https://example.com` };
  }
  return origins;
}

/**
 * What the generation domain finds wrong with a provider selection (a remote provider without its
 * key, one lacking the operation): generation.config.ts's providerProblems, passed in by loadConfig.
 */
export type ProviderCheck = (generation: GenerationConfig, remote: RemoteConfig) => ConfigProblem[];

/** The provider selection, checked against what is configured: a remote provider needs its key. */
function readGeneration(
  env: Record<string, string | undefined>,
  providerProblems: ProviderCheck,
): { generation: GenerationConfig; remote: RemoteConfig } | ConfigProblem[] {
  try {
    const generation = loadGenerationConfig(env);
    const remote = remoteConfigFromEnv(env);
    const problems = providerProblems(generation, remote);
    return problems.length > 0 ? problems : { generation, remote };
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

function readBreakdown(env: Record<string, string | undefined>): BreakdownConfig | ConfigProblem[] {
  try {
    return breakdownConfigFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/**
 * Reads the server configuration from an environment object, once. Pure apart from resolving
 * relative paths against the working directory; throws ConfigError naming every bad variable.
 * The server reads it through loadConfig (src/load-config.ts), which passes the generation
 * domain's provider check.
 */
export function readConfig(
  env: Record<string, string | undefined>,
  providerProblems: ProviderCheck,
): ServerConfig {
  const parsed = envSchema.safeParse(env);
  const problems: ConfigProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), message: issue.message }));
  const origins = parseOrigins(env.CORS_ORIGINS);
  if (!Array.isArray(origins)) problems.push(origins);
  const breakdown = readBreakdown(env);
  if (!('provider' in breakdown)) problems.push(...breakdown);
  const generation = readGeneration(env, providerProblems);
  if (Array.isArray(generation)) problems.push(...generation);
  if (!parsed.success || !Array.isArray(origins) || !('provider' in breakdown) || Array.isArray(generation)) {
    problems.sort((a, b) => a.variable.localeCompare(b.variable));
    throw new ConfigError(problems);
  }
  const values = parsed.data;
  return {
    breakdown,
    role: values.ROLE,
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: path.resolve(values.REELBENCH_DATA_DIR),
    redisUrl: values.REDIS_URL,
    publicUrl: values.PUBLIC_URL,
    corsOrigins: origins,
    trustProxy:
      values.TRUST_PROXY === undefined || !/^\d+$/.test(values.TRUST_PROXY)
        ? values.TRUST_PROXY
        : Number(values.TRUST_PROXY),
    tokenTtlDays: values.TOKEN_TTL_DAYS,
    logLevel: values.LOG_LEVEL,
    storage: storageConfig(values),
    signingSecret: values.SIGNING_SECRET,
    jobConcurrency: values.JOB_CONCURRENCY ?? os.availableParallelism(),
    jobPollIntervalMs: values.JOB_POLL_INTERVAL_MS,
    jobStaleSeconds: values.JOB_STALE_SECONDS,
    jobTimeoutMs: values.JOB_TIMEOUT_MS,
    shutdownGraceMs: values.SHUTDOWN_GRACE_MS,
    generation: generation.generation,
    remote: generation.remote,
    webDist: values.WEB_DIST === undefined ? undefined : path.resolve(values.WEB_DIST),
    limits: {
      httpBodyBytes: values.HTTP_BODY_LIMIT_BYTES,
      socketMessageBytes: values.SOCKET_MESSAGE_LIMIT_BYTES,
      uploadImageBytes: values.UPLOAD_IMAGE_LIMIT_BYTES,
      uploadAudioBytes: values.UPLOAD_AUDIO_LIMIT_BYTES,
      imagePixels: values.MAX_IMAGE_PIXELS,
      generationsPerMinute: values.GENERATIONS_PER_MINUTE,
      activeJobsPerUser: values.MAX_ACTIVE_JOBS_PER_USER,
      loginPerAccountAddress: values.LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS,
      loginPerAddress: values.LOGIN_ATTEMPTS_PER_ADDRESS,
      loginPerAccount: values.LOGIN_ATTEMPTS_PER_ACCOUNT,
      loginWindowSeconds: values.LOGIN_WINDOW_SECONDS,
      registrationsPerHour: values.REGISTRATIONS_PER_HOUR,
      passwordMinScore: values.PASSWORD_MIN_SCORE,
      reviewCommentsPerMinute: values.REVIEW_COMMENTS_PER_MINUTE,
      reviewViewsPerMinute: values.REVIEW_VIEWS_PER_MINUTE,
      reviewMediaPerMinute: values.REVIEW_MEDIA_PER_MINUTE,
      processTimeoutMs: values.PROCESS_TIMEOUT_MS,
      processCpuSeconds: values.PROCESS_CPU_SECONDS,
      processKillGraceMs: values.PROCESS_KILL_GRACE_MS,
      eventLoopWarnMs: values.EVENT_LOOP_WARN_MS,
    },
  };
}
