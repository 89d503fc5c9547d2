import {
  type Cut,
  type Project,
  type ReviewComment,
  type ReviewLink,
  type ReviewLinkSummary,
  type ReviewView,
  reviewCommentSchema,
  reviewLinkSchema,
  reviewLinkSummarySchema,
  reviewViewSchema,
  SERVER_EVENTS,
} from '@reelbench/sdk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE, type Storage } from '../src/storage/storage.types.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, request, type TestUser, waitForEvent } from './support/factories.js';
import { expectHttpError, newShot, useTestServer } from './support/harness.js';

const SCENE = { id: '11111111-1111-4111-8111-111111111111', name: 'Opening', color: '#ef4444', shotIds: [] };

describe.each(testDatabases())('review links on %s', (database) => {
  const { server, alice, bob } = useTestServer({ database, users: ['alice', 'bob'] });

  let project: Project;

  beforeAll(async () => {
    project = await newProject(server, alice, {
      name: 'Festival cut',
      description: 'For the jury',
      settings: { scenes: [SCENE], shotOrder: [] },
    });
  });

  const createLink = (user: TestUser, projectId = project.id) =>
    api<ReviewLink>(server, 'POST', `/api/projects/${projectId}/review-links`, { token: user.token });

  it('creates a link, shows the project without an account, and 404s once revoked', async () => {
    const storage = server.app.get<symbol, Storage>(STORAGE);
    const imageKey = `projects/${project.id}/images/frame.png`;
    await storage.put(imageKey, Buffer.from('frame'), 'image/png');
    await newShot(server, project.id, {
      name: 'Second',
      duration: 3,
      position: 1,
      video_url: 'https://cdn.example.com/v.mp4',
    });
    await newShot(server, project.id, {
      name: 'First',
      duration: 4,
      position: 0,
      image_url: '/stale/url.png',
      s3_image_key: imageKey,
    });
    const script = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: 'INT. HALL - DAY' },
    });
    expect(script.status).toBe(200);

    const created = await createLink(alice);
    expect(created.status).toBe(201);
    const link = reviewLinkSchema.parse(created.body);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url).toBe(`/review/${link.token}`);
    const stored = await server.query<{ token_hash: string }>('SELECT token_hash FROM review_links');
    expect(stored.map((row) => row.token_hash)).not.toContain(link.token);

    const viewed = await api<ReviewView>(server, 'GET', `/api/review/${link.token}`);
    expect(viewed.status).toBe(200);
    const view = reviewViewSchema.parse(viewed.body);
    expect(view.project).toEqual({
      id: project.id,
      name: 'Festival cut',
      description: 'For the jury',
      thumbnail: null,
      settings: { scenes: [SCENE], shotOrder: [] },
    });
    expect(view.shots.map((shot) => [shot.name, shot.duration])).toEqual([
      ['First', 4],
      ['Second', 3],
    ]);
    const [first, second] = view.shots;
    expect(first?.s3_image_key).toBeNull();
    expect(first?.image_url).not.toBe('/stale/url.png');
    const frame = await fetch(new URL(first?.image_url ?? '', server.url));
    expect(Buffer.from(await frame.arrayBuffer())).toEqual(Buffer.from('frame'));
    expect(second?.video_url).toBe('https://cdn.example.com/v.mp4');
    expect(view.script).toMatchObject({
      projectId: project.id,
      content: 'INT. HALL - DAY',
      format: 'fountain',
    });
    const text = JSON.stringify(viewed.body);
    for (const secret of [alice.user.id, alice.email, alice.user.username])
      expect(text).not.toContain(secret);

    expectHttpError(
      await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: bob.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Review link not found' },
    );
    expect((await api(server, 'GET', `/api/review/${link.token}`)).status).toBe(200);
    const revoked = await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: alice.token });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    expectHttpError(await api(server, 'GET', `/api/review/${link.token}`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Review link not found',
    });
    expectHttpError(
      await api(server, 'DELETE', `/api/review-links/${link.token}`, { token: alice.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Review link not found' },
    );
  });

  it('gives every link its own token; revoking one leaves the others working', async () => {
    const first = (await createLink(alice)).body;
    const second = (await createLink(alice)).body;
    expect(first.token).not.toBe(second.token);
    await api(server, 'DELETE', `/api/review-links/${first.token}`, { token: alice.token });
    expect((await api(server, 'GET', `/api/review/${first.token}`)).status).toBe(404);
    expect((await api(server, 'GET', `/api/review/${second.token}`)).status).toBe(200);
  });

  it('shows only the linked project, and lets nobody but the owner make links', async () => {
    const bobsProject = await newProject(server, bob, { name: 'Bob’s secret' });
    await newShot(server, bobsProject.id, { name: 'Hidden' });
    const link = (await createLink(alice)).body;
    const view = (await api<ReviewView>(server, 'GET', `/api/review/${link.token}`)).body;
    expect(JSON.stringify(view)).not.toContain('Hidden');
    expect(JSON.stringify(view)).not.toContain(bobsProject.id);

    expectHttpError(await createLink(bob), 404, { code: 'NOT_FOUND_ERROR', error: 'Project not found' });
    expectHttpError(await createLink(alice, 'not-a-uuid'), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Project not found',
    });
    expectHttpError(await api(server, 'POST', `/api/projects/${project.id}/review-links`), 401, {
      code: 'AUTH_ERROR',
    });
    expectHttpError(await api(server, 'DELETE', `/api/review-links/${link.token}`), 401, {
      code: 'AUTH_ERROR',
    });
  });

  it('answers unknown and malformed tokens with 404, and a deleted project’s link too', async () => {
    for (const token of ['nope', 'x'.repeat(43), '%00', 'a'.repeat(4000)]) {
      expectHttpError(await api(server, 'GET', `/api/review/${token}`), 404, {
        code: 'NOT_FOUND_ERROR',
        error: 'Review link not found',
      });
    }
    const doomed = await newProject(server, alice, { name: 'Doomed' });
    const link = (await createLink(alice, doomed.id)).body;
    await api(server, 'DELETE', `/api/projects/${doomed.id}`, { token: alice.token });
    expectHttpError(await api(server, 'GET', `/api/review/${link.token}`), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Review link not found',
    });
  });
});

