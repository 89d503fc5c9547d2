import {
  type Asset,
  assetSchema,
  defaultAssetConfig,
  type Project,
  SERVER_EVENT_SCHEMAS,
} from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { connectSocket, newProject, request, waitForEvent } from './support/factories.js';
import { expectHttpError, UNKNOWN_ID, useTestServer } from './support/harness.js';

describe.each(testDatabases())('assets over HTTP on %s', (database) => {
  const { server, alice, bob, call } = useTestServer({ database, users: ['alice', 'bob'] });

  let project: Project;

  beforeAll(async () => {
    project = await newProject(server, alice, { name: 'Assets' });
  });

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
    expectHttpError(await call(alice, 'GET', `/api/asset/${asset.id}`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: `Asset ${asset.id} not found`,
    });
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
      expectHttpError(await call(alice, 'POST', path), 404, {
        code: 'NOT_FOUND_ERROR',
        error: 'Image default-front not found',
      });
      expectHttpError(await call(bob, 'POST', path), 404, {
        code: 'NOT_FOUND_ERROR',
        error: `Asset ${asset.id} not found`,
      });
    }
  });

  it('keeps another user out and answers bad input with catalogue errors', async () => {
    const { body: asset } = await call<Asset>(alice, 'POST', '/api/asset', {
      projectId: project.id,
      type: 'prop',
      name: 'Mine',
    });
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Stolen' }], ['DELETE']] as const) {
      expectHttpError(await call(bob, method, `/api/asset/${asset.id}`, body), 404, {
        code: 'NOT_FOUND_ERROR',
        error: `Asset ${asset.id} not found`,
      });
    }
    expectHttpError(await call(bob, 'GET', `/api/projects/${project.id}/assets`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    expectHttpError(
      await call(bob, 'POST', '/api/asset', { projectId: project.id, type: 'prop', name: 'Planted' }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Project not found' },
    );
    expect((await call<Asset>(alice, 'GET', `/api/asset/${asset.id}`)).body.name).toBe('Mine');

    expectHttpError(await call(alice, 'GET', '/api/asset/not-a-uuid'), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Asset not-a-uuid not found',
    });
    expectHttpError(await call(alice, 'GET', `/api/asset/${UNKNOWN_ID}`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: `Asset ${UNKNOWN_ID} not found`,
    });
    expectHttpError(await call(alice, 'GET', '/api/projects/not-a-uuid/assets'), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    expectHttpError(await call(alice, 'GET', `/api/projects/${project.id}/assets?type=vehicle`), 400, {
      code: 'VALIDATION_ERROR',
    });
    expectHttpError(await call(alice, 'POST', '/api/asset', { projectId: project.id, type: 'prop' }), 400, {
      code: 'VALIDATION_ERROR',
      error: 'name: Invalid input: expected string, received undefined',
    });
    expectHttpError(
      await call(alice, 'POST', '/api/asset', { projectId: 'x', type: 'prop', name: 'A' }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    expectHttpError(await call(alice, 'PATCH', `/api/asset/${asset.id}`, { name: 7 }), 400, {
      code: 'VALIDATION_ERROR',
    });
    expectHttpError(
      await call(alice, 'PATCH', `/api/asset/${asset.id}`, { metadata: 'not an object' }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    expectHttpError(
      await call(alice, 'POST', '/api/asset', {
        projectId: project.id,
        type: 'prop',
        name: 'A',
        description: 'x'.repeat(10_000_000),
      }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    expectHttpError(await call(undefined, 'GET', `/api/asset/${asset.id}`), 401, {
      code: 'AUTH_ERROR',
      error: 'Authentication required',
    });
    expect((await call<Asset>(alice, 'GET', `/api/asset/${asset.id}`)).body.name).toBe('Mine');
  });
});
