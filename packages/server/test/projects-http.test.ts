import {
  DEFAULT_PROJECT_NAME,
  type DeletedReply,
  deletedReplySchema,
  type ErrorBody,
  errorBodySchema,
  type Project,
  type ProjectListEntry,
  projectListEntrySchema,
  projectSchema,
  type Series,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { newProject, newUser } from './support/factories.js';
import { newShot, UNKNOWN_ID, useTestServer } from './support/harness.js';

const SCENE = { id: '11111111-1111-4111-8111-111111111111', name: 'Opening', color: '#ef4444', shotIds: [] };

describe.each(testDatabases())('projects over HTTP on %s', (database) => {
  const { server, alice, bob, call } = useTestServer({ database, users: ['alice', 'bob'] });

  async function addShots(projectId: string, durations: number[]): Promise<void> {
    for (const [position, duration] of durations.entries()) {
      await newShot(server, projectId, { name: `Shot ${position + 1}`, duration, position });
    }
  }

  it('creates a project with the defaults of the contract', async () => {
    const response = await call<Project>(alice, 'POST', '/api/projects', {});
    expect(response.status).toBe(201);
    const project = projectSchema.parse(response.body);
    expect(project).toMatchObject({
      name: DEFAULT_PROJECT_NAME,
      description: null,
      series_id: null,
      settings: { scenes: [], shotOrder: [] },
    });
  });

  it('accepts settings as an object or as a JSON string', async () => {
    const settings = { scenes: [SCENE], shotOrder: [], audioUrl: '/api/files/a.mp3' };
    const asObject = await call<Project>(alice, 'POST', '/api/projects', { name: 'Object', settings });
    const asString = await call<Project>(alice, 'POST', '/api/projects', {
      name: 'String',
      settings: JSON.stringify(settings),
    });
    expect(asObject.body.settings).toEqual(settings);
    expect(asString.body.settings).toEqual(settings);
    const stored = await call<Project>(alice, 'GET', `/api/projects/${asString.body.id}`);
    expect(stored.body.settings).toEqual(settings);
  });

  it('gets, updates and deletes a project', async () => {
    const created = await newProject(server, alice, { name: 'Draft', description: 'first' });
    const fetched = await call<Project>(alice, 'GET', `/api/projects/${created.id}`);
    expect(fetched).toMatchObject({ status: 200, body: created });

    const updated = await call<Project>(alice, 'PATCH', `/api/projects/${created.id}`, {
      name: 'Final',
      description: null,
      audio_url: '/api/files/score.mp3',
      settings: JSON.stringify({ shotOrder: [], scenes: [SCENE] }),
    });
    expect(updated.status).toBe(200);
    expect(projectSchema.parse(updated.body)).toMatchObject({
      id: created.id,
      name: 'Final',
      description: null,
      audio_url: '/api/files/score.mp3',
      settings: { scenes: [SCENE], shotOrder: [] },
    });
    expect(Date.parse(updated.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));

    const deleted = await call<DeletedReply>(alice, 'DELETE', `/api/projects/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deletedReplySchema.parse(deleted.body)).toEqual({ id: created.id, deleted: true });
    const gone = await call<ErrorBody>(alice, 'GET', `/api/projects/${created.id}`);
    expect(gone).toMatchObject({
      status: 404,
      body: { error: 'Project not found', code: 'NOT_FOUND_ERROR' },
    });
  });

  it('lists the user’s projects, newest first, with shotCount and duration from one query', async () => {
    const user = await newUser(server);
    const empty = await newProject(server, user, { name: 'Empty' });
    const full = await newProject(server, user, { name: 'Full' });
    await addShots(full.id, [2.5, 4, 1.25]);
    const response = await call<ProjectListEntry[]>(user, 'GET', '/api/projects');
    expect(response.status).toBe(200);
    const list = response.body.map((entry) => projectListEntrySchema.parse(entry));
    expect(list.map((entry) => [entry.name, entry.shotCount, entry.duration])).toEqual([
      ['Full', 3, 7.75],
      ['Empty', 0, 0],
    ]);
    expect(list[1]?.id).toBe(empty.id);
  });

  it('requires authentication for every project route', async () => {
    const project = await newProject(server, alice);
    for (const [method, path] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['GET', `/api/projects/${project.id}`],
      ['PATCH', `/api/projects/${project.id}`],
      ['DELETE', `/api/projects/${project.id}`],
      ['GET', `/api/series/${UNKNOWN_ID}/projects`],
    ] as const) {
      const response = await call<ErrorBody>(undefined, method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body.error).toBe('Authentication required');
    }
  });

  it('never shows or changes another user’s project or series', async () => {
    const series = (await call<Series>(alice, 'POST', '/api/series', { name: 'Alice series' })).body;
    const project = await newProject(server, alice, { name: 'Private', series_id: series.id });
    const notFound = {
      status: 404,
      body: { error: 'Project not found', code: 'NOT_FOUND_ERROR', statusCode: 404 },
    };
    expect(await call(bob, 'GET', `/api/projects/${project.id}`)).toMatchObject(notFound);
    expect(await call(bob, 'PATCH', `/api/projects/${project.id}`, { name: 'Mine now' })).toMatchObject(
      notFound,
    );
    expect(await call(bob, 'DELETE', `/api/projects/${project.id}`)).toMatchObject(notFound);
    const seriesNotFound = { status: 404, body: { error: 'Series not found' } };
    expect(await call(bob, 'GET', `/api/series/${series.id}/projects`)).toMatchObject(seriesNotFound);
    expect(await call(bob, 'POST', '/api/projects', { series_id: series.id })).toMatchObject(seriesNotFound);
    const bobs = await newProject(server, bob);
    expect(await call(bob, 'PATCH', `/api/projects/${bobs.id}`, { series_id: series.id })).toMatchObject(
      seriesNotFound,
    );

    const bobList = await call<ProjectListEntry[]>(bob, 'GET', '/api/projects');
    expect(bobList.body.map((entry) => entry.id)).toEqual([bobs.id]);
    expect((await call<Project>(alice, 'GET', `/api/projects/${project.id}`)).body).toEqual(project);
  });

  it('lists the projects of a series and keeps them when the series is deleted', async () => {
    const user = await newUser(server);
    const series = (await call<Series>(user, 'POST', '/api/series', { name: 'Season 1' })).body;
    const inSeries = await newProject(server, user, { name: 'Episode 1', series_id: series.id });
    await newProject(server, user, { name: 'Standalone' });
    const bySeries = await call<ProjectListEntry[]>(user, 'GET', `/api/series/${series.id}/projects`);
    expect(bySeries.body.map((entry) => entry.id)).toEqual([inSeries.id]);

    await call(user, 'DELETE', `/api/series/${series.id}`);
    const after = await call<Project>(user, 'GET', `/api/projects/${inSeries.id}`);
    expect(after.body.series_id).toBeNull();
  });

  it('answers unknown and malformed ids with 404 Project not found', async () => {
    for (const id of [UNKNOWN_ID, 'abc', '1', 'undefined', `${UNKNOWN_ID}x`, "'; DROP TABLE projects; --"]) {
      const path = `/api/projects/${encodeURIComponent(id)}`;
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const response = await call<ErrorBody>(
          alice,
          method,
          path,
          method === 'PATCH' ? { name: 'x' } : undefined,
        );
        expect(response.status, `${method} ${id}`).toBe(404);
        expect(response.body).toEqual({
          success: false,
          error: 'Project not found',
          code: 'NOT_FOUND_ERROR',
          statusCode: 404,
        });
      }
    }
    const series = await call<ErrorBody>(alice, 'GET', '/api/series/not-a-uuid/projects');
    expect(series.body.error).toBe('Series not found');
  });

  it('answers bad input with catalogue errors, no 5xx, and leaves the data unchanged', async () => {
    const project = await newProject(server, alice, {
      name: 'Keep me',
      settings: { scenes: [SCENE], shotOrder: [] },
    });
    const path = `/api/projects/${project.id}`;
    const badBodies: [string, unknown, string][] = [
      ['wrong type', { name: 42 }, 'name: '],
      ['name too long', { name: 'x'.repeat(201) }, 'name: '],
      ['10 MB name', { name: 'x'.repeat(10 * 1024 * 1024) }, 'name: '],
      ['10 MB description', { description: 'y'.repeat(10 * 1024 * 1024) }, 'description: '],
      ['blank name', { name: '   ' }, 'name: '],
      ['settings not JSON', { settings: '{not json' }, 'settings: Project settings are not valid JSON'],
      ['settings of the wrong shape', { settings: { scenes: 'many' } }, 'settings.scenes: '],
      ['settings a number', { settings: 7 }, 'settings: '],
      ['series id not a uuid', { series_id: 'abc' }, 'series_id: '],
      ['NUL in text', { name: 'a\u0000b' }, ''],
    ];
    for (const [label, body, message] of badBodies) {
      const response = await call<ErrorBody>(alice, 'PATCH', path, body);
      expect(response.status, label).toBe(400);
      const error = errorBodySchema.parse(response.body);
      expect(error.code, label).toBe('VALIDATION_ERROR');
      expect(error.error.startsWith(message), `${label}: ${error.error}`).toBe(true);
    }
    for (const body of [[1, 2], 'a string', null]) {
      const response = await call<ErrorBody>(alice, 'POST', '/api/projects', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call<Project>(alice, 'GET', path)).body).toEqual(project);
  });
});
