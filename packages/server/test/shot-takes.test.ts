import {
  MAX_SHOT_TAKES,
  type Project,
  type Shot,
  type ShotGenerationReply,
  type ShotTakes,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { newProject, request } from './support/factories.js';
import { UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

describe.each(testDatabases())('shot takes on %s', (database) => {
  const harness = useTestServer({ database, users: ['alice', 'bob'] });
  const { server, alice, bob } = harness;

  async function shotIn(socket: Socket): Promise<{ project: Project; shot: Shot }> {
    const project = await newProject(server, alice, { name: 'Takes' });
    await ask(socket, 'project:subscribe', { projectId: project.id });
    const shot = await ask<Shot>(socket, 'shot:create', {
      projectId: project.id,
      name: 'Diner',
      action: 'Mara waits by the window',
      duration: 1,
      framing: 'wide',
    });
    return { project, shot };
  }

  const generate = (socket: Socket, project: Project, shot: Shot) =>
    ask<ShotGenerationReply>(socket, 'shot:generate', { projectId: project.id, shotId: shot.id });

  const status = async (url: string | null) => (await fetch(new URL(url as string, server.url))).status;

  it('a generation keeps the media it replaces as a take; restoring one brings back its image and staleness', async () => {
    const socket = await harness.connect(alice);
    const { project, shot } = await shotIn(socket);
    const first = await generate(socket, project, shot);
    expect((await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id })).takes).toEqual([]);

    await ask(socket, 'shot:update', { shotId: shot.id, updates: { action: 'Mara leaves the diner' } });
    const second = await generate(socket, project, shot);
    expect(second.shot.s3_image_key).not.toBe(first.shot.s3_image_key);
    expect(second.shot.image_stale).toBe(false);

    const listed = await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id });
    expect(listed.shotId).toBe(shot.id);
    expect(listed.takes).toHaveLength(1);
    const [take] = listed.takes;
    expect(take).toMatchObject({
      shotId: shot.id,
      kind: 'image',
      generation: 'shot:generate',
      replacedBy: 'shot:generate',
      s3_image_key: first.shot.s3_image_key,
      video_url: null,
    });
    // The take's own image is still stored, under a freshly signed URL.
    expect(take?.image_url).toMatch(/^\/api\/files\/raw\//);
    expect(await status(take?.image_url ?? null)).toBe(200);

    const updates: Shot[] = [];
    socket.on('shot:updated', ({ shot: updated }: { shot: Shot }) => updates.push(updated));
    const restored = await ask<ShotTakes & { shot: Shot }>(socket, 'shot:useTake', {
      shotId: shot.id,
      takeId: take?.id,
    });
    expect(restored.shot.s3_image_key).toBe(first.shot.s3_image_key);
    expect(restored.shot.generation_status).toBe('completed');
    // Made before the action changed: the restored image is stale again.
    expect(restored.shot.image_stale).toBe(true);
    expect(await status(restored.shot.image_url)).toBe(200);
    // Nothing is lost: the image it had is now the newest take.
    expect(restored.takes).toHaveLength(1);
    expect(restored.takes[0]).toMatchObject({
      kind: 'image',
      generation: 'shot:generate',
      replacedBy: 'shot:useTake',
      s3_image_key: second.shot.s3_image_key,
    });
    await expect.poll(() => updates.at(-1)?.s3_image_key).toBe(first.shot.s3_image_key);
    const read = await ask<Shot>(socket, 'shot:getOne', { shotId: shot.id });
    expect(read.s3_image_key).toBe(first.shot.s3_image_key);
    expect(read.image_stale).toBe(true);

    // Restoring the other one back: the second image, fresh again.
    const back = await ask<ShotTakes & { shot: Shot }>(socket, 'shot:useTake', {
      shotId: shot.id,
      takeId: restored.takes[0]?.id,
    });
    expect(back.shot.s3_image_key).toBe(second.shot.s3_image_key);
    expect(back.shot.image_stale).toBe(false);
    expect(back.takes.map((t) => t.s3_image_key)).toEqual([first.shot.s3_image_key]);
  }, 60_000);

  it('videos and edits keep takes too, each naming the generation that made it', async () => {
    const socket = await harness.connect(alice);
    const { project, shot } = await shotIn(socket);
    await generate(socket, project, shot);
    const video = await ask<ShotGenerationReply>(socket, 'shot:generate-video', {
      projectId: project.id,
      shotId: shot.id,
    });
    // A first video replaces no video: nothing to keep.
    expect((await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id })).takes).toEqual([]);
    const edited = await ask<ShotGenerationReply>(socket, 'shot:edit', {
      projectId: project.id,
      shotId: shot.id,
      instruction: 'brighter',
    });
    const { takes } = await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id });
    expect(takes).toHaveLength(1);
    expect(takes[0]).toMatchObject({
      kind: 'image',
      generation: 'shot:generate',
      replacedBy: 'shot:edit',
      s3_image_key: video.shot.s3_image_key,
      s3_video_key: video.shot.s3_video_key,
    });
    expect(edited.shot.s3_video_key).toBe(video.shot.s3_video_key);
    await ask(socket, 'shot:update', { shotId: shot.id, updates: { duration: 1.5 } });
    const again = await ask<ShotGenerationReply>(socket, 'shot:generate-video', {
      projectId: project.id,
      shotId: shot.id,
    });
    const after = await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id });
    expect(after.takes.map((t) => [t.kind, t.generation, t.replacedBy])).toEqual([
      ['video', 'shot:generate-video', 'shot:generate-video'],
      ['image', 'shot:generate', 'shot:edit'],
    ]);
    expect(after.takes[0]?.s3_video_key).toBe(video.shot.s3_video_key);
    expect(await status(after.takes[0]?.video_url ?? null)).toBe(200);
    // Restoring the earlier video brings back its fingerprint: made at the old duration, it is stale.
    expect(again.shot.video_stale).toBe(false);
    const restored = await ask<ShotTakes & { shot: Shot }>(socket, 'shot:useTake', {
      shotId: shot.id,
      takeId: after.takes[0]?.id,
    });
    expect(restored.shot.s3_video_key).toBe(video.shot.s3_video_key);
    expect(restored.shot.video_stale).toBe(true);
    expect(restored.takes[0]).toMatchObject({ kind: 'video', s3_video_key: again.shot.s3_video_key });
  }, 90_000);

  it(`keeps at most ${MAX_SHOT_TAKES} takes, deleting a dropped take's media unless still referenced`, async () => {
    const socket = await harness.connect(alice);
    const { project, shot } = await shotIn(socket);
    const first = await generate(socket, project, shot);
    await ask(socket, 'shot:update', { shotId: shot.id, updates: { action: 'Mara turns' } });
    const second = await generate(socket, project, shot);
    const [kept] = (await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id })).takes;
    const firstUrl = kept?.image_url ?? null;
    expect(await status(firstUrl)).toBe(200);
    // Nine older takes with media of their own under the shot's folder (never stored), the first image oldest.
    const stored = await server.query<{ metadata: { takes: Record<string, unknown>[] } }>(
      'SELECT metadata FROM shots WHERE id = $1',
      [shot.id],
    );
    const real = stored[0]?.metadata.takes[0] as Record<string, unknown>;
    const fillers = Array.from({ length: MAX_SHOT_TAKES - 1 }, (_, i) => ({
      ...real,
      id: crypto.randomUUID(),
      s3ImageKey: `${(first.shot.s3_image_key as string).replace(/[^/]+$/, '')}filler-${i}.png`,
    }));
    await server.query(
      `UPDATE shots SET metadata = jsonb_set(metadata, '{takes}', $2::jsonb) WHERE id = $1`,
      [shot.id, JSON.stringify([...fillers, real])],
    );
    await ask(socket, 'shot:update', { shotId: shot.id, updates: { action: 'Mara runs' } });
    await generate(socket, project, shot);
    const capped = await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id });
    expect(capped.takes).toHaveLength(MAX_SHOT_TAKES);
    expect(capped.takes[0]?.s3_image_key).toBe(second.shot.s3_image_key);
    expect(capped.takes.map((t) => t.s3_image_key)).not.toContain(first.shot.s3_image_key);
    // The oldest take held the first image, which nothing else used: it is gone from storage.
    await expect.poll(() => status(firstUrl)).toBe(404);

    // Now the oldest take shares its image with the newest one: dropping it keeps the file.
    const now = await server.query<{ metadata: { takes: Record<string, unknown>[] } }>(
      'SELECT metadata FROM shots WHERE id = $1',
      [shot.id],
    );
    const takes = now[0]?.metadata.takes ?? [];
    const shared = { ...takes[takes.length - 1], s3ImageKey: second.shot.s3_image_key };
    await server.query(
      `UPDATE shots SET metadata = jsonb_set(metadata, '{takes}', $2::jsonb) WHERE id = $1`,
      [shot.id, JSON.stringify([...takes.slice(0, -1), shared])],
    );
    await ask(socket, 'shot:update', { shotId: shot.id, updates: { action: 'Mara stops' } });
    await generate(socket, project, shot);
    const last = await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id });
    expect(last.takes).toHaveLength(MAX_SHOT_TAKES);
    const secondTake = last.takes.find((t) => t.s3_image_key === second.shot.s3_image_key);
    expect(await status(secondTake?.image_url ?? null)).toBe(200);
  }, 90_000);

  it("takes are the owner's: another user, an unknown shot or take, or a bad id is refused", async () => {
    const socket = await harness.connect(alice);
    const { project, shot } = await shotIn(socket);
    await generate(socket, project, shot);
    await ask(socket, 'shot:update', { shotId: shot.id, updates: { action: 'Mara sits' } });
    await generate(socket, project, shot);
    const [take] = (await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id })).takes;

    const other = await harness.connect(bob);
    expectSocketError(
      await request(other, 'shot:getTakes', { shotId: shot.id }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
    expectSocketError(
      await request(other, 'shot:useTake', { shotId: shot.id, takeId: take?.id }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
    expectSocketError(
      await request(socket, 'shot:useTake', { shotId: shot.id, takeId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Take not found',
    );
    expectSocketError(
      await request(socket, 'shot:getTakes', { shotId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Shot not found',
    );
    expectSocketError(
      await request(socket, 'shot:useTake', { shotId: shot.id, takeId: 'take-1' }),
      'VALIDATION_ERROR',
    );
    // A take of another of Alice's shots is not this shot's.
    const { shot: second } = await shotIn(socket);
    expectSocketError(
      await request(socket, 'shot:useTake', { shotId: second.id, takeId: take?.id }),
      'NOT_FOUND_ERROR',
      'Take not found',
    );
    const unchanged = await ask<ShotTakes>(socket, 'shot:getTakes', { shotId: shot.id });
    expect(unchanged.takes.map((t) => t.id)).toEqual([take?.id]);
  }, 60_000);
});
