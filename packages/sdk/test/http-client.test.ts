import type { ServerResponse } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { ReelbenchError } from '../src/contract/errors.js';
import { HTTP_ROUTES } from '../src/contract/http.js';
import { attachmentFilename, HttpClient } from '../src/http-client.js';
import { CancelledError } from '../src/retry.js';
import { formData, readBody, sendJson, startHttpServer, until } from './support/http-server.js';
import { NodeXhr } from './support/node-xhr.js';
import { useTestServer } from './support/test-server.js';

/** Responses a test holds open (a slow server); destroyed after each test. */
const held: ServerResponse[] = [];
const { serve, stop: stopServer } = useTestServer(startHttpServer, () => {
  for (const res of held.splice(0)) res.destroy();
});

const settled = (promise: Promise<unknown>) => {
  const state = { done: false, value: undefined as unknown };
  promise.then(
    (value) => Object.assign(state, { done: true, value }),
    (error: unknown) => Object.assign(state, { done: true, value: error }),
  );
  return state;
};

/** With fake timers: still pending 1 ms before `ms`, then failed with the catalogue's timeout. */
async function expectTimeoutAfter(result: ReturnType<typeof settled>, ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms - 1);
  expect(result.done).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await until(() => result.done);
  expect(result.value).toMatchObject({
    code: 'TIMEOUT_ERROR',
    message: 'Request timed out. Please try again.',
  });
}

describe('HttpClient requests', () => {
  it('sends JSON with the bearer token and query, and parses the JSON answer', async () => {
    const { url, hits } = await serve(async (req, res) => {
      const body = await readBody(req);
      sendJson(res, 200, { echo: JSON.parse(body.toString()), url: req.url });
    });
    const client = new HttpClient({ baseUrl: `${url}/`, getToken: () => 'tok-1' });
    const reply = await client.post(
      '/api/things',
      { name: 'Pilot' },
      { query: { page: 2, q: 'a b', none: undefined } },
    );
    expect(reply).toEqual({ echo: { name: 'Pilot' }, url: '/api/things?page=2&q=a+b' });
    expect(hits[0]?.method).toBe('POST');
    expect(hits[0]?.headers['content-type']).toBe('application/json');
    expect(hits[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('sends no Authorization header without a token and returns undefined for an empty answer', async () => {
    const { url, hits } = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const client = new HttpClient({ baseUrl: url, getToken: () => null });
    await expect(client.delete('/api/files/delete/k1')).resolves.toBeUndefined();
    expect(hits[0]?.headers.authorization).toBeUndefined();
    expect(hits[0]?.headers['content-type']).toBe('application/json');
  });

  it.each([
    ['PUT', (c: HttpClient) => c.put('/x', { a: 1 })],
    ['PATCH', (c: HttpClient) => c.patch('/x', { a: 1 })],
    ['GET', (c: HttpClient) => c.get('/x')],
  ] as const)('has a %s helper', async (method, call) => {
    const { url, hits } = await serve((_req, res) => sendJson(res, 200, { ok: true }));
    await expect(call(new HttpClient({ baseUrl: url }))).resolves.toEqual({ ok: true });
    expect(hits[0]?.method).toBe(method);
  });

  it("maps a 404 to the server's message and tries it exactly once", async () => {
    const { url, hits } = await serve((_req, res) => sendJson(res, 404, { error: 'Project not found' }));
    const error = await new HttpClient({ baseUrl: url }).get('/api/projects/p1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReelbenchError);
    expect(error).toMatchObject({ code: 'NOT_FOUND_ERROR', message: 'Project not found', statusCode: 404 });
    expect(hits).toHaveLength(1);
  });

  it('retries a 503 after 1 s and 2 s and returns the answer that finally succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { url, hits } = await serve((_req, res) =>
      hits.length < 3 ? sendJson(res, 503, { error: 'busy' }) : sendJson(res, 200, { attempt: hits.length }),
    );
    const result = settled(new HttpClient({ baseUrl: url }).get('/api/projects'));
    await until(() => hits.length === 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(hits).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => hits.length === 2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(hits).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => result.done);
    expect(result.value).toEqual({ attempt: 3 });
  });

  it("times out after 30 s with the catalogue's timeout message", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { url, hits } = await serve((_req, res) => held.push(res));
    const result = settled(new HttpClient({ baseUrl: url }).get('/api/slow', { retries: 0 }));
    await until(() => hits.length === 1);
    await expectTimeoutAfter(result, 30_000);
  });

  it('reports a refused connection as a network error', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 200, {}));
    await stopServer();
    const error = await new HttpClient({ baseUrl: url })
      .get('/api/projects', { retries: 0 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', message: 'Please check your internet connection' });
  });

  it("rejects a 2xx body that is not JSON with 'Invalid JSON response', without retrying", async () => {
    const { url, hits } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>login portal</html>');
    });
    const error = await new HttpClient({ baseUrl: url }).get('/api/projects').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Invalid JSON response', statusCode: 200 });
    expect(hits).toHaveLength(1);
  });

  it('rejects with a CancelledError when the caller aborts, and counts activity once per request', async () => {
    const { url, hits } = await serve((_req, res) => held.push(res));
    const activity: number[] = [];
    const client = new HttpClient({ baseUrl: url, onActivity: (delta) => activity.push(delta) });
    const controller = new AbortController();
    const pending = client.get('/api/slow', { signal: controller.signal }).catch((e: unknown) => e);
    await until(() => hits.length === 1);
    expect(activity).toEqual([1]);
    controller.abort();
    expect(await pending).toBeInstanceOf(CancelledError);
    expect(activity).toEqual([1, -1]);
  });
});

