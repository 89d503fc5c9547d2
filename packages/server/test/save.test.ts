import { randomUUID } from 'node:crypto';
import {
  errorEnvelopeSchema,
  type Project,
  type ProjectSaveInput,
  type ProjectSaveResult,
  projectSaveResultSchema,
  responseEnvelopeSchema,
  type Scene,
  type Script,
  SERVER_MESSAGES,
  type Shot,
  type ShotPage,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import {
  api,
  connectSocket,
  newProject,
  newUser,
  request,
  type TestUser,
  waitForEvent,
} from './support/factories.js';
import { acrossRestart, expectHttpError, useTestServer } from './support/harness.js';

const FOUNTAIN = 'INT. LIGHTHOUSE - NIGHT\n\nMara climbs the stairs.\n';

function scene(shotIds: string[], name = 'Opening'): Scene {
  return { id: randomUUID(), name, color: '#06b6d4', shotIds };
}

describe.each(testDatabases())('project save on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  const save = (user: TestUser, projectId: string, body: ProjectSaveInput | Record<string, unknown>) =>
    api<ProjectSaveResult>(server, 'POST', `/api/projects/${projectId}/save`, { token: user.token, body });

  async function snapshot(projectId: string) {
    const shots = await server.query<{ id: string; name: string; position: number }>(
      'SELECT id, name, position FROM shots WHERE project_id = $1 ORDER BY position, id',
      [projectId],
    );
    const [project] = await server.query<{ settings: unknown; updated_at: Date }>(
      'SELECT settings, updated_at FROM projects WHERE id = $1',
      [projectId],
    );
    const scripts = await server.query('SELECT content FROM scripts WHERE project_id = $1', [projectId]);
    const saves = await server.query('SELECT save_id FROM project_saves WHERE project_id = $1', [projectId]);
    return { shots, project, scripts, saves };
  }

  it('writes shots, script and settings in one call and answers the save result', async () => {
    const project = await newProject(server, alice);
    const listener = await connectSocket(server, alice.token);
    await request(listener, 'project:subscribe', { projectId: project.id });
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const opening = scene([c, a]);
    const saveId = randomUUID();
    const updatedEvent = waitForEvent<{ project: Project }>(listener, 'project:updated');
    const response = await save(alice, project.id, {
      saveId,
      shots: [
        { id: a, name: 'A', duration: 2 },
        { id: b, name: 'B', image_url: '/api/files/raw/b.png' },
        { id: c, name: 'C', start_time: 7 },
      ],
      script: { content: FOUNTAIN },
      settings: { scenes: [opening], shotOrder: [c, a, b], audioUrl: '/api/files/raw/track.mp3' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = projectSaveResultSchema.parse(response.body);
    expect(result).toMatchObject({ projectId: project.id, savedShots: 3, deletedShots: 0, saveId });
    expect(Date.parse(result.savedAt)).toBeGreaterThan(Date.parse(project.updated_at));
    expect((await updatedEvent).project.updated_at).toBe(result.savedAt);

    const shots = (
      await api<ShotPage>(server, 'GET', `/api/projects/${project.id}/shots`, { token: alice.token })
    ).body.shots;
    expect(shots.map((shot) => [shot.id, shot.name])).toEqual([
      [c, 'C'],
      [a, 'A'],
      [b, 'B'],
    ]);
    expect(shots.find((shot) => shot.id === b)?.generation_status).toBe('completed');
    const script = await api<Script>(server, 'GET', `/api/script/${project.id}`, { token: alice.token });
    expect(script.body).toMatchObject({ projectId: project.id, content: FOUNTAIN, format: 'fountain' });
    const stored = await api<Project>(server, 'GET', `/api/projects/${project.id}`, { token: alice.token });
    expect(stored.body.settings).toEqual({
      scenes: [opening],
      shotOrder: [c, a, b],
      audioUrl: '/api/files/raw/track.mp3',
    });
    expect(stored.body.updated_at).toBe(result.savedAt);
    listener.close();
  });

  it('keeps preserve timing in the settings, through a save, a reorder and a new shot; refuses a non-boolean', async () => {
    const project = await newProject(server, alice);
    const [a, b] = [randomUUID(), randomUUID()];
    const saved = await save(alice, project.id, {
      saveId: randomUUID(),
      shots: [
        { id: a, name: 'A', start_time: 0 },
        { id: b, name: 'B', start_time: 12 },
      ],
      settings: { scenes: [], shotOrder: [a, b], preserveTiming: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const socket = await connectSocket(server, alice.token);
    await request(socket, 'shot:reorder', { projectId: project.id, order: [b, a] });
    await request(socket, 'shot:create', { projectId: project.id, name: 'C' });
    socket.close();
    const stored = await api<Project>(server, 'GET', `/api/projects/${project.id}`, { token: alice.token });
    expect(stored.body.settings.preserveTiming).toBe(true);
    expect(stored.body.settings.shotOrder.slice(0, 2)).toEqual([b, a]);
    const shots = (
      await api<ShotPage>(server, 'GET', `/api/projects/${project.id}/shots`, { token: alice.token })
    ).body.shots;
    expect(shots.find((shot) => shot.id === b)?.start_time).toBe(12);

    const off = await save(alice, project.id, {
      saveId: randomUUID(),
      shots: [],
      settings: { scenes: [], shotOrder: stored.body.settings.shotOrder, preserveTiming: false },
    });
    expect(off.status).toBe(200);
    const after = await api<Project>(server, 'GET', `/api/projects/${project.id}`, { token: alice.token });
    expect(after.body.settings.preserveTiming).toBe(false);

    const bad = await save(alice, project.id, {
      saveId: randomUUID(),
      shots: [],
      settings: { scenes: [], shotOrder: [], preserveTiming: 'yes' },
    });
    expectHttpError(bad, 400, { code: 'VALIDATION_ERROR' });
  });

  it('is idempotent: the same saveId answers the first result and writes nothing again', async () => {
    const project = await newProject(server, alice);
    const shotId = randomUUID();
    const saveId = randomUUID();
    const first = await save(alice, project.id, { saveId, shots: [{ id: shotId, name: 'First' }] });
    expect(first.status).toBe(200);
    const before = await snapshot(project.id);

    const retry = await save(alice, project.id, {
      saveId,
      shots: [{ id: shotId, name: 'Changed' }, { name: 'Extra' }],
      script: { content: 'changed' },
    });
    expect(retry).toMatchObject({ status: 200, body: first.body });
    expect(await snapshot(project.id)).toEqual(before);
    expect(before.saves).toHaveLength(1);

    const [concurrent, replayed] = await Promise.all([
      save(alice, project.id, { saveId: randomUUID(), shots: [{ id: shotId, name: 'Concurrent' }] }),
      save(alice, project.id, { saveId, shots: [{ id: shotId, name: 'Replayed' }] }),
    ]);
    expect(concurrent.body).toMatchObject({ savedShots: 1 });
    expect(replayed.body).toEqual(first.body);
    const [row] = await server.query<{ name: string }>('SELECT name FROM shots WHERE id = $1', [shotId]);
    expect(row?.name).toBe('Concurrent');
    const elsewhere = await newProject(server, alice);
    expectHttpError(await save(alice, elsewhere.id, { saveId, shots: [] }), 409, {
      error: SERVER_MESSAGES.saveIdReused,
    });
  });

  it('updates existing shots, creates new ones (with or without an id) and deletes the listed ones', async () => {
    const project = await newProject(server, alice);
    const [keep, drop] = [randomUUID(), randomUUID()];
    const opening = scene([keep, drop]);
    await save(alice, project.id, {
      saveId: randomUUID(),
      shots: [
        { id: keep, name: 'Keep', prompt: 'old prompt' },
        { id: drop, name: 'Drop' },
      ],
      settings: { scenes: [opening], shotOrder: [keep, drop] },
    });
    const fresh = randomUUID();
    const response = await save(alice, project.id, {
      saveId: randomUUID(),
      shots: [
        { id: keep, name: 'Kept', prompt: 'new prompt' },
        { id: fresh, name: 'Fresh' },
        { name: 'No id' },
      ],
      deletedShotIds: [drop, randomUUID()],
    });
    expect(response.body).toMatchObject({ savedShots: 3, deletedShots: 1 });
    const shots = (
      await api<ShotPage>(server, 'GET', `/api/projects/${project.id}/shots`, { token: alice.token })
    ).body.shots;
    expect(shots.map((shot) => [shot.name, shot.prompt])).toEqual([
      ['Kept', 'new prompt'],
      ['Fresh', null],
      ['No id', null],
    ]);
    const noId = shots[2] as Shot;
    // Without settings in the save, the stored order follows: new shots appended, deleted ones gone.
    const stored = await api<Project>(server, 'GET', `/api/projects/${project.id}`, { token: alice.token });
    expect(stored.body.settings).toEqual({
      scenes: [{ ...opening, shotIds: [keep] }],
      shotOrder: [keep, fresh, noId.id],
    });
  });

  it('writes nothing when one shot id belongs to another user, answering "Shot not found"', async () => {
    const project = await newProject(server, alice);
    const bobsProject = await newProject(server, bob);
    const bobsShot = randomUUID();
    await save(bob, bobsProject.id, { saveId: randomUUID(), shots: [{ id: bobsShot, name: 'Bob’s' }] });
    const mine = randomUUID();
    await save(alice, project.id, { saveId: randomUUID(), shots: [{ id: mine, name: 'Mine' }] });
    const before = await snapshot(project.id);

    const saveId = randomUUID();
    expectHttpError(
      await save(alice, project.id, {
        saveId,
        shots: [{ id: mine, name: 'Renamed' }, { name: 'New' }, { id: bobsShot, name: 'Stolen' }],
        deletedShotIds: [],
        script: { content: FOUNTAIN },
        settings: { scenes: [], shotOrder: [] },
      }),
      404,
      { error: 'Shot not found' },
    );
    expect(await snapshot(project.id)).toEqual(before);
    const [bobs] = await server.query<{ name: string; project_id: string }>(
      'SELECT name, project_id FROM shots WHERE id = $1',
      [bobsShot],
    );
    expect(bobs).toEqual({ name: 'Bob’s', project_id: bobsProject.id });
    // The failed save took no saveId: the corrected retry goes through.
    const retry = await save(alice, project.id, { saveId, shots: [{ id: mine, name: 'Renamed' }] });
    expect(retry.body).toMatchObject({ savedShots: 1, saveId });
  });

  it('refuses bad saves with catalogue errors and writes nothing', async () => {
    const project = await newProject(server, alice);
    const shot = randomUUID();
    await save(alice, project.id, { saveId: randomUUID(), shots: [{ id: shot, name: 'Only' }] });
    const before = await snapshot(project.id);
    const attempts: [Record<string, unknown>, string | undefined][] = [
      [{ shots: [] }, undefined],
      [{ saveId: 'x', shots: [] }, 'saveId: Invalid UUID'],
      [{ saveId: randomUUID(), shots: 'all' }, undefined],
      [{ saveId: randomUUID(), shots: [{ name: 42 }] }, undefined],
      [{ saveId: randomUUID(), shots: [{ id: shot }, { id: shot }] }, SERVER_MESSAGES.shotSavedTwice],
      [
        { saveId: randomUUID(), shots: [{ id: shot }], deletedShotIds: [shot] },
        SERVER_MESSAGES.shotSavedAndDeleted,
      ],
      [{ saveId: randomUUID(), shots: [], settings: { shotOrder: [randomUUID()] } }, undefined],
      [{ saveId: randomUUID(), shots: [], settings: { shotOrder: [], scenes: [scene([shot])] } }, undefined],
      [{ saveId: randomUUID(), shots: [], script: { content: 'x'.repeat(2_000_001) } }, undefined],
      [{ saveId: randomUUID(), shots: Array.from({ length: 2_001 }, () => ({})) }, undefined],
    ];
    for (const [body, message] of attempts) {
      const error = expectHttpError(await save(alice, project.id, body), 400, { error: message });
      expect(error.code).toBe('VALIDATION_ERROR');
    }
    expect(await snapshot(project.id)).toEqual(before);
    expectHttpError(await save(bob, project.id, { saveId: randomUUID(), shots: [] }), 404, {
      error: 'Project not found',
    });
    expectHttpError(
      await api(server, 'POST', `/api/projects/${project.id}/save`, { body: { saveId: randomUUID() } }),
      401,
      { error: 'Authentication required' },
    );
  });

  it('saves through the socket action project:save with the same rules', async () => {
    const project = await newProject(server, alice);
    const socket = await connectSocket(server, alice.token);
    const saveId = randomUUID();
    const shotId = randomUUID();
    const payload = { projectId: project.id, saveId, shots: [{ id: shotId, name: 'Socket' }] };
    const answer = await request(socket, 'project:save', payload);
    expect(answer.event).toBe('project:response');
    const result = projectSaveResultSchema.parse(responseEnvelopeSchema.parse(answer.body).data);
    expect(result).toMatchObject({ projectId: project.id, savedShots: 1, saveId });
    const replay = await request(socket, 'project:save', payload);
    expect(responseEnvelopeSchema.parse(replay.body).data).toEqual(result);

    const stranger = await connectSocket(server, bob.token);
    const refused = await request(stranger, 'project:save', { ...payload, saveId: randomUUID() });
    expect(errorEnvelopeSchema.parse(refused.body)).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    socket.close();
    stranger.close();
  });

  it('takes an emergency save from a beacon: text/plain body, token in the body or the header', async () => {
    const project = await newProject(server, alice);
    const beacon = (
      body: unknown,
      headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' },
    ) => api(server, 'POST', '/api/projects/emergency-save', { rawBody: JSON.stringify(body), headers });
    const shotId = randomUUID();
    const fromBody = await beacon({
      projectId: project.id,
      token: alice.token,
      save: { saveId: randomUUID(), shots: [{ id: shotId, name: 'Unload' }], script: { content: FOUNTAIN } },
    });
    expect(fromBody).toMatchObject({ status: 200, body: { accepted: true } });
    const [row] = await server.query<{ name: string }>('SELECT name FROM shots WHERE id = $1', [shotId]);
    expect(row?.name).toBe('Unload');

    const fromHeader = await beacon(
      { projectId: project.id, save: { saveId: randomUUID(), shots: [{ id: shotId, name: 'Header' }] } },
      { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
    );
    expect(fromHeader).toMatchObject({ status: 200, body: { accepted: true } });
    expect(await beacon({ projectId: project.id, token: alice.token })).toMatchObject({
      status: 200,
      body: { accepted: false },
    });

    expectHttpError(await beacon({ projectId: project.id, save: { saveId: randomUUID() } }), 401, {
      error: 'Authentication required',
    });
    expectHttpError(await beacon({ projectId: project.id, token: 'forged' }), 401);
    expectHttpError(await beacon({ projectId: project.id, token: bob.token }), 404, {
      error: 'Project not found',
    });
    expectHttpError(await beacon({ token: alice.token }), 400);
    const malformed = await api(server, 'POST', '/api/projects/emergency-save', {
      rawBody: '{"projectId":',
      headers: { 'content-type': 'text/plain' },
    });
    expectHttpError(malformed, 400, { error: 'Malformed JSON body' });
    const [after] = await server.query<{ name: string }>('SELECT name FROM shots WHERE id = $1', [shotId]);
    expect(after?.name).toBe('Header');
  });
});

describe.each(testDatabases())('a saved project after a restart on %s', (database) => {
  it('is all there when a new server starts on the same data', async () => {
    const shotId = randomUUID();
    const settings = { scenes: [scene([shotId])], shotOrder: [shotId] };
    await acrossRestart(
      database,
      async (first) => {
        const user = await newUser(first);
        const project = await newProject(first, user);
        const saved = await api<ProjectSaveResult>(first, 'POST', `/api/projects/${project.id}/save`, {
          token: user.token,
          body: {
            saveId: randomUUID(),
            shots: [{ id: shotId, name: 'Kept', duration: 3 }],
            script: { content: FOUNTAIN },
            settings,
          },
        });
        expect(saved.status).toBe(200);
        return { user, project };
      },
      async (second, { user, project }) => {
        const get = <T>(path: string) => api<T>(second, 'GET', path, { token: user.token });
        expect((await get<Shot>(`/api/shots/${shotId}`)).body).toMatchObject({ name: 'Kept', duration: 3 });
        expect((await get<Script>(`/api/script/${project.id}`)).body.content).toBe(FOUNTAIN);
        expect((await get<Project>(`/api/projects/${project.id}`)).body.settings).toEqual(settings);
      },
    );
  });
});
