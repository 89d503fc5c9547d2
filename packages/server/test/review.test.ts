import {
  type ErrorBody,
  errorBodySchema,
  type Project,
  type ReviewLink,
  type ReviewView,
  reviewLinkSchema,
  reviewViewSchema,
} from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { type ApiResponse, api, newProject, newUser, type TestUser } from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const SCENE = { id: '11111111-1111-4111-8111-111111111111', name: 'Opening', color: '#ef4444', shotIds: [] };

describe.each(testDatabases())('review links on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let project: Project;

  beforeAll(async () => {
    server = await startTestServer({ database });
    alice = await newUser(server);
    bob = await newUser(server);
    project = await newProject(server, alice, {
      name: 'Festival cut',
      description: 'For the jury',
      settings: { scenes: [SCENE], shotOrder: [] },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  function expectError(
    response: ApiResponse<unknown>,
    status: number,
    code: string,
    error?: string,
  ): ErrorBody {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    const body = errorBodySchema.parse(response.body);
    expect(body.code).toBe(code);
    if (error !== undefined) expect(body.error).toBe(error);
    return body;
  }

  const createLink = (user: TestUser, projectId = project.id) =>
    api<ReviewLink>(server, 'POST', `/api/projects/${projectId}/review-links`, { token: user.token });

  it('creates a link, shows the project without an account, and 404s once revoked', async () => {
    const storage = server.app.get<symbol, Storage>(STORAGE);
    const imageKey = `projects/${project.id}/images/frame.png`;
    await storage.put(imageKey, Buffer.from('frame'), 'image/png');
    await server.query(
      `INSERT INTO shots (project_id, name, duration, position, image_url, s3_image_key, video_url)
       VALUES ($1, 'Second', 3, 1, NULL, NULL, 'https://cdn.example.com/v.mp4'),
              ($1, 'First', 4, 0, '/stale/url.png', $2, NULL)`,
      [project.id, imageKey],
    );
    await server.query(
      "INSERT INTO scripts (project_id, content, format) VALUES ($1, 'INT. HALL - DAY', 'fountain')",
      [project.id],
    );

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

    expectError(
      await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: bob.token }),
      404,
      'NOT_FOUND_ERROR',
      'Review link not found',
    );
    expect((await api(server, 'GET', `/api/review/${link.token}`)).status).toBe(200);
    const revoked = await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: alice.token });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    expectError(
      await api(server, 'GET', `/api/review/${link.token}`),
      404,
      'NOT_FOUND_ERROR',
      'Review link not found',
    );
    expectError(
      await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: alice.token }),
      404,
      'NOT_FOUND_ERROR',
      'Review link not found',
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
    await server.query("INSERT INTO shots (project_id, name) VALUES ($1, 'Hidden')", [bobsProject.id]);
    const link = (await createLink(alice)).body;
    const view = (await api<ReviewView>(server, 'GET', `/api/review/${link.token}`)).body;
    expect(JSON.stringify(view)).not.toContain('Hidden');
    expect(JSON.stringify(view)).not.toContain(bobsProject.id);

    expectError(await createLink(bob), 404, 'NOT_FOUND_ERROR', 'Project not found');
    expectError(await createLink(alice, 'not-a-uuid'), 404, 'NOT_FOUND_ERROR', 'Project not found');
    expectError(await api(server, 'POST', `/api/projects/${project.id}/review-links`), 401, 'AUTH_ERROR');
    expectError(await api(server, 'DELETE', `/api/review-links/${link.token}`), 401, 'AUTH_ERROR');
  });

  it('answers unknown and malformed tokens with 404, and a deleted project’s link too', async () => {
    for (const token of ['nope', 'x'.repeat(43), '%00', 'a'.repeat(4000)]) {
      expectError(
        await api(server, 'GET', `/api/review/${token}`),
        404,
        'NOT_FOUND_ERROR',
        'Review link not found',
      );
    }
    const doomed = await newProject(server, alice, { name: 'Doomed' });
    const link = (await createLink(alice, doomed.id)).body;
    await api(server, 'DELETE', `/api/projects/${doomed.id}`, { token: alice.token });
    expectError(
      await api(server, 'GET', `/api/review/${link.token}`),
      404,
      'NOT_FOUND_ERROR',
      'Review link not found',
    );
  });
});
