import {
  type Asset,
  type AssetImageEntry,
  type AssetImageGenerationReply,
  type AssetType,
  type Job,
  LEGACY_EVENTS,
  legacyErrorPayloadSchema,
  type Project,
  SERVER_EVENT_SCHEMAS,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ASSET_JOB_TYPES } from '../src/assets/asset-jobs.js';
import { assessImage } from '../src/generation/local/assess.js';
import { ASSET_SHEET_SIZES, renderAssetImage } from '../src/generation/local/asset-renderer.js';
import { ENHANCE_MAX_DIMENSION } from '../src/generation/local/enhance.js';
import { createLocalProvider } from '../src/generation/local/local.provider.js';
import { ProviderRegistry } from '../src/generation/provider.js';
import { variantStorageKeys } from '../src/media/variants.js';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import {
  api,
  connectSocket,
  legacyRequest,
  newProject,
  request,
  type SocketAnswer,
  waitForEvent,
} from './support/factories.js';
import { useTestServer } from './support/harness.js';
import { expectSocketError, expectSocketReply } from './support/socket-expect.js';

const GATED_PROVIDER = 'gated-test';
const BROKEN_PROVIDER = 'broken-test';

interface HeardEvent {
  event: string;
  payload: Record<string, unknown>;
}

/** Every event a socket hears, in order. */
function recordEvents(socket: Socket): HeardEvent[] {
  const heard: HeardEvent[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => heard.push({ event, payload }));
  return heard;
}

