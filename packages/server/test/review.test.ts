import {
  type Project,
  type ReviewLink,
  type ReviewView,
  reviewLinkSchema,
  reviewViewSchema,
} from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, type TestUser } from './support/factories.js';
import { expectHttpError, newShot, useTestServer } from './support/harness.js';

const SCENE = { id: '11111111-1111-4111-8111-111111111111', name: 'Opening', color: '#ef4444', shotIds: [] };

describe.each(testDatabases())('review links on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  let project: Project;

  beforeAll(async () => {
    project = await newProject(server, alice, {
      name: 'Festival cut',
      description: 'For the jury',
      settings: { scenes: [SCENE], shotOrder: [] },
    });
  });

  const createLink = (user: TestUser, projectId = project.id) =>
    api<ReviewLink>(server, 'POST', `/api/projects/${projectId}/review-links`, { token: user.token });

  it('creates a link, shows the project without an account, and 404s once revoked', async () => {
    const storage = server.app.get<symbol, Storage>(STORAGE);
    const imageKey = `projects/${project.id}/images/frame.png`;
    await storage.put(imageKey, Buffer.from('frame'), 'image/png');
    await newShot(server, project.id, {
      name: 'Second',
      duration: 3,
      position: 1,
      video_url: 'https://cdn.example.com/v.mp4',
    });
    await newShot(server, project.id, {
      name: 'First',
      duration: 4,
      position: 0,
      image_url: '/stale/url.png',
      s3_image_key: imageKey,
    });
    const script = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: 'INT. HALL - DAY' },
    });
    expect(script.status).toBe(200);

    const created = await createLink(alice);
    expect(created.status).toBe(201);
    const link = reviewLinkSchema.parse(created.body);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`/review/${link.token}`);
    const stored = await server.query<{ token_hash: string }>('SELECT token_hash FROM review_links');
    expect(stored.map((row) => row.token_hash)).not.toContain(link.token);

    const viewed = await api<ReviewView>(server, 'GET', `/api/review/${link.token}`);
    expect(viewed.status).toBe(200);
    const view = reviewViewSchema.parse(viewed.body);
    expect(view.project).toEqual({
      id: project.id,
      name: 'Festival cut',
      description: 'For the jury',
      thumbnail: null,
      settings: { scenes: [SCENE], shotOrder: [] },
    });
    expect(view.shots.map((shot) => [shot.name, shot.duration])).toEqual([
      ['First', 4],
      ['Second', 3],
    ]);
    const [first, second] = view.shots;
    expect(first?.s3_image_key).toBeNull();
    expect(first?.image_url).not.toBe('/stale/url.png');
    const frame = await fetch(new URL(first?.image_url ?? '', server.url));
    expect(Buffer.from(await frame.arrayBuffer())).toEqual(Buffer.from('frame'));
    expect(second?.video_url).toBe('https://cdn.example.com/v.mp4');
    expect(view.script).toMatchObject({
      projectId: project.id,
      content: 'INT. HALL - DAY',
      format: 'fountain',
    });
    const text = JSON.stringify(viewed.body);
    for (const secret of [alice.user.id, alice.email, alice.user.username])
      expect(text).not.toContain(secret);

    expectHttpError(
      await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: bob.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Review link not found' },
    );
    expect((await api(server, 'GET', `/api/review/${link.token}`)).status).toBe(200);
    const revoked = await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: alice.token });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    expectHttpError(await api(server, 'GET', `/api/review/${link.token}`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Review link not found',
    });
    expectHttpError(
      await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: alice.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Review link not found' },
    );
  });

  it('gives every link its own token; revoking one leaves the others working', async () => {
    const first = (await createLink(alice)).body;
    const second = (await createLink(alice)).body;
    expect(first.token).not.toBe(second.token);
    await api(server, 'DELETE', `/api/review-links/${first.token}`, { token: alice.token });
    expect((await api(server, 'GET', `/api/review/${first.token}`)).status).toBe(404);
    expect((await api(server, 'GET', `/api/review/${second.token}`)).status).toBe(200);
  });

  it('shows only the linked project, and lets nobody but the owner make links', async () => {
    const bobsProject = await newProject(server, bob, { name: 'Bob’s secret' });
    await newShot(server, bobsProject.id, { name: 'Hidden' });
    const link = (await createLink(alice)).body;
    const view = (await api<ReviewView>(server, 'GET', `/api/review/${link.token}`)).body;
    expect(JSON.stringify(view)).not.toContain('Hidden');
    expect(JSON.stringify(view)).not.toContain(bobsProject.id);

    expectHttpError(await createLink(bob), 404, { code: 'NOT_FOUND_ERROR', error: 'Project not found' });
    expectHttpError(await createLink(alice, 'not-a-uuid'), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    expectHttpError(await api(server, 'POST', `/api/projects/${project.id}/review-links`), 401, {
      code: 'AUTH_ERROR',
    });
    expectHttpError(await api(server, 'DELETE', `/api/review-links/${link.token}`), 401, {
      code: 'AUTH_ERROR',
    });
  });

  it('answers unknown and malformed tokens with 404, and a deleted project’s link too', async () => {
    for (const token of ['nope', 'x'.repeat(43), '%00', 'a'.repeat(4000)]) {
      expectHttpError(await api(server, 'GET', `/api/review/${token}`), 404, {
        code: 'NOT_FOUND_ERROR',
        error: 'Review link not found',
      });
    }
    const doomed = await newProject(server, alice, { name: 'Doomed' });
    const link = (await createLink(alice, doomed.id)).body;
    await api(server, 'DELETE', `/api/projects/${doomed.id}`, { token: alice.token });
    expectHttpError(await api(server, 'GET', `/api/review/${link.token}`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Review link not found',
    });
  });
});
