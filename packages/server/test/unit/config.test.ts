import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REMOTE_DEFAULTS } from '../../src/config/remote.env.js';
import { resolveSigningSecret, SIGNING_SECRET_FILE } from '../../src/config/signing-secret.js';
import { loadConfig } from '../../src/load-config.js';
import { configProblems, type Env } from '../support/config-problems.js';

const problemsOf = (env: Env) => configProblems(loadConfig, env);

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      role: 'all',
      shutdownGraceMs: 10_000,
      port: 3002,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('./.reelbench'),
      redisUrl: undefined,
      publicUrl: undefined,
      corsOrigins: [],
      tokenTtlDays: 30,
      logLevel: 'info',
      storage: { driver: 'local' },
      signingSecret: undefined,
      jobConcurrency: os.availableParallelism(),
      webDist: undefined,
      breakdown: { provider: 'local' },
    });
  });

  it('names the breakdown variables a remote provider is missing, with the other bad ones', () => {
    const problems = problemsOf({ BREAKDOWN_PROVIDER: 'openai', PORT: 'x' });
    expect(Object.keys(problems).sort()).toEqual([
      'BREAKDOWN_API_KEY',
      'BREAKDOWN_BASE_URL',
      'BREAKDOWN_MODEL',
      'PORT',
    ]);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      BREAKDOWN_PROVIDER: 'gemini',
      BREAKDOWN_BASE_URL: 'https://llm.example.com',
      BREAKDOWN_API_KEY: 'key',
      BREAKDOWN_MODEL: 'model-1',
      BREAKDOWN_TIMEOUT_MS: '9000',
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/reelbench',
      REELBENCH_DATA_DIR: '/var/lib/reelbench',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://reel.example.com',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com:8443',
      TOKEN_TTL_DAYS: '7',
      LOG_LEVEL: 'debug',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'reels',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'shh',
      SIGNING_SECRET: 's'.repeat(32),
      JOB_CONCURRENCY: '3',
      JOB_POLL_INTERVAL_MS: '250',
      JOB_STALE_SECONDS: '30',
      JOB_TIMEOUT_MS: '900000',
      SHUTDOWN_GRACE_MS: '2500',
      ROLE: 'api',
      GENERATION_PROVIDER_VIDEO: 'replicate',
      FFMPEG_PATH: '/usr/bin/ffmpeg',
      REPLICATE_API_TOKEN: 'r8_token',
      WEB_DIST: '/srv/web',
      HTTP_BODY_LIMIT_BYTES: '1048576',
      SOCKET_MESSAGE_LIMIT_BYTES: '2097152',
      UPLOAD_IMAGE_LIMIT_BYTES: '3145728',
      UPLOAD_AUDIO_LIMIT_BYTES: '4194304',
      MAX_IMAGE_PIXELS: '1000000',
      GENERATIONS_PER_MINUTE: '30',
      MAX_ACTIVE_JOBS_PER_USER: '12',
      LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS: '3',
      LOGIN_ATTEMPTS_PER_ADDRESS: '9',
      LOGIN_ATTEMPTS_PER_ACCOUNT: '40',
      LOGIN_WINDOW_SECONDS: '600',
      REGISTRATIONS_PER_HOUR: '7',
      PASSWORD_MIN_SCORE: '4',
      REVIEW_COMMENTS_PER_MINUTE: '5',
      REVIEW_VIEWS_PER_MINUTE: '50',
      REVIEW_MEDIA_PER_MINUTE: '500',
      PROCESS_TIMEOUT_MS: '60000',
      PROCESS_CPU_SECONDS: '0',
      PROCESS_KILL_GRACE_MS: '500',
      EVENT_LOOP_WARN_MS: '150',
    });
    expect(config).toEqual({
      role: 'api',
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/reelbench',
      dataDir: '/var/lib/reelbench',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://reel.example.com',
      corsOrigins: ['https://a.example.com', 'https://b.example.com:8443'],
      tokenTtlDays: 7,
      logLevel: 'debug',
      storage: {
        driver: 's3',
        endpoint: 'https://s3.example.com',
        bucket: 'reels',
        region: 'eu-west-1',
        accessKeyId: 'AKIA',
        secretAccessKey: 'shh',
      },
      signingSecret: 's'.repeat(32),
      jobConcurrency: 3,
      jobPollIntervalMs: 250,
      jobStaleSeconds: 30,
      jobTimeoutMs: 900_000,
      shutdownGraceMs: 2500,
      generation: {
        providers: {
          shotImage: 'local',
          assetImage: 'local',
          characterRotation: 'local',
          enhance: 'local',
          backgroundRemoval: 'local',
          assessment: 'local',
          composition: 'local',
          video: 'replicate',
          speech: 'local',
        },
        ffmpegPath: '/usr/bin/ffmpeg',
        searchPath: undefined,
      },
      remote: {
        replicate: {
          apiToken: 'r8_token',
          baseUrl: REMOTE_DEFAULTS.replicateBaseUrl,
          imageModel: REMOTE_DEFAULTS.replicateImageModel,
          videoModel: REMOTE_DEFAULTS.replicateVideoModel,
          pollIntervalMs: REMOTE_DEFAULTS.replicatePollIntervalMs,
          timeoutMs: REMOTE_DEFAULTS.replicateTimeoutMs,
        },
        openAi: undefined,
        openAiSpeech: undefined,
        elevenLabs: undefined,
      },
      webDist: '/srv/web',
      limits: {
        httpBodyBytes: 1_048_576,
        socketMessageBytes: 2_097_152,
        uploadImageBytes: 3_145_728,
        uploadAudioBytes: 4_194_304,
        imagePixels: 1_000_000,
        generationsPerMinute: 30,
        activeJobsPerUser: 12,
        loginPerAccountAddress: 3,
        loginPerAddress: 9,
        loginPerAccount: 40,
        loginWindowSeconds: 600,
        registrationsPerHour: 7,
        passwordMinScore: 4,
        reviewCommentsPerMinute: 5,
        reviewViewsPerMinute: 50,
        reviewMediaPerMinute: 500,
        processTimeoutMs: 60_000,
        processCpuSeconds: 0,
        processKillGraceMs: 500,
        eventLoopWarnMs: 150,
      },
      breakdown: {
        provider: 'gemini',
        baseUrl: 'https://llm.example.com',
        apiKey: 'key',
        model: 'model-1',
        timeoutMs: 9000,
      },
    });
  });

  it('refuses a generation provider that is not configured, and bad job settings', () => {
    expect(problemsOf({ GENERATION_PROVIDER_VIDEO: 'replicate' })).toEqual({
      GENERATION_PROVIDER_VIDEO: "Unknown generation provider 'replicate'",
    });
    const problems = problemsOf({
      GENERATION_PROVIDER_ENHANCE: 'Not A Name',
      JOB_POLL_INTERVAL_MS: '10',
      JOB_STALE_SECONDS: 'soon',
      JOB_TIMEOUT_MS: '500',
    });
    expect(problems.GENERATION_PROVIDER_ENHANCE).toContain('is not a provider name');
    expect(Object.keys(problems).sort()).toEqual([
      'GENERATION_PROVIDER_ENHANCE',
      'JOB_POLL_INTERVAL_MS',
      'JOB_STALE_SECONDS',
      'JOB_TIMEOUT_MS',
    ]);
    // With the token, the selection is valid; openai lacks video, and says so.
    expect(
      loadConfig({ GENERATION_PROVIDER_VIDEO: 'replicate', REPLICATE_API_TOKEN: 't' }).generation.providers
        .video,
    ).toBe('replicate');
    expect(
      problemsOf({ GENERATION_PROVIDER_VIDEO: 'openai', OPENAI_IMAGE_API_KEY: 'k' })
        .GENERATION_PROVIDER_VIDEO,
    ).toBe("Generation provider 'openai' does not support video");
  });

  it('runs api and worker nodes only on a shared Postgres with Redis', () => {
    expect(problemsOf({ ROLE: 'worker' })).toMatchObject({
      DATABASE_URL: 'is required when ROLE=worker',
      REDIS_URL: 'is required when ROLE=worker',
    });
    expect(problemsOf({ ROLE: 'api', DATABASE_URL: 'postgres://db/r' })).toEqual({
      REDIS_URL: 'is required when ROLE=api',
    });
    expect(problemsOf({ ROLE: 'both' }).ROLE).toBe('must be one of all, api, worker');
    const worker = loadConfig({
      ROLE: 'worker',
      DATABASE_URL: 'postgres://db/r',
      REDIS_URL: 'redis://r:6379',
    });
    expect(worker.role).toBe('worker');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ', LOG_LEVEL: '' })).toMatchObject({
      port: 3002,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('accepts PORT=0 (pick a free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'localhost:6379',
      TOKEN_TTL_DAYS: '0',
      LOG_LEVEL: 'loud',
      SIGNING_SECRET: 'short',
      JOB_CONCURRENCY: '-1',
      CORS_ORIGINS: 'https://ok.example.com,not an origin',
    });
    expect(Object.keys(problems).sort()).toEqual([
      'CORS_ORIGINS',
      'DATABASE_URL',
      'JOB_CONCURRENCY',
      'LOG_LEVEL',
      'PORT',
      'REDIS_URL',
      'SIGNING_SECRET',
      'TOKEN_TTL_DAYS',
    ]);
    expect(problems.PORT).toBe('must be a whole number between 0 and 65535');
    expect(problems.DATABASE_URL).toBe('must be a URL starting with postgres:// or postgresql://');
    expect(problems.LOG_LEVEL).toBe('must be one of fatal, error, warn, info, debug, verbose');
  });

  it('requires every S3 variable when STORAGE_DRIVER=s3', () => {
    expect(problemsOf({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toEqual({
      S3_ACCESS_KEY_ID: 'is required when STORAGE_DRIVER=s3',
      S3_ENDPOINT: 'is required when STORAGE_DRIVER=s3',
      S3_REGION: 'is required when STORAGE_DRIVER=s3',
      S3_SECRET_ACCESS_KEY: 'is required when STORAGE_DRIVER=s3',
    });
    expect(problemsOf({ STORAGE_DRIVER: 'ftp' })).toEqual({ STORAGE_DRIVER: 'must be local or s3' });
  });

  it('puts one line per bad variable in the message', () => {
    expect(() => loadConfig({ PORT: '99999', TOKEN_TTL_DAYS: 'x' })).toThrow(
      'Invalid configuration:\n  PORT: must be at most 65535\n  TOKEN_TTL_DAYS: must be a whole number between 1 and 3650',
    );
  });
});

describe('resolveSigningSecret', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it('uses SIGNING_SECRET when set', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelbench-secret-'));
    dirs.push(dataDir);
    const config = loadConfig({ REELBENCH_DATA_DIR: dataDir, SIGNING_SECRET: 'k'.repeat(40) });
    expect((await resolveSigningSecret(config)).signingSecret).toBe('k'.repeat(40));
  });

  it('generates a secret once, keeps it in the data dir with mode 0600, and reuses it', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'reelbench-secret-'));
    dirs.push(parent);
    const dataDir = path.join(parent, 'not-yet-there');
    const config = loadConfig({ REELBENCH_DATA_DIR: dataDir });
    const first = await resolveSigningSecret(config);
    expect(first.signingSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, SIGNING_SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.signingSecret);
    expect((await resolveSigningSecret(config)).signingSecret).toBe(first.signingSecret);
  });
});

describe('the hardening limits in the config', () => {
  it('refuses out-of-range limits and reads TRUST_PROXY as hops or addresses', () => {
    expect(configProblems(loadConfig, { PASSWORD_MIN_SCORE: '5', PROCESS_KILL_GRACE_MS: 'soon' })).toEqual({
      PASSWORD_MIN_SCORE: 'must be at most 4',
      PROCESS_KILL_GRACE_MS: 'must be a whole number between 0 and 60000',
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(loadConfig({}).trustProxy).toBeUndefined();
  });
});
