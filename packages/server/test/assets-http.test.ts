import {
  type Asset,
  assetSchema,
  defaultAssetConfig,
  type ErrorBody,
  errorBodySchema,
  type Project,
  SERVER_EVENT_SCHEMAS,
} from '@reelbench/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import {
  type ApiResponse,
  api,
  connectSocket,
  newProject,
  newUser,
  request,
  type TestUser,
  waitForEvent,
} from './support/factories.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(testDatabases())('assets over HTTP on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let project: Project;

  beforeAll(async () => {
    server = await startTestServer({ database });
    alice = await newUser(server);
    bob = await newUser(server);
    project = await newProject(server, alice, { name: 'Assets' });
  });

  afterAll(async () => {
    await server?.close();
  });

  const call = <T>(user: TestUser | undefined, method: string, path: string, body?: unknown) =>
    api<T>(server, method, path, {
      ...(user ? { token: user.token } : {}),
      ...(body === undefined ? {} : { body }),
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

  it('creates, reads, lists by type, updates and deletes an asset', async () => {
    const socket = await connectSocket(server, alice.token);
    await request(socket, 'project:subscribe', { projectId: project.id });
    const createdEvent = waitForEvent(socket, 'asset:created');
    const created = await call<Asset>(alice, 'POST', '/api/asset', {
      projectId: project.id,
      type: 'prop',
      name: 'Compass',
    });
    expect(created.status).toBe(201);
    const asset = assetSchema.parse(created.body);
    expect(asset).toMatchObject({
      name: 'Compass',
      config: defaultAssetConfig('prop'),
      projectId: project.id,
    });
    expect(SERVER_EVENT_SCHEMAS['asset:created'].parse(await createdEvent).asset.id).toBe(asset.id);
    socket.close();

    const fetched = await call<Asset>(alice, 'GET', `/api/asset/${asset.id}`);
    expect(fetched).toMatchObject({ status: 200, body: asset });
    await call(alice, 'POST', '/api/asset', { projectId: project.id, type: 'location', name: 'Deck' });
    const props = await call<Asset[]>(alice, 'GET', `/api/projects/${project.id}/assets?type=prop`);
    expect(props.body.map((a) => a.name)).toEqual(['Compass']);
    const all = await call<Asset[]>(alice, 'GET', `/api/projects/${project.id}/assets`);
    expect(all.body.map((a) => a.name)).toEqual(['Compass', 'Deck']);

    const updated = await call<Asset>(alice, 'PATCH', `/api/asset/${asset.id}`, { description: 'Brass' });
    expect(updated).toMatchObject({ status: 200, body: { description: 'Brass', name: 'Compass' } });
    const deleted = await call(alice, 'DELETE', `/api/asset/${asset.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: asset.id, deleted: true } });
    expectError(
      await call(alice, 'GET', `/api/asset/${asset.id}`),
      404,
      'NOT_FOUND_ERROR',
      `Asset ${asset.id} not found`,
    );
  });

  it('answers the background-removal routes with 404 while the asset has no image there', async () => {
    const { body: asset } = await call<Asset>(alice, 'POST', '/api/asset', {
      projectId: project.id,
      type: 'character',
      name: 'Cutout',
    });
    for (const path of [
      `/api/assets/${asset.id}/images/default-front/ensure-bg-removed`,
      `/api/assets/${asset.id}/variants/default/ensure-bg-removed`,
    ]) {
      expectError(await call(alice, 'POST', path), 404, 'NOT_FOUND_ERROR', 'Image default-front not found');
      expectError(await call(bob, 'POST', path), 404, 'NOT_FOUND_ERROR', `Asset ${asset.id} not found`);
    }
  });

  it('keeps another user out and answers bad input with catalogue errors', async () => {
    const { body: asset } = await call<Asset>(alice, 'POST', '/api/asset', {
      projectId: project.id,
      type: 'prop',
      name: 'Mine',
    });
    const notFound = `Asset ${asset.id} not found`;
    expectError(await call(bob, 'GET', `/api/asset/${asset.id}`), 404, 'NOT_FOUND_ERROR', notFound);
    expectError(
      await call(bob, 'PATCH', `/api/asset/${asset.id}`, { name: 'Stolen' }),
      404,
      'NOT_FOUND_ERROR',
      notFound,
    );
    expectError(await call(bob, 'DELETE', `/api/asset/${asset.id}`), 404, 'NOT_FOUND_ERROR', notFound);
    expectError(
      await call(bob, 'GET', `/api/projects/${project.id}/assets`),
      404,
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expectError(
      await call(bob, 'POST', '/api/asset', { projectId: project.id, type: 'prop', name: 'Planted' }),
      404,
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expect((await call<Asset>(alice, 'GET', `/api/asset/${asset.id}`)).body.name).toBe('Mine');

    expectError(
      await call(alice, 'GET', '/api/asset/not-a-uuid'),
      404,
      'NOT_FOUND_ERROR',
      'Asset not-a-uuid not found',
    );
    expectError(
      await call(alice, 'GET', `/api/asset/${UNKNOWN_ID}`),
      404,
      'NOT_FOUND_ERROR',
      `Asset ${UNKNOWN_ID} not found`,
    );
    expectError(
      await call(alice, 'GET', '/api/projects/not-a-uuid/assets'),
      404,
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expectError(
      await call(alice, 'GET', `/api/projects/${project.id}/assets?type=vehicle`),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(alice, 'POST', '/api/asset', { projectId: project.id, type: 'prop' }),
      400,
      'VALIDATION_ERROR',
      'name: Invalid input: expected string, received undefined',
    );
    expectError(
      await call(alice, 'POST', '/api/asset', { projectId: 'x', type: 'prop', name: 'A' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await call(alice, 'PATCH', `/api/asset/${asset.id}`, { name: 7 }), 400, 'VALIDATION_ERROR');
    expectError(
      await call(alice, 'PATCH', `/api/asset/${asset.id}`, { metadata: 'not an object' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(alice, 'POST', '/api/asset', {
        projectId: project.id,
        type: 'prop',
        name: 'A',
        description: 'x'.repeat(10_000_000),
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(undefined, 'GET', `/api/asset/${asset.id}`),
      401,
      'AUTH_ERROR',
      'Authentication required',
    );
    expect((await call<Asset>(alice, 'GET', `/api/asset/${asset.id}`)).body.name).toBe('Mine');
  });
});
