import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { healthSchema, listHttpRoutes, type Readiness, readinessSchema } from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventLoopMonitor } from '../src/system/event-loop.js';
import { SERVER_VERSION } from '../src/system/version.js';
import { testDatabases } from './support/databases.js';
import { api, connectSocket } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import { useStderrCapture } from './support/stderr-capture.js';
import { startTestServer, type TestServer } from './support/test-server.js';

interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { operationId: string; security: unknown[]; requestBody?: unknown }>>;
}

describe.each(testDatabases())('system routes on %s', (database) => {
  const { server } = useTestServer({ database });

  it('reports health without authentication', async () => {
    const response = await api(server, 'GET', '/api/health');
    expect(response.status).toBe(200);
    expect(healthSchema.parse(response.body)).toEqual({ status: 'ok', database, version: SERVER_VERSION });
  });

  it('serves an OpenAPI 3.1 document with every contract route', async () => {
    const response = await api<OpenApiDocument>(server, 'GET', '/api/docs');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe(SERVER_VERSION);
    for (const { group, name, spec } of listHttpRoutes()) {
      const openApiPath = spec.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[spec.method.toLowerCase()];
      expect(operation?.operationId, `${spec.method} ${spec.path}`).toBe(`${group}.${name}`);
      expect(operation?.security).toEqual(spec.auth ? [{ bearer: [] }] : []);
      expect(operation?.requestBody !== undefined).toBe(spec.body !== undefined);
    }
    const create = document.paths['/api/projects']?.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toContain(
      'settings',
    );
  });

  it('answers socket.io on /socket.io', async () => {
    const socket = await connectSocket(server);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});

describe('the built web app and CORS', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'reelbench-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Reelbench</title>');
    await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log("app")');
    server = await startTestServer({
      database: 'pglite',
      env: { WEB_DIST: webDist, CORS_ORIGINS: 'https://app.example.com' },
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / and for client-side routes', async () => {
    for (const page of ['/', '/login', '/project/123/shots', '/review/some-token']) {
      const response = await fetch(`${server.url}${page}`, { headers: { accept: 'text/html' } });
      expect(response.status, page).toBe(200);
      expect(await response.text()).toBe('<!doctype html><title>Reelbench</title>');
    }
  });

  it('serves the app’s files', async () => {
    const response = await fetch(`${server.url}/assets/app.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(await response.text()).toBe('console.log("app")');
  });

  it('caches hashed assets for good and index.html never, with the security headers on every page', async () => {
    const asset = await fetch(`${server.url}/assets/app.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/project/123/script']) {
      const response = await fetch(`${server.url}${page}`, { headers: { accept: 'text/html' } });
      expect(response.headers.get('cache-control'), page).toBe('no-store');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const api = await fetch(`${server.url}/api/health`);
    expect(api.headers.get('content-security-policy')).toBeNull();
  });

  it('allows the configured origins only, on HTTP and on socket.io polling', async () => {
    const allowed = await fetch(`${server.url}/api/health`, {
      headers: { origin: 'https://app.example.com' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    // The SDK reads a cut export's file name from Content-Disposition.
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Content-Disposition');
    const other = await fetch(`${server.url}/api/health`, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const rejectedBody = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { origin: 'https://app.example.com', 'content-type': 'application/json' },
      body: '{oops',
    });
    expect(rejectedBody.status).toBe(400);
    expect(rejectedBody.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://app.example.com' },
    });
    expect(polling.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  it('leaves /api and /socket.io alone', async () => {
    expect(await api(server, 'GET', '/api/nope')).toMatchObject({
      status: 404,
      body: { error: 'Route not found', code: 'NOT_FOUND_ERROR' },
    });
    expect((await api(server, 'GET', '/api/health')).status).toBe(200);
    const polling = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(200);
    expect(await polling.text()).toMatch(/^0\{"sid"/);
  });
});

describe('the event-loop monitor', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      database: 'pglite',
      env: { LOG_LEVEL: 'warn', EVENT_LOOP_WARN_MS: '120' },
    });
  });
  // Registered after the server's start, so it captures from then on and is restored before the close.
  const logged = useStderrCapture();

  afterAll(async () => {
    await server?.close();
  });

  it('reports a stall of the event loop in readiness, and logs it as a warning', async () => {
    const monitor = server.app.get(EventLoopMonitor);
    monitor.closeWindow();
    monitor.closeWindow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The server runs in this process: holding its event loop for 250 ms is a stall it must see.
    const until = Date.now() + 250;
    while (Date.now() < until) {
      // busy
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ready = await api<Readiness>(server, 'GET', '/api/health/ready');
    expect(readinessSchema.parse(ready.body).eventLoop?.maxMs).toBeGreaterThanOrEqual(200);
    monitor.closeWindow();
    const warning = logged
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; context?: string; msg: string })
      .find((line) => line.context === 'EventLoop');
    expect(warning).toMatchObject({
      level: 'warn',
      msg: expect.stringMatching(/^event loop stalled for \d+/),
    });
  });
});