describe.each(testDatabases())('review links, comments and markers on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  let project: Project;
  let shotIds: string[];

  beforeAll(async () => {
    project = await newProject(server, alice, { name: 'Comment reel' });
    const first = await newShot(server, project.id, { name: 'Door', duration: 2, position: 0 });
    const second = await newShot(server, project.id, { name: 'Hall', duration: 3, position: 1 });
    shotIds = [first, second];
  });

  const newLink = async (body?: unknown) => {
    const created = await api<ReviewLink>(server, 'POST', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
      ...(body === undefined ? {} : { body }),
    });
    expect(created.status).toBe(201);
    return reviewLinkSchema.parse(created.body);
  };

  const comment = (token: string, body: unknown) =>
    api<ReviewComment>(server, 'POST', `/api/review/${token}/comments`, { body });

  it('lists the live links with a hint and their expiry, revokes one by id, and ends an expired one', async () => {
    const forever = await newLink();
    const day = await newLink({ expiresInHours: 24 });
    expect(forever.expiresAt).toBeNull();
    const hours = (Date.parse(day.expiresAt ?? '') - Date.parse(day.createdAt)) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);

    const listed = await api<ReviewLinkSummary[]>(server, 'GET', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    expect(listed.status).toBe(200);
    const summaries = listed.body.map((entry) => reviewLinkSummarySchema.parse(entry));
    const mine = summaries.filter((entry) => [forever.id, day.id].includes(entry.id));
    expect(mine).toHaveLength(2);
    expect(mine.find((entry) => entry.id === forever.id)).toMatchObject({
      hint: forever.token.slice(0, 6),
      expiresAt: null,
      expired: false,
    });
    expect(JSON.stringify(listed.body)).not.toContain(forever.token);
    expectHttpError(
      await api(server, 'GET', `/api/projects/${project.id}/review-links`, { token: bob.token }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Project not found' },
    );

    // Once its time has passed, a link answers as an unknown one, for viewing and for commenting.
    await server.query("UPDATE review_links SET expires_at = now() - interval '1 second' WHERE id = $1", [
      day.id,
    ]);
    const gone = { code: 'NOT_FOUND_ERROR', error: 'Review link not found' };
    expectHttpError(await api(server, 'GET', `/api/review/${day.token}`), 404, gone);
    expectHttpError(await comment(day.token, { authorName: 'Ines', body: 'Late', timeMs: 0 }), 404, gone);
    const after = await api<ReviewLinkSummary[]>(server, 'GET', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    expect(after.body.find((entry) => entry.id === day.id)?.expired).toBe(true);

    expectHttpError(
      await api(server, 'DELETE', `/api/projects/${project.id}/review-links/${forever.id}`, {
        token: bob.token,
      }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Project not found' },
    );
    const bobsProject = await newProject(server, bob, { name: 'Not hers' });
    expectHttpError(
      await api(server, 'DELETE', `/api/projects/${bobsProject.id}/review-links/${forever.id}`, {
        token: bob.token,
      }),
      404,
      gone,
    );
    const revoked = await api(server, 'DELETE', `/api/projects/${project.id}/review-links/${forever.id}`, {
      token: alice.token,
    });
    expect(revoked).toMatchObject({ status: 200, body: { id: forever.id, deleted: true } });
    expectHttpError(await api(server, 'GET', `/api/review/${forever.token}`), 404, gone);
    const last = await api<ReviewLinkSummary[]>(server, 'GET', `/api/projects/${project.id}/review-links`, {
      token: alice.token,
    });
    expect(last.body.map((entry) => entry.id)).not.toContain(forever.id);

    expectHttpError(
      await api(server, 'POST', `/api/projects/${project.id}/review-links`, {
        token: alice.token,
        body: { expiresInHours: 0 },
      }),
      400,
      { code: 'VALIDATION_ERROR' },
    );
  });

  it('takes a comment with just a name, places it on the shot on screen, and tells the owner live', async () => {
    const link = await newLink();
    const owner = await connect(alice);
    expect((await request(owner, 'project:subscribe', { projectId: project.id })).event).toBe(
      'project:response',
    );
    const heard = waitForEvent<{ projectId: string; comment: ReviewComment }>(
      owner,
      SERVER_EVENTS.reviewCommentAdded,
    );
    const posted = await comment(link.token, { authorName: '  Ines ', body: 'Hold the door', timeMs: 2_500 });
    expect(posted.status).toBe(201);
    const saved = reviewCommentSchema.parse(posted.body);
    expect(saved).toMatchObject({
      projectId: project.id,
      authorName: 'Ines',
      body: 'Hold the door',
      timeMs: 2_500,
      shotId: shotIds[1],
      shotOffsetMs: 500,
    });
    expect(await heard).toEqual({ projectId: project.id, comment: saved });

    const view = reviewViewSchema.parse((await api(server, 'GET', `/api/review/${link.token}`)).body);
    expect(view.comments.map((entry) => entry.id)).toContain(saved.id);
    expect(view.roughCut).toBeUndefined();

    for (const bad of [
      { authorName: '', body: 'x', timeMs: 0 },
      { authorName: 'Ines', body: '   ', timeMs: 0 },
      { authorName: 'Ines', body: 'x'.repeat(2_001), timeMs: 0 },
      { authorName: 'Ines', body: 'x', timeMs: -1 },
      { authorName: 'Ines', body: 'x', timeMs: 1.5 },
      { authorName: 'x'.repeat(101), body: 'x', timeMs: 0 },
      { body: 'x', timeMs: 0 },
    ]) {
      expectHttpError(await comment(link.token, bad), 400, { code: 'VALIDATION_ERROR' });
    }
    expectHttpError(await comment('x'.repeat(43), { authorName: 'I', body: 'x', timeMs: 0 }), 404, {
      code: 'NOT_FOUND_ERROR',
      error: 'Review link not found',
    });

    const listed = await request<{ data: ReviewComment[] }>(owner, 'review:listComments', {
      projectId: project.id,
    });
    expect(listed.body.data.map((entry) => entry.id)).toContain(saved.id);
    const stranger = await connect(bob);
    const refused = await request<{ code: string }>(stranger, 'review:deleteComment', {
      projectId: project.id,
      commentId: saved.id,
    });
    expect(refused).toMatchObject({ event: 'review:error', body: { code: 'NOT_FOUND_ERROR' } });
    const deletedEvent = waitForEvent(owner, SERVER_EVENTS.reviewCommentDeleted);
    const deleted = await request(owner, 'review:deleteComment', {
      projectId: project.id,
      commentId: saved.id,
    });
    expect(deleted.body).toMatchObject({ data: { id: saved.id, deleted: true } });
    expect(await deletedEvent).toEqual({ projectId: project.id, commentId: saved.id });
    expectHttpError(
      await api(server, 'DELETE', `/api/projects/${project.id}/review-comments/${saved.id}`, {
        token: alice.token,
      }),
      404,
      { code: 'NOT_FOUND_ERROR', error: 'Review comment not found' },
    );
  });

  it('writes the comments as markers in the next EDL, OTIO and FCPXML export', async () => {
    const link = await newLink();
    const cut = await api<Cut>(server, 'POST', `/api/projects/${project.id}/cuts`, {
      token: alice.token,
      body: { frameRate: 24 },
    });
    expect(cut.status).toBe(201);
    const exportText = async (format: string) => {
      const file = await api<string>(
        server,
        'GET',
        `/api/projects/${project.id}/cuts/${cut.body.id}/export/${format}`,
        { token: alice.token },
      );
      expect(file.status).toBe(200);
      return typeof file.body === 'string' ? file.body : JSON.stringify(file.body);
    };
    const before = await exportText('edl');
    expect(before).not.toContain('* LOC:');
    // Made after the cut was saved: 3.0 s is 1.0 s into the second shot (frame 48 of the record).
    expect(
      (await comment(link.token, { authorName: 'Ines', body: 'Warmer grade', timeMs: 3_000 })).status,
    ).toBe(201);
    const edl = await exportText('edl');
    expect(edl).toMatch(/^\* LOC: 01:00:03:00 YELLOW +Ines: Warmer grade$/m);
    const otio = JSON.parse(await exportText('otio')) as {
      tracks: { children: { children: { name: string; markers: { name: string; comment: string }[] }[] }[] };
    };
    const clips = otio.tracks.children[0]?.children.filter((child) => child.markers !== undefined) ?? [];
    const marked = clips.flatMap((clip) =>
      clip.markers.map((marker) => [clip.name, marker.name, marker.comment]),
    );
    expect(marked).toContainEqual(['Hall', 'Warmer grade', 'Ines: Warmer grade']);
    const fcpxml = await exportText('fcpxml');
    expect(fcpxml).toMatch(/<marker [^>]*value="Warmer grade"/);
  });
});
