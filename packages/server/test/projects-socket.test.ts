import {
  legacyErrorPayloadSchema,
  type Project,
  type ProjectListEntry,
  projectSchema,
  type ResponseEnvelope,
  SERVER_EVENT_SCHEMAS,
  type Series,
  SOCKET_ACTIONS,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventsService } from '../src/realtime/events.service.js';
import { ENVELOPE_REQUIRED, PAYLOAD_NOT_OBJECT } from '../src/realtime/socket-action.decorator.js';
import { testDatabases } from './support/databases.js';
import {
  api,
  connectSocket,
  firstEvent,
  legacyRequest,
  newProject,
  newUser,
  type SocketAnswer,
  socketRequest,
  type TestUser,
  waitForEvent,
} from './support/factories.js';
import { expectSocketError, expectSocketReply } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';

type ProjectAction = keyof typeof SOCKET_ACTIONS.project;

const expectResponse = <T>(answer: SocketAnswer, action: ProjectAction) =>
  expectSocketReply<T>(answer, 'project', action);

const expectError = (answer: SocketAnswer, code: string, error?: string) =>
  expectSocketError(answer, 'project', code, error);

describe.each(testDatabases())('projects over the socket on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];

  const connect = async (user?: TestUser) => {
    const socket = await connectSocket(server, user?.token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer({ database });
    alice = await newUser(server);
    bob = await newUser(server);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers create, getAll, getOne, update and delete on project:response', async () => {
    const socket = await connect(alice);
    const created = expectResponse<Project>(
      await socketRequest(socket, 'project', 'create', { name: 'Over the wire' }),
      'create',
    );
    expect(created.name).toBe('Over the wire');

    const all = expectResponse<ProjectListEntry[]>(
      await socketRequest(socket, 'project', 'getAll', {}),
      'getAll',
    );
    expect(all.map((entry) => entry.id)).toContain(created.id);

    const one = expectResponse<Project>(
      await socketRequest(socket, 'project', 'getOne', { projectId: created.id }),
      'getOne',
    );
    expect(one).toEqual(created);

    const updated = expectResponse<Project>(
      await socketRequest(socket, 'project', 'update', {
        projectId: created.id,
        updates: { name: 'Renamed' },
      }),
      'update',
    );
    expect(updated.name).toBe('Renamed');

    const deleted = await socketRequest(socket, 'project', 'delete', { projectId: created.id });
    expect(expectResponse(deleted, 'delete')).toEqual({ id: created.id, deleted: true });
    expectError(
      await socketRequest(socket, 'project', 'getOne', { projectId: created.id }),
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
        socketRequest<ResponseEnvelope>(socket, 'project', 'getOne', { projectId: project.id }),
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
      expectResponse(
        await socketRequest(subscribed, 'project', 'subscribe', { projectId: project.id }),
        'subscribe',
      ),
    ).toEqual({ projectId: project.id, subscribed: true });
    expectError(
      await socketRequest(stranger, 'project', 'subscribe', { projectId: project.id }),
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
    const made = expectResponse<Project>(
      await socketRequest(otherTab, 'project', 'create', { name: 'Tab 2' }),
      'create',
    );
    expect(SERVER_EVENT_SCHEMAS['project:created'].parse(await createdElsewhere).project.id).toBe(made.id);

    const deleted = waitForEvent(subscribed, 'project:deleted');
    await api(server, 'DELETE', `/api/projects/${project.id}`, { token: alice.token });
    expect(SERVER_EVENT_SCHEMAS['project:deleted'].parse(await deleted)).toEqual({ projectId: project.id });

    // Events are delivered in order per socket: once this answer is here, anything sent earlier would be too.
    await socketRequest(stranger, 'project', 'getAll', {});
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
    await socketRequest(socket, 'project', 'getAll', {});
    await socketRequest(bystander, 'project', 'getAll', {});
    expect(seen).toEqual([roomEvent]);

    expect(
      expectResponse(
        await socketRequest(socket, 'project', 'unsubscribe', { projectId: project.id }),
        'unsubscribe',
      ),
    ).toEqual({ projectId: project.id, subscribed: false });
    events.toProject(project.id, 'shot:deleted', roomEvent);
    await socketRequest(socket, 'project', 'getAll', {});
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
    await socketRequest(socket, 'project', 'subscribe', { projectId: project.id });
    await socketRequest(socket, 'project', 'delete', { projectId: project.id });
    const seen: unknown[] = [];
    socket.on('shot:deleted', (payload) => seen.push(payload));
    server.app
      .get(EventsService)
      .toProject(project.id, 'shot:deleted', { projectId: project.id, shotId: project.id });
    await socketRequest(socket, 'project', 'getAll', {});
    expect(seen).toEqual([]);
  });

  it('answers "Project not found" to another user on every project action', async () => {
    const series = (
      await api<Series>(server, 'POST', '/api/series', { token: alice.token, body: { name: 'S' } })
    ).body;
    const project = await newProject(server, alice, { name: 'Not yours', series_id: series.id });
    const socket = await connect(bob);
    const projectId = project.id;
    const attempts: [ProjectAction, unknown][] = [
      ['subscribe', { projectId }],
      ['unsubscribe', { projectId }],
      ['getOne', { projectId }],
      ['update', { projectId, updates: { name: 'Taken' } }],
      ['delete', { projectId }],
      ['getEDLs', { projectId }],
      ['getEDL', { projectId, edlId: projectId }],
    ];
    for (const [action, payload] of attempts) {
      expectError(
        await socketRequest(socket, 'project', action, payload),
        'NOT_FOUND_ERROR',
        'Project not found',
      );
    }
    expectError(
      await socketRequest(socket, 'project', 'getBySeries', { seriesId: series.id }),
      'NOT_FOUND_ERROR',
      'Series not found',
    );
    const seriesProjects = await socketRequest(socket, 'series', 'getProjects', { seriesId: series.id });
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

  it('says edit decision lists are not available yet', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    for (const [action, payload] of [
      ['getEDLs', { projectId: project.id }],
      ['getEDL', { projectId: project.id, edlId: project.id }],
    ] as const) {
      const envelope = expectError(
        await socketRequest(socket, 'project', action, payload),
        'NOT_AVAILABLE_ERROR',
        'Edit decision lists are not available yet',
      );
      expect(envelope.statusCode).toBe(501);
    }
  });

  it('lists the projects of a series: project:getBySeries and series:getProjects', async () => {
    const user = await newUser(server);
    const socket = await connect(user);
    const series = (
      await api<Series>(server, 'POST', '/api/series', { token: user.token, body: { name: 'S1' } })
    ).body;
    const project = await newProject(server, user, { series_id: series.id });
    const bySeries = expectResponse<ProjectListEntry[]>(
      await socketRequest(socket, 'project', 'getBySeries', { seriesId: series.id }),
      'getBySeries',
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
    const badPayloads: [ProjectAction, unknown][] = [
      ['getOne', 'hello'],
      ['getOne', 42],
      ['getOne', null],
      ['getOne', [project.id]],
      ['getOne', {}],
      ['getOne', { projectId: 'not-a-uuid' }],
      ['update', { projectId: project.id }],
      ['update', { projectId: project.id, updates: { name: 42 } }],
      ['update', { projectId: project.id, updates: { name: 'z'.repeat(10 * 1024 * 1024) } }],
      ['update', { projectId: project.id, updates: { settings: '{oops' } }],
      ['create', { name: ['array'] }],
    ];
    for (const [action, payload] of badPayloads) {
      const envelope = expectError(
        await socketRequest(socket, 'project', action, payload),
        'VALIDATION_ERROR',
      );
      expect(envelope.statusCode).toBe(400);
      expect(envelope.details?.length, `${action} ${JSON.stringify(payload).slice(0, 50)}`).toBeGreaterThan(
        0,
      );
    }

    for (const message of ['hello', 42, true, [1, 2]]) {
      const legacy = await legacyRequest(socket, 'project:getOne', message);
      expect(legacy).toEqual({
        event: 'project:error',
        body: { error: PAYLOAD_NOT_OBJECT, code: 'VALIDATION_ERROR', statusCode: 400 },
      });
    }

    // getEDLs has no older form: without a requestId the client hears why on project:error.
    socket.emit('project:getEDLs', { projectId: project.id });
    expect(await waitForEvent(socket, 'project:error')).toEqual({
      success: false,
      error: ENVELOPE_REQUIRED,
      code: 'VALIDATION_ERROR',
      statusCode: 400,
    });

    const [row] = await server.query<{ name: string }>('SELECT name FROM projects WHERE id = $1', [
      project.id,
    ]);
    expect(row?.name).toBe('Untouched');
    // The socket is still served after all that.
    expectResponse(await socketRequest(socket, 'project', 'getOne', { projectId: project.id }), 'getOne');
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

  it('disconnects a client whose message is over the 20 MB limit, and keeps serving others', async () => {
    const socket = await connect(alice);
    const other = await connect(alice);
    const closed = firstEvent(socket, [{ event: 'disconnect' }]);
    socket.emit('project:create', { requestId: 'big', payload: { name: 'x'.repeat(21 * 1024 * 1024) } });
    expect((await closed).event).toBe('disconnect');
    expectResponse(await socketRequest(other, 'project', 'getAll', {}), 'getAll');
  });
});
