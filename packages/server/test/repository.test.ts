import { type Project, type RepositoryView, repositoryViewSchema } from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, request } from './support/factories.js';
import { expectHttpError, newAsset, newSeries, UNKNOWN_ID, useTestServer } from './support/harness.js';

const NOT_FOUND = { code: 'NOT_FOUND_ERROR', error: 'Repository not found' };

describe.each(testDatabases())('the public repository on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  let project: Project;
  let hero: string;
  let villain: string;
  const imageKey = () => `projects/${project.id}/assets/hero.png`;

  beforeAll(async () => {
    const series = await newSeries(server, alice, { name: 'Harbour nights', description: 'Season notes' });
    project = await newProject(server, alice, {
      name: 'Episode one',
      description: 'Private notes for the crew',
      series_id: series.id,
    });
    hero = await newAsset(server, alice, { projectId: project.id }, 'character', 'Mara');
    villain = await newAsset(server, alice, { projectId: project.id }, 'character', 'The Broker');
    const storage = server.app.get<symbol, Storage>(STORAGE);
    await storage.put(imageKey(), Buffer.from('hero image'), 'image/png');
    await server.query(
      `UPDATE assets SET images = $2, metadata = '{"secretPrompt":"owner only"}' WHERE id = $1`,
      [
        hero,
        JSON.stringify({
          default: { s3Key: imageKey(), status: 'completed', prompt: 'a private prompt' },
        }),
      ],
    );
  });

  const view = (id: string) => api<RepositoryView>(server, 'GET', `/api/repository/${id}`);
  const publishAsset = (assetId: string, published: boolean, token = alice.token) =>
    api(server, 'PUT', `/api/asset/${assetId}/repository`, { token, body: { published } });

  it('shows nothing until something is published, then only what was, with signed image URLs', async () => {
    expectHttpError(await view(project.id), 404, NOT_FOUND);
    for (const id of [UNKNOWN_ID, 'not-an-id', '%00']) expectHttpError(await view(id), 404, NOT_FOUND);

    const published = await publishAsset(hero, true);
    expect(published).toMatchObject({ status: 200, body: { assetId: hero, published: true } });
    const answer = await view(project.id);
    expect(answer.status).toBe(200);
    const page = repositoryViewSchema.parse(answer.body);
    expect(page).toMatchObject({ id: project.id, kind: 'project', name: 'Episode one' });
    expect(page.assets.map((asset) => asset.name)).toEqual(['Mara']);
    const [image] = page.assets[0]?.images ?? [];
    expect(image?.key).toBe('default');
    const fetched = await fetch(new URL(image?.url ?? '', server.url));
    expect(Buffer.from(await fetched.arrayBuffer()).toString()).toBe('hero image');
    const text = JSON.stringify(answer.body);
    // The image only as a signed URL (a local one names its key in the path): no key field, no prompt.
    expect(image?.url).toMatch(/[?&]sig=/);
    expect(text).not.toContain('s3Key');
    // An asset is published, not the project: its name heads the page, its description stays private.
    expect(page.description).toBeNull();
    for (const secret of [
      'a private prompt',
      'owner only',
      alice.user.id,
      alice.email,
      'The Broker',
      'Private notes for the crew',
    ])
      expect(text).not.toContain(secret);
    const seriesPage = repositoryViewSchema.parse((await view(project.series_id ?? '')).body);
    expect(seriesPage.description).toBeNull();
  });

  it('publishes a whole project, and a series page gathers what its projects publish', async () => {
    const socket = await connect(alice);
    const state = await api(server, 'PUT', `/api/projects/${project.id}/repository`, {
      token: alice.token,
      body: { published: true },
    });
    expect(state.body).toMatchObject({ projectId: project.id, published: true, repositoryId: project.id });
    const page = repositoryViewSchema.parse((await view(project.id)).body);
    expect(page.assets.map((asset) => asset.name)).toEqual(['Mara', 'The Broker']);
    expect(page.description).toBe('Private notes for the crew');
    const seriesId = project.series_id ?? '';
    const seriesPage = repositoryViewSchema.parse((await view(seriesId)).body);
    expect(seriesPage).toMatchObject({
      id: seriesId,
      kind: 'series',
      name: 'Harbour nights',
      description: 'Season notes',
    });
    expect(seriesPage.assets.map((asset) => asset.name)).toEqual(['Mara', 'The Broker']);

    const viaSocket = await request(socket, 'repository:publishProject', {
      projectId: project.id,
      published: false,
    });
    expect(viaSocket).toMatchObject({ event: 'repository:response', body: { data: { published: false } } });
    const unpublished = await api(server, 'GET', `/api/projects/${project.id}/repository`, {
      token: alice.token,
    });
    expect(unpublished.body).toMatchObject({ published: false, publishedAssetIds: [hero] });
    expect(JSON.stringify(unpublished.body)).not.toContain(villain);
    expect(repositoryViewSchema.parse((await view(project.id)).body).assets.map((a) => a.name)).toEqual([
      'Mara',
    ]);
    expect((await publishAsset(hero, false)).status).toBe(200);
    expectHttpError(await view(project.id), 404, NOT_FOUND);
    expectHttpError(await view(seriesId), 404, NOT_FOUND);
  });

  it('lets only the owner publish, and refuses bad input', async () => {
    expectHttpError(await publishAsset(hero, true, bob.token), 404, { code: 'NOT_FOUND_ERROR' });
    expectHttpError(
      await api(server, 'PUT', `/api/projects/${project.id}/repository`, {
        token: bob.token,
        body: { published: true },
      }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Project not found' },
    );
    expectHttpError(
      await api(server, 'PUT', `/api/projects/${project.id}/repository`, {
        token: alice.token,
        body: { published: 'yes' },
      }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
    expectHttpError(
      await api(server, 'PUT', `/api/asset/${hero}/repository`, { body: { published: true } }),
      401,
      {
        code: 'AUTH_ERROR',
      },
    );
    expectHttpError(await view(project.id), 404, NOT_FOUND);
  });
});
