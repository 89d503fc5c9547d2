import { type ErrorBody, type Project, SERVER_MESSAGES, type Shot } from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, newUser, request, type TestUser } from './support/factories.js';
import { requestFrom } from './support/from-address.js';
import { expectHttpError, newShot, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

/** A PNG whose header declares `width` x `height` pixels (no pixel data follows). */
function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header.writeUInt8(8, 24);
  header.writeUInt8(6, 25);
  return header;
}

/** JSON nested `depth` levels deep: {"a":{"a":…}}. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

describe.each(testDatabases())('trust holes on %s', (database) => {
  const harness = useTestServer({ database, users: ['alice', 'bob'] });
  const { server, alice, bob } = harness;
  let project: Project;
  let bobsProject: Project;
  let bobsKey: string;

  beforeAll(async () => {
    project = await newProject(server, alice, { name: 'Alice film' });
    bobsProject = await newProject(server, bob, { name: 'Bob film' });
    bobsKey = `projects/${bobsProject.id}/images/secret.png`;
    const storage = server.app.get<symbol, Storage>(STORAGE);
    const { default: sharp } = await import('sharp');
    const png = await sharp({
      create: { width: 32, height: 18, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .png()
      .toBuffer();
    await storage.put(bobsKey, png, 'image/png');
  });

  /** shot:create in alice's project with `field` set to `value`: refused, the message naming the field. */
  async function expectCreateRefused(socket: Socket, field: string, value: unknown) {
    const answer = await request(socket, 'shot:create', {
      projectId: project.id,
      name: 'Refused',
      [field]: value,
    });
    expect(expectSocketError(answer, 'VALIDATION_ERROR').error).toContain(field);
  }

  /** shot:update of the shot setting `field` to `value`: refused, the message naming the field. */
  async function expectUpdateRefused(socket: Socket, shotId: string, field: string, value: unknown) {
    const answer = await request(socket, 'shot:update', { shotId, updates: { [field]: value } });
    expect(expectSocketError(answer, 'VALIDATION_ERROR').error).toContain(field);
  }

  const storedKeysOf = async (projectId: string) => {
    const storage = server.app.get<symbol, Storage>(STORAGE);
    return (await storage.list(`projects/${projectId}/`)).map((object) => object.key);
  };

  describe('storage keys a client sends', () => {
    it("refuses another project's key in shot:create and shot:update, naming the field", async () => {
      const socket = await harness.connect(alice);
      await expectCreateRefused(socket, 's3_image_key', bobsKey);
      const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Mine' });
      await expectUpdateRefused(
        socket,
        shot.id,
        's3_video_key',
        `projects/${bobsProject.id}/videos/secret.mp4`,
      );
      const [row] = await server.query<{ s3_video_key: string | null }>(
        'SELECT s3_video_key FROM shots WHERE id = $1',
        [shot.id],
      );
      expect(row?.s3_video_key).toBeNull();
    });

    it('refuses a key outside any project, and one of the project, over HTTP too (create, update, save)', async () => {
      const base = `/api/projects/${project.id}/shots`;
      const outside = await harness.call(alice, 'POST', base, { name: 'x', s3_image_key: 'system/x.png' });
      expect(expectHttpError(outside, 400, { code: 'VALIDATION_ERROR' }).error).toContain('s3_image_key');
      const own = await harness.call<Shot>(alice, 'POST', base, {
        name: 'Own key',
        s3_image_key: `projects/${project.id}/images/own.png`,
      });
      expect(own.status).toBe(201);
      const update = await harness.call(alice, 'PATCH', `/api/shots/${own.body.id}`, {
        s3_image_key: bobsKey,
      });
      expect(expectHttpError(update, 400).error).toContain('s3_image_key');
      const save = await harness.call(alice, 'POST', `/api/projects/${project.id}/save`, {
        saveId: crypto.randomUUID(),
        shots: [{ id: own.body.id, name: 'Own key', s3_image_key: bobsKey }],
      });
      expect(expectHttpError(save, 400).error).toContain('s3_image_key');
    });

    it("never lets a job read another project's object: edit of a shot pointing at one is a 4xx, nothing copied", async () => {
      // Rows written before keys were checked (or by any other path) are checked again when read.
      const shotId = await newShot(server, project.id, {
        name: 'Old row',
        s3_image_key: bobsKey,
        image_url: 'https://example.com/x.png',
      });
      const before = await storedKeysOf(project.id);
      const socket = await harness.connect(alice);
      const answer = await request(socket, 'shot:edit', {
        projectId: project.id,
        shotId,
        instruction: 'brighter',
      });
      const error = expectSocketError(answer, 'VALIDATION_ERROR');
      expect(error.statusCode).toBe(400);
      expect(error.error).toBe(SERVER_MESSAGES.keyNotInProject);
      expect(await storedKeysOf(project.id)).toEqual(before);
    });
  });

  describe('URL fields', () => {
    it('refuses javascript: and data:text/html in shot urls and the project thumbnail, naming the field', async () => {
      const socket = await harness.connect(alice);
      await expectCreateRefused(socket, 'image_url', 'javascript:alert(1)');
      const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Urls' });
      await expectUpdateRefused(socket, shot.id, 'video_url', 'data:text/html,<script>alert(1)</script>');
      const thumbnail = await harness.call(alice, 'PATCH', `/api/projects/${project.id}`, {
        thumbnail: 'javascript:alert(1)',
      });
      expect(expectHttpError(thumbnail, 400).error).toContain('thumbnail');
      const svg = await harness.call(alice, 'PATCH', `/api/projects/${project.id}`, {
        thumbnail: 'data:image/svg+xml;base64,PHN2Zy8+',
      });
      expect(expectHttpError(svg, 400).error).toContain('thumbnail');
    });

    it('accepts http(s), our stored file paths and an inline image where an image may be', async () => {
      const socket = await harness.connect(alice);
      const shot = await ask<Shot>(socket, 'shot:create', {
        projectId: project.id,
        name: 'Good urls',
        image_url: 'data:image/png;base64,iVBORw0KGgo=',
        video_url: 'https://cdn.example.com/v.mp4',
      });
      expect(shot.video_url).toBe('https://cdn.example.com/v.mp4');
      const ok = await harness.call(alice, 'PATCH', `/api/projects/${project.id}`, {
        thumbnail: `/api/files/raw/projects/${project.id}/images/t.png?expires=1&sig=x`,
      });
      expect(ok.status).toBe(200);
      await expectUpdateRefused(socket, shot.id, 'video_url', 'data:image/png;base64,iVBORw0KGgo=');
    });
  });

  describe('free-form JSON', () => {
    it('answers a 400 naming the field for deep nesting, over socket and HTTP', async () => {
      const socket = await harness.connect(alice);
      const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Deep' });
      const deep = await request(socket, 'shot:update', {
        shotId: shot.id,
        // socket.io-client itself recurses through a payload: 1,000 levels is what it can send.
        updates: { composition_settings: nested(1_000) },
      });
      expect(expectSocketError(deep, 'VALIDATION_ERROR').error).toMatch(/composition_settings.*nested/);
      // Written by hand: JSON.stringify of 10,000 levels overflows the test's own stack.
      const depth = 10_000;
      const overHttp = await api(server, 'PATCH', `/api/shots/${shot.id}`, {
        token: alice.token,
        headers: { 'content-type': 'application/json' },
        rawBody: new TextEncoder().encode(
          `{"composition_settings":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
        ),
      });
      expect(expectHttpError(overHttp, 400).error).toMatch(/composition_settings.*nested/);
      const asset = await harness.call(alice, 'POST', '/api/asset', {
        projectId: project.id,
        type: 'prop',
        name: 'Deep prop',
        metadata: nested(100),
      });
      expect(expectHttpError(asset, 400).error).toMatch(/metadata.*nested/);
    });

    it('answers a 400 naming the field for an oversized value', async () => {
      const socket = await harness.connect(alice);
      const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Big' });
      const big = Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, 'x'.repeat(40)]));
      const answer = await request(socket, 'shot:update', {
        shotId: shot.id,
        updates: { composition_settings: big },
      });
      expect(expectSocketError(answer, 'VALIDATION_ERROR').error).toMatch(/composition_settings.*large/);
    });
  });

  describe('image bombs', () => {
    it('refuses an upload declaring too many pixels on arrival, saying the image is too large', async () => {
      const form = new FormData();
      form.append('projectId', project.id);
      form.append('image', new Blob([pngDeclaring(60_000, 60_000)], { type: 'image/png' }), 'bomb.png');
      const response = await fetch(`${server.url}/api/files/upload-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}` },
        body: form,
      });
      const body = (await response.json()) as ErrorBody;
      expect(response.status).toBe(400);
      expect(JSON.stringify(body)).toContain('too large');
      expect(await storedKeysOf(project.id)).not.toContainEqual(expect.stringContaining('bomb'));
    });

    it('keeps the class of a job failure: a stored bomb met by an edit is a 4xx, not SERVER_ERROR', async () => {
      const storage = server.app.get<symbol, Storage>(STORAGE);
      const key = `projects/${project.id}/images/old-bomb.png`;
      await storage.put(key, pngDeclaring(60_000, 60_000), 'image/png');
      const shotId = await newShot(server, project.id, { name: 'Old bomb', s3_image_key: key });
      const socket = await harness.connect(alice);
      const answer = await request(socket, 'shot:edit', { projectId: project.id, shotId, instruction: 'x' });
      // Before: SERVER_ERROR 500 whatever the job's own error was.
      const error = expectSocketError(answer, 'VALIDATION_ERROR');
      expect(error.statusCode).toBe(400);
      expect(error.error).toMatch(/too large|not a readable image/);
      const [job] = await server.query<{ error_code: string }>(
        "SELECT error_code FROM jobs WHERE type = 'shot:edit' AND shot_ids->>0 = $1",
        [shotId],
      );
      expect(job?.error_code).toBe('VALIDATION_ERROR');
    });

    it('refuses a setImage data URL declaring too many pixels', async () => {
      const socket = await harness.connect(alice);
      const asset = await ask<{ id: string }>(socket, 'unified-asset:create', {
        projectId: project.id,
        type: 'prop',
        name: 'Bomb prop',
      });
      const answer = await request(socket, 'unified-asset:setImage', {
        assetId: asset.id,
        imageKey: 'default',
        imageData: `data:image/png;base64,${pngDeclaring(60_000, 60_000).toString('base64')}`,
      });
      const error = expectSocketError(answer, 'VALIDATION_ERROR');
      expect(error.error).toContain('too large');
      expect((await storedKeysOf(project.id)).filter((key) => key.includes(`/assets/${asset.id}/`))).toEqual(
        [],
      );
    });
  });

  describe('smaller holes', () => {
    it('echoes at most a short, cleaned excerpt of an id', async () => {
      const long = await harness.call(alice, 'GET', `/api/asset/${'x'.repeat(5_000)}`);
      const error = expectHttpError(long, 404, { code: 'NOT_FOUND_ERROR' });
      expect(error.error.length).toBeLessThanOrEqual(80);
      expect(error.error).toMatch(/^Asset x+… not found$/);
      const newline = await harness.call(alice, 'GET', '/api/asset/abc%0Adef%0D%00');
      const cleaned = expectHttpError(newline, 404);
      expect(cleaned.error).toBe('Asset abc def   not found');
      const key = await harness.call(alice, 'GET', `/api/files/download/a%0A${'b'.repeat(3_000)}`);
      expect(key.status).toBeLessThan(500);
      expect(JSON.stringify(key.body)).not.toContain('\\n');
      expect(JSON.stringify(key.body).length).toBeLessThan(1_000);
    });

    it('answers a null JSON body with its own message, and sends no X-Powered-By', async () => {
      const response = await fetch(`${server.url}/api/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        body: 'null',
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as ErrorBody;
      expect(body.error).toBe(SERVER_MESSAGES.bodyMustBeObject);
      expect(response.headers.get('x-powered-by')).toBeNull();
    });

    it('names the field in validation messages', async () => {
      const socket = await harness.connect(alice);
      const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Named' });
      await expectUpdateRefused(socket, shot.id, 'duration', 'long');
      const http400 = await harness.call(alice, 'POST', '/api/projects', { name: 42 });
      expect(expectHttpError(http400, 400).error).toContain('name');
    });

    it('throttles wrong passwords per address without locking the owner out from another', async () => {
      const owner: TestUser = await newUser(server);
      const url = `${server.url}/api/auth/login`;
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await requestFrom(url, '127.0.0.2', { email: owner.email, password: `guess ${attempt}` });
      }
      const limited = await requestFrom(url, '127.0.0.2', { email: owner.email, password: owner.password });
      expect(limited.status).toBe(429);
      const fromHome = await requestFrom(url, '127.0.0.3', { email: owner.email, password: owner.password });
      expect(fromHome.status).toBe(200);
      const me = await api(server, 'GET', '/api/auth/me', { token: owner.token });
      expect(me.status).toBe(200);
    });
  });
});
