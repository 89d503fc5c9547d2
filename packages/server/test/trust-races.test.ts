import {
  type ErrorBody,
  type JobAcceptedReply,
  type Project,
  type ReviewLink,
  type ReviewView,
  SERVER_MESSAGES,
  type Shot,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, newProject, request, waitForEvent } from './support/factories.js';
import { expectHttpError, newAsset, useTestServer } from './support/harness.js';
import { ask } from './support/socket-expect.js';
import { plainPng, uploadPng } from './support/upload-png.js';

/**
 * Races one user can start against their own data (issue 28): a shot deleted under its generation,
 * concurrent writes to one row, bursts against the per-project and per-user caps. Each answer is a
 * catalogue error a client can act on, and no cap is passed.
 */
describe.each(testDatabases())('races answered right on %s', (database) => {
  const harness = useTestServer({
    database,
    users: ['alice'],
    env: { REVIEW_COMMENTS_PER_MINUTE: '100000', GENERATIONS_PER_MINUTE: '40' },
  });
  const { server, alice } = harness;

  it('a shot deleted under its running generation ends as NOT_FOUND 404, not a server error', async () => {
    const socket = await harness.connect(alice);
    const project = await newProject(server, alice, { name: 'Deleted under render' });
    await ask(socket, 'project:subscribe', { projectId: project.id });
    for (const kind of ['single', 'batch'] as const) {
      const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: `Doomed ${kind}` });
      // Deleted the moment its render starts.
      const processing = waitForEvent<{ shotId: string; status: string }>(
        socket,
        'shot:generation-progress',
        (event) => event.shotId === shot.id && event.status === 'processing',
      );
      if (kind === 'single') {
        const answer = request<ErrorBody>(socket, 'shot:generate', {
          projectId: project.id,
          shotId: shot.id,
        });
        await processing;
        await ask(socket, 'shot:delete', { shotId: shot.id });
        expect((await answer).body).toMatchObject({
          success: false,
          code: 'NOT_FOUND_ERROR',
          statusCode: 404,
          error: 'Shot not found',
        });
      } else {
        const accepted = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', {
          projectId: project.id,
          shotIds: [shot.id],
        });
        const ended = waitForEvent<{ jobId: string; code?: string; error: string }>(
          socket,
          'job:error',
          (event) => event.jobId === accepted.job.id,
        );
        await processing;
        await ask(socket, 'shot:delete', { shotId: shot.id });
        expect(await ended).toMatchObject({ code: 'NOT_FOUND_ERROR', error: 'Shot not found' });
      }
    }
  });

  it('concurrent changes to different fields of one project all stay (no write puts back a stale value)', async () => {
    const project = await newProject(server, alice, { name: 'Start' });
    const patch = (body: Record<string, unknown>) =>
      api<Project>(server, 'PATCH', `/api/projects/${project.id}`, { token: alice.token, body });
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, (_, index) => patch({ name: `Name ${index}` })),
      patch({ description: 'Kept description' }),
      ...Array.from({ length: 15 }, (_, index) => patch({ name: `Later ${index}` })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const [row] = await server.query<{ description: string | null }>(
      'SELECT description FROM projects WHERE id = $1',
      [project.id],
    );
    expect(row?.description).toBe('Kept description');
  });

  it('concurrent changes to one asset all stay, and none puts back an image a job stored meanwhile', async () => {
    const project = await newProject(server, alice, { name: 'Asset races' });
    const assetId = await newAsset(server, alice, { projectId: project.id }, 'character', 'Mara');
    const patch = (body: Record<string, unknown>) =>
      api(server, 'PATCH', `/api/asset/${assetId}`, { token: alice.token, body });
    const stored = { default: { s3Key: `projects/${project.id}/assets/mara.png`, status: 'completed' } };
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, (_, index) => patch({ name: `Mara ${index}` })),
      patch({ description: 'Kept description' }),
      // A job storing an image at the same moment (as AssetsService.writeImage does, under the row lock).
      server.query('UPDATE assets SET images = $2 WHERE id = $1', [assetId, JSON.stringify(stored)]),
      ...Array.from({ length: 15 }, (_, index) => patch({ name: `Later ${index}` })),
    ]);
    expect(answers.filter((answer) => 'status' in answer && answer.status !== 200)).toEqual([]);
    const [row] = await server.query<{ description: string | null; images: unknown }>(
      'SELECT description, images FROM assets WHERE id = $1',
      [assetId],
    );
    expect(row).toEqual({ description: 'Kept description', images: stored });
  });

  it('holds the per-project comment cap under a burst: 2,000 kept, the rest refused with why', async () => {
    const project = await newProject(server, alice, { name: 'Cap' });
    const link = await api<ReviewLink>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    await server.query(
      `INSERT INTO review_comments (project_id, author_name, body, time_ms)
       SELECT $1, 'Earlier', 'note ' || n, n FROM generate_series(1, 1990) AS n`,
      [project.id],
    );
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, index) =>
        api<ErrorBody>(server, 'POST', `/api/review/${link.body.token}/comments`, {
          body: { authorName: 'Burst', body: `comment ${index}`, timeMs: index },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 201);
    for (const answer of refused)
      expectHttpError(answer, 400, {
        code: 'VALIDATION_ERROR',
        error: 'A project keeps at most 2000 review comments',
      });
    const [count] = await server.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM review_comments WHERE project_id = $1',
      [project.id],
    );
    expect(count?.n).toBe(2000);
  });

  it('reserves generation jobs with their insert: of 60 concurrent batches, GENERATIONS_PER_MINUTE pass', async () => {
    const socket = await harness.connect(alice);
    const owner = alice;
    const project = await newProject(server, owner, { name: 'Burst of batches' });
    const answers = await Promise.all(
      Array.from({ length: 60 }, () =>
        request<{ success: boolean; code?: string; data?: JobAcceptedReply }>(socket, 'shot:generate-batch', {
          projectId: project.id,
          staleOnly: true,
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.body.success);
    expect(accepted.length).toBeLessThanOrEqual(40);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => !a.body.success))
      expect(answer.body).toMatchObject({
        code: 'RATE_LIMIT_ERROR',
        error: SERVER_MESSAGES.tooManyGenerations,
      });
    const [count] = await server.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE user_id = $1 AND created_at > now() - interval '60 seconds'`,
      [owner.user.id],
    );
    expect(count?.n).toBeLessThanOrEqual(40);
  });

  it('serves review media through the link only while it lives, and hands out no signed URL or making-of', async () => {
    const project = await newProject(server, alice, { name: 'Media' });
    const png = await plainPng(32, 18, '#804020');
    const { body: uploaded } = await uploadPng(server.url, alice.token, project.id, png);
    await api(server, 'POST', `/api/projects/${project.id}/shots`, {
      token: alice.token,
      body: {
        name: 'Framed',
        prompt: 'secret prompt words',
        composition_settings: { lens: 'secret lens' },
        s3_image_key: uploaded.key,
      },
    });
    const link = await api<ReviewLink>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    const view = await api<ReviewView>(server, 'GET', `/api/review/${link.body.token}`);
    const [shot] = view.body.shots;
    const text = JSON.stringify(view.body);
    for (const hidden of ['secret prompt words', 'secret lens', 'sig=', 'expires=', uploaded.key])
      expect(text).not.toContain(hidden);
    expect(shot?.image_url).toBe(`/api/files/review/${link.body.token}/shots/${shot?.id}/image`);
    const frame = await fetch(new URL(shot?.image_url ?? '', server.url));
    expect(frame.status).toBe(200);
    expect(Buffer.from(await frame.arrayBuffer()).equals(png)).toBe(true);
    expect(frame.headers.get('cache-control')).toBe('private, no-cache');
    const again = await fetch(new URL(shot?.image_url ?? '', server.url), {
      headers: { 'if-none-match': frame.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);

    const revoked = await api(server, 'DELETE', `/api/review-links/${link.body.token}`, {
      token: alice.token,
    });
    expect(revoked.status).toBe(200);
    for (const url of [shot?.image_url ?? '', `/api/files/review/${link.body.token}/rough-cut`]) {
      const after = await fetch(new URL(url, server.url));
      expect(after.status).toBe(404);
      expect(((await after.json()) as ErrorBody).error).toBe('Review link not found');
    }
    // An expired link likewise.
    const expiring = await api<ReviewLink>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
      body: { expiresInHours: 1 },
    });
    const url = `/api/files/review/${expiring.body.token}/shots/${shot?.id}/image`;
    expect((await fetch(new URL(url, server.url))).status).toBe(200);
    await server.query(
      `UPDATE review_links SET expires_at = now() - interval '1 second' WHERE project_id = $1`,
      [project.id],
    );
    expect((await fetch(new URL(url, server.url))).status).toBe(404);
  });
});
