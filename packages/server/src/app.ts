import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { appModule } from './app.module.js';
import { AppLogger } from './common/app-logger.js';
import { configureHttpBodies } from './common/http-body.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { configSecrets, registerSecrets } from './common/redact.js';
import { closeRedis, connectRedis, type RedisPair } from './common/redis.js';
import { configureRequestContext } from './common/request-context.js';
import type { ServerConfig } from './config/config.js';
import { resolveSigningSecret } from './config/signing-secret.js';
import type { DatabaseKind, DatabaseTarget } from './database/data-source.js';
import { EmbeddedPostgres } from './database/embedded-postgres.js';
import { processLauncher } from './media/process-launcher.js';
import { SocketIoAdapter } from './realtime/socket-io.adapter.js';
import { Lifecycle } from './system/lifecycle.js';
import { serveWebApp, webDistDir } from './system/web-app.js';

export interface CreateAppOptions {
  /** A PGlite dump to start a NEW embedded data directory from (the test harness passes a migrated one). */
  pgliteSeedFile?: string;
}

export interface ReelbenchServer {
  app: NestExpressApplication;
  /** http://HOST:PORT, with the port actually bound (PORT=0 picks a free one). */
  url: string;
  database: DatabaseKind;
  /**
   * Stops taking work (readiness 503, new requests 503, no new sockets or jobs), lets running jobs
   * finish within the shutdown grace and releases the rest, tells sockets to reconnect elsewhere and
   * closes them, then the database; flushes the embedded data dir.
   */
  close(): Promise<void>;
}

/** The line start-up prints, exactly once. */
export function listeningLine(server: Pick<ReelbenchServer, 'url' | 'database'>): string {
  return `Reelbench listening on ${server.url} (database: ${server.database})`;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Runs `cleanups` last-first, all of them even when one fails, and each only once. */
async function unwind(cleanups: (() => Promise<void>)[]): Promise<void> {
  for (let cleanup = cleanups.pop(); cleanup !== undefined; cleanup = cleanups.pop()) {
    await cleanup().catch((error: unknown) => new Logger('Shutdown').error(error));
  }
}

async function startDatabase(
  config: ServerConfig,
  options: CreateAppOptions,
  cleanups: (() => Promise<void>)[],
): Promise<DatabaseTarget> {
  if (config.databaseUrl !== undefined) return { kind: 'postgres', url: config.databaseUrl };
  const embedded = await EmbeddedPostgres.start({
    dataDir: path.join(config.dataDir, 'pgdata'),
    ...(options.pgliteSeedFile === undefined ? {} : { seedFile: options.pgliteSeedFile }),
  });
  cleanups.push(() => embedded.stop());
  return { kind: 'pglite', host: embedded.host, port: embedded.port };
}

/** Boots the whole server on config.host:config.port. Used by main.ts and by the tests. */
export async function createApp(
  serverConfig: ServerConfig,
  options: CreateAppOptions = {},
): Promise<ReelbenchServer> {
  const config = await resolveSigningSecret(serverConfig);
  registerSecrets(configSecrets(config));
  processLauncher.configure({
    maxWallMs: config.limits.processTimeoutMs,
    cpuSeconds: config.limits.processCpuSeconds,
    killGraceMs: config.limits.processKillGraceMs,
  });
  const logger = new AppLogger(config.logLevel);
  const cleanups: (() => Promise<void>)[] = [];
  try {
    const database = await startDatabase(config, options, cleanups);
    let redis: RedisPair | undefined;
    if (config.redisUrl !== undefined) {
      const pair = await connectRedis(config.redisUrl);
      cleanups.push(() => closeRedis(pair));
      redis = pair;
    }
    const app = await NestFactory.create<NestExpressApplication>(appModule(config, database), {
      bodyParser: false,
      forceCloseConnections: true,
      logger,
    });
    const lifecycle = app.get(Lifecycle);
    cleanups.push(async () => {
      lifecycle.drain();
      await app.close();
    });
    // No 'X-Powered-By: Express': nothing tells a scanner what runs here.
    app.getHttpAdapter().getInstance().disable('x-powered-by');
    if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
    configureRequestContext(app, { logger, role: config.role, lifecycle });
    app.useGlobalFilters(new HttpErrorFilter());
    // Before the body parsers, so their error answers carry the CORS headers too.
    if (config.corsOrigins.length > 0)
      app.enableCors({
        origin: config.corsOrigins,
        credentials: true,
        // The cut exports' file name, read by the SDK's http.download.
        exposedHeaders: ['Content-Disposition'],
      });
    configureHttpBodies(app, config.limits.httpBodyBytes);
    app.useWebSocketAdapter(
      new SocketIoAdapter(app, {
        corsOrigins: config.corsOrigins,
        maxMessageBytes: config.limits.socketMessageBytes,
        role: config.role,
        lifecycle,
        graceMs: config.shutdownGraceMs,
        ...(redis ? { redis } : {}),
      }),
    );
    const webDist = webDistDir(config.webDist);
    if (webDist !== undefined) serveWebApp(app, webDist);
    await app.listen(config.port, config.host);
    const { port } = app.getHttpServer().address() as AddressInfo;
    return {
      app,
      url: `http://${urlHost(config.host)}:${port}`,
      database: database.kind,
      close: () => unwind(cleanups),
    };
  } catch (error) {
    await unwind(cleanups);
    throw error;
  }
}
