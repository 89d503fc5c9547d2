import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { BadRequestException, Controller, Get, HttpException, Logger, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type OnGatewayInit, WebSocketGateway } from '@nestjs/websockets';
import {
  errorBodySchema,
  errorEnvelopeSchema,
  MESSAGES,
  SERVER_MESSAGES,
  type User,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { notFound } from '../src/common/domain-error.js';
import { configureHttpBodies, JSON_BODY_LIMIT_BYTES } from '../src/common/http-body.js';
import { HttpErrorFilter } from '../src/common/http-error.filter.js';
import { LegacyEvent, SocketAction } from '../src/realtime/socket-action.decorator.js';
import { SocketIoAdapter } from '../src/realtime/socket-io.adapter.js';
import type { AppServer } from '../src/realtime/socket-types.js';
import { api, connectSocket, legacyRequest, request } from './support/factories.js';

const USER: User = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'e@example.com',
  username: 'e',
  createdAt: new Date(0).toISOString(),
};

/** Routes that fail in each way the filter must map. */
@Controller('test')
class FailingController {
  @Get('crash')
  crash(): never {
    throw new Error('database exploded at /srv/secret/path');
  }

  @Get('zod')
  zod(): never {
    z.object({ name: z.string().max(3) }).parse({ name: 'too long' });
    throw new Error('unreachable');
  }

  @Get('not-found')
  notFound(): never {
    throw notFound('Widget');
  }

  @Get('bad-request')
  badRequest(): never {
    throw new BadRequestException('Nest says no');
  }

  @Get('gateway-timeout')
  gatewayTimeout(): never {
    throw new HttpException('upstream', 504);
  }

  @Post('echo')
  echo(): { ok: true } {
    return { ok: true };
  }
}

/** A gateway whose handlers fail, with every socket signed in as USER. */
@WebSocketGateway()
class FailingGateway implements OnGatewayInit<AppServer> {
  afterInit(server: AppServer): void {
    server.use((socket, next) => {
      socket.data.user = USER;
      next();
    });
  }

  @SocketAction('project:getAll')
  @LegacyEvent('project:getAll')
  async getAll(): Promise<never> {
    throw new Error('handler blew up');
  }

  @SocketAction('project:getOne')
  async getOne(): Promise<never> {
    throw notFound('Project');
  }
}

@Module({ controllers: [FailingController], providers: [FailingGateway] })
class FailingModule {}

describe('the error model at the edges (no database)', () => {
  let app: NestExpressApplication;
  let url: string;
  let logged: string[];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await NestFactory.create<NestExpressApplication>(FailingModule, {
      bodyParser: false,
      logger: false,
    });
    app.useGlobalFilters(new HttpErrorFilter());
    configureHttpBodies(app);
    app.useWebSocketAdapter(new SocketIoAdapter(app, { corsOrigins: [] }));
    await app.listen(0, '127.0.0.1');
    url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterEach(() => {
    vi.restoreAllMocks();
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await app?.close();
  });

  function captureErrorLog(): void {
    logged = [];
    vi.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
  }

  it('answers an unexpected failure with a generic 500 and a correlation id; the stack goes to the log', async () => {
    captureErrorLog();
    const response = await api({ url }, 'GET', '/test/crash');
    expect(response.status).toBe(500);
    const body = errorBodySchema.parse(response.body);
    expect(body).toMatchObject({ error: MESSAGES.serverError, code: 'SERVER_ERROR', statusCode: 500 });
    expect(body.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(response.body)).not.toContain('exploded');
    expect(logged.some((line) => line.includes(body.correlationId ?? '?') && line.includes('exploded'))).toBe(
      true,
    );
  });

  it('maps a ZodError to 400 with the first issue as "path: message" and all issues in details', async () => {
    const response = await api({ url }, 'GET', '/test/zod');
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(response.body);
    expect(body.error).toMatch(/^name: Too big/);
    expect(body.details).toEqual([{ path: 'name', message: expect.stringMatching(/^Too big/) }]);
  });

  it('passes domain errors through and maps Nest HTTP exceptions by status', async () => {
    expect(await api({ url }, 'GET', '/test/not-found')).toMatchObject({
      status: 404,
      body: { success: false, error: 'Widget not found', code: 'NOT_FOUND_ERROR', statusCode: 404 },
    });
    expect(await api({ url }, 'GET', '/test/bad-request')).toMatchObject({
      status: 400,
      body: { error: 'Nest says no', code: 'VALIDATION_ERROR' },
    });
    captureErrorLog();
    expect(await api({ url }, 'GET', '/test/gateway-timeout')).toMatchObject({
      status: 500,
      body: { error: MESSAGES.serverError, code: 'SERVER_ERROR' },
    });
  });

  it('answers an unknown route with 404 Route not found', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['GET', '/api/nope'],
      ['DELETE', '/test/echo'],
    ]) {
      expect(await api({ url }, method ?? 'GET', path ?? '/')).toMatchObject({
        status: 404,
        body: {
          success: false,
          error: SERVER_MESSAGES.routeNotFound,
          code: 'NOT_FOUND_ERROR',
          statusCode: 404,
        },
      });
    }
  });

  it('answers malformed, non-JSON and oversized bodies with catalogue errors', async () => {
    const post = (rawBody: string, contentType: string) =>
      api({ url }, 'POST', '/test/echo', { rawBody, headers: { 'content-type': contentType } });
    expect(await post('{"name": ', 'application/json')).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.malformedJsonBody, code: 'VALIDATION_ERROR' },
    });
    expect(await post('"just a string"', 'application/json')).toMatchObject({ status: 400 });
    expect(await post('name=x', 'application/x-www-form-urlencoded')).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.bodyMustBeJson },
    });
    expect(await post('<x/>', 'application/xml')).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.bodyMustBeJson },
    });
    // A beacon's text/plain body is JSON like any other.
    expect(await post('{"projectId":"x"}', 'text/plain;charset=UTF-8')).toMatchObject({ status: 201 });
    expect(await post('not json', 'text/plain')).toMatchObject({
      status: 400,
      body: { error: SERVER_MESSAGES.malformedJsonBody },
    });

    const tooLarge = JSON.stringify({ data: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    expect(await post(tooLarge, 'application/json')).toMatchObject({
      status: 413,
      body: { error: SERVER_MESSAGES.bodyTooLarge, code: 'PAYLOAD_TOO_LARGE_ERROR', statusCode: 413 },
    });
  });

  it('never lets a socket handler throw past the wrapper', async () => {
    captureErrorLog();
    const socket = await connectSocket({ url });
    sockets.push(socket);
    const answer = await request(socket, 'project:getAll', {});
    expect(answer.event).toBe('project:error');
    const envelope = errorEnvelopeSchema.parse(answer.body);
    expect(envelope).toMatchObject({ code: 'SERVER_ERROR', error: MESSAGES.serverError, statusCode: 500 });
    expect(envelope.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.some((line) => line.includes('handler blew up'))).toBe(true);

    const legacy = await legacyRequest(socket, 'project:getAll', {});
    expect(legacy.event).toBe('project:error');
    expect(legacy.body).toMatchObject({ code: 'SERVER_ERROR', error: MESSAGES.serverError });

    const domainError = await request(socket, 'project:getOne', { projectId: USER.id });
    expect(domainError.body).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
      statusCode: 404,
    });
  });
});
