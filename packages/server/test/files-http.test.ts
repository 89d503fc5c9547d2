import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import {
  type DownloadUrl,
  downloadUrlSchema,
  HTTP_ROUTES,
  type Project,
  type StoredFile,
  storageTestSchema,
  storedFileSchema,
  UPLOAD_MAX_BYTES,
  type UploadResult,
  uploadResultSchema,
  type VideoMigration,
  videoMigrationSchema,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { UrlSigner } from '../src/storage/url-signer.js';
import { testDatabases } from './support/databases.js';
import { type ApiResponse, api, newProject, type TestUser } from './support/factories.js';
import { expectHttpError, newShot, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { mp4, wav } from './support/media-samples.js';

const SECRET = 'files-http-test-signing-secret-0123456789';
const routes = HTTP_ROUTES.files;

/** A real 8x8 PNG. */
const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1e90ff' } })
    .png()
    .toBuffer();

interface FilePart {
  field: string;
  bytes: Uint8Array;
  name: string;
  type: string;
}

describe.each(testDatabases())('files over HTTP on %s', (database) => {
  const { server, alice, bob } = useTestServer({
    database,
    users: ['alice', 'bob'],
    env: { SIGNING_SECRET: SECRET },
  });
  let storage: Storage;
  let project: Project;

  beforeAll(async () => {
    storage = server.app.get<symbol, Storage>(STORAGE);
    project = await newProject(server, alice, { name: 'Files' });
  });

  async function upload<T>(
    path: string,
    user: TestUser | undefined,
    fields: Record<string, string>,
    ...files: FilePart[]
  ): Promise<ApiResponse<T>> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      body: form,
      ...(user ? { headers: { authorization: `Bearer ${user.token}` } } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as T, headers: response.headers };
  }

  const image = async (name = 'still.png'): Promise<FilePart> => ({
    field: 'image',
    bytes: await png(),
    name,
    type: 'image/png',
  });

  /** An image uploaded by Alice into the test's project. */
  async function aliceImage(): Promise<ApiResponse<UploadResult>> {
    return upload<UploadResult>(routes.uploadImage.path, alice, { projectId: project.id }, await image());
  }

  /** A GET with the path exactly as given: no URL normalisation on the way. */
  function rawGet(requestPath: string): Promise<{ status: number; body: string }> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const request = http.get({ hostname, port, path: requestPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
  }

  /** GETs a URL the server handed out (a same-origin path or absolute). */
  const fetchUrl = (url: string) => fetch(new URL(url, server.url));

  it('uploads an image, records it and serves it back through a signed URL', async () => {
    const file = await image('Poster – final.png');
    const response = await upload<UploadResult>(
      routes.uploadImage.path,
      alice,
      { projectId: project.id },
      file,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const result = uploadResultSchema.parse(response.body);
    expect(result).toMatchObject({
      size: file.bytes.byteLength,
      originalName: 'Poster – final.png',
      mimetype: 'image/png',
    });
    expect(result.key).toMatch(new RegExp(`^projects/${project.id}/images/[0-9a-f-]{36}\\.png$`));

    const served = await fetchUrl(result.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(file.bytes));

    const rows = await server.query<{ owner_id: string; kind: string; size: string }>(
      'SELECT owner_id, kind, size FROM files WHERE key = $1',
      [result.key],
    );
    expect(rows).toEqual([{ owner_id: alice.user.id, kind: 'image', size: String(file.bytes.byteLength) }]);
  });

  it('answers byte ranges of a signed file (206), so players can seek; 416 past the end', async () => {
    const file = await image('Range.png');
    const result = uploadResultSchema.parse(
      (await upload(routes.uploadImage.path, alice, { projectId: project.id }, file)).body,
    );
    const bytes = Buffer.from(file.bytes);
    const size = bytes.byteLength;
    const ranged = (range: string) => fetch(new URL(result.url, server.url), { headers: { range } });

    const middle = await ranged('bytes=10-29');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 10-29/${size}`);
    expect(middle.headers.get('content-length')).toBe('20');
    expect(middle.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await middle.arrayBuffer())).toEqual(bytes.subarray(10, 30));

    const half = Math.floor(size / 2);
    const open = await ranged(`bytes=${half}-`);
    expect(open.status).toBe(206);
    expect(open.headers.get('content-range')).toBe(`bytes ${half}-${size - 1}/${size}`);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(bytes.subarray(half));

    const suffix = await ranged('bytes=-16');
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(bytes.subarray(size - 16));

    const past = await ranged(`bytes=${size}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);

    // Several ranges, or nonsense: the whole file, as without the header.
    const whole = await ranged('bytes=0-1,5-6');
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
  });

  it('files an image for an asset under that asset, and only for the user’s own asset', async () => {
    const asset = await api<{ id: string }>(server, 'POST', '/api/asset', {
      token: alice.token,
      body: { projectId: project.id, type: 'prop', name: 'Lantern' },
    });
    const fields = { projectId: project.id, assetId: asset.body.id };
    const response = await upload<UploadResult>(routes.uploadImage.path, alice, fields, await image());
    expect(response.status).toBe(201);
    expect(response.body.key).toMatch(
      new RegExp(`^projects/${project.id}/assets/${asset.body.id}/[0-9a-f-]{36}\\.png$`),
    );

    const bobsProject = await newProject(server, bob);
    const foreign = await upload(
      routes.uploadImage.path,
      bob,
      { projectId: bobsProject.id, assetId: asset.body.id },
      await image(),
    );
    expectHttpError(foreign, 404, { code: 'NOT_FOUND_ERROR', error: `Asset ${asset.body.id} not found` });
  });

  it('uploads audio and refuses a PNG renamed .mp3', async () => {
    const audio = { field: 'audio', bytes: wav(), name: 'take 1.wav', type: 'audio/wav' };
    const ok = await upload<UploadResult>(routes.uploadAudio.path, alice, { projectId: project.id }, audio);
    expect(ok.status).toBe(201);
    expect(uploadResultSchema.parse(ok.body)).toMatchObject({
      mimetype: 'audio/wav',
      originalName: 'take 1.wav',
    });
    expect(ok.body.key).toMatch(new RegExp(`^projects/${project.id}/audio/[0-9a-f-]{36}\\.wav$`));

    const renamed = { field: 'audio', bytes: await png(), name: 'song.mp3', type: 'audio/mpeg' };
    const refused = await upload(routes.uploadAudio.path, alice, { projectId: project.id }, renamed);
    const body = expectHttpError(refused, 400, { code: 'VALIDATION_ERROR', error: 'Audio upload failed' });
    expect(body.details).toEqual([
      { path: 'audio', message: "The file's content is image/png; expected MP3, WAV, Ogg, FLAC or M4A" },
    ]);

    const wavAsImage = await upload(
      routes.uploadImage.path,
      alice,
      { projectId: project.id },
      {
        ...audio,
        field: 'image',
        name: 'x.png',
        type: 'image/png',
      },
    );
    expectHttpError(wavAsImage, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' });
  });

  it('answers 413 for a file over the limit, before storing anything', async () => {
    const before = await storage.list(`projects/${project.id}/`);
    const tooBig = {
      field: 'image',
      bytes: new Uint8Array(UPLOAD_MAX_BYTES.image + 1),
      name: 'huge.png',
      type: 'image/png',
    };
    tooBig.bytes.set(await png());
    const response = await upload(routes.uploadImage.path, alice, { projectId: project.id }, tooBig);
    const body = expectHttpError(response, 413, {
      code: 'PAYLOAD_TOO_LARGE_ERROR',
      error: 'Image upload failed',
    });
    expect(body.details?.[0]?.message).toMatch(/^The file is larger than \d+ MB$/);
    expect(await storage.list(`projects/${project.id}/`)).toEqual(before);
  });

  it('refuses malformed uploads with the upload’s message', async () => {
    const projectId = project.id;
    const noFile = await upload(routes.uploadImage.path, alice, { projectId });
    expect(
      expectHttpError(noFile, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' }).details,
    ).toEqual([{ path: 'image', message: "A file in the 'image' field is required" }]);
    const wrongField = await upload(
      routes.uploadImage.path,
      alice,
      { projectId },
      { ...(await image()), field: 'picture' },
    );
    expectHttpError(wrongField, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' });
    const twoFiles = await upload(
      routes.uploadImage.path,
      alice,
      { projectId },
      await image(),
      await image(),
    );
    expectHttpError(twoFiles, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' });
    const empty = await upload(
      routes.uploadImage.path,
      alice,
      { projectId },
      { ...(await image()), bytes: new Uint8Array() },
    );
    expect(
      expectHttpError(empty, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' }).details?.[0]
        ?.message,
    ).toBe('The file is empty');

    const noProject = await upload(routes.uploadImage.path, alice, {}, await image());
    expect(
      expectHttpError(noProject, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' }).details?.[0]
        ?.path,
    ).toBe('projectId');
    const badProject = await upload(routes.uploadImage.path, alice, { projectId: 'nope' }, await image());
    expectHttpError(badProject, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' });
    const foreign = await upload(routes.uploadImage.path, bob, { projectId }, await image());
    expectHttpError(foreign, 404, { code: 'NOT_FOUND_ERROR', error: 'Project not found' });
    const signedOut = await upload(routes.uploadImage.path, undefined, { projectId }, await image());
    expectHttpError(signedOut, 401, { code: 'AUTH_ERROR', error: 'Authentication required' });
    const notMultipart = await api(server, 'POST', routes.uploadImage.path, {
      token: alice.token,
      body: { projectId },
    });
    expectHttpError(notMultipart, 400, { code: 'VALIDATION_ERROR', error: 'Image upload failed' });
  });

  it('uploads JSON within its limit', async () => {
    const data = { shots: [{ name: 'One', duration: 4 }], note: 'ü' };
    const ok = await api<UploadResult>(server, 'POST', routes.uploadJson.path, {
      token: alice.token,
      body: { data, projectId: project.id, filename: 'breakdown.json' },
    });
    expect(ok.status).toBe(201);
    expect(uploadResultSchema.parse(ok.body)).toMatchObject({
      originalName: 'breakdown.json',
      mimetype: 'application/json',
      size: Buffer.byteLength(JSON.stringify(data)),
    });
    const served = await fetchUrl(ok.body.url);
    expect(served.headers.get('content-type')).toBe('application/json');
    expect(await served.json()).toEqual(data);

    const tooBig = await api(server, 'POST', routes.uploadJson.path, {
      token: alice.token,
      body: { data: 'x'.repeat(UPLOAD_MAX_BYTES.json), projectId: project.id, filename: 'big.json' },
    });
    expectHttpError(tooBig, 413, { code: 'PAYLOAD_TOO_LARGE_ERROR', error: 'JSON upload failed' });
    const badName = await api(server, 'POST', routes.uploadJson.path, {
      token: alice.token,
      body: { data, projectId: project.id, filename: '../escape.json' },
    });
    expect(
      expectHttpError(badName, 400, { code: 'VALIDATION_ERROR', error: 'JSON upload failed' }).details?.[0]
        ?.path,
    ).toBe('filename');
    const noData = await api(server, 'POST', routes.uploadJson.path, {
      token: alice.token,
      body: { projectId: project.id, filename: 'a.json' },
    });
    expectHttpError(noData, 400, { code: 'VALIDATION_ERROR', error: 'JSON upload failed' });
    const notJson = await api(server, 'POST', routes.uploadJson.path, {
      token: alice.token,
      rawBody: '{"data": ',
      headers: { 'content-type': 'application/json' },
    });
    expectHttpError(notJson, 400, { code: 'VALIDATION_ERROR' });
  });

  it('hands out download URLs to the owner only', async () => {
    const uploaded = await aliceImage();
    const key = uploaded.body.key;
    const route = `/api/files/download/${encodeURIComponent(key)}`;
    const response = await api<DownloadUrl>(server, 'GET', route, { token: alice.token });
    expect(response.status).toBe(200);
    expect(downloadUrlSchema.parse(response.body).expiresIn).toBe(3600);
    expect((await fetchUrl(response.body.downloadUrl)).status).toBe(200);

    expectHttpError(await api(server, 'GET', route, { token: bob.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'File not found',
    });
    expectHttpError(await api(server, 'GET', route), 401, { code: 'AUTH_ERROR' });
    const missing = `/api/files/download/${encodeURIComponent(`projects/${project.id}/images/none.png`)}`;
    expectHttpError(await api(server, 'GET', missing, { token: alice.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'File not found',
    });
    for (const bad of [
      '../../signing-secret',
      `projects/${project.id}/../../../signing-secret`,
      '/etc/passwd',
    ]) {
      const traversal = await api(server, 'GET', `/api/files/download/${encodeURIComponent(bad)}`, {
        token: alice.token,
      });
      expectHttpError(traversal, 404, { code: 'NOT_FOUND_ERROR', error: 'File not found' });
    }
  });

  it('serves signed URLs only with a valid, unexpired signature', async () => {
    const uploaded = await aliceImage();
    const url = new URL(uploaded.body.url, server.url);
    const sig = url.searchParams.get('sig') ?? '';

    const tampered = new URL(url);
    tampered.searchParams.set('sig', `${sig.slice(0, -2)}AA`);
    const wrongSig = await api(server, 'GET', `${tampered.pathname}${tampered.search}`);
    expectHttpError(wrongSig, 403, { code: 'AUTHORIZATION_ERROR', error: 'Insufficient permissions' });
    const noSig = await api(server, 'GET', url.pathname);
    expectHttpError(noSig, 403, { code: 'AUTHORIZATION_ERROR' });

    const past = Math.floor(Date.now() / 1000) - 5;
    const signer = new UrlSigner(SECRET);
    const expired = await api(
      server,
      'GET',
      `${url.pathname}?expires=${past}&sig=${signer.signature(uploaded.body.key, past)}`,
    );
    expectHttpError(expired, 403, { code: 'AUTHORIZATION_ERROR' });

    const otherKey = `projects/${project.id}/images/other.png`;
    const reused = await api(server, 'GET', `/api/files/raw/${otherKey}${url.search}`);
    expectHttpError(reused, 403, { code: 'AUTHORIZATION_ERROR' });

    // A validly signed path-traversal key, sent verbatim (fetch would normalise the dots away),
    // still never leaves the storage root.
    await writeFile(path.join(server.dataDir, 'secret.txt'), SECRET);
    const future = Math.floor(Date.now() / 1000) + 60;
    for (const sneaky of [
      '../secret.txt',
      'projects/../../secret.txt',
      'projects/%2E%2E/%2e%2e/secret.txt',
    ]) {
      const key = sneaky.replaceAll('%2E', '.').replaceAll('%2e', '.');
      const traversal = await rawGet(
        `/api/files/raw/${sneaky}?expires=${future}&sig=${signer.signature(key, future)}`,
      );
      expect(traversal.status, sneaky).toBe(404);
      expect(traversal.body).not.toContain(SECRET);
    }
  });

  it('deletes a file for its owner only', async () => {
    const uploaded = await aliceImage();
    const route = `/api/files/delete/${encodeURIComponent(uploaded.body.key)}`;
    expectHttpError(await api(server, 'DELETE', route, { token: bob.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'File not found',
    });
    expect(await storage.exists(uploaded.body.key)).toBe(true);

    const deleted = await api(server, 'DELETE', route, { token: alice.token });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true, key: uploaded.body.key } });
    expect(await storage.exists(uploaded.body.key)).toBe(false);
    expect((await fetchUrl(uploaded.body.url)).status).toBe(404);
    expectHttpError(await api(server, 'DELETE', route, { token: alice.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'File not found',
    });
    const list = await api<{ files: StoredFile[] }>(server, 'GET', `/api/files/list/${project.id}`, {
      token: alice.token,
    });
    expect(list.body.files.map((file) => file.key)).not.toContain(uploaded.body.key);
  });

  it('lists a project’s files for its owner', async () => {
    const fresh = await newProject(server, alice, { name: 'Listing' });
    const first = await upload<UploadResult>(
      routes.uploadImage.path,
      alice,
      { projectId: fresh.id },
      await image('a.png'),
    );
    const second = await upload<UploadResult>(
      routes.uploadAudio.path,
      alice,
      { projectId: fresh.id },
      {
        field: 'audio',
        bytes: wav(),
        name: 'b.wav',
        type: 'audio/wav',
      },
    );
    const response = await api<{ files: StoredFile[] }>(server, 'GET', `/api/files/list/${fresh.id}`, {
      token: alice.token,
    });
    expect(response.status).toBe(200);
    const files = response.body.files.map((file) => storedFileSchema.parse(file));
    expect(files.map((file) => [file.key, file.kind, file.originalName]).sort()).toEqual(
      [
        [first.body.key, 'image', 'a.png'],
        [second.body.key, 'audio', 'b.wav'],
      ].sort(),
    );
    for (const file of files) expect((await fetchUrl(file.url)).status).toBe(200);

    expectHttpError(await api(server, 'GET', `/api/files/list/${fresh.id}`, { token: bob.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    expectHttpError(await api(server, 'GET', '/api/files/list/not-a-uuid', { token: alice.token }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
  });

  it('tests the storage by writing, reading back and deleting', async () => {
    const response = await api(server, 'GET', routes.test.path, { token: alice.token });
    expect(response.status).toBe(200);
    expect(storageTestSchema.parse(response.body)).toEqual({ success: true, driver: 'local' });
    expect(await storage.list('system/')).toEqual([]);
  });

  describe('POST /api/files/migrate-video', () => {
    let shotId: string;
    let videoKey: string;

    beforeAll(async () => {
      shotId = await newShot(server, project.id, { name: 'Chase' });
      const otherProject = await newProject(server, alice, { name: 'Renders' });
      videoKey = `projects/${otherProject.id}/renders/${randomUUID()}.mp4`;
      await storage.put(videoKey, mp4(), 'video/mp4');
    });

    const migrate = (user: TestUser, videoUrl: string, shot = shotId) =>
      api<VideoMigration>(server, 'POST', routes.migrateVideo.path, {
        token: user.token,
        body: { videoUrl, shotId: shot },
      });

    it('copies a stored video, given by key or by one of our URLs, into the shot’s project', async () => {
      const download = await api<DownloadUrl>(
        server,
        'GET',
        `/api/files/download/${encodeURIComponent(videoKey)}`,
        {
          token: alice.token,
        },
      );
      const relative = download.body.downloadUrl;
      for (const videoUrl of [videoKey, relative, new URL(relative, server.url).toString()]) {
        const response = await migrate(alice, videoUrl);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        const result = videoMigrationSchema.parse(response.body);
        expect(result.originalUrl).toBe(videoUrl);
        expect(result.key).toMatch(new RegExp(`^projects/${project.id}/videos/[0-9a-f-]{36}\\.mp4$`));
        const served = await fetchUrl(result.newUrl);
        expect(served.headers.get('content-type')).toBe('video/mp4');
        expect(Buffer.from(await served.arrayBuffer())).toEqual(mp4());
      }
      const [row] = await server.query<{ kind: string }>('SELECT kind FROM files WHERE key LIKE $1 LIMIT 1', [
        `projects/${project.id}/videos/%`,
      ]);
      expect(row?.kind).toBe('video');
    });

    it('refuses external URLs (no outbound network), non-videos and other users’ files', async () => {
      for (const external of [
        'https://cdn.example.com/video.mp4',
        'http://169.254.169.254/latest',
        '//evil.example/x.mp4',
      ]) {
        const response = await migrate(alice, external);
        const body = expectHttpError(response, 400, {
          code: 'VALIDATION_ERROR',
          error: 'Video migration failed',
        });
        expect(body.details?.[0]?.path).toBe('videoUrl');
      }
      const still = await upload<UploadResult>(
        routes.uploadImage.path,
        alice,
        { projectId: project.id },
        await image(),
      );
      const notVideo = await migrate(alice, still.body.key);
      expect(
        expectHttpError(notVideo, 400, { code: 'VALIDATION_ERROR', error: 'Video migration failed' })
          .details?.[0]?.message,
      ).toBe("The file's content is image/png; expected MP4, MOV or WebM");

      const bobsProject = await newProject(server, bob);
      const bobsShot = await newShot(server, bobsProject.id, { name: 'Bob' });
      const stolen = await migrate(bob, videoKey, bobsShot);
      expectHttpError(stolen, 400, { code: 'VALIDATION_ERROR', error: 'Video migration failed' });
      expectHttpError(await migrate(bob, videoKey), 404, {
        code: 'NOT_FOUND_ERROR',
        error: 'Shot not found',
      });
      expectHttpError(await migrate(alice, videoKey, UNKNOWN_ID), 404, {
        code: 'NOT_FOUND_ERROR',
        error: 'Shot not found',
      });
      const missingShot = await api(server, 'POST', routes.migrateVideo.path, {
        token: alice.token,
        body: { videoUrl: videoKey },
      });
      expectHttpError(missingShot, 400, { code: 'VALIDATION_ERROR', error: 'Video migration failed' });
    });
  });
});
