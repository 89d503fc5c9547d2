import { createServer, type Server as HttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createReelbench, type Reelbench, type ReelbenchOptions } from '../src/client.js';
import type { Asset } from '../src/contract/asset.js';
import { ReelbenchError } from '../src/contract/errors.js';
import type { ServerEventName, ServerEventPayload } from '../src/contract/events.js';
import type { UploadResult } from '../src/contract/files.js';
import { UPLOAD_MAX_BYTES } from '../src/contract/files.js';
import type { Project, ProjectListEntry } from '../src/contract/project.js';
import type { ShotPage } from '../src/contract/shot.js';
import { CancelledError } from '../src/retry.js';
import { MemoryTokenStore } from '../src/token-store.js';
import { readBody, until } from './support/http-server.js';
import { ioWithNativeTimers, onEnvelope, type RequestEnvelopeIn } from './support/socket-server.js';

const ids = {
  user: '3f0e8c1a-9b7d-4e2f-8a6c-5d4b3a2f1e0d',
  project: '7b0c1d7e-8f7e-4f57-9d43-1f4a0d6f3c11',
  asset: '0f8e3a4c-2b1d-4c5e-8f9a-6b7c8d9e0f1a',
  job: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
};
const stamp = '2026-01-01T10:00:00.000Z';
const user = { id: ids.user, email: 'mara@example.com', username: 'mara', createdAt: stamp };
const project = { id: ids.project, name: 'Pilot', created_at: stamp, updated_at: stamp, settings: {} };

type Reply = [status: number, body: unknown];
type Route = (req: IncomingMessage, body: unknown) => Reply;

interface App {
  url: string;
  io: Server;
  http: Array<{ method: string; url: string; authorization?: string }>;
  socketEvents: Array<[string, RequestEnvelopeIn]>;
  handshakes: unknown[];
  sockets: ServerSocket[];
  server: HttpServer;
}

let app: App | undefined;
const sdks: Reelbench[] = [];

afterEach(async () => {
  vi.useRealTimers();
  for (const sdk of sdks.splice(0)) sdk.close();
  app?.server.closeAllConnections();
  await app?.io.close();
  app = undefined;
});

