import { randomUUID } from 'node:crypto';
import {
  type Project,
  type ProjectSaveResult,
  SERVER_EVENT_SCHEMAS,
  type Shot,
  type ShotGenerationReply,
  type ShotOrderReply,
  type ShotPage,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { UrlSigner } from '../src/storage/url-signer.js';
import { testDatabases } from './support/databases.js';
import { newProject, request, waitForEvent } from './support/factories.js';
import { useTestServer } from './support/harness.js';
import { ask, expectSocketError, expectSocketReply } from './support/socket-expect.js';
import { plainPng } from './support/upload-png.js';

const SECRET = 'shots-presented-test-signing-secret-0123456789';
const signer = new UrlSigner(SECRET);
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when `url` is a signed display URL of `key` that has not expired. */
function verifies(url: string | null, key: string): boolean {
  if (url === null) return false;
  const parsed = new URL(url, 'http://localhost');
  return signer.verify(key, parsed.searchParams.get('expires'), parsed.searchParams.get('sig'));
}

/** The next shot:updated of this shot (matching `when`), checked against the contract. */
function nextUpdate(socket: Socket, shotId: string, when: (shot: Shot) => boolean = () => true) {
  return waitForEvent<{ shot: Shot }>(
    socket,
    'shot:updated',
    (p) => p.shot.id === shotId && when(p.shot),
  ).then((payload) => SERVER_EVENT_SCHEMAS['shot:updated'].parse(payload).shot);
}

describe.each(testDatabases())('shots as clients get them on %s', (database) => {
  const { server, alice, connect, call } = useTestServer({
    database,
    users: ['alice'],
    env: { SIGNING_SECRET: SECRET, JOB_CONCURRENCY: '2' },
  });

  async function subscribed(): Promise<{ project: Project; socket: Socket; listener: Socket }> {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const listener = await connect(alice);
    await ask(listener, 'project:subscribe', { projectId: project.id });
    return { project, socket, listener };
  }

  it('carries image_stale and video_stale: set by a change to their inputs, cleared by a render', async () => {
    const { project, socket, listener } = await subscribed();
    const created = await ask<Shot>(socket, 'shot:create', {
      projectId: project.id,
      name: 'Harbour',
      action: 'Mara waits',
      duration: 1,
    });
    expect(created).toMatchObject({ image_stale: false, video_stale: false });

    const rendered = await ask<ShotGenerationReply>(socket, 'shot:generate', {
      projectId: project.id,
      shotId: created.id,
    });
    expect(rendered.shot.image_url).not.toBeNull();
    expect(rendered.shot).toMatchObject({ image_stale: false, video_stale: false });

    // The action feeds the image's fingerprint: the reply and the event both say the image is stale.
    const event = nextUpdate(listener, created.id);
    const changed = await ask<Shot>(socket, 'shot:update', {
      shotId: created.id,
      updates: { action: 'Mara runs' },
    });
    expect(changed.image_stale).toBe(true);
    expect((await event).image_stale).toBe(true);
    expect((await ask<Shot>(socket, 'shot:getOne', { shotId: created.id })).image_stale).toBe(true);
    const page = await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id });
    expect(page.shots.find((shot) => shot.id === created.id)?.image_stale).toBe(true);
    const http = await call<Shot>(alice, 'GET', `/api/shots/${created.id}`);
    expect(http.body.image_stale).toBe(true);
    // The script text does not: still stale, no more.
    const untouched = await call<Shot>(alice, 'PATCH', `/api/shots/${created.id}`, { script_text: 'MARA' });
    expect(untouched.body).toMatchObject({ image_stale: true, video_stale: false });

    // A render clears it, in the reply and in the event that announces the finished render.
    // (A shot with an image reads as completed while queued: the new image's key tells the render's event.)
    const completed = nextUpdate(listener, created.id, (shot) => shot.s3_image_key !== changed.s3_image_key);
    const again = await ask<ShotGenerationReply>(socket, 'shot:generate', {
      projectId: project.id,
      shotId: created.id,
    });
    expect(again.shot.image_stale).toBe(false);
    expect((await completed).image_stale).toBe(false);

    // The video: made from the image and the duration.
    const video = await ask<ShotGenerationReply>(socket, 'shot:generate-video', {
      projectId: project.id,
      shotId: created.id,
    });
    expect(video.shot).toMatchObject({ image_stale: false, video_stale: false });
    const longer = nextUpdate(listener, created.id);
    const retimed = await ask<Shot>(socket, 'shot:update', {
      shotId: created.id,
      updates: { duration: 1.5 },
    });
    expect(retimed).toMatchObject({ image_stale: false, video_stale: true });
    expect(await longer).toMatchObject({ image_stale: false, video_stale: true });
    const rerendered = await ask<ShotGenerationReply>(socket, 'shot:generate-video', {
      projectId: project.id,
      shotId: created.id,
    });
    expect(rerendered.shot).toMatchObject({ image_stale: false, video_stale: false });

    // A changed placement is an input too.
    const asset = await ask<{ id: string }>(socket, 'unified-asset:create', {
      projectId: project.id,
      type: 'prop',
      name: 'Lantern',
    });
    const placed = await ask<Shot>(socket, 'shot:add-asset', {
      shotId: created.id,
      placement: { assetId: asset.id },
    });
    expect(placed.image_stale).toBe(true);

    // An asset with no image yet is drawn from its words: new words change the frame.
    const drawn = await ask<ShotGenerationReply>(socket, 'shot:generate', {
      projectId: project.id,
      shotId: created.id,
    });
    expect(drawn.shot.image_stale).toBe(false);
    // Whoever has the shot open hears it go stale with the asset's change (no reload, no request).
    const staleByWords = nextUpdate(listener, created.id, (shot) => shot.image_stale === true);
    await ask(socket, 'unified-asset:update', {
      id: asset.id,
      updates: { description: 'A storm lantern, lit and swinging' },
    });
    expect((await ask<Shot>(socket, 'shot:getOne', { shotId: created.id })).image_stale).toBe(true);
    expect((await staleByWords).image_stale).toBe(true);

    // Rendered again, then the asset gets a picture: the frame is stale again, live.
    await ask<ShotGenerationReply>(socket, 'shot:generate', { projectId: project.id, shotId: created.id });
    const staleByImage = nextUpdate(listener, created.id, (shot) => shot.image_stale === true);
    await ask(socket, 'unified-asset:setImage', {
      assetId: asset.id,
      imageKey: 'default',
      imageData: `data:image/png;base64,${(await plainPng(8, 8, '#aa6600')).toString('base64')}`,
    });
    expect((await staleByImage).image_stale).toBe(true);

    // The camera move is drawn on the board and moves the animatic: both go stale.
    await ask<ShotGenerationReply>(socket, 'shot:generate', { projectId: project.id, shotId: created.id });
    const moving = await ask<ShotGenerationReply>(socket, 'shot:generate-video', {
      projectId: project.id,
      shotId: created.id,
    });
    expect(moving.shot).toMatchObject({ image_stale: false, video_stale: false });
    const pushed = await ask<Shot>(socket, 'shot:update', {
      shotId: created.id,
      updates: { camera_move: 'slow push-in' },
    });
    expect(pushed).toMatchObject({ image_stale: true, video_stale: true });
  }, 120_000);

  it('answers update, create and shot:updated with freshly signed URLs, never the expired stored one', async () => {
    const { project, socket, listener } = await subscribed();
    const shot = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Pier' });
    const generated = await ask<ShotGenerationReply>(socket, 'shot:generate', {
      projectId: project.id,
      shotId: shot.id,
    });
    const key = generated.shot.s3_image_key as string;
    expect(verifies(generated.shot.image_url, key)).toBe(true);
    // As if generated eight days ago: the stored URL has outlived the display URL lifetime (7 days).
    const old = signer.url(key, 7 * 24 * 60 * 60, Date.now() - 8 * DAY_MS);
    expect(verifies(old, key)).toBe(false);
    await server.query('UPDATE shots SET image_url = $2 WHERE id = $1', [shot.id, old]);

    const event = nextUpdate(listener, shot.id);
    const updated = await ask<Shot>(socket, 'shot:update', {
      shotId: shot.id,
      updates: { name: 'Pier, night' },
    });
    expect(updated.image_url).not.toBe(old);
    expect(verifies(updated.image_url, key)).toBe(true);
    const announced = await event;
    expect(verifies(announced.image_url, key)).toBe(true);
    expect(announced).toEqual(updated);

    const patched = await call<Shot>(alice, 'PATCH', `/api/shots/${shot.id}`, { prompt: 'fog' });
    expect(verifies(patched.body.image_url, key)).toBe(true);
    const placed = await ask<Shot>(socket, 'shot:update-assets', { shotId: shot.id, assets: [] });
    expect(verifies(placed.image_url, key)).toBe(true);

    // The list (HTTP and socket) signs the shot with media and leaves one without any as it is.
    const bare = await ask<Shot>(socket, 'shot:create', { projectId: project.id, name: 'Pier, empty' });
    const listed = await call<ShotPage>(alice, 'GET', `/api/projects/${project.id}/shots`);
    const listedOverSocket = await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id });
    for (const page of [listed.body, listedOverSocket]) {
      expect(page.shots.map((entry) => entry.id)).toEqual([shot.id, bare.id]);
      expect(verifies(page.shots[0]?.image_url ?? null, key)).toBe(true);
      expect(page.shots[1]).toMatchObject({ image_url: null, video_url: null, s3_image_key: null });
    }

    // A shot created with the project's own stored key and an expired URL: signed in the reply and the events.
    const createdEvent = waitForEvent<{ shot: Shot }>(listener, 'shot:created');
    const addedEvent = waitForEvent<{ shot: Shot }>(listener, 'timeline:shot-added');
    const copy = await ask<Shot>(socket, 'shot:create', {
      projectId: project.id,
      name: 'Pier copy',
      s3_image_key: key,
      image_url: old,
    });
    expect(verifies(copy.image_url, key)).toBe(true);
    expect(verifies((await createdEvent).shot.image_url, key)).toBe(true);
    expect(verifies((await addedEvent).shot.image_url, key)).toBe(true);
  }, 120_000);

  it('takes any scene id of 1 to 100 characters, and refuses an empty or longer one naming the field', async () => {
    const { project, socket } = await subscribed();
    const a = await ask<Shot>(socket, 'shot:create', { projectId: project.id, scene_id: 'scene-1' });
    const b = await ask<Shot>(socket, 'shot:create', { projectId: project.id });
    expect(a.scene_id).toBe('scene-1');
    const scene = (id: string, shotIds: string[]) => ({ id, name: 'Harbour', color: '#eab308', shotIds });

    const reordered = await ask<ShotOrderReply>(socket, 'shot:reorder-with-scenes', {
      projectId: project.id,
      order: [b.id, a.id],
      scenes: [scene('scene-1', [a.id]), scene('x'.repeat(100), [b.id])],
    });
    expect(reordered.scenes.map((s) => s.id)).toEqual(['scene-1', 'x'.repeat(100)]);
    const http = await call<ShotOrderReply>(alice, 'PUT', `/api/projects/${project.id}/shot-order`, {
      order: [a.id, b.id],
      scenes: [scene('scene-2', [a.id, b.id])],
    });
    expect(http.status).toBe(200);
    expect(http.body.scenes[0]?.id).toBe('scene-2');

    const saved = await ask<ProjectSaveResult>(socket, 'project:save', {
      projectId: project.id,
      saveId: randomUUID(),
      shots: [{ id: b.id, name: 'Saved', scene_id: 'scene-3' }],
      settings: { shotOrder: [a.id, b.id], scenes: [scene('scene-3', [a.id, b.id])] },
    });
    expect(saved.savedShots).toBe(1);
    expect((await ask<Shot>(socket, 'shot:getOne', { shotId: b.id })).scene_id).toBe('scene-3');
    const settings = { shotOrder: [b.id, a.id], scenes: [scene('scene-4', [b.id])] };
    const updated = await ask<Project>(socket, 'project:update', {
      projectId: project.id,
      updates: { settings: JSON.stringify(settings) },
    });
    expect(updated.settings.scenes.map((s) => s.id)).toEqual(['scene-4']);
    const moved = await ask<Shot>(socket, 'shot:update', { shotId: a.id, updates: { scene_id: 'scene-4' } });
    expect(moved.scene_id).toBe('scene-4');

    const tooLong = 'x'.repeat(101);
    for (const [id, message] of [
      [tooLong, 'A scene id is at most 100 characters'],
      ['', 'A scene id must not be empty'],
    ] as const) {
      const refusals = [
        [
          await request(socket, 'shot:reorder-with-scenes', {
            projectId: project.id,
            order: [a.id, b.id],
            scenes: [scene(id, [a.id])],
          }),
          'scenes.0.id',
        ],
        [
          await request(socket, 'project:save', {
            projectId: project.id,
            saveId: randomUUID(),
            settings: { shotOrder: [a.id, b.id], scenes: [scene(id, [a.id])] },
          }),
          'settings.scenes.0.id',
        ],
        [
          await request(socket, 'project:update', {
            projectId: project.id,
            updates: { settings: { shotOrder: [a.id], scenes: [scene(id, [a.id])] } },
          }),
          'scenes.0.id',
        ],
        [
          await request(socket, 'shot:update', { shotId: a.id, updates: { scene_id: id } }),
          'updates.scene_id',
        ],
        [await request(socket, 'shot:create', { projectId: project.id, scene_id: id }), 'scene_id'],
      ] as const;
      for (const [answer, field] of refusals) {
        const error = expectSocketError(answer, 'VALIDATION_ERROR');
        expect(error.error).toContain(field);
        expect(error.error).toContain(message);
      }
      const refusedHttp = await call<{ error: string; code: string }>(
        alice,
        'PUT',
        `/api/projects/${project.id}/shot-order`,
        { order: [a.id], scenes: [scene(id, [a.id])] },
      );
      expect(refusedHttp.status).toBe(400);
      expect(refusedHttp.body.code).toBe('VALIDATION_ERROR');
      expect(refusedHttp.body.error).toContain('scenes.0.id');
      expect(refusedHttp.body.error).toContain(message);
    }
    // Nothing refused was written.
    expect((await ask<Shot>(socket, 'shot:getOne', { shotId: a.id })).scene_id).toBe('scene-4');
    expect(
      expectSocketReply<Project>(
        await request(socket, 'project:getOne', { projectId: project.id }),
      ).settings.scenes.map((s) => s.id),
    ).toEqual(['scene-4']);
  });
});