describe('HttpClient contract routes', () => {
  const projectId = '7b0c1d7e-8f7e-4f57-9d43-1f4a0d6f3c11';
  const project = {
    id: projectId,
    name: 'Pilot',
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    settings: '{"scenes":[],"shotOrder":[]}',
  };

  it('fills path params, parses the reply with the route schema (defaults applied)', async () => {
    const { url, hits } = await serve((_req, res) => sendJson(res, 200, project));
    const reply = await new HttpClient({ baseUrl: url }).typedRequest(HTTP_ROUTES.projects.get, {
      params: { id: projectId },
    });
    expect(hits[0]?.url).toBe(`/api/projects/${projectId}`);
    expect(reply).toMatchObject({
      id: projectId,
      name: 'Pilot',
      thumbnail: null,
      settings: { scenes: [], shotOrder: [] },
    });
  });

  it('rejects an answer that does not match the contract, and a missing path parameter', async () => {
    const { url } = await serve((_req, res) => sendJson(res, 200, { id: 42 }));
    const client = new HttpClient({ baseUrl: url });
    await expect(
      client.typedRequest(HTTP_ROUTES.projects.get, { params: { id: projectId } }),
    ).rejects.toMatchObject({
      code: 'API_ERROR',
      context: { route: 'GET /api/projects/:id' },
    });
    await expect(client.typedRequest(HTTP_ROUTES.projects.get)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Missing path parameter: id',
    });
  });

  it('reads an empty answer as null on a route whose answer may be null, and rejects it elsewhere', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200);
      res.end();
    });
    const client = new HttpClient({ baseUrl: url });
    expect(await client.typedRequest(HTTP_ROUTES.audio.get, { params: { projectId } })).toBeNull();
    await expect(
      client.typedRequest(HTTP_ROUTES.projects.get, { params: { id: projectId } }),
    ).rejects.toMatchObject({ code: 'API_ERROR' });
  });

  it('downloads a file route: its text, content type and attachment name; an error body is an error', async () => {
    const cutId = '2c9f1a3e-1b2c-4d5e-8f90-0a1b2c3d4e5f';
    const { url, hits } = await serve((req, res) => {
      if (req.url?.includes('/export/otio'))
        return sendJson(res, 404, { error: 'Cut not found', code: 'NOT_FOUND_ERROR' });
      res.writeHead(200, {
        'Content-Type': 'text/plain; charset=us-ascii',
        'Content-Disposition': 'attachment; filename="Pilot-v1-24.edl"',
      });
      res.end('TITLE: Pilot\n');
    });
    const client = new HttpClient({ baseUrl: url, getToken: () => 'tok' });
    const file = await client.download(HTTP_ROUTES.cuts.export, {
      params: { projectId, cutId, format: 'edl' },
      query: { frameRate: 24, dropFrame: 'false' },
    });
    expect(hits[0]?.url).toBe(
      `/api/projects/${projectId}/cuts/${cutId}/export/edl?frameRate=24&dropFrame=false`,
    );
    expect(file).toEqual({
      text: 'TITLE: Pilot\n',
      contentType: 'text/plain; charset=us-ascii',
      filename: 'Pilot-v1-24.edl',
    });
    await expect(
      client.download(HTTP_ROUTES.cuts.export, { params: { projectId, cutId, format: 'otio' } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND_ERROR', message: 'Cut not found' });
    expect(attachmentFilename('attachment; filename=a.otio')).toBe('a.otio');
    expect(attachmentFilename('inline')).toBeUndefined();
    expect(attachmentFilename(null)).toBeUndefined();
  });

  it('checks the current user with a 3 s timeout and no retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { url, hits } = await serve((_req, res) => held.push(res));
    const result = settled(new HttpClient({ baseUrl: url, getToken: () => 'tok' }).me());
    await until(() => hits.length === 1);
    expect(hits[0]?.url).toBe('/api/auth/me');
    await expectTimeoutAfter(result, 3_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(hits).toHaveLength(1);
  });
});

describe('HttpClient.upload (Node: fetch with a counted multipart stream)', () => {
  const bytes = (size: number) => Uint8Array.from({ length: size }, (_, i) => i % 251);

  it('sends the fields and the file as multipart form data', async () => {
    let form: FormData | undefined;
    const { url, hits } = await serve(async (req, res) => {
      const body = await readBody(req);
      form = await formData(req, body);
      sendJson(res, 200, {
        url: 'https://cdn/x.png',
        key: 'k',
        size: body.length,
        originalName: 'x.png',
        mimetype: 'image/png',
      });
    });
    const client = new HttpClient({ baseUrl: url, getToken: () => 'tok-up' });
    const data = new Blob([bytes(3_000)], { type: 'image/png' });
    const reply = await client.upload(
      '/api/files/upload-image',
      { projectId: 'p1', assetId: 'a "quoted" id' },
      { field: 'image', data, filename: 'x.png' },
    );
    expect(reply).toMatchObject({ key: 'k', originalName: 'x.png' });
    expect(hits[0]?.headers.authorization).toBe('Bearer tok-up');
    expect(Number(hits[0]?.headers['content-length'])).toBe((reply as { size: number }).size);
    expect(form?.get('projectId')).toBe('p1');
    const image = form?.get('image') as File;
    expect(image.name).toBe('x.png');
    expect(image.type).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes(3_000));
  });

  it('reports progress as bytes go out: it stalls while the server stops reading and ends at 100', async () => {
    let resume: (() => void) | undefined;
    const { url, hits } = await serve((req, res) => {
      req.pause();
      resume = () => {
        readBody(req).then(() => sendJson(res, 200, { ok: true }));
      };
    });
    const progress: number[] = [];
    const size = 32 * 1024 * 1024;
    const upload = new HttpClient({ baseUrl: url }).upload(
      '/api/files/upload-audio',
      { projectId: 'p1' },
      { field: 'audio', data: new Blob([new Uint8Array(size)], { type: 'audio/wav' }), filename: 'take.wav' },
      { onProgress: (percent) => progress.push(percent) },
    );
    await until(() => hits.length === 1 && resume !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stalledAt = progress.at(-1) ?? 0;
    expect(stalledAt).toBeLessThan(100);
    resume?.();
    await expect(upload).resolves.toEqual({ ok: true });
    expect(progress.at(-1)).toBe(100);
    expect(progress.filter((p) => p > stalledAt).length).toBeGreaterThan(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it("fails with 'Upload failed with status {n}' keeping the mapped code", async () => {
    const { url } = await serve(async (req, res) => {
      await readBody(req);
      sendJson(res, 413, { error: 'too big' });
    });
    const error = await new HttpClient({ baseUrl: url })
      .upload('/api/files/upload-json', {}, { field: 'data', data: new Blob(['{}']), filename: 'a.json' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'API_ERROR',
      message: 'Upload failed with status 413',
      statusCode: 413,
    });
  });

  it("fails with 'Invalid JSON response' on a non-JSON success", async () => {
    const { url } = await serve(async (req, res) => {
      await readBody(req);
      res.end('ok!');
    });
    const error = await new HttpClient({ baseUrl: url })
      .upload('/api/files/upload-json', {}, { field: 'data', data: new Blob(['{}']), filename: 'a.json' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Invalid JSON response' });
  });

  it("fails with 'Upload aborted' (a CancelledError) when the caller aborts", async () => {
    const { url, hits } = await serve((req) => req.pause());
    const controller = new AbortController();
    const upload = new HttpClient({ baseUrl: url })
      .upload(
        '/api/files/upload-image',
        {},
        { field: 'image', data: new Blob([new Uint8Array(8 * 1024 * 1024)]), filename: 'big.png' },
        { signal: controller.signal },
      )
      .catch((e: unknown) => e);
    await until(() => hits.length === 1);
    controller.abort();
    const error = await upload;
    expect(error).toBeInstanceOf(CancelledError);
    expect(error).toMatchObject({ message: 'Upload aborted' });
  });
});

describe('HttpClient.upload (browser: XMLHttpRequest with upload progress events)', () => {
  const file = (size: number) => ({
    field: 'image',
    data: new Blob([new Uint8Array(size)]),
    filename: 'f.png',
  });

  it('uses XMLHttpRequest when present: credentials, bearer, form data, progress ending at 100', async () => {
    let form: FormData | undefined;
    const { url, hits } = await serve(async (req, res) => {
      const body = await readBody(req);
      form = await formData(req, body);
      sendJson(res, 200, { key: 'k2' });
    });
    const progress: number[] = [];
    const client = new HttpClient({ baseUrl: url, getToken: () => 'tok-x', XMLHttpRequest: NodeXhr });
    const reply = await client.upload('/api/files/upload-image', { projectId: 'p9' }, file(1024 * 1024), {
      onProgress: (percent) => progress.push(percent),
    });
    expect(reply).toEqual({ key: 'k2' });
    expect(NodeXhr.instances.at(-1)?.withCredentials).toBe(true);
    expect(hits[0]?.headers.authorization).toBe('Bearer tok-x');
    expect(form?.get('projectId')).toBe('p9');
    expect((form?.get('image') as File | undefined)?.size).toBe(1024 * 1024);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(100);
    expect(new Set(progress).size).toBe(progress.length);
  });

  it('maps a failed status, a non-JSON body and an abort to the upload messages', async () => {
    const { url } = await serve(async (req, res) => {
      await readBody(req);
      if (req.url === '/denied') sendJson(res, 401, { error: 'no' });
      else res.end('not json');
    });
    const client = new HttpClient({ baseUrl: url, XMLHttpRequest: NodeXhr });
    await expect(client.upload('/denied', {}, file(10))).rejects.toMatchObject({
      code: 'AUTH_ERROR',
      message: 'Upload failed with status 401',
    });
    await expect(client.upload('/text', {}, file(10))).rejects.toMatchObject({
      message: 'Invalid JSON response',
    });
    const aborted = client.upload('/text', {}, file(10), { signal: AbortSignal.abort() });
    await expect(aborted).rejects.toBeInstanceOf(CancelledError);
    await expect(aborted).rejects.toMatchObject({ message: 'Upload aborted' });
    const controller = new AbortController();
    const midway = client.upload('/text', {}, file(10), { signal: controller.signal });
    controller.abort();
    await expect(midway).rejects.toMatchObject({ message: 'Upload aborted' });
  });
});
