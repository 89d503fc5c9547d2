import { randomUUID } from 'node:crypto';
import {
  type Asset,
  defaultAssetConfig,
  type Project,
  SERVER_EVENT_SCHEMAS,
  type Series,
  type SocketActionEvent,
  type StreamlinedAsset,
  type UploadResult,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { api, connectSocket, newProject, request, type TestUser, waitForEvent } from './support/factories.js';
import { newSeries, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

const pngBytes = (color: string) =>
  sharp({ create: { width: 6, height: 6, channels: 3, background: color } })
    .png()
    .toBuffer();
const dataUrl = async (color: string) =>
  `data:image/png;base64,${(await pngBytes(color)).toString('base64')}`;

/** Collects every asset:* event a socket hears. */
function recordAssetEvents(socket: Socket): { event: string; payload: unknown }[] {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (event.startsWith('asset:')) seen.push({ event, payload });
  });
  return seen;
}

describe.each(testDatabases())('unified-asset over the socket on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  let storage: Storage;
  let project: Project;
  let aliceSocket: Socket;
  let bobSocket: Socket;
  const extraSockets: Socket[] = [];

  async function subscribed(user: TestUser, projectId: string): Promise<Socket> {
    const socket = await connectSocket(server, user.token);
    extraSockets.push(socket);
    const answer = await request(socket, 'project:subscribe', { projectId });
    expect(answer.event).toBe('project:response');
    return socket;
  }

  const createAsset = (input: Record<string, unknown> = {}) =>
    ask<Asset>(aliceSocket, 'unified-asset:create', {
      projectId: project.id,
      type: 'character',
      name: 'Mara',
      ...input,
    });

  beforeAll(async () => {
    storage = server.app.get<symbol, Storage>(STORAGE);
    project = await newProject(server, alice, { name: 'Harbour' });
    aliceSocket = await connectSocket(server, alice.token);
    bobSocket = await connectSocket(server, bob.token);
  });

  afterEach(() => {
    for (const socket of extraSockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    aliceSocket?.close();
    bobSocket?.close();
  });

  it('creates an asset with the type’s default config and announces it to the project room', async () => {
    const room = await subscribed(alice, project.id);
    const stranger = recordAssetEvents(bobSocket);
    const created = waitForEvent(room, 'asset:created');
    const asset = await createAsset({ description: 'Harbour pilot', visualIdentifier: 'woman, red coat' });
    expect(asset).toMatchObject({
      type: 'character',
      name: 'Mara',
      description: 'Harbour pilot',
      projectId: project.id,
      seriesId: null,
      isSeriesLevel: false,
      images: {},
      visualIdentifier: 'woman, red coat',
      config: defaultAssetConfig('character'),
    });
    expect(SERVER_EVENT_SCHEMAS['asset:created'].parse(await created)).toEqual({
      projectId: project.id,
      asset,
    });

    const location = await createAsset({
      type: 'location',
      name: 'Quay',
      config: { supportedVariants: ['default', 'night'] },
    });
    expect(location.config).toEqual({
      ...defaultAssetConfig('location'),
      supportedVariants: ['default', 'night'],
    });
    expect(stranger).toEqual([]);
  });

  it('reads assets by id, streamlined, by ids, by project and by type', async () => {
    const fresh = await newProject(server, alice, { name: 'Reading' });
    const mara = await ask<Asset>(aliceSocket, 'unified-asset:create', {
      projectId: fresh.id,
      type: 'character',
      name: 'Mara',
      metadata: { age: 41 },
    });
    const quay = await ask<Asset>(aliceSocket, 'unified-asset:create', {
      projectId: fresh.id,
      type: 'location',
      name: 'Quay',
    });
    await ask(aliceSocket, 'unified-asset:setImage', {
      assetId: mara.id,
      imageKey: 'default-front',
      imageData: await dataUrl('#a00'),
      prompt: 'secret prompt',
    });

    const full = await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: mara.id });
    expect(full.metadata).toEqual({ age: 41 });
    expect(full.images['default-front']?.prompt).toBe('secret prompt');
    const lean = await ask<StreamlinedAsset>(aliceSocket, 'unified-asset:getByIdStreamlined', {
      id: mara.id,
    });
    expect(lean).not.toHaveProperty('metadata');
    expect(Object.keys(lean.images['default-front'] ?? {}).sort()).toEqual([
      'mediumUrl',
      'status',
      'thumbnailUrl',
      'url',
    ]);

    const many = await ask<Asset[]>(aliceSocket, 'unified-asset:getByIds', {
      ids: [quay.id, UNKNOWN_ID, mara.id, quay.id],
    });
    expect(many.map((asset) => asset.id)).toEqual([quay.id, mara.id]);
    expect(
      (await ask<Asset[]>(aliceSocket, 'unified-asset:getByProject', { projectId: fresh.id })).map(
        (a) => a.name,
      ),
    ).toEqual(['Mara', 'Quay']);
    const locations = await ask<Asset[]>(aliceSocket, 'unified-asset:getByProjectAndType', {
      projectId: fresh.id,
      type: 'location',
    });
    expect(locations.map((asset) => asset.id)).toEqual([quay.id]);
  });

  it('updates an asset (id required) and deletes it with its images', async () => {
    const asset = await createAsset({ name: 'Before' });
    const room = await subscribed(alice, project.id);
    const updatedEvent = waitForEvent(room, 'asset:updated');
    const updated = await ask<Asset>(aliceSocket, 'unified-asset:update', {
      id: asset.id,
      updates: {
        name: 'After',
        metadata: { mood: 'calm' },
        config: { supportedVariants: ['default', 'winter'] },
      },
    });
    expect(updated).toMatchObject({ name: 'After', metadata: { mood: 'calm' } });
    expect(updated.config.supportedVariants).toEqual(['default', 'winter']);
    expect(SERVER_EVENT_SCHEMAS['asset:updated'].parse(await updatedEvent).asset.name).toBe('After');

    // The catalogue message, at the payload path it belongs to (the shared formatter prefixes 'id: ').
    const missingId = expectSocketError(
      await request(aliceSocket, 'unified-asset:update', { updates: { name: 'x' } }),
      'VALIDATION_ERROR',
    );
    expect(missingId.details).toEqual([{ path: 'id', message: 'Asset ID is required for update operation' }]);
    expect(missingId.error).toBe('Asset ID is required for update operation');
    const badDefault = await request(aliceSocket, 'unified-asset:update', {
      id: asset.id,
      updates: { config: { defaultImageKey: 'default-wide' } },
    });
    expect(expectSocketError(badDefault, 'VALIDATION_ERROR').error).toMatch(
      /^config\.defaultImageKey: 'default-wide' is not one of the supported keys: default, default-front/,
    );

    const withImage = await ask<Asset>(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default-front',
      imageData: await dataUrl('#0a0'),
    });
    const key = withImage.images['default-front']?.s3Key ?? '';
    expect(await storage.exists(key)).toBe(true);
    const deletedEvent = waitForEvent(room, 'asset:deleted');
    expect(await ask(aliceSocket, 'unified-asset:delete', { id: asset.id })).toEqual({
      id: asset.id,
      deleted: true,
    });
    expect(await deletedEvent).toEqual({ projectId: project.id, assetId: asset.id });
    expect(await storage.exists(key)).toBe(false);
    expectSocketError(
      await request(aliceSocket, 'unified-asset:getById', { id: asset.id }),
      'NOT_FOUND_ERROR',
      `Asset ${asset.id} not found`,
    );
  });

  it('stores an image from a data URL, with every URL pointing at the stored bytes', async () => {
    const asset = await createAsset();
    const bytes = await pngBytes('#123456');
    const updated = await ask<Asset>(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'full_body',
      imageData: `data:image/png;base64,${bytes.toString('base64')}`,
      prompt: 'portrait',
    });
    // 'full_body' is a legacy key: it stands for the character's default, 'default-front'.
    const entry = updated.images['default-front'];
    expect(Object.keys(updated.images)).toEqual(['default-front']);
    expect(entry).toMatchObject({
      isCustomUpload: true,
      status: 'completed',
      prompt: 'portrait',
      generatedAt: null,
    });
    expect(entry?.s3Key).toMatch(
      new RegExp(`^projects/${project.id}/assets/${asset.id}/[0-9a-f-]{36}\\.png$`),
    );
    expect([entry?.thumbnailUrl, entry?.mediumUrl, entry?.optimizedUrl]).toEqual([
      entry?.url,
      entry?.url,
      entry?.url,
    ]);
    const served = await fetch(new URL(entry?.url ?? '', server.url));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
  });

  it('adopts an uploaded image by its storage key, copying it into the asset', async () => {
    const asset = await createAsset();
    const form = new FormData();
    form.append('projectId', project.id);
    form.append('image', new Blob([await pngBytes('#fe0')], { type: 'image/png' }), 'upload.png');
    const uploaded = (await (
      await fetch(`${server.url}/api/files/upload-image`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${alice.token}` },
      })
    ).json()) as UploadResult;
    const updated = await ask<Asset>(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default-back',
      imageData: uploaded.key,
    });
    const key = updated.images['default-back']?.s3Key ?? '';
    expect(key).not.toBe(uploaded.key);
    expect(key.startsWith(`projects/${project.id}/assets/${asset.id}/`)).toBe(true);
    expect(await storage.exists(uploaded.key)).toBe(true);

    const bobsProject = await newProject(server, bob);
    const bobsAsset = await ask<Asset>(bobSocket, 'unified-asset:create', {
      projectId: bobsProject.id,
      type: 'prop',
      name: 'Thief',
    });
    const stolen = await request(bobSocket, 'unified-asset:setImage', {
      assetId: bobsAsset.id,
      imageKey: 'default',
      imageData: uploaded.key,
    });
    expectSocketError(stolen, 'VALIDATION_ERROR', 'imageData: No stored image with this key');
  });

  it('refuses bad image keys, naming the supported ones, and bad image data', async () => {
    const asset = await createAsset();
    const image = await dataUrl('#000');
    const wrongKey = await request(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default-wide',
      imageData: image,
    });
    expect(expectSocketError(wrongKey, 'VALIDATION_ERROR').error).toBe(
      "Image key 'default-wide' is not supported by this character. Supported keys: default, default-front, default-back, default-left, default-right",
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:setImage', {
        assetId: asset.id,
        imageKey: 'Default-Front',
        imageData: image,
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:setImage', {
        assetId: asset.id,
        imageKey: '../x',
        imageData: image,
      }),
      'VALIDATION_ERROR',
    );

    const external = await request(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default',
      imageData: 'https://example.com/a.png',
    });
    expectSocketError(
      external,
      'VALIDATION_ERROR',
      'imageData: External image URLs cannot be fetched by the server; upload the image first',
    );
    const notAnImage = `data:image/png;base64,${Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEfmt ').toString('base64')}`;
    const fake = await request(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default',
      imageData: notAnImage,
    });
    expectSocketError(
      fake,
      'VALIDATION_ERROR',
      "imageData: The file's content is audio/wav; expected PNG, JPEG, WebP or GIF",
    );
    for (const traversal of [
      `projects/${project.id}/../../signing-secret`,
      '../signing-secret',
      '/etc/passwd',
    ]) {
      expectSocketError(
        await request(aliceSocket, 'unified-asset:setImage', {
          assetId: asset.id,
          imageKey: 'default',
          imageData: traversal,
        }),
        'VALIDATION_ERROR',
      );
    }
    const missingKey = `projects/${project.id}/images/${randomUUID()}.png`;
    expectSocketError(
      await request(aliceSocket, 'unified-asset:setImage', {
        assetId: asset.id,
        imageKey: 'default',
        imageData: missingKey,
      }),
      'VALIDATION_ERROR',
      'imageData: No stored image with this key',
    );
    expect((await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: asset.id })).images).toEqual({});
  });

  it('marks the images derived from a new base image stale and announces them', async () => {
    const asset = await createAsset({ name: 'Rotating' });
    for (const key of ['default-back', 'default-left']) {
      await ask(aliceSocket, 'unified-asset:setImage', {
        assetId: asset.id,
        imageKey: key,
        imageData: await dataUrl('#333'),
      });
    }
    const room = await subscribed(alice, project.id);
    const events = recordAssetEvents(room);
    const invalidated = waitForEvent(room, 'asset:imagesInvalidated');
    const updated = await ask<Asset>(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default-front',
      imageData: await dataUrl('#f00'),
    });
    expect(SERVER_EVENT_SCHEMAS['asset:imagesInvalidated'].parse(await invalidated)).toEqual({
      projectId: project.id,
      assetId: asset.id,
      baseImageKey: 'default-front',
      imageKeys: ['default-back', 'default-left'],
      action: 'refreshing',
    });
    for (const key of ['default-back', 'default-left']) {
      expect(updated.images[key]).toMatchObject({
        status: 'pending',
        metadata: { stale: true, invalidatedBy: 'default-front' },
      });
      expect(updated.images[key]?.url).not.toBeNull();
    }
    expect(updated.images['default-front']?.status).toBe('completed');

    // A derived image is no base: replacing it invalidates nothing.
    await ask(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default-back',
      imageData: await dataUrl('#0f0'),
    });
    expect(events.filter((event) => event.event === 'asset:imagesInvalidated')).toHaveLength(1);
  });

  it('replacing or deleting an image deletes the bytes it no longer uses', async () => {
    const asset = await createAsset();
    const first = await ask<Asset>(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default',
      imageData: await dataUrl('#111'),
    });
    const firstKey = first.images.default?.s3Key ?? '';
    const second = await ask<Asset>(aliceSocket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default',
      imageData: await dataUrl('#222'),
    });
    const secondKey = second.images.default?.s3Key ?? '';
    expect(await storage.exists(firstKey)).toBe(false);
    expect(await storage.exists(secondKey)).toBe(true);

    const removed = await ask<Asset>(aliceSocket, 'unified-asset:deleteImage', {
      assetId: asset.id,
      imageKey: 'default',
    });
    expect(removed.images).toEqual({});
    expect(await storage.exists(secondKey)).toBe(false);
    expectSocketError(
      await request(aliceSocket, 'unified-asset:deleteImage', { assetId: asset.id, imageKey: 'default' }),
      'NOT_FOUND_ERROR',
      'Image default not found',
    );
  });

  describe('series level', () => {
    let series: Series;
    let inSeries: Project;
    let sibling: Project;
    let outsider: Project;

    beforeAll(async () => {
      series = await newSeries(server, alice, { name: 'Season 1' });
      inSeries = await newProject(server, alice, { name: 'Episode 1', series_id: series.id });
      sibling = await newProject(server, alice, { name: 'Episode 2', series_id: series.id });
      outsider = await newProject(server, alice, { name: 'Standalone' });
    });

    const visibleIn = async (projectId: string) =>
      (await ask<Asset[]>(aliceSocket, 'unified-asset:getByProject', { projectId })).map((asset) => asset.id);

    it('upgrades an asset so every project of the series sees it, and downgrades it back', async () => {
      const asset = await ask<Asset>(aliceSocket, 'unified-asset:create', {
        projectId: inSeries.id,
        type: 'location',
        name: 'Lighthouse',
      });
      expect(await visibleIn(sibling.id)).not.toContain(asset.id);
      const siblingRoom = await subscribed(alice, sibling.id);
      const homeRoom = await subscribed(alice, inSeries.id);
      const upgradedInSibling = waitForEvent(siblingRoom, 'asset:upgradedToSeries');
      const upgradedAtHome = waitForEvent(homeRoom, 'asset:upgradedToSeries');

      const upgraded = await ask<Asset>(aliceSocket, 'unified-asset:upgradeToSeries', { id: asset.id });
      expect(upgraded).toMatchObject({ isSeriesLevel: true, seriesId: series.id, projectId: inSeries.id });
      expect(SERVER_EVENT_SCHEMAS['asset:upgradedToSeries'].parse(await upgradedInSibling)).toMatchObject({
        projectId: sibling.id,
        assetId: asset.id,
        seriesId: series.id,
      });
      expect(SERVER_EVENT_SCHEMAS['asset:upgradedToSeries'].parse(await upgradedAtHome).projectId).toBe(
        inSeries.id,
      );
      expect(await visibleIn(sibling.id)).toContain(asset.id);
      expect(await visibleIn(inSeries.id)).toContain(asset.id);
      expect(await visibleIn(outsider.id)).not.toContain(asset.id);
      expect(
        (
          await ask<Asset[]>(aliceSocket, 'unified-asset:getByProject', {
            projectId: sibling.id,
            includeSeries: false,
          })
        ).map((a) => a.id),
      ).not.toContain(asset.id);
      expect(
        (
          await ask<Asset[]>(aliceSocket, 'unified-asset:getByProjectAndType', {
            projectId: sibling.id,
            type: 'location',
          })
        ).map((a) => a.id),
      ).toContain(asset.id);

      const downgradedInSibling = waitForEvent(siblingRoom, 'asset:downgradeFromSeries');
      const downgraded = await ask<Asset>(aliceSocket, 'unified-asset:downgradeFromSeries', { id: asset.id });
      expect(downgraded).toMatchObject({ isSeriesLevel: false, seriesId: null, projectId: inSeries.id });
      expect(
        SERVER_EVENT_SCHEMAS['asset:downgradeFromSeries'].parse(await downgradedInSibling),
      ).toMatchObject({
        projectId: sibling.id,
        assetId: asset.id,
      });
      expect(await visibleIn(sibling.id)).not.toContain(asset.id);
      expect(await visibleIn(inSeries.id)).toContain(asset.id);
    });

    it('a series asset outlives the project it came from while another episode remains', async () => {
      const season = await newSeries(server, alice, { name: 'Season 2' });
      const first = await newProject(server, alice, { name: 'S2 E1', series_id: season.id });
      const second = await newProject(server, alice, { name: 'S2 E2', series_id: season.id });
      const third = await newProject(server, alice, { name: 'S2 E3', series_id: season.id });
      const shared = await ask<Asset>(aliceSocket, 'unified-asset:create', {
        projectId: first.id,
        type: 'character',
        name: 'Ada',
      });
      await ask(aliceSocket, 'unified-asset:upgradeToSeries', { id: shared.id });
      const own = await ask<Asset>(aliceSocket, 'unified-asset:create', {
        projectId: first.id,
        type: 'prop',
        name: 'Kettle',
      });

      const removed = await api(server, 'DELETE', `/api/projects/${first.id}`, { token: alice.token });
      expect(removed.status).toBe(200);
      const kept = await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: shared.id });
      expect(kept).toMatchObject({ isSeriesLevel: true, seriesId: season.id, projectId: second.id });
      expect(await visibleIn(second.id)).toContain(shared.id);
      expect(await visibleIn(third.id)).toContain(shared.id);
      expectSocketError(
        await request(aliceSocket, 'unified-asset:getById', { id: own.id }),
        'NOT_FOUND_ERROR',
        `Asset ${own.id} not found`,
      );

      await api(server, 'DELETE', `/api/projects/${second.id}`, { token: alice.token });
      expect((await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: shared.id })).projectId).toBe(
        third.id,
      );
      await api(server, 'DELETE', `/api/projects/${third.id}`, { token: alice.token });
      expectSocketError(
        await request(aliceSocket, 'unified-asset:getById', { id: shared.id }),
        'NOT_FOUND_ERROR',
        `Asset ${shared.id} not found`,
      );
    });

    it('downgrades into another project of the series, and nowhere else', async () => {
      const asset = await ask<Asset>(aliceSocket, 'unified-asset:create', {
        projectId: inSeries.id,
        type: 'prop',
        name: 'Bell',
      });
      await ask(aliceSocket, 'unified-asset:upgradeToSeries', { id: asset.id, seriesId: series.id });
      expectSocketError(
        await request(aliceSocket, 'unified-asset:downgradeFromSeries', {
          id: asset.id,
          projectId: outsider.id,
        }),
        'VALIDATION_ERROR',
        "The project is not part of the asset's series",
      );
      const moved = await ask<Asset>(aliceSocket, 'unified-asset:downgradeFromSeries', {
        id: asset.id,
        projectId: sibling.id,
      });
      expect(moved).toMatchObject({ projectId: sibling.id, isSeriesLevel: false });
      expect(await visibleIn(sibling.id)).toContain(asset.id);
      expect(await visibleIn(inSeries.id)).not.toContain(asset.id);
      expectSocketError(
        await request(aliceSocket, 'unified-asset:downgradeFromSeries', {
          id: asset.id,
          projectId: inSeries.id,
        }),
        'VALIDATION_ERROR',
        'The asset is not at series level',
      );
    });

    it('refuses to upgrade an asset whose project is in no series (or another series)', async () => {
      const loner = await ask<Asset>(aliceSocket, 'unified-asset:create', {
        projectId: outsider.id,
        type: 'prop',
        name: 'Key',
      });
      expectSocketError(
        await request(aliceSocket, 'unified-asset:upgradeToSeries', { id: loner.id }),
        'VALIDATION_ERROR',
        'Project is not part of a series',
      );
      const other = await newSeries(server, alice, { name: 'Other' });
      const asset = await ask<Asset>(aliceSocket, 'unified-asset:create', {
        projectId: inSeries.id,
        type: 'prop',
        name: 'Rope',
      });
      expectSocketError(
        await request(aliceSocket, 'unified-asset:upgradeToSeries', { id: asset.id, seriesId: other.id }),
        'VALIDATION_ERROR',
        "The asset's project is not part of that series",
      );
      const bobsSeries = await newSeries(server, bob, { name: 'Bob' });
      expectSocketError(
        await request(aliceSocket, 'unified-asset:upgradeToSeries', {
          id: asset.id,
          seriesId: bobsSeries.id,
        }),
        'NOT_FOUND_ERROR',
        'Series not found',
      );
      expect((await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: loner.id })).isSeriesLevel).toBe(
        false,
      );
    });
  });

  it('clones an asset into another project with its own copies of the images', async () => {
    const source = await createAsset({ name: 'Original', metadata: { tag: 1 } });
    await ask(aliceSocket, 'unified-asset:setImage', {
      assetId: source.id,
      imageKey: 'default-front',
      imageData: await dataUrl('#abcdef'),
    });
    const withImage = await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: source.id });
    const target = await newProject(server, alice, { name: 'Target' });
    const room = await subscribed(alice, target.id);
    const created = waitForEvent(room, 'asset:created');

    const clone = await ask<Asset>(aliceSocket, 'unified-asset:clone', {
      sourceAssetId: source.id,
      targetProjectId: target.id,
    });
    expect(clone.id).not.toBe(source.id);
    expect(clone).toMatchObject({
      projectId: target.id,
      name: 'Original',
      metadata: { tag: 1 },
      type: 'character',
    });
    const copiedKey = clone.images['default-front']?.s3Key ?? '';
    expect(copiedKey.startsWith(`projects/${target.id}/assets/${clone.id}/`)).toBe(true);
    const original = await fetch(new URL(withImage.images['default-front']?.url ?? '', server.url));
    const copied = await fetch(new URL(clone.images['default-front']?.url ?? '', server.url));
    expect(Buffer.from(await copied.arrayBuffer())).toEqual(Buffer.from(await original.arrayBuffer()));
    expect(SERVER_EVENT_SCHEMAS['asset:created'].parse(await created).asset.id).toBe(clone.id);

    await ask(aliceSocket, 'unified-asset:delete', { id: clone.id });
    expect(await storage.exists(copiedKey)).toBe(false);
    expect(await storage.exists(withImage.images['default-front']?.s3Key ?? '')).toBe(true);
  });

  it('never shows or changes another user’s asset', async () => {
    const asset = await createAsset({ name: 'Private' });
    const bobsProject = await newProject(server, bob);
    const notFound = `Asset ${asset.id} not found`;
    const image = await dataUrl('#fff');
    const attempts: [SocketActionEvent, unknown][] = [
      ['unified-asset:getById', { id: asset.id }],
      ['unified-asset:getByIdStreamlined', { id: asset.id }],
      ['unified-asset:update', { id: asset.id, updates: { name: 'Stolen' } }],
      ['unified-asset:delete', { id: asset.id }],
      ['unified-asset:setImage', { assetId: asset.id, imageKey: 'default-front', imageData: image }],
      ['unified-asset:deleteImage', { assetId: asset.id, imageKey: 'default-front' }],
      ['unified-asset:upgradeToSeries', { id: asset.id }],
      ['unified-asset:downgradeFromSeries', { id: asset.id }],
      ['unified-asset:clone', { sourceAssetId: asset.id, targetProjectId: bobsProject.id }],
      ['unified-asset:generateImage', { assetId: asset.id }],
    ];
    for (const [action, payload] of attempts) {
      expectSocketError(await request(bobSocket, action, payload), 'NOT_FOUND_ERROR', notFound);
    }
    expect(await ask(bobSocket, 'unified-asset:getByIds', { ids: [asset.id] })).toEqual([]);
    expectSocketError(
      await request(bobSocket, 'unified-asset:getByProject', { projectId: project.id }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expectSocketError(
      await request(bobSocket, 'unified-asset:getByProjectAndType', { projectId: project.id, type: 'prop' }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    expectSocketError(
      await request(bobSocket, 'unified-asset:create', {
        projectId: project.id,
        type: 'prop',
        name: 'Planted',
      }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
    const bobsAsset = await ask<Asset>(bobSocket, 'unified-asset:create', {
      projectId: bobsProject.id,
      type: 'prop',
      name: 'Mine',
    });
    expectSocketError(
      await request(bobSocket, 'unified-asset:clone', {
        sourceAssetId: bobsAsset.id,
        targetProjectId: project.id,
      }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );

    const unchanged = await ask<Asset>(aliceSocket, 'unified-asset:getById', { id: asset.id });
    expect(unchanged).toMatchObject({ name: 'Private', images: {} });
    expect(
      (await ask<Asset[]>(aliceSocket, 'unified-asset:getByProject', { projectId: project.id })).map(
        (a) => a.name,
      ),
    ).not.toContain('Planted');
  });

  it('answers bad input with catalogue errors', async () => {
    expectSocketError(
      await request(aliceSocket, 'unified-asset:getById', { id: 'not-a-uuid' }),
      'VALIDATION_ERROR',
      'id: Invalid UUID',
    );
    expectSocketError(await request(aliceSocket, 'unified-asset:getById', {}), 'VALIDATION_ERROR');
    expectSocketError(
      await request(aliceSocket, 'unified-asset:getById', 'just a string'),
      'VALIDATION_ERROR',
    );
    expectSocketError(await request(aliceSocket, 'unified-asset:getByIds', { ids: [] }), 'VALIDATION_ERROR');
    expectSocketError(
      await request(aliceSocket, 'unified-asset:create', {
        projectId: project.id,
        type: 'vehicle',
        name: 'Car',
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:create', { projectId: project.id, type: 'prop', name: '' }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:create', {
        projectId: project.id,
        type: 'prop',
        name: 'x'.repeat(10_000),
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:create', { projectId: project.id, type: 'prop', name: 42 }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:update', { id: UNKNOWN_ID, updates: { name: 'x' } }),
      'NOT_FOUND_ERROR',
      `Asset ${UNKNOWN_ID} not found`,
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:setImage', {
        assetId: UNKNOWN_ID,
        imageKey: 'default',
        imageData: 'data:image/png;base64,!!',
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:clone', {
        sourceAssetId: UNKNOWN_ID,
        targetProjectId: project.id,
      }),
      'NOT_FOUND_ERROR',
      `Asset ${UNKNOWN_ID} not found`,
    );

    const anonymous = await connectSocket(server);
    extraSockets.push(anonymous);
    expectSocketError(
      await request(anonymous, 'unified-asset:getByProject', { projectId: project.id }),
      'AUTH_ERROR',
      'Authentication required',
    );
  });
});
