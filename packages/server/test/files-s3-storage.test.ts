import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import {
  type DownloadUrl,
  HTTP_ROUTES,
  storageTestSchema,
  type UploadResult,
  uploadResultSchema,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { S3Storage } from '../src/storage/s3.storage.js';
import { readAll } from '../src/storage/stream-bytes.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, newUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const BUCKET = 'reelbench-test';
const ACCESS_KEY = 'AKIAFAKEREELBENCH';
const SECRET_KEY = 'fake-secret-key';

interface FakeObject {
  body: Buffer;
  contentType: string;
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A tiny path-style S3 on node:http: PutObject (and CopyObject through x-amz-copy-source),
 * GetObject, HeadObject, DeleteObject and ListObjectsV2 with paging. Requests must carry SigV4
 * credentials for our access key, in the Authorization header or a presigned query.
 */
class FakeS3 {
  readonly objects = new Map<string, FakeObject>();
  readonly calls: string[] = [];
  /** Small pages, so the client has to follow continuation tokens. */
  pageSize = 2;
  private readonly server = http.createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const credential =
      request.headers.authorization?.match(/Credential=([^/]+)\//)?.[1] ??
      url.searchParams.get('X-Amz-Credential')?.split('/')[0];
    const presigned = url.searchParams.has('X-Amz-Signature');
    this.calls.push(`${request.method} ${presigned ? 'presigned ' : ''}${url.pathname}`);
    if (credential !== ACCESS_KEY) return this.error(response, 403, 'AccessDenied');
    const [, bucket = '', ...segments] = url.pathname.split('/');
    if (bucket !== BUCKET) return this.error(response, 404, 'NoSuchBucket');
    const key = segments.map(decodeURIComponent).join('/');

    if (request.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      return this.list(response, url.searchParams);
    }
    if (request.method === 'PUT') {
      const copySource = request.headers['x-amz-copy-source'];
      if (typeof copySource === 'string') return this.copy(response, copySource, key);
      this.objects.set(key, { body, contentType: request.headers['content-type'] ?? 'binary/octet-stream' });
      response.setHeader('ETag', `"${createHash('md5').update(body).digest('hex')}"`);
      return void response.end();
    }
    const object = this.objects.get(key);
    if (request.method === 'DELETE') {
      this.objects.delete(key);
      response.statusCode = 204;
      return void response.end();
    }
    if (object === undefined) {
      if (request.method === 'HEAD') {
        response.statusCode = 404;
        return void response.end();
      }
      return this.error(response, 404, 'NoSuchKey');
    }
    response.setHeader('Content-Type', object.contentType);
    response.setHeader('Content-Length', String(object.body.length));
    response.end(request.method === 'HEAD' ? undefined : object.body);
  }

  private list(response: http.ServerResponse, params: URLSearchParams): void {
    const prefix = params.get('prefix') ?? '';
    const keys = [...this.objects.keys()].filter((key) => key.startsWith(prefix)).sort();
    const start = Number(params.get('continuation-token') ?? 0);
    const page = keys.slice(start, start + this.pageSize);
    const truncated = start + this.pageSize < keys.length;
    const contents = page
      .map(
        (key) =>
          `<Contents><Key>${xmlEscape(key)}</Key><Size>${this.objects.get(key)?.body.length}</Size></Contents>`,
      )
      .join('');
    response.setHeader('Content-Type', 'application/xml');
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
        `<Name>${BUCKET}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
        `<MaxKeys>${this.pageSize}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
        (truncated ? `<NextContinuationToken>${start + this.pageSize}</NextContinuationToken>` : '') +
        '</ListBucketResult>',
    );
  }

  private copy(response: http.ServerResponse, copySource: string, key: string): void {
    const [bucket, ...segments] = decodeURIComponent(copySource).replace(/^\//, '').split('/');
    const source = bucket === BUCKET ? this.objects.get(segments.join('/')) : undefined;
    if (source === undefined) {
      this.error(response, 404, 'NoSuchKey');
      return;
    }
    this.objects.set(key, { ...source });
    response.setHeader('Content-Type', 'application/xml');
    response.end(
      '<CopyObjectResult><ETag>"copied"</ETag><LastModified>2030-01-01T00:00:00.000Z</LastModified></CopyObjectResult>',
    );
  }

  private error(response: http.ServerResponse, status: number, code: string): void {
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/xml');
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
    );
  }
}

function s3Config(endpoint: string) {
  return {
    driver: 's3' as const,
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
  };
}

describe('S3Storage against a fake S3', () => {
  const fake = new FakeS3();
  let storage: S3Storage;
  const key = 'projects/3f2504e0-4f89-41d3-9a0c-0305e82c3301/images/one.png';

  beforeAll(async () => {
    storage = new S3Storage(s3Config(await fake.start()));
  });

  beforeEach(() => {
    fake.objects.clear();
    fake.calls.length = 0;
  });

  afterAll(async () => {
    storage?.close();
    await fake.stop();
  });

  it('puts, heads, gets and deletes an object, keeping its content type', async () => {
    await storage.put(key, Buffer.from('png bytes'), 'image/png');
    expect(fake.objects.get(key)).toEqual({ body: Buffer.from('png bytes'), contentType: 'image/png' });
    expect(await storage.exists(key)).toBe(true);
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ size: 9, contentType: 'image/png' });
    expect(await readAll(stored?.body ?? Readable.from([]))).toEqual(Buffer.from('png bytes'));

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeUndefined();
    expect(fake.calls).toEqual([
      `PUT /${BUCKET}/${key}`,
      `HEAD /${BUCKET}/${key}`,
      `GET /${BUCKET}/${key}`,
      `DELETE /${BUCKET}/${key}`,
      `HEAD /${BUCKET}/${key}`,
      `GET /${BUCKET}/${key}`,
    ]);
  });

  it('lists every page of a prefix, sorted', async () => {
    for (const name of ['e', 'c', 'a', 'd', 'b'])
      await storage.put(`list/${name}.txt`, Buffer.from(name), 'text/plain');
    await storage.put('other/x.txt', Buffer.from('x'), 'text/plain');
    expect(await storage.list('list/')).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((name) => ({ key: `list/${name}.txt`, size: 1 })),
    );
    expect(fake.calls.filter((call) => /^GET \/[\w-]+\/?$/.test(call))).toHaveLength(3);
  });

  it('copies inside the bucket; a missing source is File not found', async () => {
    await storage.put(key, Buffer.from('original'), 'image/png');
    await storage.copy(key, 'copies/one_copy.v2.png');
    expect(fake.objects.get('copies/one_copy.v2.png')).toEqual({
      body: Buffer.from('original'),
      contentType: 'image/png',
    });
    await expect(storage.copy('missing/x.png', 'copies/y.png')).rejects.toMatchObject({
      code: 'NOT_FOUND_ERROR',
      message: 'File not found',
    });
  });

  it('presigns GET URLs that the store serves', async () => {
    await storage.put(key, Buffer.from('signed'), 'image/png');
    const url = new URL(await storage.signedUrl(key, 120));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from('signed'));
    const capped = new URL(await storage.signedUrl(key, 30 * 24 * 60 * 60));
    expect(capped.searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 60 * 60));
  });

  it('refuses unsafe keys without a request', async () => {
    for (const bad of ['../x', '/abs', 'a\\b', 'a//b']) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      });
      await expect(storage.get(bad)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(fake.calls).toEqual([]);
  });
});

