import { Controller, Inject } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type Health,
  HTTP_ROUTES,
  type Liveness,
  MESSAGES,
  type Readiness,
  ReelbenchError,
} from '@reelbench/sdk/contract';
import type { DataSource } from 'typeorm';
import { Route } from '../common/route.decorator.js';
import { AppConfig } from '../config/config.js';
import type { DatabaseTarget } from '../database/data-source.js';
import { DATABASE_TARGET } from '../database/database.module.js';
import { EventLoopMonitor } from './event-loop.js';
import { Lifecycle } from './lifecycle.js';
import { buildOpenApiDocument } from './openapi.js';
import { SERVER_VERSION } from './version.js';

const routes = HTTP_ROUTES.system;
/** A readiness probe that waits longer than this for the database reports it down. */
const DATABASE_PROBE_MS = 2_000;

function notReady(reason: string): ReelbenchError {
  return new ReelbenchError({
    code: 'SERVER_ERROR',
    message: MESSAGES.serverError,
    statusCode: 503,
    details: [{ path: 'status', message: reason }],
  });
}

@Controller()
export class SystemController {
  private document: Record<string, unknown> | undefined;

  constructor(
    @Inject(DATABASE_TARGET) private readonly database: DatabaseTarget,
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly lifecycle: Lifecycle,
    private readonly eventLoop: EventLoopMonitor,
  ) {}

  @Route(routes.health)
  health(): Health {
    return { status: 'ok', database: this.database.kind, version: SERVER_VERSION };
  }

  @Route(routes.live)
  live(): Liveness {
    return { status: 'ok' };
  }

  @Route(routes.ready)
  async ready(): Promise<Readiness> {
    if (this.lifecycle.draining) throw notReady('Stopping');
    let timer: NodeJS.Timeout | undefined;
    const probe = this.db.query('SELECT 1').then(() => true);
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS);
    });
    const reachable = await Promise.race([probe, timeout]).catch(() => false);
    clearTimeout(timer);
    if (!reachable) throw notReady('Database unreachable');
    return {
      status: 'ready',
      role: this.config.role,
      database: this.database.kind,
      version: SERVER_VERSION,
      eventLoop: this.eventLoop.delay(),
    };
  }

  @Route(routes.openapi)
  openapi(): Record<string, unknown> {
    this.document ??= buildOpenApiDocument(SERVER_VERSION);
    return this.document;
  }
}
