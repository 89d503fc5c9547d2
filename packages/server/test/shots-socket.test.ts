import { randomUUID } from 'node:crypto';
import {
  type CoverageVariant,
  coverageVariantSchema,
  type Project,
  type Scene,
  SERVER_EVENT_SCHEMAS,
  SERVER_MESSAGES,
  type Shot,
  type ShotAssetsReply,
  type ShotFields,
  type ShotPage,
  type SocketActionEvent,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ShotEntity } from '../src/shots/shot.entity.js';
import { shotValues } from '../src/shots/shot.mapper.js';
import { ShotsRepository } from '../src/shots/shot.repository.js';
import { testDatabases } from './support/databases.js';
import { newProject, request, waitForEvent } from './support/factories.js';
import { newAsset, newSeries, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError, expectSocketReply } from './support/socket-expect.js';

describe.each(testDatabases())('shots over the socket on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  const createShot = (socket: Socket, projectId: string, fields: Record<string, unknown> = {}) =>
    ask<Shot>(socket, 'shot:create', { projectId, ...fields });

  /** A new project of alice's with a socket of hers, a second one subscribed to it, and bob's. */
  async function watchedProject() {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const listener = await connect(alice);
    const stranger = await connect(bob);
    await request(listener, 'project:subscribe', { projectId: project.id });
    return { project, socket, listener, stranger };
  }

  it('shot:update: many updates of one shot at once are all written, answered and announced in order', async () => {
    const { project, socket, listener, stranger } = await watchedProject();
    const shot = await createShot(socket, project.id, { name: 'Quay' });
    const announced: string[] = [];
    listener.on('shot:updated', (event: { shot: Shot }) => {
      if (event.shot.id === shot.id) announced.push(String(event.shot.description));
    });
    // Twelve at once (grouped while the first is written), one with a second field, one from a stranger.
    const replies = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        request(socket, 'shot:update', {
          shotId: shot.id,
          updates: { description: `take ${i}`, ...(i === 5 ? { name: 'Quay at night' } : {}) },
        }),
      ),
      request(stranger, 'shot:update', { shotId: shot.id, updates: { description: 'not mine' } }),
    ]);
    const mine = replies.slice(0, 12).map((reply) => expectSocketReply<Shot>(reply));
    expect(mine.map((reply) => reply.description)).toEqual(Array.from({ length: 12 }, (_, i) => `take ${i}`));
    // Each answer is the shot as that update left it: the name set by the sixth stays in the later ones.
    expect(mine.map((reply) => reply.name)).toEqual([
      ...Array.from({ length: 5 }, () => 'Quay'),
      ...Array.from({ length: 7 }, () => 'Quay at night'),
    ]);
    expectSocketError(replies[12] as (typeof replies)[number], 'NOT_FOUND_ERROR', 'Shot not found');
    const stored = expectSocketReply<Shot>(await request(socket, 'shot:getOne', { shotId: shot.id }));
    expect([stored.description, stored.name]).toEqual(['take 11', 'Quay at night']);
    await expect.poll(() => announced.length).toBe(12);
    expect(announced).toEqual(Array.from({ length: 12 }, (_, i) => `take ${i}`));
  });

  it("a group of one shot's writes is one statement that answers each as one-by-one writes would", async () => {
    const repository = server.app.get(ShotsRepository);
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const start = { name: 'Quay', duration: 4, composition_settings: { layout: 'wide' } };
    const grouped = await createShot(socket, project.id, start);
    const single = await createShot(socket, project.id, start);
    const updates = [
      { description: 'first light', framing: 'wide' },
      {},
      { name: 'Quay at night', composition_settings: { layout: 'split', columns: [1, 2] } },
      { assessed_at: '2026-11-26T10:00:00.000Z', assessment_notes: null, duration: 2.5 },
      { description: 'last light', framing: null, assets: [{ assetId: UNKNOWN_ID, role: 'extra' }] },
    ].map((fields) => shotValues(fields as Partial<ShotFields>));

    const inOrder = await repository.updateOwnedInOrder(alice.user.id, grouped.id, updates);
    const oneByOne = await repository.transaction(async (manager) => {
      const results = [];
      for (const values of updates)
        results.push(await repository.updateOwned(alice.user.id, single.id, values, manager));
      return results;
    });
    const comparable = (entity: ShotEntity | null) => {
      const {
        id: _id,
        position: _position,
        createdAt: _created,
        updatedAt: _updated,
        ...rest
      } = entity ?? {};
      return rest;
    };
    expect(inOrder).toHaveLength(updates.length);
    expect(inOrder.map(comparable)).toEqual(oneByOne.map(comparable));
    expect(inOrder.map((entity) => entity?.description)).toEqual([
      'first light',
      'first light',
      'first light',
      'first light',
      'last light',
    ]);
    // One write: one updated_at for every answer, the stored row's.
    const stored = await repository.findOwned(alice.user.id, grouped.id);
    expect(comparable(stored)).toEqual(comparable(inOrder.at(-1) ?? null));
    expect(new Set(inOrder.map((entity) => entity?.updatedAt.toISOString()))).toEqual(
      new Set([stored?.updatedAt.toISOString()]),
    );

    // Another user's writes answer null and change nothing; nothing to write answers the shot.
    expect(await repository.updateOwnedInOrder(bob.user.id, grouped.id, updates.slice(0, 2))).toEqual([
      null,
      null,
    ]);
    expect(await repository.updateOwnedInOrder(alice.user.id, grouped.id, [{}, {}])).toEqual([
      stored,
      stored,
    ]);
  });

  it('creates, updates, gets, lists and deletes, with events to the project room only', async () => {
    const { project, socket, listener, stranger } = await watchedProject();
    const strangerSaw: unknown[] = [];
    for (const event of ['shot:created', 'shot:updated', 'shot:deleted', 'timeline:shot-added']) {
      stranger.on(event, (payload) => strangerSaw.push(payload));
    }

    const created = waitForEvent(listener, 'shot:created');
    const added = waitForEvent(listener, 'timeline:shot-added');
    const shot = await createShot(socket, project.id, { name: 'Harbour', duration: 4 });
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
    const updated = expectSocketReply<Shot>(
      await request(socket, 'shot:update', { shotId: shot.id, updates: { name: 'Harbour at dawn' } }),
    );
    expect(updated).toEqual({ ...shot, name: 'Harbour at dawn' });
    expect(SERVER_EVENT_SCHEMAS['shot:updated'].parse(await updatedEvent).shot).toEqual(updated);

    expect(expectSocketReply(await request(socket, 'shot:getOne', { shotId: shot.id }))).toEqual(updated);
    const page = expectSocketReply<ShotPage>(
      await request(socket, 'shot:getAll', { projectId: project.id, limit: 10, offset: 0 }),
    );
    expect(page).toEqual({ shots: [updated], total: 1, limit: 10, offset: 0 });

    const deletedEvent = waitForEvent(listener, 'shot:deleted');
    expect(expectSocketReply(await request(socket, 'shot:delete', { shotId: shot.id }))).toEqual({
      id: shot.id,
      deleted: true,
    });
    expect(await deletedEvent).toEqual({ projectId: project.id, shotId: shot.id });
    expectSocketError(
      await request(socket, 'shot:getOne', { shotId: shot.id }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );

    await request(stranger, 'project:getAll', {});
    expect(strangerSaw).toEqual([]);
  });

  it('places assets of the project or of its series, and no others', async () => {
    const series = await newSeries(server, alice, { name: 'S' });
    const project = await newProject(server, alice, { series_id: series.id });
    const otherProject = await newProject(server, alice);
    const socket = await connect(alice);
    const shot = await createShot(socket, project.id);
    const own = await newAsset(server, alice, { projectId: project.id });
    const fromSeries = await newAsset(server, alice, { seriesId: series.id }, 'location', 'Lighthouse');
    const elsewhere = await newAsset(server, alice, { projectId: otherProject.id });
    const bobs = await newAsset(server, bob, { projectId: (await newProject(server, bob)).id });

    const placed = expectSocketReply<Shot>(
      await request(socket, 'shot:add-asset', {
        shotId: shot.id,
        placement: { assetId: own, position: { x: 0.25, y: 0.5 } },
      }),
    );
    expect(placed.assets).toEqual([{ assetId: own, position: { x: 0.25, y: 0.5 }, scale: 1, rotation: 0 }]);
    const two = expectSocketReply<Shot>(
      await request(socket, 'shot:add-asset', { shotId: shot.id, placement: { assetId: fromSeries } }),
    );
    expect(two.assets.map((p) => p.assetId)).toEqual([own, fromSeries]);
    // Adding an asset that is already placed moves it rather than placing it twice.
    const moved = expectSocketReply<Shot>(
      await request(socket, 'shot:add-asset', { shotId: shot.id, placement: { assetId: own, scale: 2 } }),
    );
    expect(moved.assets).toEqual([
      { assetId: own, position: { x: 0.5, y: 0.5 }, scale: 2, rotation: 0 },
      { assetId: fromSeries, position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 },
    ]);

    for (const assetId of [elsewhere, bobs, UNKNOWN_ID]) {
      expectSocketError(
        await request(socket, 'shot:add-asset', { shotId: shot.id, placement: { assetId } }),
        'NOT_FOUND_ERROR',
        `Asset ${assetId} not found`,
      );
    }

    const rotated = expectSocketReply<Shot>(
      await request(socket, 'shot:update-asset', {
        shotId: shot.id,
        assetId: fromSeries,
        updates: { rotation: 90, selectedDirection: 'left' },
      }),
    );
    expect(rotated.assets[1]).toEqual({
      assetId: fromSeries,
      position: { x: 0.5, y: 0.5 },
      scale: 1,
      rotation: 90,
      selectedDirection: 'left',
    });
    expectSocketError(
      await request(socket, 'shot:update-asset', {
        shotId: shot.id,
        assetId: elsewhere,
        updates: { scale: 1 },
      }),
      'NOT_FOUND_ERROR',
      'Placement not found',
    );

    const listed = expectSocketReply<ShotAssetsReply>(
      await request(socket, 'shot:get-assets', { shotId: shot.id }),
    );
    expect(listed.placements).toEqual(rotated.assets);
    expect(listed.assets.map((asset) => [asset.id, asset.name, asset.type])).toEqual([
      [own, 'Mara', 'character'],
      [fromSeries, 'Lighthouse', 'location'],
    ]);

    const removed = expectSocketReply<Shot>(
      await request(socket, 'shot:remove-asset', { shotId: shot.id, assetId: own }),
    );
    expect(removed.assets.map((p) => p.assetId)).toEqual([fromSeries]);
    expectSocketError(
      await request(socket, 'shot:remove-asset', { shotId: shot.id, assetId: own }),
      'NOT_FOUND_ERROR',
      'Placement not found',
    );

    const replaced = expectSocketReply<Shot>(
      await request(socket, 'shot:update-assets', { shotId: shot.id, assets: [{ assetId: own }] }),
    );
    expect(replaced.assets).toEqual([{ assetId: own, position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 }]);
    expectSocketError(
      await request(socket, 'shot:update-assets', {
        shotId: shot.id,
        assets: [{ assetId: own }, { assetId: own }],
      }),
      'VALIDATION_ERROR',
      SERVER_MESSAGES.assetPlacedTwice,
    );
    expectSocketError(
      await request(socket, 'shot:update-assets', {
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
    const { project, socket, listener } = await watchedProject();
    const [a, b, c] = [
      await createShot(socket, project.id),
      await createShot(socket, project.id),
      await createShot(socket, project.id),
    ];
    const ids = [a, b, c].map((shot) => (shot as Shot).id) as [string, string, string];
    const scenes: Scene[] = [
      { id: randomUUID(), name: 'Scene', color: '#eab308', shotIds: [ids[2], ids[0]] },
    ];

    const projectUpdated = waitForEvent<{ project: Project }>(listener, 'project:updated');
    const reply = expectSocketReply(
      await request(socket, 'shot:reorder-with-scenes', {
        projectId: project.id,
        order: [ids[2], ids[0], ids[1]],
        scenes,
      }),
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
    const plain = expectSocketReply(
      await request(socket, 'shot:reorder', { projectId: project.id, order: [ids[0], ids[2], ids[1]] }),
    );
    expect(plain).toEqual({ projectId: project.id, shotOrder: [ids[0], ids[2], ids[1]], scenes });

    const foreign = await createShot(await connect(bob), (await newProject(server, bob)).id);
    expectSocketError(
      await request(socket, 'shot:reorder-with-scenes', {
        projectId: project.id,
        order: [ids[0], foreign.id],
        scenes: [],
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(socket, 'shot:reorder-with-scenes', {
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
    const shot = await createShot(socket, project.id, {
      name: '1.2 Medium – Mara at the window',
      description: 'Mara watches the harbour.',
      prompt: 'medium shot, static camera, Mara at the window, lighthouse (interior), night',
      framing: 'medium',
    });
    const other = await createShot(socket, project.id, { name: 'Plain', prompt: 'the harbour at dawn' });

    const variants = expectSocketReply<CoverageVariant[]>(
      await request(socket, 'shot:create-coverage', {
        shotId: shot.id,
        framingTypes: ['close', 'over-shoulder', 'close'],
      }),
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
    const [plainVariant] = expectSocketReply<CoverageVariant[]>(
      await request(socket, 'shot:create-coverage', { shotId: other.id, framingTypes: ['two-shot'] }),
    );
    expect(plainVariant?.prompt).toBe('two-shot, the harbour at dawn');

    const listed = expectSocketReply<CoverageVariant[]>(
      await request(socket, 'shot:get-coverage', { shotId: shot.id }),
    );
    expect(listed).toEqual(variants);
    expect(
      expectSocketReply(await request(socket, 'shot:get-coverage-counts', { projectId: project.id })),
    ).toEqual({ [shot.id]: 2, [other.id]: 1 });

    const [first, second] = variants as [CoverageVariant, CoverageVariant];
    const renamed = expectSocketReply<CoverageVariant>(
      await request(socket, 'shot:update-variant', {
        variantId: first.id,
        updates: { name: 'Tight', framingType: 'extreme-close' },
      }),
    );
    expect(coverageVariantSchema.parse(renamed)).toEqual({
      ...first,
      name: 'Tight',
      framingType: 'extreme-close',
    });
    expect(expectSocketReply(await request(socket, 'shot:delete-variant', { variantId: second.id }))).toEqual(
      {
        id: second.id,
        deleted: true,
      },
    );
    expectSocketError(
      await request(socket, 'shot:delete-variant', { variantId: second.id }),
      'NOT_FOUND_ERROR',
      'Variant not found',
    );
    expect(expectSocketReply(await request(socket, 'shot:delete-all-variants', { shotId: shot.id }))).toEqual(
      { shotId: shot.id, deleted: 1 },
    );
    expect(
      expectSocketReply(await request(socket, 'shot:get-coverage-counts', { projectId: project.id })),
    ).toEqual({ [other.id]: 1 });

    const stranger = await connect(bob);
    expectSocketError(
      await request(stranger, 'shot:get-coverage', { shotId: other.id }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
    expectSocketError(
      await request(stranger, 'shot:update-variant', {
        variantId: plainVariant?.id,
        updates: { name: 'Mine' },
      }),
      'NOT_FOUND_ERROR',
      'Variant not found',
    );
    expectSocketError(
      await request(stranger, 'shot:get-coverage-counts', { projectId: project.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
  });

  it('runs every generation action for the owner after checking the payload and ownership', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const shot = await createShot(socket, project.id);
    const [variant] = expectSocketReply<CoverageVariant[]>(
      await request(socket, 'shot:create-coverage', { shotId: shot.id, framingTypes: ['wide'] }),
    );
    const single = { projectId: project.id, shotId: shot.id };
    const valid: [SocketActionEvent, unknown][] = [
      ['shot:generate', single],
      ['shot:generate-seedream', single],
      ['shot:generate-video', single],
      ['shot:edit', { ...single, instruction: 'warmer light' }],
      ['shot:generate-with-quality', single],
      ['shot:generate-batch', { projectId: project.id, shotIds: [shot.id] }],
      ['shot:generate-video-batch', { projectId: project.id, staleOnly: true }],
      ['shot:generate-coverage', { shotId: shot.id, variantIds: [variant?.id] }],
    ];
    for (const [action, payload] of valid) {
      const answer = await request(socket, action, payload);
      expect(answer.event, action).toBe('shot:response');
    }

    const otherProject = await newProject(server, alice);
    const invalid: [SocketActionEvent, unknown, string][] = [
      ['shot:generate', { projectId: project.id }, 'VALIDATION_ERROR'],
      ['shot:edit', { ...single, instruction: '' }, 'VALIDATION_ERROR'],
      ['shot:generate-batch', { projectId: project.id }, 'VALIDATION_ERROR'],
      [
        'shot:generate-batch',
        { projectId: project.id, shotIds: [shot.id], staleOnly: true },
        'VALIDATION_ERROR',
      ],
      ['shot:generate', { projectId: otherProject.id, shotId: shot.id }, 'NOT_FOUND_ERROR'],
      ['shot:generate-batch', { projectId: otherProject.id, shotIds: [shot.id] }, 'NOT_FOUND_ERROR'],
      ['shot:generate-coverage', { shotId: shot.id, variantIds: [UNKNOWN_ID] }, 'NOT_FOUND_ERROR'],
    ];
    for (const [action, payload, code] of invalid)
      expectSocketError(await request(socket, action, payload), code);

    const stranger = await connect(bob);
    expectSocketError(
      await request(stranger, 'shot:generate', single),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expectSocketError(
      await request(stranger, 'shot:generate-coverage', { shotId: shot.id, variantIds: [variant?.id] }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
  });

  it('answers another user "Shot not found" / "Project not found" on every action and changes nothing', async () => {
    const project = await newProject(server, alice);
    const owner = await connect(alice);
    const shot = await createShot(owner, project.id, { name: 'Untouched' });
    const asset = await newAsset(server, alice, { projectId: project.id });
    const socket = await connect(bob);
    const attempts: [SocketActionEvent, unknown, string][] = [
      ['shot:create', { projectId: project.id }, 'Project not found'],
      ['shot:getAll', { projectId: project.id }, 'Project not found'],
      ['shot:reorder', { projectId: project.id, order: [shot.id] }, 'Project not found'],
      ['shot:reorder-with-scenes', { projectId: project.id, order: [], scenes: [] }, 'Project not found'],
      ['shot:update', { shotId: shot.id, updates: { name: 'Taken' } }, 'Shot not found'],
      ['shot:delete', { shotId: shot.id }, 'Shot not found'],
      ['shot:getOne', { shotId: shot.id }, 'Shot not found'],
      ['shot:add-asset', { shotId: shot.id, placement: { assetId: asset } }, 'Shot not found'],
      ['shot:update-assets', { shotId: shot.id, assets: [] }, 'Shot not found'],
      ['shot:get-assets', { shotId: shot.id }, 'Shot not found'],
      ['shot:create-coverage', { shotId: shot.id, framingTypes: ['wide'] }, 'Shot not found'],
      ['shot:delete-all-variants', { shotId: shot.id }, 'Shot not found'],
    ];
    for (const [action, payload, message] of attempts) {
      expectSocketError(await request(socket, action, payload), 'NOT_FOUND_ERROR', message);
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
    const shot = await createShot(socket, project.id);
    const bad: [SocketActionEvent, unknown][] = [
      ['shot:create', 'hello'],
      ['shot:create', { projectId: project.id, name: ['x'] }],
      ['shot:create', { projectId: project.id, duration: 0 }],
      ['shot:create', { projectId: project.id, name: 'n'.repeat(10 * 1024 * 1024) }],
      ['shot:update', { shotId: shot.id }],
      ['shot:update', { shotId: shot.id, updates: { start_time: -1 } }],
      ['shot:getAll', { projectId: project.id, limit: 'all' }],
      ['shot:getAll', { projectId: project.id, sceneNumber: 0 }],
      ['shot:add-asset', { shotId: shot.id, placement: { assetId: UNKNOWN_ID, position: { x: 2, y: 0 } } }],
      ['shot:create-coverage', { shotId: shot.id, framingTypes: [] }],
      ['shot:create-coverage', { shotId: shot.id, framingTypes: ['sideways'] }],
      ['shot:reorder', { projectId: project.id, order: ['not-a-uuid'] }],
      ['shot:reorder-with-scenes', { projectId: project.id, order: [] }],
    ];
    for (const [action, payload] of bad) {
      const error = expectSocketError(await request(socket, action, payload), 'VALIDATION_ERROR');
      expect(error.statusCode).toBe(400);
    }
    expectSocketError(
      await request(socket, 'shot:getOne', { shotId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );

    const anonymous = await connect();
    expectSocketError(
      await request(anonymous, 'shot:getOne', { shotId: shot.id }),
      'AUTH_ERROR',
      'Authentication required',
    );
    expect(expectSocketReply(await request(socket, 'shot:getOne', { shotId: shot.id }))).toEqual(shot);
  });
});
