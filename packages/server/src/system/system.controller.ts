import { Controller, Inject } from '@nestjs/common';
import { type Health, HTTP_ROUTES } from '@reelbench/sdk/contract';
import { Route } from '../common/route.decorator.js';
import type { DatabaseTarget } from '../database/data-source.js';
import { DATABASE_TARGET } from '../database/database.module.js';
import { buildOpenApiDocument } from './openapi.js';
import { SERVER_VERSION } from './version.js';

const routes = HTTP_ROUTES.system;

@Controller()
export class SystemController {
  private document: Record<string, unknown> | undefined;

  constructor(@Inject(DATABASE_TARGET) private readonly database: DatabaseTarget) {}

  @Route(routes.health)
  health(): Health {
    return { status: 'ok', database: this.database.kind, version: SERVER_VERSION };
  }

  @Route(routes.openapi)
  openapi(): Record<string, unknown> {
    this.document ??= buildOpenApiDocument(SERVER_VERSION);
    return this.document;
  }
}
