import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SHOT_DURATION,
  DEFAULT_SHOT_NAME,
  type Project,
  type Scene,
  SERVER_MESSAGES,
  type Shot,
  type ShotOrderReply,
  type ShotPage,
  sceneSchema,
  shotOrderReplySchema,
  shotPageSchema,
  shotSchema,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, newProject, type TestUser } from './support/factories.js';
import { expectHttpError, UNKNOWN_ID, useTestServer } from './support/harness.js';

describe.each(testDatabases())('shots over HTTP on %s', (database) => {
  const { server, alice, bob, call } = useTestServer({ database, users: ['alice', 'bob'] });

  async function createShot(
    user: TestUser,
    projectId: string,
    body: Record<string, unknown> = {},
  ): Promise<Shot> {
    const response = await call<Shot>(user, 'POST', `/api/projects/${projectId}/shots`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return shotSchema.parse(response.body);
  }

  async function settingsOf(projectId: string): Promise<Project['settings']> {
    return (await call<Project>(alice, 'GET', `/api/projects/${projectId}`)).body.settings;
  }

  it('creates a shot with the contract defaults and appends it to the shot order', async () => {
    const project = await newProject(server, alice);
    const first = await createShot(alice, project.id);
    expect(first).toMatchObject({
      projectId: project.id,
      name: DEFAULT_SHOT_NAME,
      duration: DEFAULT_SHOT_DURATION,
      start_time: 0,
      assets: [],
      generation_status: 'pending',
      video_generation_status: 'pending',
    });
    const chosenId = randomUUID();
    const second = await createShot(alice, project.id, { id: chosenId, name: 'Chosen id', duration: 2.5 });
    expect(second).toMatchObject({ id: chosenId, name: 'Chosen id', duration: 2.5 });
    expect((await settingsOf(project.id)).shotOrder).toEqual([first.id, chosenId]);

    expectHttpError(await call(alice, 'POST', `/api/projects/${project.id}/shots`, { id: chosenId }), 409, {
      error: SERVER_MESSAGES.shotExists,
    });
    const elsewhere = await newProject(server, alice);
    expectHttpError(await call(alice, 'POST', `/api/projects/${elsewhere.id}/shots`, { id: chosenId }), 404, {
      error: 'Shot not found',
    });
  });

  it('gets, updates and deletes a shot; delete takes it out of the order and its scene', async () => {
    const project = await newProject(server, alice);
    const keep = await createShot(alice, project.id, { name: 'Keep' });
    const drop = await createShot(alice, project.id, { name: 'Drop' });
    const scene: Scene = { id: randomUUID(), name: 'Opening', color: '#22c55e', shotIds: [keep.id, drop.id] };
    await call(alice, 'PUT', `/api/projects/${project.id}/shot-order`, {
      order: [keep.id, drop.id],
      scenes: [scene],
    });

    expect((await call<Shot>(alice, 'GET', `/api/shots/${keep.id}`)).body).toEqual(keep);
    const updated = await call<Shot>(alice, 'PATCH', `/api/shots/${keep.id}`, {
      name: 'Kept',
      prompt: 'wide shot, harbour at dawn',
      duration: 3,
      framing: 'wide',
      assessed_at: '2026-01-02T03:04:05.000Z',
    });
    expect(updated.status).toBe(200);
    expect(shotSchema.parse(updated.body)).toMatchObject({
      id: keep.id,
      name: 'Kept',
      prompt: 'wide shot, harbour at dawn',
      duration: 3,
      framing: 'wide',
      assessed_at: '2026-01-02T03:04:05.000Z',
      description: null,
    });

    const deleted = await call(alice, 'DELETE', `/api/shots/${drop.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: drop.id, deleted: true } });
    expectHttpError(await call(alice, 'GET', `/api/shots/${drop.id}`), 404, { error: 'Shot not found' });
    const settings = await settingsOf(project.id);
    expect(settings.shotOrder).toEqual([keep.id]);
    expect(settings.scenes).toEqual([{ ...scene, shotIds: [keep.id] }]);
  });

  it('lists shots in timeline order, by page and by scene number; scenes come from the settings', async () => {
    const project = await newProject(server, alice);
    const shots: Shot[] = [];
    for (const name of ['A', 'B', 'C', 'D']) shots.push(await createShot(alice, project.id, { name }));
    const [a, b, c, d] = shots.map((shot) => shot.id) as [string, string, string, string];
    const scenes: Scene[] = [
      { id: randomUUID(), name: 'One', color: '#ef4444', shotIds: [d, b] },
      { id: randomUUID(), name: 'Two', color: '#6366f1', shotIds: [a] },
    ];
    const reordered = await call<ShotOrderReply>(alice, 'PUT', `/api/projects/${project.id}/shot-order`, {
      order: [d, b, a, c],
      scenes,
    });
    expect(shotOrderReplySchema.parse(reordered.body)).toEqual({
      projectId: project.id,
      shotOrder: [d, b, a, c],
      scenes,
    });

    const all = await call<ShotPage>(alice, 'GET', `/api/projects/${project.id}/shots`);
    expect(shotPageSchema.parse(all.body)).toMatchObject({ total: 4, limit: 500, offset: 0 });
    expect(all.body.shots.map((shot) => shot.name)).toEqual(['D', 'B', 'A', 'C']);

    const page = await call<ShotPage>(alice, 'GET', `/api/projects/${project.id}/shots?limit=2&offset=1`);
    expect(page.body).toMatchObject({ total: 4, limit: 2, offset: 1 });
    expect(page.body.shots.map((shot) => shot.name)).toEqual(['B', 'A']);
    // A page past the end is empty and still says how many there are.
    const past = await call<ShotPage>(alice, 'GET', `/api/projects/${project.id}/shots?limit=2&offset=9`);
    expect(past.body).toEqual({ shots: [], total: 4, limit: 2, offset: 9 });

    const scene1 = await call<ShotPage>(alice, 'GET', `/api/projects/${project.id}/shots?sceneNumber=1`);
    expect(scene1.body.shots.map((shot) => shot.name)).toEqual(['D', 'B']);
    expect(scene1.body.total).toBe(2);
    const scene1Past = await call<ShotPage>(
      alice,
      'GET',
      `/api/projects/${project.id}/shots?sceneNumber=1&offset=2`,
    );
    expect(scene1Past.body).toMatchObject({ shots: [], total: 2, offset: 2 });
    const scene1Second = await call<ShotPage>(
      alice,
      'GET',
      `/api/projects/${project.id}/shots?sceneNumber=1&limit=1&offset=1`,
    );
    expect(scene1Second.body.shots.map((shot) => shot.name)).toEqual(['B']);
    expect(scene1Second.body.total).toBe(2);
    expectHttpError(await call(alice, 'GET', `/api/projects/${project.id}/shots?sceneNumber=3`), 404, {
      error: 'Scene not found',
    });

    const listed = await call<Scene[]>(alice, 'GET', `/api/projects/${project.id}/scenes`);
    expect(sceneSchema.array().parse(listed.body)).toEqual(scenes);
  });

  it('answers generation_status completed for a shot with an image url (and video likewise)', async () => {
    const project = await newProject(server, alice);
    const shot = await createShot(alice, project.id, {
      image_url: '/api/files/raw/a.png',
      generation_status: 'failed',
    });
    expect(shot.generation_status).toBe('completed');
    expect(shot.video_generation_status).toBe('pending');
    const withVideo = await call<Shot>(alice, 'PATCH', `/api/shots/${shot.id}`, {
      video_url: '/api/files/raw/a.mp4',
    });
    expect(withVideo.body.video_generation_status).toBe('completed');
    const [row] = await server.query<{ generation_status: string }>(
      'SELECT generation_status FROM shots WHERE id = $1',
      [shot.id],
    );
    expect(row?.generation_status).toBe('failed');
  });

  it('refuses a shot order with foreign, unknown or repeated ids, or scenes outside it, and changes nothing', async () => {
    const project = await newProject(server, alice);
    const one = await createShot(alice, project.id);
    const two = await createShot(alice, project.id);
    const bobsProject = await newProject(server, bob);
    const bobsShot = await createShot(bob, bobsProject.id);
    const path = `/api/projects/${project.id}/shot-order`;
    const scene = (shotIds: string[]): Scene => ({ id: randomUUID(), name: 'S', color: '#ef4444', shotIds });
    const attempts: [unknown, string][] = [
      [{ order: [one.id, bobsShot.id] }, `order.1: ${bobsShot.id} is not a shot of this project`],
      [{ order: [one.id, UNKNOWN_ID] }, `order.1: ${UNKNOWN_ID} is not a shot of this project`],
      [{ order: [two.id, two.id] }, `order.1: Shot ${two.id} is listed twice`],
      [
        { order: [one.id], scenes: [scene([two.id])] },
        `scenes.0.shotIds.0: Shot ${two.id} is not in the order`,
      ],
      [
        { order: [one.id, two.id], scenes: [scene([one.id]), scene([one.id])] },
        `scenes.1.shotIds.0: Shot ${one.id} is already in another scene`,
      ],
    ];
    for (const [body, detail] of attempts) {
      const error = expectHttpError(await call(alice, 'PUT', path, body), 400);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.error).toBe(`${SERVER_MESSAGES.invalidShotOrder}: ${detail}`);
    }
    expect((await settingsOf(project.id)).shotOrder).toEqual([one.id, two.id]);
    const positions = await server.query<{ id: string }>(
      'SELECT id FROM shots WHERE project_id = $1 ORDER BY position',
      [project.id],
    );
    expect(positions.map((row) => row.id)).toEqual([one.id, two.id]);
  });

  it('answers another user "Project not found" / "Shot not found" and writes nothing', async () => {
    const project = await newProject(server, alice);
    const shot = await createShot(alice, project.id, { name: 'Mine' });
    const attempts: [string, string, unknown, string][] = [
      ['GET', `/api/projects/${project.id}/shots`, undefined, 'Project not found'],
      ['POST', `/api/projects/${project.id}/shots`, { name: 'Theirs' }, 'Project not found'],
      ['GET', `/api/projects/${project.id}/scenes`, undefined, 'Project not found'],
      ['PUT', `/api/projects/${project.id}/shot-order`, { order: [shot.id] }, 'Project not found'],
      ['GET', `/api/shots/${shot.id}`, undefined, 'Shot not found'],
      ['PATCH', `/api/shots/${shot.id}`, { name: 'Taken' }, 'Shot not found'],
      ['DELETE', `/api/shots/${shot.id}`, undefined, 'Shot not found'],
    ];
    for (const [method, path, body, error] of attempts) {
      expectHttpError(await call(bob, method, path, body), 404, { error: error });
    }
    expectHttpError(await call(undefined, 'GET', `/api/shots/${shot.id}`), 401, {
      error: 'Authentication required',
    });
    const [row] = await server.query<{ name: string; n: number }>(
      'SELECT min(name) AS name, count(*)::int AS n FROM shots WHERE project_id = $1',
      [project.id],
    );
    expect(row).toEqual({ name: 'Mine', n: 1 });
  });

  it('answers bad input with catalogue errors, never a 5xx', async () => {
    const project = await newProject(server, alice);
    const shot = await createShot(alice, project.id);
    const bad: [string, string, unknown, number][] = [
      ['POST', `/api/projects/${project.id}/shots`, { name: 42 }, 400],
      ['POST', `/api/projects/${project.id}/shots`, { duration: -1 }, 400],
      ['POST', `/api/projects/${project.id}/shots`, { duration: 'long' }, 400],
      ['POST', `/api/projects/${project.id}/shots`, { framing: 'sideways' }, 400],
      ['POST', `/api/projects/${project.id}/shots`, { id: 'not-a-uuid' }, 400],
      ['POST', `/api/projects/${project.id}/shots`, { prompt: 'p'.repeat(10 * 1024 * 1024) }, 400],
      ['POST', `/api/projects/${project.id}/shots`, { assets: [{ assetId: 'x' }] }, 400],
      ['PATCH', `/api/shots/${shot.id}`, { name: '' }, 400],
      ['PATCH', `/api/shots/${shot.id}`, { generation_status: 'done' }, 400],
      ['PATCH', `/api/shots/${shot.id}`, { description: 'text\u0000with a nul' }, 400],
      ['GET', `/api/projects/${project.id}/shots?limit=0`, undefined, 400],
      ['GET', `/api/projects/${project.id}/shots?limit=abc`, undefined, 400],
      ['GET', `/api/projects/${project.id}/shots?offset=-1`, undefined, 400],
      ['PUT', `/api/projects/${project.id}/shot-order`, { order: 'a,b' }, 400],
      ['PUT', `/api/projects/${project.id}/shot-order`, {}, 400],
      ['GET', '/api/shots/not-a-uuid', undefined, 404],
      ['GET', `/api/shots/${UNKNOWN_ID}`, undefined, 404],
      ['GET', '/api/projects/not-a-uuid/shots', undefined, 404],
      ['PATCH', `/api/shots/${UNKNOWN_ID}`, { name: 'x' }, 404],
    ];
    for (const [method, path, body, status] of bad) {
      const error = expectHttpError(await call(alice, method, path, body), status);
      expect(error.code).toBe(status === 400 ? 'VALIDATION_ERROR' : 'NOT_FOUND_ERROR');
    }
    const text = await api(server, 'POST', `/api/projects/${project.id}/shots`, {
      token: alice.token,
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expectHttpError(text, 400, { error: 'Malformed JSON body' });
    expect((await call<Shot>(alice, 'GET', `/api/shots/${shot.id}`)).body).toEqual(shot);
  });
});