describe.each(testDatabases())('the server on STORAGE_DRIVER=s3 (%s)', (database) => {
  const fake = new FakeS3();
  let server: TestServer;

  beforeAll(async () => {
    const endpoint = await fake.start();
    server = await startTestServer({
      database,
      env: {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: ACCESS_KEY,
        S3_SECRET_ACCESS_KEY: SECRET_KEY,
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await fake.stop();
  });

  it('stores uploads in the bucket and hands out presigned URLs', async () => {
    const user = await newUser(server);
    const project = await newProject(server, user);
    const bytes = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('projectId', project.id);
    form.append('image', new Blob([bytes], { type: 'image/png' }), 'white.png');
    const response = await fetch(`${server.url}${HTTP_ROUTES.files.uploadImage.path}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(201);
    const result = uploadResultSchema.parse(await response.json()) as UploadResult;
    expect(fake.objects.get(result.key)).toEqual({ body: bytes, contentType: 'image/png' });
    expect(new URL(result.url).searchParams.has('X-Amz-Signature')).toBe(true);
    expect(Buffer.from(await (await fetch(result.url)).arrayBuffer())).toEqual(bytes);

    const download = await api<DownloadUrl>(
      server,
      'GET',
      `/api/files/download/${encodeURIComponent(result.key)}`,
      {
        token: user.token,
      },
    );
    expect(new URL(download.body.downloadUrl).searchParams.get('X-Amz-Expires')).toBe('3600');
    const check = await api(server, 'GET', HTTP_ROUTES.files.test.path, { token: user.token });
    expect(storageTestSchema.parse(check.body)).toEqual({ success: true, driver: 's3' });
  });

  it('reports a failing bucket as a failed storage test, not a server error', async () => {
    const user = await newUser(server);
    await fake.stop();
    const check = await api(server, 'GET', HTTP_ROUTES.files.test.path, { token: user.token });
    expect(check.status).toBe(200);
    expect(storageTestSchema.parse(check.body)).toEqual({
      success: false,
      driver: 's3',
      message: 'S3 connection test failed',
    });
  });
});
