import { randomUUID } from 'node:crypto';
import {
  type CoverageVariant,
  coverageVariantSchema,
  type Project,
  type Scene,
  SERVER_EVENT_SCHEMAS,
  type Series,
  type Shot,
  type ShotAssetsReply,
  type ShotPage,
  SOCKET_ACTIONS,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_PLACED_TWICE } from '../src/shots/shot-placement.service.js';
import { testDatabases } from './support/databases.js';
import {
  api,
  connectSocket,
  newProject,
  newUser,
  type SocketAnswer,
  socketRequest,
  type TestUser,
  waitForEvent,
} from './support/factories.js';
import { expectSocketError, expectSocketReply } from './support/socket-expect.js';
import { startTestServer, type TestServer } from './support/test-server.js';

type ShotAction = keyof typeof SOCKET_ACTIONS.shot;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const expectResponse = <T>(answer: SocketAnswer, action: ShotAction) =>
  expectSocketReply<T>(answer, 'shot', action);

const expectError = (answer: SocketAnswer, code: string, error?: string) =>
  expectSocketError(answer, 'shot', code, error);

describe.each(testDatabases())('shots over the socket on %s', (database) => {
  let server: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const sockets: Socket[] = [];

  const connect = async (user: TestUser) => {
    const socket = await connectSocket(server, user.token);
    sockets.push(socket);
    return socket;
  };
  const request = <T>(socket: Socket, action: ShotAction, payload: unknown) =>
    socketRequest(socket, 'shot', action, payload) as Promise<SocketAnswer<T>>;

  async function newShot(
    socket: Socket,
    projectId: string,
    fields: Record<string, unknown> = {},
  ): Promise<Shot> {
    return expectResponse<Shot>(await request(socket, 'create', { projectId, ...fields }), 'create');
  }

  async function newAsset(
    owner: TestUser,
    where: { projectId?: string; seriesId?: string },
    type = 'character',
    name = 'Mara',
  ): Promise<string> {
    const [row] = await server.query<{ id: string }>(
      `INSERT INTO assets (owner_id, project_id, series_id, type, name, is_series_level)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        owner.user.id,
        where.projectId ?? null,
        where.seriesId ?? null,
        type,
        name,
        where.seriesId !== undefined,
      ],
    );
    return row?.id as string;
  }

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

  it('creates, updates, gets, lists and deletes, with events to the project room only', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const listener = await connect(alice);
    const stranger = await connect(bob);
    await socketRequest(listener, 'project', 'subscribe', { projectId: project.id });
    const strangerSaw: unknown[] = [];
    for (const event of ['shot:created', 'shot:updated', 'shot:deleted', 'timeline:shot-added']) {
      stranger.on(event, (payload) => strangerSaw.push(payload));
    }

    const created = waitForEvent(listener, 'shot:created');
    const added = waitForEvent(listener, 'timeline:shot-added');
    const shot = await newShot(socket, project.id, { name: 'Harbour', duration: 4 });
    expect(SERVER_EVENT_SCHEMAS['shot:created'].parse(await created)).toEqual({
      projectId: project.id,
      shot,
    });
    expect(SERVER_EVENT_SCHEMAS['timeline:shot-added'].parse(await added)).toEqual({
      projectId: project.id,
      shot,
      index: 0,
    });

    const updatedEvent = waitForEvent(listener, 'shot:updated');
    const updated = expectResponse<Shot>(
      await request(socket, 'update', { shotId: shot.id, updates: { name: 'Harbour at dawn' } }),
      'update',
    );
    expect(updated).toEqual({ ...shot, name: 'Harbour at dawn' });
    expect(SERVER_EVENT_SCHEMAS['shot:updated'].parse(await updatedEvent).shot).toEqual(updated);

    expect(expectResponse(await request(socket, 'getOne', { shotId: shot.id }), 'getOne')).toEqual(updated);
    const page = expectResponse<ShotPage>(
      await request(socket, 'getAll', { projectId: project.id, limit: 10, offset: 0 }),
      'getAll',
    );
    expect(page).toEqual({ shots: [updated], total: 1, limit: 10, offset: 0 });

    const deletedEvent = waitForEvent(listener, 'shot:deleted');
    expect(expectResponse(await request(socket, 'delete', { shotId: shot.id }), 'delete')).toEqual({
      id: shot.id,
      deleted: true,
    });
    expect(await deletedEvent).toEqual({ projectId: project.id, shotId: shot.id });
    expectError(await request(socket, 'getOne', { shotId: shot.id }), 'NOT_FOUND_ERROR', 'Shot not found');

    await socketRequest(stranger, 'project', 'getAll', {});
    expect(strangerSaw).toEqual([]);
  });

  it('places assets of the project or of its series, and no others', async () => {
    const series = (
      await api<Series>(server, 'POST', '/api/series', { token: alice.token, body: { name: 'S' } })
    ).body;
    const project = await newProject(server, alice, { series_id: series.id });
    const otherProject = await newProject(server, alice);
    const socket = await connect(alice);
    const shot = await newShot(socket, project.id);
    const own = await newAsset(alice, { projectId: project.id });
    const fromSeries = await newAsset(alice, { seriesId: series.id }, 'location', 'Lighthouse');
    const elsewhere = await newAsset(alice, { projectId: otherProject.id });
    const bobs = await newAsset(bob, { projectId: (await newProject(server, bob)).id });

    const placed = expectResponse<Shot>(
      await request(socket, 'add-asset', {
        shotId: shot.id,
        placement: { assetId: own, position: { x: 0.25, y: 0.5 } },
      }),
      'add-asset',
    );
    expect(placed.assets).toEqual([{ assetId: own, position: { x: 0.25, y: 0.5 }, scale: 1, rotation: 0 }]);
    const two = expectResponse<Shot>(
      await request(socket, 'add-asset', { shotId: shot.id, placement: { assetId: fromSeries } }),
      'add-asset',
    );
    expect(two.assets.map((p) => p.assetId)).toEqual([own, fromSeries]);
    // Adding an asset that is already placed moves it rather than placing it twice.
    const moved = expectResponse<Shot>(
      await request(socket, 'add-asset', { shotId: shot.id, placement: { assetId: own, scale: 2 } }),
      'add-asset',
    );
    expect(moved.assets).toEqual([
      { assetId: own, position: { x: 0.5, y: 0.5 }, scale: 2, rotation: 0 },
      { assetId: fromSeries, position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 },
    ]);

    for (const assetId of [elsewhere, bobs, UNKNOWN_ID]) {
      expectError(
        await request(socket, 'add-asset', { shotId: shot.id, placement: { assetId } }),
        'NOT_FOUND_ERROR',
        `Asset ${assetId} not found`,
      );
    }

    const rotated = expectResponse<Shot>(
      await request(socket, 'update-asset', {
        shotId: shot.id,
        assetId: fromSeries,
        updates: { rotation: 90, selectedDirection: 'left' },
      }),
      'update-asset',
    );
    expect(rotated.assets[1]).toEqual({
      assetId: fromSeries,
      position: { x: 0.5, y: 0.5 },
      scale: 1,
      rotation: 90,
      selectedDirection: 'left',
    });
    expectError(
      await request(socket, 'update-asset', { shotId: shot.id, assetId: elsewhere, updates: { scale: 1 } }),
      'NOT_FOUND_ERROR',
      'Placement not found',
    );

    const listed = expectResponse<ShotAssetsReply>(
      await request(socket, 'get-assets', { shotId: shot.id }),
      'get-assets',
    );
    expect(listed.placements).toEqual(rotated.assets);
    expect(listed.assets.map((asset) => [asset.id, asset.name, asset.type])).toEqual([
      [own, 'Mara', 'character'],
      [fromSeries, 'Lighthouse', 'location'],
    ]);

    const removed = expectResponse<Shot>(
      await request(socket, 'remove-asset', { shotId: shot.id, assetId: own }),
      'remove-asset',
    );
    expect(removed.assets.map((p) => p.assetId)).toEqual([fromSeries]);
    expectError(
      await request(socket, 'remove-asset', { shotId: shot.id, assetId: own }),
      'NOT_FOUND_ERROR',
      'Placement not found',
    );

    const replaced = expectResponse<Shot>(
      await request(socket, 'update-assets', { shotId: shot.id, assets: [{ assetId: own }] }),
      'update-assets',
    );
    expect(replaced.assets).toEqual([{ assetId: own, position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 }]);
    expectError(
      await request(socket, 'update-assets', {
        shotId: shot.id,
        assets: [{ assetId: own }, { assetId: own }],
      }),
      'VALIDATION_ERROR',
      ASSET_PLACED_TWICE,
    );
    expectError(
      await request(socket, 'update-assets', {
        shotId: shot.id,
        assets: [{ assetId: own }, { assetId: bobs }],
      }),
      'NOT_FOUND_ERROR',
      `Asset ${bobs} not found`,
    );
    const [row] = await server.query<{ assets: unknown[] }>('SELECT assets FROM shots WHERE id = $1', [
      shot.id,
    ]);
    expect(row?.assets).toEqual(replaced.assets);
  });

  it('reorders shots and scenes in one go; a bad order changes nothing', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const listener = await connect(alice);
    await socketRequest(listener, 'project', 'subscribe', { projectId: project.id });
    const [a, b, c] = [
      await newShot(socket, project.id),
      await newShot(socket, project.id),
      await newShot(socket, project.id),
    ];
    const ids = [a, b, c].map((shot) => (shot as Shot).id) as [string, string, string];
    const scenes: Scene[] = [
      { id: randomUUID(), name: 'Scene', color: '#eab308', shotIds: [ids[2], ids[0]] },
    ];

    const projectUpdated = waitForEvent<{ project: Project }>(listener, 'project:updated');
    const reply = expectResponse(
      await request(socket, 'reorder-with-scenes', {
        projectId: project.id,
        order: [ids[2], ids[0], ids[1]],
        scenes,
      }),
      'reorder-with-scenes',
    );
    expect(reply).toEqual({ projectId: project.id, shotOrder: [ids[2], ids[0], ids[1]], scenes });
    expect((await projectUpdated).project.settings).toMatchObject({
      shotOrder: [ids[2], ids[0], ids[1]],
      scenes,
    });
    const rows = await server.query<{ id: string; position: number }>(
      'SELECT id, position FROM shots WHERE project_id = $1 ORDER BY position',
      [project.id],
    );
    expect(rows).toEqual([
      { id: ids[2], position: 0 },
      { id: ids[0], position: 1 },
      { id: ids[1], position: 2 },
    ]);

    // A plain reorder keeps the scenes.
    const plain = expectResponse(
      await request(socket, 'reorder', { projectId: project.id, order: [ids[0], ids[2], ids[1]] }),
      'reorder',
    );
    expect(plain).toEqual({ projectId: project.id, shotOrder: [ids[0], ids[2], ids[1]], scenes });

    const foreign = await newShot(await connect(bob), (await newProject(server, bob)).id);
    expectError(
      await request(socket, 'reorder-with-scenes', {
        projectId: project.id,
        order: [ids[0], foreign.id],
        scenes: [],
      }),
      'VALIDATION_ERROR',
    );
    expectError(
      await request(socket, 'reorder-with-scenes', {
        projectId: project.id,
        order: [ids[0]],
        scenes: [{ ...scenes[0], shotIds: [ids[1]] }],
      }),
      'VALIDATION_ERROR',
    );
    const [settings] = await server.query<{ settings: Project['settings'] }>(
      'SELECT settings FROM projects WHERE id = $1',
      [project.id],
    );
    expect(settings?.settings).toEqual({ shotOrder: [ids[0], ids[2], ids[1]], scenes });
  });

  it('makes coverage variants of a shot at other framings and manages them', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const shot = await newShot(socket, project.id, {
      name: '1.2 Medium – Mara at the window',
      description: 'Mara watches the harbour.',
      prompt: 'medium shot, static camera, Mara at the window, lighthouse (interior), night',
      framing: 'medium',
    });
    const other = await newShot(socket, project.id, { name: 'Plain', prompt: 'the harbour at dawn' });

    const variants = expectResponse<CoverageVariant[]>(
      await request(socket, 'create-coverage', {
        shotId: shot.id,
        framingTypes: ['close', 'over-shoulder', 'close'],
      }),
      'create-coverage',
    );
    expect(
      variants.map((v) => [v.framingType, v.name, v.prompt, v.description, v.generation_status]),
    ).toEqual([
      [
        'close',
        '1.2 Medium – Mara at the window (Close-up)',
        'close-up shot, static camera, Mara at the window, lighthouse (interior), night',
        'Mara watches the harbour.',
        'pending',
      ],
      [
        'over-shoulder',
        '1.2 Medium – Mara at the window (Over-the-shoulder)',
        'over-the-shoulder shot, static camera, Mara at the window, lighthouse (interior), night',
        'Mara watches the harbour.',
        'pending',
      ],
    ]);
    const [plainVariant] = expectResponse<CoverageVariant[]>(
      await request(socket, 'create-coverage', { shotId: other.id, framingTypes: ['two-shot'] }),
      'create-coverage',
    );
    expect(plainVariant?.prompt).toBe('two-shot, the harbour at dawn');

    const listed = expectResponse<CoverageVariant[]>(
      await request(socket, 'get-coverage', { shotId: shot.id }),
      'get-coverage',
    );
    expect(listed).toEqual(variants);
    expect(
      expectResponse(
        await request(socket, 'get-coverage-counts', { projectId: project.id }),
        'get-coverage-counts',
      ),
    ).toEqual({ [shot.id]: 2, [other.id]: 1 });

    const [first, second] = variants as [CoverageVariant, CoverageVariant];
    const renamed = expectResponse<CoverageVariant>(
      await request(socket, 'update-variant', {
        variantId: first.id,
        updates: { name: 'Tight', framingType: 'extreme-close' },
      }),
      'update-variant',
    );
    expect(coverageVariantSchema.parse(renamed)).toEqual({
      ...first,
      name: 'Tight',
      framingType: 'extreme-close',
    });
    expect(
      expectResponse(await request(socket, 'delete-variant', { variantId: second.id }), 'delete-variant'),
    ).toEqual({
      id: second.id,
      deleted: true,
    });
    expectError(
      await request(socket, 'delete-variant', { variantId: second.id }),
      'NOT_FOUND_ERROR',
      'Variant not found',
    );
    expect(
      expectResponse(
        await request(socket, 'delete-all-variants', { shotId: shot.id }),
        'delete-all-variants',
      ),
    ).toEqual({ shotId: shot.id, deleted: 1 });
    expect(
      expectResponse(
        await request(socket, 'get-coverage-counts', { projectId: project.id }),
        'get-coverage-counts',
      ),
    ).toEqual({ [other.id]: 1 });

    const stranger = await connect(bob);
    expectError(
      await request(stranger, 'get-coverage', { shotId: other.id }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
    expectError(
      await request(stranger, 'update-variant', { variantId: plainVariant?.id, updates: { name: 'Mine' } }),
      'NOT_FOUND_ERROR',
      'Variant not found',
    );
    expectError(
      await request(stranger, 'get-coverage-counts', { projectId: project.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
  });

  it('runs every generation action for the owner after checking the payload and ownership', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const shot = await newShot(socket, project.id);
    const [variant] = expectResponse<CoverageVariant[]>(
      await request(socket, 'create-coverage', { shotId: shot.id, framingTypes: ['wide'] }),
      'create-coverage',
    );
    const single = { projectId: project.id, shotId: shot.id };
    const valid: [ShotAction, unknown][] = [
      ['generate', single],
      ['generate-seedream', single],
      ['generate-video', single],
      ['edit', { ...single, instruction: 'warmer light' }],
      ['generate-with-quality', single],
      ['generate-batch', { projectId: project.id, shotIds: [shot.id] }],
      ['generate-video-batch', { projectId: project.id, staleOnly: true }],
      ['generate-coverage', { shotId: shot.id, variantIds: [variant?.id] }],
    ];
    for (const [action, payload] of valid) {
      const answer = await request(socket, action, payload);
      expect(answer.event, action).toBe('shot:response');
    }

    const otherProject = await newProject(server, alice);
    const invalid: [ShotAction, unknown, string][] = [
      ['generate', { projectId: project.id }, 'VALIDATION_ERROR'],
      ['edit', { ...single, instruction: '' }, 'VALIDATION_ERROR'],
      ['generate-batch', { projectId: project.id }, 'VALIDATION_ERROR'],
      ['generate-batch', { projectId: project.id, shotIds: [shot.id], staleOnly: true }, 'VALIDATION_ERROR'],
      ['generate', { projectId: otherProject.id, shotId: shot.id }, 'NOT_FOUND_ERROR'],
      ['generate-batch', { projectId: otherProject.id, shotIds: [shot.id] }, 'NOT_FOUND_ERROR'],
      ['generate-coverage', { shotId: shot.id, variantIds: [UNKNOWN_ID] }, 'NOT_FOUND_ERROR'],
    ];
    for (const [action, payload, code] of invalid) expectError(await request(socket, action, payload), code);

    const stranger = await connect(bob);
    expectError(await request(stranger, 'generate', single), 'NOT_FOUND_ERROR', 'Project not found');
    expectError(
      await request(stranger, 'generate-coverage', { shotId: shot.id, variantIds: [variant?.id] }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
  });

  it('answers another user "Shot not found" / "Project not found" on every action and changes nothing', async () => {
    const project = await newProject(server, alice);
    const owner = await connect(alice);
    const shot = await newShot(owner, project.id, { name: 'Untouched' });
    const asset = await newAsset(alice, { projectId: project.id });
    const socket = await connect(bob);
    const attempts: [ShotAction, unknown, string][] = [
      ['create', { projectId: project.id }, 'Project not found'],
      ['getAll', { projectId: project.id }, 'Project not found'],
      ['reorder', { projectId: project.id, order: [shot.id] }, 'Project not found'],
      ['reorder-with-scenes', { projectId: project.id, order: [], scenes: [] }, 'Project not found'],
      ['update', { shotId: shot.id, updates: { name: 'Taken' } }, 'Shot not found'],
      ['delete', { shotId: shot.id }, 'Shot not found'],
      ['getOne', { shotId: shot.id }, 'Shot not found'],
      ['add-asset', { shotId: shot.id, placement: { assetId: asset } }, 'Shot not found'],
      ['update-assets', { shotId: shot.id, assets: [] }, 'Shot not found'],
      ['get-assets', { shotId: shot.id }, 'Shot not found'],
      ['create-coverage', { shotId: shot.id, framingTypes: ['wide'] }, 'Shot not found'],
      ['delete-all-variants', { shotId: shot.id }, 'Shot not found'],
    ];
    for (const [action, payload, message] of attempts) {
      expectError(await request(socket, action, payload), 'NOT_FOUND_ERROR', message);
    }
    const [row] = await server.query<{ name: string; n: number }>(
      'SELECT min(name) AS name, count(*)::int AS n FROM shots WHERE project_id = $1',
      [project.id],
    );
    expect(row).toEqual({ name: 'Untouched', n: 1 });
    const [variants] = await server.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM shot_variants WHERE project_id = $1',
      [project.id],
    );
    expect(variants?.n).toBe(0);
  });

  it('answers bad payloads with VALIDATION_ERROR and an unauthenticated socket with AUTH_ERROR', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const shot = await newShot(socket, project.id);
    const bad: [ShotAction, unknown][] = [
      ['create', 'hello'],
      ['create', { projectId: project.id, name: ['x'] }],
      ['create', { projectId: project.id, duration: 0 }],
      ['create', { projectId: project.id, name: 'n'.repeat(10 * 1024 * 1024) }],
      ['update', { shotId: shot.id }],
      ['update', { shotId: shot.id, updates: { start_time: -1 } }],
      ['getAll', { projectId: project.id, limit: 'all' }],
      ['getAll', { projectId: project.id, sceneNumber: 0 }],
      ['add-asset', { shotId: shot.id, placement: { assetId: UNKNOWN_ID, position: { x: 2, y: 0 } } }],
      ['create-coverage', { shotId: shot.id, framingTypes: [] }],
      ['create-coverage', { shotId: shot.id, framingTypes: ['sideways'] }],
      ['reorder', { projectId: project.id, order: ['not-a-uuid'] }],
      ['reorder-with-scenes', { projectId: project.id, order: [] }],
    ];
    for (const [action, payload] of bad) {
      const error = expectError(await request(socket, action, payload), 'VALIDATION_ERROR');
      expect(error.statusCode).toBe(400);
    }
    expectError(await request(socket, 'getOne', { shotId: UNKNOWN_ID }), 'NOT_FOUND_ERROR', 'Shot not found');

    const anonymous = await connectSocket(server);
    sockets.push(anonymous);
    expectError(
      await request(anonymous, 'getOne', { shotId: shot.id }),
      'AUTH_ERROR',
      'Authentication required',
    );
    expect(expectResponse(await request(socket, 'getOne', { shotId: shot.id }), 'getOne')).toEqual(shot);
  });
});
