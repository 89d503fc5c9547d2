import {
  legacyErrorPayloadSchema,
  type Project,
  type ProjectListEntry,
  projectSchema,
  type ResponseEnvelope,
  SERVER_EVENT_SCHEMAS,
  SERVER_MESSAGES,
  SOCKET_ACTIONS,
  type SocketActionEvent,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { EventsService } from '../src/realtime/events.service.js';
import { testDatabases } from './support/databases.js';
import {
  api,
  firstEvent,
  legacyRequest,
  newProject,
  newUser,
  request,
  waitForEvent,
} from './support/factories.js';
import { newSeries, useTestServer } from './support/harness.js';
import { ask, expectSocketError, expectSocketReply } from './support/socket-expect.js';

describe.each(testDatabases())('projects over the socket on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  it('answers create, getAll, getOne, update and delete on project:response', async () => {
    const socket = await connect(alice);
    const created = expectSocketReply<Project>(
      await request(socket, 'project:create', { name: 'Over the wire' }),
    );
    expect(created.name).toBe('Over the wire');

    const all = expectSocketReply<ProjectListEntry[]>(await request(socket, 'project:getAll', {}));
    expect(all.map((entry) => entry.id)).toContain(created.id);

    const one = expectSocketReply<Project>(
      await request(socket, 'project:getOne', { projectId: created.id }),
    );
    expect(one).toEqual(created);

    const updated = expectSocketReply<Project>(
      await request(socket, 'project:update', {
        projectId: created.id,
        updates: { name: 'Renamed' },
      }),
    );
    expect(updated.name).toBe('Renamed');

    const deleted = await request(socket, 'project:delete', { projectId: created.id });
    expect(expectSocketReply(deleted)).toEqual({ id: created.id, deleted: true });
    expectSocketError(
      await request(socket, 'project:getOne', { projectId: created.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
  });

  it('matches each answer to its requestId when requests interleave', async () => {
    const socket = await connect(alice);
    const projects = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => newProject(server, alice, { name: `P${n}` })),
    );
    const answers = await Promise.all(
      projects.map((project) =>
        request<ResponseEnvelope>(socket, 'project:getOne', { projectId: project.id }),
      ),
    );
    expect(answers.map((answer) => (answer.body.data as Project).id)).toEqual(
      projects.map((project) => project.id),
    );
  });

  it('also answers the older named events: project:getAll → project:fetched', async () => {
    const user = await newUser(server);
    const project = await newProject(server, user, { name: 'Legacy' });
    const socket = await connect(user);

    const all = await legacyRequest<ProjectListEntry[]>(socket, 'project:getAll', {});
    expect(all.event).toBe('project:fetched');
    expect(SOCKET_ACTIONS.project.getAll.reply.parse(all.body).map((entry) => entry.id)).toEqual([
      project.id,
    ]);

    const noPayload = await legacyRequest<ProjectListEntry[]>(socket, 'project:getAll');
    expect(noPayload.event).toBe('project:fetched');

    const one = await legacyRequest<Project>(socket, 'project:getOne', { projectId: project.id });
    expect(one).toEqual({ event: 'project:fetched:one', body: project });

    const created = await legacyRequest<Project>(
      socket,
      'project:create',
      { name: 'Made the old way' },
      (body) => projectSchema.safeParse(body).success,
    );
    expect(created.event).toBe('project:created');
    expect(created.body.name).toBe('Made the old way');

    const missing = await legacyRequest(socket, 'project:getOne', {
      projectId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.event).toBe('project:error');
    expect(legacyErrorPayloadSchema.parse(missing.body)).toMatchObject({
      error: 'Project not found',
      code: 'NOT_FOUND_ERROR',
    });
  });

  it('sends room events to the owner’s subscribed sockets and never to another user', async () => {
    const project = await newProject(server, alice, { name: 'Shared room' });
    const subscribed = await connect(alice);
    const otherTab = await connect(alice);
    const stranger = await connect(bob);
    expect(
      expectSocketReply(await request(subscribed, 'project:subscribe', { projectId: project.id })),
    ).toEqual({ projectId: project.id, subscribed: true });
    expectSocketError(
      await request(stranger, 'project:subscribe', { projectId: project.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    const seenByStranger: unknown[] = [];
    for (const event of ['project:created', 'project:updated', 'project:deleted']) {
      stranger.on(event, (payload) => seenByStranger.push(payload));
    }

    const updatedInRoom = waitForEvent(subscribed, 'project:updated');
    const updatedInOtherTab = waitForEvent(otherTab, 'project:updated');
    await api(server, 'PATCH', `/api/projects/${project.id}`, {
      token: alice.token,
      body: { name: 'New name' },
    });
    for (const payload of [await updatedInRoom, await updatedInOtherTab]) {
      expect(SERVER_EVENT_SCHEMAS['project:updated'].parse(payload)).toMatchObject({
        projectId: project.id,
        project: { id: project.id, name: 'New name' },
      });
    }

    const createdElsewhere = waitForEvent(subscribed, 'project:created');
    const made = expectSocketReply<Project>(await request(otherTab, 'project:create', { name: 'Tab 2' }));
    expect(SERVER_EVENT_SCHEMAS['project:created'].parse(await createdElsewhere).project.id).toBe(made.id);

    const deleted = waitForEvent(subscribed, 'project:deleted');
    await api(server, 'DELETE', `/api/projects/${project.id}`, { token: alice.token });
    expect(SERVER_EVENT_SCHEMAS['project:deleted'].parse(await deleted)).toEqual({ projectId: project.id });

    // Events are delivered in order per socket: once this answer is here, anything sent earlier would be too.
    await request(stranger, 'project:getAll', {});
    expect(seenByStranger).toEqual([]);
  });

  it('delivers project-room events to subscribed sockets only, until they unsubscribe', async () => {
    const user = await newUser(server);
    const project = await newProject(server, user);
    const events = server.app.get(EventsService);
    const roomEvent = { projectId: project.id, shotId: project.id };
    const socket = await connect(user);
    const bystander = await connect(user);
    const seen: unknown[] = [];
    socket.on('shot:deleted', (payload) => seen.push(payload));
    bystander.on('shot:deleted', (payload) => seen.push(['bystander', payload]));

    const subscribed = await legacyRequest(socket, 'project:subscribe', { projectId: project.id });
    expect(subscribed).toEqual({
      event: 'project:subscribed',
      body: { projectId: project.id, subscribed: true },
    });
    events.toProject(project.id, 'shot:deleted', roomEvent);
    await request(socket, 'project:getAll', {});
    await request(bystander, 'project:getAll', {});
    expect(seen).toEqual([roomEvent]);

    expect(
      expectSocketReply(await request(socket, 'project:unsubscribe', { projectId: project.id })),
    ).toEqual({ projectId: project.id, subscribed: false });
    events.toProject(project.id, 'shot:deleted', roomEvent);
    await request(socket, 'project:getAll', {});
    expect(seen).toEqual([roomEvent]);
    const unsubscribed = await legacyRequest(socket, 'project:unsubscribe', { projectId: project.id });
    expect(unsubscribed).toEqual({
      event: 'project:unsubscribed',
      body: { projectId: project.id, subscribed: false },
    });
  });

  it('empties the project room when the project is deleted', async () => {
    const user = await newUser(server);
    const project = await newProject(server, user);
    const socket = await connect(user);
    await request(socket, 'project:subscribe', { projectId: project.id });
    await request(socket, 'project:delete', { projectId: project.id });
    const seen: unknown[] = [];
    socket.on('shot:deleted', (payload) => seen.push(payload));
    server.app
      .get(EventsService)
      .toProject(project.id, 'shot:deleted', { projectId: project.id, shotId: project.id });
    await request(socket, 'project:getAll', {});
    expect(seen).toEqual([]);
  });

  it('answers "Project not found" to another user on every project action', async () => {
    const series = await newSeries(server, alice, { name: 'S' });
    const project = await newProject(server, alice, { name: 'Not yours', series_id: series.id });
    const socket = await connect(bob);
    const projectId = project.id;
    const attempts: [SocketActionEvent, unknown][] = [
      ['project:subscribe', { projectId }],
      ['project:unsubscribe', { projectId }],
      ['project:getOne', { projectId }],
      ['project:update', { projectId, updates: { name: 'Taken' } }],
      ['project:delete', { projectId }],
      ['project:getEDLs', { projectId }],
      ['project:getEDL', { projectId, edlId: projectId }],
    ];
    for (const [action, payload] of attempts) {
      expectSocketError(await request(socket, action, payload), 'NOT_FOUND_ERROR', 'Project not found');
    }
    expectSocketError(
      await request(socket, 'project:getBySeries', { seriesId: series.id }),
      'NOT_FOUND_ERROR',
      'Series not found',
    );
    const seriesProjects = await request(socket, 'series:getProjects', { seriesId: series.id });
    expect(seriesProjects.event).toBe('series:error');
    for (const event of ['project:getOne', 'project:update', 'project:delete', 'project:subscribe']) {
      const legacy = await legacyRequest(socket, event, { projectId, updates: {} });
      expect(legacy.event).toBe('project:error');
      expect(legacy.body).toMatchObject({ error: 'Project not found', code: 'NOT_FOUND_ERROR' });
    }
    const [row] = await server.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [
      projectId,
    ]);
    expect(row?.name).toBe('Not yours');
  });

  it("answers the project's cuts as edit decision lists (none yet, and an unknown one is not found)", async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    expect(await ask(socket, 'project:getEDLs', { projectId: project.id })).toEqual([]);
    expectSocketError(
      await request(socket, 'project:getEDL', { projectId: project.id, edlId: project.id }),
      'NOT_FOUND_ERROR',
      'Cut not found',
    );
  });

  it('lists the projects of a series: project:getBySeries and series:getProjects', async () => {
    const user = await newUser(server);
    const socket = await connect(user);
    const series = await newSeries(server, user, { name: 'S1' });
    const project = await newProject(server, user, { series_id: series.id });
    const bySeries = expectSocketReply<ProjectListEntry[]>(
      await request(socket, 'project:getBySeries', { seriesId: series.id }),
    );
    expect(bySeries.map((entry) => entry.id)).toEqual([project.id]);
    const legacy = await legacyRequest<ProjectListEntry[]>(socket, 'series:getProjects', {
      seriesId: series.id,
    });
    expect(legacy.event).toBe('series:projectsFetched');
    expect(legacy.body.map((entry) => entry.id)).toEqual([project.id]);
    const legacyBySeries = await legacyRequest<ProjectListEntry[]>(socket, 'project:getBySeries', {
      seriesId: series.id,
    });
    expect(legacyBySeries.event).toBe('project:fetched:bySeries');
  });

  it('answers bad messages with VALIDATION_ERROR and changes nothing', async () => {
    const project = await newProject(server, alice, { name: 'Untouched' });
    const socket = await connect(alice);
    const badPayloads: [SocketActionEvent, unknown][] = [
      ['project:getOne', 'hello'],
      ['project:getOne', 42],
      ['project:getOne', null],
      ['project:getOne', [project.id]],
      ['project:getOne', {}],
      ['project:getOne', { projectId: 'not-a-uuid' }],
      ['project:update', { projectId: project.id }],
      ['project:update', { projectId: project.id, updates: { name: 42 } }],
      ['project:update', { projectId: project.id, updates: { name: 'z'.repeat(10 * 1024 * 1024) } }],
      ['project:update', { projectId: project.id, updates: { settings: '{oops' } }],
      ['project:create', { name: ['array'] }],
    ];
    for (const [action, payload] of badPayloads) {
      const envelope = expectSocketError(await request(socket, action, payload), 'VALIDATION_ERROR');
      expect(envelope.statusCode).toBe(400);
      expect(envelope.details?.length, `${action} ${JSON.stringify(payload).slice(0, 50)}`).toBeGreaterThan(
        0,
      );
    }

    for (const message of ['hello', 42, true, [1, 2]]) {
      const legacy = await legacyRequest(socket, 'project:getOne', message);
      expect(legacy).toEqual({
        event: 'project:error',
        body: { error: SERVER_MESSAGES.payloadNotObject, code: 'VALIDATION_ERROR', statusCode: 400 },
      });
    }

    // getEDLs has no older form: without a requestId the client hears why on project:error.
    socket.emit('project:getEDLs', { projectId: project.id });
    expect(await waitForEvent(socket, 'project:error')).toEqual({
      success: false,
      error: SERVER_MESSAGES.envelopeRequired,
      code: 'VALIDATION_ERROR',
      statusCode: 400,
    });

    const [row] = await server.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [
      project.id,
    ]);
    expect(row?.name).toBe('Untouched');
    // The socket is still served after all that.
    expectSocketReply(await request(socket, 'project:getOne', { projectId: project.id }));
  });

  it('also answers through the acknowledgement callback when the client passes one', async () => {
    const socket = await connect(alice);
    const body = await socket
      .timeout(5_000)
      .emitWithAck('project:getAll', { requestId: 'ack-1', payload: {} });
    expect(body).toMatchObject({ requestId: 'ack-1', success: true });
    const legacy = await socket.timeout(5_000).emitWithAck('project:getOne', { projectId: 'nope' });
    expect(legacy).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('answers a message over the 20 MB limit PAYLOAD_TOO_LARGE_ERROR, disconnects one over twice that, and keeps serving others', async () => {
    const socket = await connect(alice);
    const other = await connect(alice);
    const answer = await request(socket, 'project:create', { name: 'x'.repeat(21 * 1024 * 1024) });
    expectSocketError(answer, 'PAYLOAD_TOO_LARGE_ERROR', SERVER_MESSAGES.messageTooLarge);
    expectSocketReply(await request(socket, 'project:getAll', {}));
    const closed = firstEvent(socket, [{ event: 'disconnect' }]);
    socket.emit('project:create', { requestId: 'big', payload: { name: 'x'.repeat(41 * 1024 * 1024) } });
    expect((await closed).event).toBe('disconnect');
    expectSocketReply(await request(other, 'project:getAll', {}));
  });
});
