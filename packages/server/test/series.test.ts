import { type ErrorBody, type Series, SOCKET_ACTIONS, seriesSchema } from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { legacyRequest, newProject, newUser, request } from './support/factories.js';
import { useTestServer } from './support/harness.js';

describe.each(testDatabases())('series on %s', (database) => {
  const { server, alice, bob, connect, call } = useTestServer({ database, users: ['alice', 'bob'] });

  it('creates, lists (with projectCount), gets, updates and deletes over HTTP', async () => {
    const user = await newUser(server);
    const created = await call<Series>(user, 'POST', '/api/series', {
      name: 'Season 1',
      description: 'Pilot arc',
    });
    expect(created.status).toBe(201);
    expect(seriesSchema.parse(created.body)).toMatchObject({ name: 'Season 1', description: 'Pilot arc' });
    await newProject(server, user, { series_id: created.body.id });
    await newProject(server, user, { series_id: created.body.id });

    const list = await call<Series[]>(user, 'GET', '/api/series');
    expect(list.body).toEqual([{ ...created.body, projectCount: 2 }]);
    expect((await call<Series>(user, 'GET', `/api/series/${created.body.id}`)).body).toEqual(created.body);

    const updated = await call<Series>(user, 'PATCH', `/api/series/${created.body.id}`, {
      name: 'Season One',
    });
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Season One', description: 'Pilot arc' });

    expect((await call(user, 'DELETE', `/api/series/${created.body.id}`)).body).toEqual({
      id: created.body.id,
      deleted: true,
    });
    expect((await call<ErrorBody>(user, 'GET', `/api/series/${created.body.id}`)).body.error).toBe(
      'Series not found',
    );
  });

  it('answers bad input with catalogue errors', async () => {
    for (const body of [{}, { name: '' }, { name: 7 }, { name: 'n'.repeat(201) }, { description: 5 }]) {
      const response = await call<ErrorBody>(alice, 'POST', '/api/series', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const response = await call<ErrorBody>(alice, 'GET', `/api/series/${id}`);
      expect(response).toMatchObject({
        status: 404,
        body: { error: 'Series not found', code: 'NOT_FOUND_ERROR' },
      });
    }
  });

  it('never shows or changes another user’s series', async () => {
    const series = (await call<Series>(alice, 'POST', '/api/series', { name: 'Mine' })).body;
    const notFound = { status: 404, body: { error: 'Series not found' } };
    expect(await call(bob, 'GET', `/api/series/${series.id}`)).toMatchObject(notFound);
    expect(await call(bob, 'PATCH', `/api/series/${series.id}`, { name: 'Ours' })).toMatchObject(notFound);
    expect(await call(bob, 'DELETE', `/api/series/${series.id}`)).toMatchObject(notFound);
    expect((await call<Series[]>(bob, 'GET', '/api/series')).body.map((s) => s.id)).not.toContain(series.id);

    const socket = await connect(bob);
    for (const [action, payload] of [
      ['series:getOne', { seriesId: series.id }],
      ['series:update', { seriesId: series.id, updates: { name: 'Ours' } }],
      ['series:delete', { seriesId: series.id }],
      ['series:getProjects', { seriesId: series.id }],
    ] as const) {
      const answer = await request(socket, action, payload);
      expect(answer.event).toBe('series:error');
      expect(answer.body).toMatchObject({ error: 'Series not found', code: 'NOT_FOUND_ERROR' });
    }
    expect((await call<Series>(alice, 'GET', `/api/series/${series.id}`)).body.name).toBe('Mine');
  });

  it('answers the series actions and their older named events over the socket', async () => {
    const user = await newUser(server);
    const socket = await connect(user);
    const created = await request<{ data: Series }>(socket, 'series:create', { name: 'Anthology' });
    expect(created.event).toBe('series:response');
    const series = SOCKET_ACTIONS.series.create.reply.parse(created.body.data);

    const all = await request<{ data: Series[] }>(socket, 'series:getAll', {});
    expect(all.body.data).toEqual([{ ...series, projectCount: 0 }]);
    const one = await request<{ data: Series }>(socket, 'series:getOne', { seriesId: series.id });
    expect(one.body.data).toEqual(series);

    const legacyCreated = await legacyRequest<Series>(socket, 'series:create', { name: 'Old style' });
    expect(legacyCreated.event).toBe('series:created');
    const legacyAll = await legacyRequest<Series[]>(socket, 'series:getAll');
    expect(legacyAll.event).toBe('series:fetched');
    expect(legacyAll.body.map((s) => s.name).sort()).toEqual(['Anthology', 'Old style']);
    const legacyUpdated = await legacyRequest<Series>(socket, 'series:update', {
      seriesId: legacyCreated.body.id,
      updates: { description: 'now described' },
    });
    expect(legacyUpdated).toMatchObject({ event: 'series:updated', body: { description: 'now described' } });
    const legacyDeleted = await legacyRequest(socket, 'series:delete', { seriesId: legacyCreated.body.id });
    expect(legacyDeleted).toEqual({
      event: 'series:deleted',
      body: { id: legacyCreated.body.id, deleted: true },
    });
    const legacyError = await legacyRequest(socket, 'series:create', { name: '' });
    expect(legacyError.event).toBe('series:error');
    expect(legacyError.body).toMatchObject({ code: 'VALIDATION_ERROR' });

    const updated = await request<{ data: Series }>(socket, 'series:update', {
      seriesId: series.id,
      updates: { name: 'Anthology II' },
    });
    expect(updated.body.data.name).toBe('Anthology II');
    const deleted = await request(socket, 'series:delete', { seriesId: series.id });
    expect(deleted.body).toMatchObject({ success: true, data: { id: series.id, deleted: true } });
  });
});
