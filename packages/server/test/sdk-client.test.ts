import { randomUUID } from 'node:crypto';
import { assetEvents, createReelbench } from '@reelbench/sdk';
import { isReelbenchError, MESSAGES, type ServerEventPayload } from '@reelbench/sdk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { useTestServer } from './support/harness.js';

type Client = ReturnType<typeof createReelbench>;

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!isReelbenchError(error)) throw error;
    return { code: error.code, message: error.message };
  }
  throw new Error('expected a refusal');
}

function nextEvent<T>(subscribe: (handler: (payload: T) => void) => () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no server event within 10 s'));
    }, 10_000);
    const off = subscribe((payload) => {
      clearTimeout(timer);
      off();
      resolve(payload);
    });
  });
}

describe.each(testDatabases())('the SDK against the real server on %s', (database) => {
  const { server } = useTestServer({ database });

  const clients: Client[] = [];

  const newClient = (token?: string) => {
    const client = createReelbench({ baseUrl: server.url, ...(token ? { token } : {}) });
    clients.push(client);
    return client;
  };

  const credentials = () => {
    const suffix = randomUUID().slice(0, 8);
    return {
      email: `sdk-${suffix}@example.com`,
      username: `sdk_${suffix}`,
      password: 'correct horse battery',
    };
  };

  afterEach(() => {
    for (const client of clients.splice(0)) client.socket?.disconnect();
  });

  it('registers, logs in and reads the signed-in user', async () => {
    const input = credentials();
    const client = newClient();
    const registered = await client.auth.register(input);
    expect(registered.user?.email).toBe(input.email);
    expect(client.auth.token).toBe(registered.token);

    const other = newClient();
    const loggedIn = await other.auth.login({ email: input.email, password: input.password });
    expect(loggedIn.user?.id).toBe(registered.user?.id);
    expect((await other.auth.me()).id).toBe(registered.user?.id);

    const wrong = await refusal(newClient().auth.login({ email: input.email, password: 'not the password' }));
    expect(wrong.code).toBe('AUTH_ERROR');
  });

  it('creates, lists, reads, updates and deletes projects, in a series', async () => {
    const client = newClient();
    await client.auth.register(credentials());
    const series = await client.series.create({ name: 'SDK series' });
    const project = await client.projects.create({ name: 'SDK project', series_id: series.id });
    expect(project.name).toBe('SDK project');

    expect((await client.projects.list()).map(({ id }) => id)).toContain(project.id);
    expect((await client.projects.get(project.id)).series_id).toBe(series.id);
    expect((await client.projects.bySeries(series.id)).map(({ id }) => id)).toEqual([project.id]);
    expect((await client.series.list()).map(({ id }) => id)).toContain(series.id);

    const updated = await client.projects.update(project.id, { name: 'SDK project, renamed' });
    expect(updated.name).toBe('SDK project, renamed');
    expect((await client.projects.get(project.id)).name).toBe('SDK project, renamed');

    expect(await client.projects.delete(project.id)).toEqual({ id: project.id, deleted: true });
    const gone = await refusal(client.projects.get(project.id));
    expect(gone).toEqual({ code: 'NOT_FOUND_ERROR', message: MESSAGES.projectNotFound });
  });

  it('saves a script and creates, lists, updates and deletes shots', async () => {
    const client = newClient();
    await client.auth.register(credentials());
    const project = await client.projects.create({ name: 'Shots' });
    const content = 'INT. LAB - NIGHT\n\nMARA\nIt works.\n';
    await client.script.save(project.id, { content });
    expect((await client.script.get(project.id)).content).toBe(content);

    const first = await client.shots.create(project.id, { name: 'Opening' });
    const second = await client.shots.create(project.id, { name: 'Closing' });
    const page = await client.shots.list(project.id);
    expect(page.shots.map(({ id }) => id)).toEqual([first.id, second.id]);

    const reordered = await client.shots.reorder(project.id, [second.id, first.id]);
    expect(reordered.shotOrder).toEqual([second.id, first.id]);
    expect((await client.shots.update(first.id, { name: 'Opening, take 2' })).name).toBe('Opening, take 2');
    expect(await client.shots.delete(second.id)).toEqual({ id: second.id, deleted: true });
    expect((await client.shots.list(project.id)).shots.map(({ id }) => id)).toEqual([first.id]);
  });

  it('makes, exports, imports, compares, renames and deletes cuts through client.cuts', async () => {
    const client = newClient();
    await client.auth.register(credentials());
    const project = await client.projects.create({ name: 'Cut by SDK' });
    const first = await client.shots.create(project.id, { name: 'Opening', duration: 2 });
    const second = await client.shots.create(project.id, { name: 'Closing', duration: 3 });

    const cut = await client.cuts.create(project.id, { frameRate: 25 });
    expect(cut.events.map((event) => [event.shotId, event.duration])).toEqual([
      [first.id, 50],
      [second.id, 75],
    ]);
    expect((await client.cuts.list(project.id)).map(({ id }) => id)).toEqual([cut.id]);
    expect(await client.cuts.get(project.id, cut.id)).toEqual(cut);
    expect((await client.cuts.rename(project.id, cut.id, 'Assembly')).name).toBe('Assembly');

    const edl = await client.cuts.export(project.id, cut.id, 'edl', { frameRate: 24 });
    expect(edl).toMatchObject({ format: 'edl', filename: 'Assembly-v1-24.edl' });
    expect(edl.mimeType).toMatch(/^text\/plain/);
    expect(edl.text).toMatch(/^TITLE: Assembly\nFCM: NON-DROP FRAME\n/);
    const viaSocket = await client.socket?.request('cut', 'export', {
      projectId: project.id,
      cutId: cut.id,
      format: 'edl',
      options: { frameRate: 24 },
    });
    expect(viaSocket?.text).toBe(edl.text);

    const swapped = edl.text
      .replaceAll(first.id, 'FIRST')
      .replaceAll(second.id, first.id)
      .replaceAll('FIRST', second.id);
    const imported = await client.cuts.import(project.id, cut.id, 'edl', swapped);
    expect(imported.unmatched).toEqual([]);
    expect(imported.cut.version).toBe(2);
    expect((await client.projects.get(project.id)).settings.shotOrder).toEqual([second.id, first.id]);
    const comparison = await client.cuts.compare(project.id, cut.id, imported.cut.id);
    expect(comparison.changed).toBe(true);

    expect(await client.cuts.delete(project.id, cut.id)).toEqual({ id: cut.id, deleted: true });
    const gone = await refusal(client.cuts.get(project.id, cut.id));
    expect(gone).toEqual({ code: 'NOT_FOUND_ERROR', message: 'Cut not found' });
  });

  it('shares a review link, takes a comment from a reviewer and revokes it through client.review', async () => {
    const owner = newClient();
    await owner.auth.register(credentials());
    const project = await owner.projects.create({ name: 'Dailies' });
    await owner.shots.create(project.id, { name: 'Harbour at dawn' });
    const link = await owner.review.createLink(project.id, { expiresInHours: 24 });
    expect(link.expiresAt).not.toBeNull();
    expect((await owner.review.listLinks(project.id)).map(({ id }) => id)).toEqual([link.id]);

    // The reviewer signs in to nothing: the token is the permission.
    const reviewer = newClient();
    const view = await reviewer.review.view(link.token);
    expect(view.shots.map((shot) => shot.name)).toEqual(['Harbour at dawn']);
    const comment = await reviewer.review.comment(link.token, {
      authorName: 'Noor',
      body: 'Hold the wide two beats longer.',
      timeMs: 1_500,
    });
    expect((await owner.review.listComments(project.id)).map(({ id, body }) => [id, body])).toEqual([
      [comment.id, 'Hold the wide two beats longer.'],
    ]);
    expect(await refusal(reviewer.review.listComments(project.id))).toMatchObject({ code: 'AUTH_ERROR' });

    expect(await owner.review.deleteComment(project.id, comment.id)).toEqual({
      id: comment.id,
      deleted: true,
    });
    expect(await owner.review.listComments(project.id)).toEqual([]);
    await owner.review.revokeLink(project.id, link.id);
    expect(await owner.review.listLinks(project.id)).toEqual([]);
    expect(await refusal(reviewer.review.view(link.token))).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });

  it("publishes a project's assets on its repository page through client.repository", async () => {
    const owner = newClient();
    await owner.auth.register(credentials());
    const project = await owner.projects.create({ name: 'Harbour', description: 'Private notes' });
    const mara = await owner.assets.create({ projectId: project.id, type: 'character', name: 'Mara' });
    await owner.assets.create({ projectId: project.id, type: 'prop', name: 'Brass key' });
    const before = await owner.repository.state(project.id);
    expect(before).toMatchObject({ projectId: project.id, published: false, publishedAssetIds: [] });

    expect(await owner.repository.publishAsset(mara.id, true)).toEqual({ assetId: mara.id, published: true });
    const visitor = newClient();
    const page = await visitor.repository.view(before.repositoryId);
    expect(page.assets.map((asset) => asset.name)).toEqual(['Mara']);

    await owner.repository.publishProject(project.id, true);
    const whole = await visitor.repository.view(before.repositoryId);
    expect(whole.assets.map((asset) => asset.name).sort()).toEqual(['Brass key', 'Mara']);
    expect(await refusal(visitor.repository.state(project.id))).toMatchObject({ code: 'AUTH_ERROR' });
  });

  it('delivers server events to client.on after subscribing', async () => {
    const client = newClient();
    await client.auth.register(credentials());
    const project = await client.projects.create({ name: 'Events' });
    expect(await client.projects.subscribe(project.id)).toEqual({ projectId: project.id, subscribed: true });

    const updated = nextEvent<ServerEventPayload<'project:updated'>>((handler) =>
      client.on('project:updated', handler),
    );
    const shotCreated = nextEvent<ServerEventPayload<'shot:created'>>((handler) =>
      client.on('shot:created', handler),
    );
    await client.projects.update(project.id, { name: 'Events, renamed' });
    const shot = await client.shots.create(project.id, { name: 'Evented' });

    expect((await updated).project.name).toBe('Events, renamed');
    expect((await shotCreated).shot.id).toBe(shot.id);
  });

  it('answers socket actions called directly through client.socket.request', async () => {
    const client = newClient();
    await client.auth.register(credentials());
    const socket = client.socket;
    if (socket === null) throw new Error('the SDK has no socket');
    const project = await socket.request('project', 'create', { name: 'Over the socket' });
    const one = await socket.request('project', 'getOne', { projectId: project.id });
    expect(one.name).toBe('Over the socket');
    const shot = await socket.request('shot', 'create', { projectId: project.id, name: 'Socket shot' });
    const page = await socket.request('shot', 'getAll', { projectId: project.id });
    expect(page.shots.map(({ id }) => id)).toEqual([shot.id]);

    const missing = await refusal(socket.request('project', 'getOne', { projectId: randomUUID() }));
    expect(missing).toEqual({ code: 'NOT_FOUND_ERROR', message: MESSAGES.projectNotFound });
    const malformed = await refusal(socket.request('project', 'getOne', { projectId: 'nope' }));
    expect(malformed.code).toBe('VALIDATION_ERROR');
  });

  it('generates, turns, enhances, assesses and defines assets through the older named events', async () => {
    const client = newClient();
    await client.auth.register(credentials());
    const project = await client.projects.create({ name: 'Cast' });
    const hero = await client.assets.create({ projectId: project.id, type: 'character', name: 'Mara' });
    await client.assets.generateImage({ assetId: hero.id });
    const events = assetEvents(client.socket);

    const turned = await events.generateRotation({ assetId: hero.id, rotation: 'back' });
    expect(turned.imageKey).toBe('default-back');
    expect(turned.asset.images['default-back']?.status).toBe('completed');

    const enhanced = await events.enhanceImage({ assetId: hero.id, imageKey: 'default-front' });
    expect(enhanced.asset.images['default-front']?.metadata.enhancedFrom).toEqual(expect.any(String));

    const assessment = await events.assess({ assetId: hero.id, imageKey: 'default-back' });
    expect(assessment.score).toBeGreaterThanOrEqual(0);
    expect(assessment.score).toBeLessThanOrEqual(10);
    expect(assessment.notes).not.toBe('');

    const definition = await events.define({
      projectId: project.id,
      type: 'location',
      name: 'Harbour',
    });
    expect(definition.name).toBe('Harbour');
    expect(definition.visualIdentifier).not.toBe('');

    // The error event's body arrives as a ReelbenchError with its catalogue code and message.
    const place = await client.assets.create({ projectId: project.id, type: 'location', name: 'Dock' });
    const refused = await refusal(events.generateRotation({ assetId: place.id, rotation: 'left' }));
    expect(refused).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Rotations are generated for characters only; this asset is a location',
    });
    const unassessed = await refusal(events.assess({ assetId: place.id }));
    expect(unassessed.code).toBe('VALIDATION_ERROR');
  });

  it('answers AUTH_ERROR after logout, also to the revoked token', async () => {
    const client = newClient();
    const { token } = await client.auth.register(credentials());
    await client.projects.create({ name: 'Before logout' });
    await client.auth.logout();
    expect(client.auth.token).toBeNull();

    expect(await refusal(client.projects.list())).toEqual({
      code: 'AUTH_ERROR',
      message: MESSAGES.authenticationRequired,
    });
    const revoked = newClient(token);
    expect((await refusal(revoked.projects.list())).code).toBe('AUTH_ERROR');
  });
});