/** A promise the test resolves by hand: holds a provider call until the test lets it go. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe.each(testDatabases())('asset image generation on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  let storage: Storage;
  let project: Project;
  let aliceSocket: Socket;
  let bobSocket: Socket;
  let heard: HeardEvent[];
  let rotationGate = gate();

  beforeAll(async () => {
    storage = server.app.get<Storage>(STORAGE);
    const local = createLocalProvider();
    const registry = server.app.get(ProviderRegistry);
    // Rotations wait for the test (to cancel a job between its images); everything else is local.
    registry.register(GATED_PROVIDER, {
      ...local,
      characterRotation: {
        renderAssetImage: async (asset, key, options) => {
          await rotationGate.wait;
          return local.characterRotation.renderAssetImage(asset, key, options);
        },
      },
    });
    registry.register(BROKEN_PROVIDER, {
      assetImage: {
        renderAssetImage: async () => {
          throw new Error('model exploded');
        },
      },
    });
    project = await newProject(server, alice, { name: 'Harbour Lights' });
    aliceSocket = await connectSocket(server, alice.token);
    bobSocket = await connectSocket(server, bob.token);
    const subscribed = await request(aliceSocket, 'project:subscribe', { projectId: project.id });
    expect(subscribed.event).toBe('project:response');
    heard = recordEvents(aliceSocket);
  });

  afterAll(async () => {
    rotationGate.open();
    aliceSocket?.disconnect();
    bobSocket?.disconnect();
  });

  const generate = async (payload: Record<string, unknown>) =>
    expectSocketReply<AssetImageGenerationReply>(
      await request(aliceSocket, 'unified-asset:generateImage', payload),
    );

  async function createAsset(type: AssetType, name: string): Promise<Asset> {
    return expectSocketReply<Asset>(
      await request(aliceSocket, 'unified-asset:create', { projectId: project.id, type, name }),
    );
  }

  async function getAsset(id: string): Promise<Asset> {
    return expectSocketReply<Asset>(await request(aliceSocket, 'unified-asset:getById', { id }));
  }

  async function bytesAt(url: string | null): Promise<Buffer> {
    expect(url).toBeTruthy();
    const response = await fetch(new URL(url ?? '', server.url));
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  const entryOf = (asset: Asset, key: string): AssetImageEntry => {
    const entry = asset.images[key];
    if (entry === undefined) throw new Error(`no image ${key} on ${asset.name}`);
    return entry;
  };

  const eventsOfJob = (jobId: string, event: string) =>
    heard.filter((seen) => seen.event === event && seen.payload.jobId === jobId).map((seen) => seen.payload);

  /** The reply of an older event, parsed with its contract schema. */
  function legacyData<E extends keyof typeof LEGACY_EVENTS>(
    answer: SocketAnswer,
    event: E,
  ): z.output<(typeof LEGACY_EVENTS)[E]['data']> {
    expect(answer.event, JSON.stringify(answer.body)).toBe(LEGACY_EVENTS[event].reply);
    return LEGACY_EVENTS[event].data.parse(answer.body) as z.output<(typeof LEGACY_EVENTS)[E]['data']>;
  }

  const legacyError = (answer: SocketAnswer, event: keyof typeof LEGACY_EVENTS, code: string) => {
    expect(answer.event, JSON.stringify(answer.body)).toBe(LEGACY_EVENTS[event].error);
    const body = legacyErrorPayloadSchema.parse(answer.body);
    expect(body.code).toBe(code);
    return body;
  };

  it.each([
    ['character', 'Mara', 'default-front'],
    ['location', 'Old Pier', 'default-wide'],
    ['prop', 'Lantern', 'default'],
  ] as const)(
    'generates the default image of a %s: PNG at url, WebP variants beside it',
    async (type, name, key) => {
      const asset = await createAsset(type, name);
      const reply = await generate({ assetId: asset.id });
      expect(reply).toMatchObject({ imageKey: key, invalidatedKeys: [] });

      const entry = entryOf(reply.asset, key);
      expect(entry).toMatchObject({ status: 'completed', isCustomUpload: false, prompt: null });
      expect(entry.metadata).toMatchObject({ variants: true, jobId: reply.jobId, key });
      expect(entry.generatedAt).not.toBeNull();
      expect(entry.s3Key?.startsWith(`projects/${project.id}/assets/${asset.id}/`)).toBe(true);

      const png = await bytesAt(entry.url);
      const expected = await renderAssetImage({ type, name, config: asset.config }, key);
      expect(png.equals(expected.png)).toBe(true);
      expect(await sharp(png).metadata()).toMatchObject({
        format: 'png',
        width: ASSET_SHEET_SIZES[type].width,
      });
      for (const [url, width] of [
        [entry.thumbnailUrl, 256],
        [entry.mediumUrl, 768],
        [entry.optimizedUrl, ASSET_SHEET_SIZES[type].width],
      ] as const) {
        expect(await sharp(await bytesAt(url)).metadata()).toMatchObject({ format: 'webp', width });
      }

      const [completed] = eventsOfJob(reply.jobId, 'asset:imageGenerationCompleted');
      const parsed = SERVER_EVENT_SCHEMAS['asset:imageGenerationCompleted'].parse(completed);
      expect(parsed).toMatchObject({ projectId: project.id, assetId: asset.id, imageKey: key });
      expect(parsed.fullAsset.images[key]?.s3Key).toBe(entry.s3Key);
      expect(eventsOfJob(reply.jobId, 'job:progress').length).toBeGreaterThan(0);
      expect(eventsOfJob(reply.jobId, 'job:complete')).toEqual([
        expect.objectContaining({
          type: ASSET_JOB_TYPES.generateImage,
          status: 'completed',
          projectId: project.id,
        }),
      ]);
    },
  );

  it('keeps the prompt and generates a rotation through characterRotation', async () => {
    const asset = await createAsset('character', 'Jonah');
    const reply = await generate({
      assetId: asset.id,
      imageKey: 'default-left',
      prompt: 'Turned to the left',
    });
    const entry = entryOf(reply.asset, 'default-left');
    expect(entry).toMatchObject({ prompt: 'Turned to the left', status: 'completed' });
    expect(entry.metadata).toMatchObject({ shown: 'left', variants: true });
  });

  it('regenerating a base image invalidates the rotation made from it and regenerates it in the same job', async () => {
    const asset = await createAsset('character', 'Ines');
    await generate({ assetId: asset.id });
    const first = await generate({ assetId: asset.id, imageKey: 'default-left' });
    const oldLeft = entryOf(first.asset, 'default-left').s3Key ?? '';
    const oldFront = entryOf(first.asset, 'default-front').s3Key ?? '';

    const again = await generate({ assetId: asset.id, imageKey: 'default-front' });
    expect(again.invalidatedKeys).toEqual(['default-left']);
    const left = entryOf(again.asset, 'default-left');
    expect(left.s3Key).not.toBe(oldLeft);
    expect(left.status).toBe('completed');
    expect(left.metadata).toMatchObject({ jobId: again.jobId, variants: true });
    expect(left.metadata.stale).toBeUndefined();

    const invalidated = heard.filter(
      (seen) => seen.event === 'asset:imagesInvalidated' && seen.payload.assetId === asset.id,
    );
    expect(
      invalidated.map((seen) => SERVER_EVENT_SCHEMAS['asset:imagesInvalidated'].parse(seen.payload)),
    ).toEqual([
      {
        projectId: project.id,
        assetId: asset.id,
        baseImageKey: 'default-front',
        imageKeys: ['default-left'],
        action: 'refreshing',
      },
    ]);
    expect(eventsOfJob(again.jobId, 'asset:imageGenerationCompleted').map((event) => event.imageKey)).toEqual(
      ['default-front', 'default-left'],
    );
    const progress = eventsOfJob(again.jobId, 'job:progress').filter((event) => event.status === 'running');
    expect(progress.map((event) => event.message).filter(Boolean)).toEqual([
      'Generated default-front (1/2)',
      'Generated default-left (2/2)',
    ]);
    // The replaced images and their variants are gone.
    for (const key of [oldLeft, oldFront]) {
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.exists(variantStorageKeys(key).thumbnail)).toBe(false);
    }
  });

  it('leaves the dependents not yet regenerated stale when the job is cancelled', async () => {
    rotationGate = gate();
    const asset = await createAsset('character', 'Oskar');
    await generate({ assetId: asset.id });
    for (const rotation of ['back', 'right']) {
      const answer = await legacyRequest(aliceSocket, 'character:generate-rotation', {
        assetId: asset.id,
        rotation,
      });
      legacyData(answer, 'character:generate-rotation');
    }
    const baseStored = waitForEvent<Record<string, unknown>>(
      aliceSocket,
      'job:progress',
      (event) =>
        event.type === ASSET_JOB_TYPES.generateImage && event.message === 'Generated default-front (1/3)',
    );
    const answer = request(aliceSocket, 'unified-asset:generateImage', {
      assetId: asset.id,
      provider: GATED_PROVIDER,
    });
    const { jobId } = await baseStored;
    const cancelled = await request<{ data: Job }>(aliceSocket, 'jobs:cancel', { jobId });
    expect(cancelled.event).toBe('jobs:response');
    expectSocketError(await answer, 'CONFLICT_ERROR', 'Job cancelled');

    const after = await getAsset(asset.id);
    expect(entryOf(after, 'default-front').metadata.jobId).toBe(jobId);
    for (const key of ['default-back', 'default-right']) {
      expect(entryOf(after, key).status).toBe('pending');
      expect(entryOf(after, key).metadata).toMatchObject({ stale: true, invalidatedBy: 'default-front' });
    }
    rotationGate.open();
  });

  it('answers a provider failure with Image generation failed and changes nothing', async () => {
    const asset = await createAsset('prop', 'Anchor');
    const answer = await request(aliceSocket, 'unified-asset:generateImage', {
      assetId: asset.id,
      provider: BROKEN_PROVIDER,
    });
    const error = expectSocketError(answer, 'SERVER_ERROR', 'Image generation failed');
    expect(JSON.stringify(error)).not.toContain('model exploded');
    expect((await getAsset(asset.id)).images).toEqual({});
    const failed = heard.filter(
      (seen) => seen.event === 'job:error' && seen.payload.type === ASSET_JOB_TYPES.generateImage,
    );
    expect(failed.at(-1)?.payload).toMatchObject({ status: 'failed', error: 'Image generation failed' });
  });

  it('rejects a bad key, an unknown provider and a rotation of a prop before queuing anything', async () => {
    const character = await createAsset('character', 'Pia');
    const jobsBefore = await api<Job[]>(server, 'GET', '/api/script/jobs', { token: alice.token });
    expectSocketError(
      await request(aliceSocket, 'unified-asset:generateImage', {
        assetId: character.id,
        imageKey: 'default-wide',
      }),
      'VALIDATION_ERROR',
      "Image key 'default-wide' is not supported by this character. Supported keys: default, default-front, default-back, default-left, default-right",
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:generateImage', {
        assetId: character.id,
        imageKey: 'Not A Key',
      }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(aliceSocket, 'unified-asset:generateImage', {
        assetId: character.id,
        provider: 'nowhere',
      }),
      'VALIDATION_ERROR',
      "Unknown generation provider 'nowhere'",
    );
    const prop = await createAsset('prop', 'Rope');
    const rotation = legacyError(
      await legacyRequest(aliceSocket, 'character:generate-rotation', { assetId: prop.id, rotation: 'left' }),
      'character:generate-rotation',
      'VALIDATION_ERROR',
    );
    expect(rotation.error).toBe('Rotations are generated for characters only; this asset is a prop');
    const jobsAfter = await api<Job[]>(server, 'GET', '/api/script/jobs', { token: alice.token });
    expect(jobsAfter.body.length).toBe(jobsBefore.body.length);
    expect((await getAsset(prop.id)).images).toEqual({});
  });

  it('answers each older event on its reply event', async () => {
    const prop = await createAsset('prop', 'Compass');
    const generated = legacyData(
      await legacyRequest(aliceSocket, 'asset:generate-image', { assetId: prop.id, imageKey: 'default' }),
      'asset:generate-image',
    );
    const original = entryOf(generated.asset, 'default');

    const enhanced = legacyData(
      await legacyRequest(aliceSocket, 'asset:enhance-image', {
        assetId: prop.id,
        imageKey: 'default',
        instruction: 'Crisper',
      }),
      'asset:enhance-image',
    );
    expect(enhanced.imageKey).toBe('default');
    const entry = entryOf(enhanced.asset, 'default');
    expect(entry.s3Key).not.toBe(original.s3Key);
    expect(entry.metadata).toMatchObject({
      enhancedFrom: original.s3Key,
      instruction: 'Crisper',
      variants: true,
    });
    const width = Math.min(ASSET_SHEET_SIZES.prop.width * 2, ENHANCE_MAX_DIMENSION);
    expect(await sharp(await bytesAt(entry.url)).metadata()).toMatchObject({ format: 'png', width });
    expect(eventsOfJob(enhanced.jobId, 'job:complete')).toEqual([
      expect.objectContaining({ type: ASSET_JOB_TYPES.enhanceImage }),
    ]);

    const assessed = legacyData(
      await legacyRequest(aliceSocket, 'asset:assess', { assetId: prop.id }),
      'asset:assess',
    );
    const measured = await assessImage(await bytesAt(entry.url));
    expect(assessed).toEqual({
      assetId: prop.id,
      imageKey: 'default',
      score: measured.score,
      notes: measured.reasons.join('; '),
      metrics: measured.metrics,
    });

    const definition = { projectId: project.id, type: 'location', name: 'Lighthouse', notes: 'Fog at dawn.' };
    const defined = legacyData(await legacyRequest(aliceSocket, 'asset:define', definition), 'asset:define');
    expect(defined).toMatchObject({ type: 'location', name: 'Lighthouse' });
    expect(defined.description).toBe('Lighthouse is a location: Fog at dawn.');
    expect(defined.prompt).toContain('Lighthouse');
    expect(defined.prompt).toContain('Fog at dawn');
    expect(legacyData(await legacyRequest(aliceSocket, 'asset:define', definition), 'asset:define')).toEqual(
      defined,
    );

    const character = await createAsset('character', 'Wren');
    const rotated = legacyData(
      await legacyRequest(aliceSocket, 'character:generate-rotation', {
        assetId: character.id,
        rotation: 'back',
      }),
      'character:generate-rotation',
    );
    expect(rotated.imageKey).toBe('default-back');
    expect(entryOf(rotated.asset, 'default-back').metadata).toMatchObject({ shown: 'back' });

    for (const event of ['asset:enhance-image', 'asset:assess'] as const) {
      const body = legacyError(
        await legacyRequest(aliceSocket, event, { assetId: character.id, imageKey: 'default-front' }),
        event,
        'VALIDATION_ERROR',
      );
      expect(body.error).toBe('Image default-front has no stored image yet: generate or upload one first');
    }
  });

  it('removes the background once: the second call changes nothing', async () => {
    const asset = await createAsset('character', 'Cutout');
    const generated = await generate({ assetId: asset.id });
    const original = entryOf(generated.asset, 'default-front').s3Key ?? '';
    const path = `/api/assets/${asset.id}/images/default-front/ensure-bg-removed`;

    const first = await api<Asset>(server, 'POST', path, { token: alice.token });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const entry = entryOf(first.body, 'default-front');
    expect(entry.s3Key).not.toBe(original);
    expect(entry.metadata).toMatchObject({ bgRemoved: true, originalS3Key: original, variants: true });
    expect(await storage.exists(original)).toBe(true);

    const png = await bytesAt(entry.url);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3];
    expect(info.channels).toBe(4);
    for (const [x, y] of [
      [0, 0],
      [info.width - 1, 0],
      [0, info.height - 1],
      [info.width - 1, info.height - 1],
    ] as const) {
      expect(alphaAt(x, y)).toBe(0);
    }
    expect(alphaAt(Math.floor(info.width / 2), Math.floor(info.height / 2))).toBe(255);
    expect(await sharp(await bytesAt(entry.thumbnailUrl)).metadata()).toMatchObject({
      format: 'webp',
      hasAlpha: true,
    });

    const second = await api<Asset>(server, 'POST', path, { token: alice.token });
    expect(entryOf(second.body, 'default-front').s3Key).toBe(entry.s3Key);
    expect(second.body.updatedAt).toBe(first.body.updatedAt);
    const byVariant = await api<Asset>(
      server,
      'POST',
      `/api/assets/${asset.id}/variants/default/ensure-bg-removed`,
      {
        token: alice.token,
      },
    );
    expect(entryOf(byVariant.body, 'default-front').s3Key).toBe(entry.s3Key);

    const jobs = await api<Job[]>(server, 'GET', '/api/script/jobs', { token: alice.token });
    expect(jobs.body.filter((job) => job.type === ASSET_JOB_TYPES.ensureBgRemoved)).toHaveLength(1);
  });

  it('answers bad background-removal keys with clear errors', async () => {
    const asset = await createAsset('prop', 'Net');
    const missing = await api<{ code: string; error: string }>(
      server,
      'POST',
      `/api/assets/${asset.id}/images/default-left/ensure-bg-removed`,
      { token: alice.token },
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND_ERROR', error: 'Image default-left not found' });
    const badVariant = await api<{ code: string }>(
      server,
      'POST',
      `/api/assets/${asset.id}/variants/Bad-Name/ensure-bg-removed`,
      { token: alice.token },
    );
    expect(badVariant.status).toBe(400);
    expect(badVariant.body.code).toBe('VALIDATION_ERROR');
  });

  it('never generates for, or changes, another user’s asset', async () => {
    const asset = await createAsset('character', 'Private');
    await generate({ assetId: asset.id });
    const before = await getAsset(asset.id);
    const notFound = `Asset ${asset.id} not found`;

    expectSocketError(
      await request(bobSocket, 'unified-asset:generateImage', { assetId: asset.id }),
      'NOT_FOUND_ERROR',
      notFound,
    );
    const legacy: [keyof typeof LEGACY_EVENTS, Record<string, unknown>][] = [
      ['asset:generate-image', { assetId: asset.id }],
      ['asset:enhance-image', { assetId: asset.id, imageKey: 'default-front' }],
      ['asset:assess', { assetId: asset.id }],
      ['character:generate-rotation', { assetId: asset.id, rotation: 'left' }],
    ];
    for (const [event, payload] of legacy) {
      const body = legacyError(await legacyRequest(bobSocket, event, payload), event, 'NOT_FOUND_ERROR');
      expect(body.error, event).toBe(notFound);
    }
    const define = legacyError(
      await legacyRequest(bobSocket, 'asset:define', { projectId: project.id, type: 'prop', name: 'Stolen' }),
      'asset:define',
      'NOT_FOUND_ERROR',
    );
    expect(define.error).toBe('Project not found');
    for (const path of [
      `/api/assets/${asset.id}/images/default-front/ensure-bg-removed`,
      `/api/assets/${asset.id}/variants/default/ensure-bg-removed`,
    ]) {
      const response = await api<{ error: string }>(server, 'POST', path, { token: bob.token });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(notFound);
    }
    const after = await getAsset(asset.id);
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(entryOf(after, 'default-front')).toMatchObject({
      s3Key: entryOf(before, 'default-front').s3Key,
      metadata: entryOf(before, 'default-front').metadata,
    });
    expect(Object.keys(after.images)).toEqual(['default-front']);
  });
});