/** One real server: node:http routes for the REST side and socket.io on the same port. */
async function startApp(
  routes: Record<string, Route>,
  actions: Record<string, (payload: unknown) => unknown> = {},
): Promise<App> {
  const record: Pick<App, 'http' | 'socketEvents' | 'handshakes' | 'sockets'> = {
    http: [],
    socketEvents: [],
    handshakes: [],
    sockets: [],
  };
  const server = createServer(async (req, res) => {
    const text = (await readBody(req)).toString();
    const path = (req.url ?? '').split('?')[0];
    record.http.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
    });
    const route = routes[`${req.method} ${path}`];
    const json = req.headers['content-type'] === 'application/json' && text !== '';
    const [status, body] = route
      ? route(req, json ? JSON.parse(text) : text)
      : [404, { error: 'Cannot route' }];
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  const io = new Server(server, { pingInterval: 3_600_000, pingTimeout: 3_600_000 });
  io.on('connection', (socket) => {
    record.handshakes.push(socket.handshake.auth.token);
    record.sockets.push(socket);
    onEnvelope(socket, (event, envelope, reply) => {
      record.socketEvents.push([event, envelope]);
      const action = actions[event];
      if (action) reply(action(envelope.payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = { url, io, server, ...record };
  return app;
}

function sdk(url: string, options: ReelbenchOptions = {}) {
  const instance = createReelbench({ baseUrl: url, socket: { io: ioWithNativeTimers }, ...options });
  sdks.push(instance);
  return instance;
}

/** Runs fake time forward in 100 ms steps, letting real I/O happen in between, until the promise settles. */
async function driveToEnd<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => {
    done = true;
  });
  const deadline = performance.now() + 10_000;
  while (!done && performance.now() < deadline) {
    await vi.advanceTimersByTimeAsync(100);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return watched;
}

describe('createReelbench', () => {
  it('needs a baseUrl outside the browser', () => {
    expect(() => createReelbench()).toThrowError(/baseUrl is required/);
  });

  it('offers every domain client', async () => {
    const { url } = await startApp({});
    const client = sdk(url);
    expect(Object.keys(client).sort()).toEqual(
      [
        'assets',
        'audio',
        'auth',
        'close',
        'cuts',
        'files',
        'http',
        'jobs',
        'on',
        'projects',
        'repository',
        'review',
        'script',
        'series',
        'shots',
        'socket',
      ].sort(),
    );
  });

  it('works without a socket, and says so when a call needs one', async () => {
    const { url } = await startApp({ 'GET /api/projects': () => [200, []] });
    const client = sdk(url, { socket: false, token: 't' });
    await expect(client.projects.list()).resolves.toEqual([]);
    expect(() => client.projects.subscribe(ids.project)).toThrowError(
      expect.objectContaining({ code: 'NOT_AVAILABLE_ERROR' }),
    );
  });
});

describe('types', () => {
  it('types every reply from the contract, whichever transport answers', () => {
    expectTypeOf<ReturnType<Reelbench['projects']['get']>>().toEqualTypeOf<Promise<Project>>();
    expectTypeOf<ReturnType<Reelbench['projects']['list']>>().toEqualTypeOf<Promise<ProjectListEntry[]>>();
    expectTypeOf<ReturnType<Reelbench['assets']['get']>>().toEqualTypeOf<Promise<Asset | null>>();
    expectTypeOf<ReturnType<Reelbench['shots']['list']>>().toEqualTypeOf<Promise<ShotPage>>();
    expectTypeOf<ReturnType<Reelbench['files']['uploadImage']>>().toEqualTypeOf<Promise<UploadResult>>();
    expectTypeOf<Parameters<Reelbench['on']>>().toEqualTypeOf<
      [event: ServerEventName, handler: (payload: ServerEventPayload<ServerEventName>) => void]
    >();
  });
});

describe('auth', () => {
  it('login persists the token, sends it on HTTP, and reconnects a connected socket with it', async () => {
    const server = await startApp({
      'POST /api/auth/login': (_req, body) => [200, { success: true, token: 'tok-login', user, echo: body }],
      'GET /api/auth/me': () => [200, { user }],
    });
    const tokens = new MemoryTokenStore();
    const client = sdk(server.url, { tokenStore: tokens });
    await client.socket?.connect();
    const reply = await client.auth.login({ email: user.email, password: 'correct horse' });
    expect(reply.token).toBe('tok-login');
    expect(reply.user).toEqual(user);
    expect(tokens.get()).toBe('tok-login');
    expect(client.auth.token).toBe('tok-login');
    await expect(client.auth.me()).resolves.toEqual(user);
    expect(server.http.at(-1)?.authorization).toBe('Bearer tok-login');
    await until(() => server.handshakes.length === 2);
    expect(server.handshakes).toEqual([undefined, 'tok-login']);
  });

  it("turns a refused login into the server's reason, or 'Login failed'", async () => {
    const { url } = await startApp({
      'POST /api/auth/login': () => [401, { error: 'Invalid email or password' }],
      'POST /api/auth/register': () => [200, { success: false }],
    });
    const client = sdk(url);
    await expect(client.auth.login({ email: user.email, password: 'nope' })).rejects.toMatchObject({
      code: 'AUTH_ERROR',
      message: 'Invalid email or password',
    });
    await expect(
      client.auth.register({ email: user.email, username: 'mara', password: 'long enough' }),
    ).rejects.toMatchObject({ code: 'AUTH_ERROR', message: 'Registration failed' });
    expect(client.auth.token).toBeNull();
  });

  it('logout revokes the token on the server, forgets it and disconnects the socket', async () => {
    const server = await startApp({ 'POST /api/auth/logout': () => [200, { success: true }] });
    const client = sdk(server.url, { token: 'tok-out' });
    await client.socket?.connect();
    await client.auth.logout();
    expect(server.http).toEqual([
      { method: 'POST', url: '/api/auth/logout', authorization: 'Bearer tok-out' },
    ]);
    expect(client.auth.token).toBeNull();
    expect(client.socket?.connected).toBe(false);
  });

  it('me removes a token the server refuses, but keeps it when the server cannot be reached', async () => {
    const server = await startApp({ 'GET /api/auth/me': () => [401, { error: 'Authentication required' }] });
    const refusedClient = sdk(server.url, { token: 'stale' });
    await expect(refusedClient.auth.me()).rejects.toMatchObject({ code: 'AUTH_ERROR' });
    expect(refusedClient.auth.token).toBeNull();
    const offline = sdk('http://127.0.0.1:9', { token: 'keep-me', socket: false });
    await expect(offline.auth.me()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(offline.auth.token).toBe('keep-me');
  });
});

describe('projects, assets and shots: HTTP first, socket as fallback', () => {
  it('uses HTTP when it works', async () => {
    const server = await startApp({ [`GET /api/projects/${ids.project}`]: () => [200, project] });
    const client = sdk(server.url, { token: 't' });
    await expect(client.projects.get(ids.project)).resolves.toMatchObject({ id: ids.project, name: 'Pilot' });
    expect(server.socketEvents).toEqual([]);
  });

  it('falls back to the socket action after HTTP keeps failing with a server error', async () => {
    const server = await startApp(
      { [`GET /api/projects/${ids.project}`]: () => [503, { error: 'down' }] },
      { 'project:getOne': () => ({ ...project, name: 'From socket' }) },
    );
    const client = sdk(server.url, { token: 't' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const result = await driveToEnd(client.projects.get(ids.project));
    expect(result).toMatchObject({ name: 'From socket' });
    expect(server.http).toHaveLength(4);
    expect(server.socketEvents.map(([event, envelope]) => [event, envelope.payload])).toEqual([
      ['project:getOne', { projectId: ids.project }],
    ]);
  });

  it('does not fall back on a client error', async () => {
    const server = await startApp({
      [`GET /api/shots/${ids.asset}`]: () => [404, { error: 'Shot not found' }],
    });
    const client = sdk(server.url, { token: 't' });
    await expect(client.shots.get(ids.asset)).rejects.toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'Shot not found',
    });
    expect(server.socketEvents).toEqual([]);
  });

  it("refuses to create, update or delete a project without a token ('Authentication required')", async () => {
    const server = await startApp({});
    const client = sdk(server.url);
    expect(() => client.projects.create({ name: 'X' })).toThrowError(
      expect.objectContaining({ code: 'AUTH_ERROR', message: 'Authentication required' }),
    );
    expect(() => client.projects.delete(ids.project)).toThrowError(ReelbenchError);
    expect(server.http).toEqual([]);
  });

  it('returns null for a missing asset and checks the id before an update', async () => {
    const server = await startApp({
      [`GET /api/asset/${ids.asset}`]: () => [404, { error: `Asset ${ids.asset} not found` }],
    });
    const client = sdk(server.url, { token: 't' });
    await expect(client.assets.get(ids.asset)).resolves.toBeNull();
    expect(() => client.assets.update('', { name: 'x' })).toThrowError(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'Asset ID is required for update operation',
      }),
    );
  });

  it('sends asset calls over the socket when there is no token', async () => {
    const server = await startApp(
      {},
      {
        'unified-asset:getById': () => null,
        'unified-asset:getByProjectAndType': () => [],
      },
    );
    const client = sdk(server.url);
    await client.assets.listByProject(ids.project, 'prop');
    expect(server.http).toEqual([]);
    expect(server.socketEvents.map(([event, envelope]) => [event, envelope.payload])).toEqual([
      ['unified-asset:getByProjectAndType', { projectId: ids.project, type: 'prop' }],
    ]);
  });
});

describe('events, files, jobs and script', () => {
  it('delivers typed server events through on()', async () => {
    const server = await startApp({});
    const client = sdk(server.url, { token: 't' });
    const names: string[] = [];
    client.on('project:updated', (event) => names.push(event.project.name));
    await client.socket?.connect();
    server.sockets[0]?.emit('project:updated', {
      projectId: ids.project,
      project: { ...project, name: 'Renamed' },
    });
    await until(() => names.length === 1);
    expect(names).toEqual(['Renamed']);
  });

  it("uploads an image and parses the result; an unusable answer reads 'Image upload failed'", async () => {
    const result = {
      url: '/api/files/x.png',
      key: 'p/x.png',
      size: 4,
      originalName: 'x.png',
      mimetype: 'image/png',
    };
    let answer: unknown = result;
    const server = await startApp({ 'POST /api/files/upload-image': () => [200, answer] });
    const client = sdk(server.url, { token: 't' });
    const image = new File([new Uint8Array([1, 2, 3, 4])], 'x.png', { type: 'image/png' });
    const progress: number[] = [];
    await expect(
      client.files.uploadImage(ids.project, image, {
        assetId: ids.asset,
        onProgress: (p) => progress.push(p),
      }),
    ).resolves.toEqual(result);
    expect(progress.at(-1)).toBe(100);
    answer = { url: 42 };
    await expect(client.files.uploadImage(ids.project, image)).rejects.toMatchObject({
      message: 'Image upload failed',
    });
  });

  it('refuses an image or a soundtrack over the limit before sending a byte, with the limit in the detail', async () => {
    const server = await startApp({
      'POST /api/files/upload-image': () => [200, {}],
      'POST /api/files/upload-audio': () => [200, {}],
    });
    const client = sdk(server.url, { token: 't' });
    const image = new Blob([new Uint8Array(UPLOAD_MAX_BYTES.image + 1)], { type: 'image/png' });
    await expect(client.files.uploadImage(ids.project, image)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE_ERROR',
      statusCode: 413,
      message: 'Image upload failed',
      details: [{ path: 'image', message: 'The file is larger than 25 MB' }],
    });
    const audio = new Blob([new Uint8Array(UPLOAD_MAX_BYTES.audio + 1)], { type: 'audio/wav' });
    await expect(client.files.uploadAudio(ids.project, audio)).rejects.toMatchObject({
      message: 'Audio upload failed',
      details: [{ path: 'audio', message: 'The file is larger than 200 MB' }],
    });
    expect(server.http.filter((hit) => hit.url.includes('/api/files/'))).toEqual([]);
    // Two blobs of 25 and 200 MB are made and measured: slow on a busy machine.
  }, 60_000);

  it("waits for a job: progress, then completion; a failure rejects with the job's error", async () => {
    const server = await startApp(
      {},
      { 'jobs:list': () => ({ jobs: [], counts: { waiting: 0, running: 1 } }) },
    );
    const client = sdk(server.url, { token: 't' });
    await client.socket?.connect();
    const seen: number[] = [];
    const done = client.jobs.wait(ids.job, { onProgress: (event) => seen.push(event.progress) });
    await until(() => server.socketEvents.length === 1);
    const base = {
      projectId: ids.project,
      jobId: ids.job,
      type: 'shot:generate-batch',
      counts: { waiting: 0, running: 1 },
    };
    server.sockets[0]?.emit('job:progress', { ...base, status: 'running', progress: 40 });
    server.sockets[0]?.emit('job:complete', {
      ...base,
      status: 'completed',
      progress: 100,
      result: { ok: true },
    });
    await expect(done).resolves.toEqual({ jobId: ids.job, result: { ok: true } });
    expect(seen).toEqual([40]);

    const failed = client.jobs.wait(ids.job);
    await until(() => server.socketEvents.length === 2);
    server.sockets[0]?.emit('job:error', { ...base, status: 'failed', progress: 10, error: '' });
    await expect(failed).rejects.toMatchObject({ message: 'Job failed' });
  });

  it('settles a job wait from the stored state when the job already finished, and can be cancelled', async () => {
    const job = {
      id: ids.job,
      projectId: ids.project,
      type: 'shot:generate-video-batch',
      status: 'cancelled',
      progress: 30,
      error: 'Cancelled by user',
      createdAt: stamp,
      updatedAt: stamp,
    };
    const server = await startApp(
      {},
      { 'jobs:list': () => ({ jobs: [job], counts: { waiting: 0, running: 0 } }) },
    );
    const client = sdk(server.url, { token: 't' });
    const outcome = await client.jobs.wait(ids.job).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(CancelledError);
    expect(outcome).toMatchObject({ message: 'Cancelled by user' });
    const controller = new AbortController();
    const waiting = client.jobs.wait('00000000-0000-4000-8000-000000000000', { signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CancelledError);
  });

  it('sends the first pass in cinematic mode and checks the breakdown projectId', async () => {
    const server = await startApp({}, { 'script:generateShotsFromScript': () => ({ shots: [] }) });
    const client = sdk(server.url, { token: 't' });
    await client.script.firstPass(ids.project, { style: 'documentary' }).catch(() => undefined);
    expect(server.socketEvents[0]?.[1].payload).toEqual({
      projectId: ids.project,
      mode: 'cinematic',
      styleGuide: { style: 'documentary' },
    });
    expect(() => client.script.directedBreakdown('')).toThrowError(
      expect.objectContaining({ message: 'projectId is required to generate a directed breakdown' }),
    );
    expect(client.script.quickAnalyze('INT. ROOM - DAY\n\nJOHN\nHi.').scenes).toEqual(['INT. ROOM - DAY']);
  });
});
