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

  /** POST /api/asset as alice: a new asset in the project. */
  const postAsset = (type: string, name: string) =>
    call<Asset>(alice, 'POST', '/api/asset', { projectId: project.id, type, name });

  /** A 404 answer with the NOT_FOUND_ERROR code and this message. */
  const expectNotFound = (response: { status: number; body: unknown }, error: string) =>
    expectHttpError(response, 404, { code: 'NOT_FOUND_ERROR', error });

  it('creates, reads, lists by type, updates and deletes an asset', async () => {
    const socket = await connectSocket(server, alice.token);
    await request(socket, 'project:subscribe', { projectId: project.id });
    const createdEvent = waitForEvent(socket, 'asset:created');
    const created = await postAsset('prop', 'Compass');
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
    await postAsset('location', 'Deck');
    const props = await call<Asset[]>(alice, 'GET', `/api/projects/${project.id}/assets?type=prop`);
    expect(props.body.map((a) => a.name)).toEqual(['Compass']);
    const all = await call<Asset[]>(alice, 'GET', `/api/projects/${project.id}/assets`);
    expect(all.body.map((a) => a.name)).toEqual(['Compass', 'Deck']);

    const updated = await call<Asset>(alice, 'PATCH', `/api/asset/${asset.id}`, { description: 'Brass' });
    expect(updated).toMatchObject({ status: 200, body: { description: 'Brass', name: 'Compass' } });
    const deleted = await call(alice, 'DELETE', `/api/asset/${asset.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id: asset.id, deleted: true } });
    expectNotFound(await call(alice, 'GET', `/api/asset/${asset.id}`), `Asset ${asset.id} not found`);
  });

  it('answers the background-removal routes with 404 while the asset has no image there', async () => {
    const { body: asset } = await postAsset('character', 'Cutout');
    for (const path of [
      `/api/assets/${asset.id}/images/default-front/ensure-bg-removed`,
      `/api/assets/${asset.id}/variants/default/ensure-bg-removed`,
    ]) {
      expectNotFound(await call(alice, 'POST', path), 'Image default-front not found');
      expectNotFound(await call(bob, 'POST', path), `Asset ${asset.id} not found`);
    }
  });

  it('keeps another user out and answers bad input with catalogue errors', async () => {
    const { body: asset } = await postAsset('prop', 'Mine');
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Stolen' }], ['DELETE']] as const) {
      expectNotFound(await call(bob, method, `/api/asset/${asset.id}`, body), `Asset ${asset.id} not found`);
    }
    expectNotFound(await call(bob, 'GET', `/api/projects/${project.id}/assets`), 'Project not found');
    expectNotFound(
      await call(bob, 'POST', '/api/asset', { projectId: project.id, type: 'prop', name: 'Planted' }),
      'Project not found',
    );
    expect((await call<Asset>(alice, 'GET', `/api/asset/${asset.id}`)).body.name).toBe('Mine');

    expectNotFound(await call(alice, 'GET', '/api/asset/not-a-uuid'), 'Asset not-a-uuid not found');
    expectNotFound(await call(alice, 'GET', `/api/asset/${UNKNOWN_ID}`), `Asset ${UNKNOWN_ID} not found`);
    expectNotFound(await call(alice, 'GET', '/api/projects/not-a-uuid/assets'), 'Project not found');
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
