import { readFileSync } from 'node:fs';
import {
  type FirstPassResponse,
  type Job,
  type JobAcceptedReply,
  type JobListReply,
  type Project,
  SERVER_EVENT_SCHEMAS,
  type Shot,
} from '@reelbench/sdk/contract';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { api, newProject, request, saveScript as saveAs } from './support/factories.js';
import { until, useTestServer } from './support/harness.js';
import { ask } from './support/socket-expect.js';

/** A ten-page script, eleven scenes (test/fixtures/the-keeper.fountain). */
const SCRIPT = readFileSync(new URL('./fixtures/the-keeper.fountain', import.meta.url), 'utf8');

const OLD_LINE = "Kids. It'll be kids from the estate.";
const NEW_LINE = "Kids. It'll be the Pryce boys from the estate, same as every winter.";
const NEW_SCENE = `EXT. CHURCHYARD - DAY

Wind through the yews. A fresh grave, the turf not yet settled. A plain stone: THOMAS VOSS, KEEPER.

Mara stands at the foot of it with her hands deep in her pockets.

MARA
You could have told me, Dad. You could have told me anything.

She leaves the thermos cap on the stone, full, and walks away.

`;

/** The script's scenes: the text before the first heading, then each scene from its heading on. */
function scenesOf(script: string): { head: string; scenes: string[] } {
  const parts = script.split(/\n(?=(?:INT|EXT)\. )/);
  return { head: parts[0] as string, scenes: parts.slice(1).map((part) => `\n${part}`) };
}

/**
 * The rewrite: a line of dialogue changed in scene 3, scene 6 deleted, a scene added after scene 2,
 * and scene 5 moved before scene 4.
 */
function rewrite(script: string): string {
  const { head, scenes } = scenesOf(script);
  const [s1, s2, s3, s4, s5, , ...rest] = scenes as string[];
  expect(s3).toContain(OLD_LINE);
  const edited = (s3 as string).replace(OLD_LINE, NEW_LINE);
  return [head, s1, s2, `\n${NEW_SCENE}`, edited, s5, s4, ...rest].join('');
}

type PassReply = Omit<FirstPassResponse, 'shots' | 'scenes'> & {
  shots: (FirstPassResponse['shots'][number] & { id: string })[];
  scenes: (NonNullable<FirstPassResponse['scenes']>[number] & { id: string })[];
  kept: string[];
  changed: string[];
  added: string[];
  removed: string[];
};

interface Received {
  event: string;
  payload: Record<string, unknown>;
}

function recordEvents(socket: Socket): Received[] {
  const received: Received[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => {
    if (!(event in SERVER_EVENT_SCHEMAS)) return;
    const schema = SERVER_EVENT_SCHEMAS[event as keyof typeof SERVER_EVENT_SCHEMAS];
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new Error(`${event} does not match the contract: ${parsed.error.message}`);
    received.push({ event, payload });
  });
  return received;
}

/** What must not change about a shot an edit did not touch. */
const untouched = (shot: Shot) => ({
  id: shot.id,
  name: shot.name,
  script_text: shot.script_text,
  s3_image_key: shot.s3_image_key,
  s3_video_key: shot.s3_video_key,
  assets: shot.assets,
  scene_id: shot.scene_id,
  image_stale: shot.image_stale,
  video_stale: shot.video_stale,
});

describe.each(testDatabases())('revising the first pass on %s', (database) => {
  const { server, alice, connect } = useTestServer({ database, users: ['alice'] });

  const saveScript = (projectId: string, content: string) => saveAs(server, alice, projectId, content);

  const pass = (socket: Socket, projectId: string, options: object = {}) =>
    ask<PassReply>(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic', ...options });

  async function stored(socket: Socket, projectId: string): Promise<Shot[]> {
    return (await ask<{ shots: Shot[] }>(socket, 'shot:getAll', { projectId, limit: 2000 })).shots;
  }

  async function settings(projectId: string): Promise<Project['settings']> {
    return (await api<Project>(server, 'GET', `/api/projects/${projectId}`, { token: alice.token })).body
      .settings;
  }

  async function finished(socket: Socket, projectId: string, accepted: JobAcceptedReply): Promise<Job> {
    return until(
      'the batch',
      async () => {
        const { jobs } = await ask<JobListReply>(socket, 'jobs:list', { projectId });
        const job = jobs.find((candidate) => candidate.id === accepted.job.id);
        return job && ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      240_000,
    );
  }

  it('keeps every shot the rewrite did not touch, marks the changed line stale, adds, removes and reorders; a dry run says so first', async () => {
    const project = await newProject(server, alice, { name: 'The Keeper' });
    const projectId = project.id;
    await saveScript(projectId, SCRIPT);
    const socket = await connect(alice);
    const listener = await connect(alice);
    await ask(listener, 'project:subscribe', { projectId });
    const events = recordEvents(listener);

    // The first pass: no shot knows its source yet, so it makes them all.
    const first = await pass(socket, projectId);
    expect(first.update).toBe('replace');
    expect(first.scenes).toHaveLength(11);
    const oldScene = (n: number) => first.shots.filter((shot) => shot.sceneNumber === n).map((s) => s.id);

    // Images for every shot (the local provider), a video for the shots of scene 3, a hand-made
    // shot at the end and a renamed shot in scene 1.
    const images = await ask<JobAcceptedReply>(socket, 'shot:generate-batch', { projectId, all: true });
    expect((await finished(socket, projectId, images)).status).toBe('completed');
    const videos = await ask<JobAcceptedReply>(socket, 'shot:generate-video-batch', {
      projectId,
      shotIds: oldScene(3),
    });
    expect((await finished(socket, projectId, videos)).status).toBe('completed');
    const handMade = await ask<Shot>(socket, 'shot:create', { projectId, name: 'Pickup: gulls' });
    const renamed = oldScene(1)[2] as string;
    await ask(socket, 'shot:update', { shotId: renamed, updates: { name: 'Mara at the cut rope' } });

    const before = await stored(socket, projectId);
    const settingsBefore = await settings(projectId);
    expect(before.every((shot) => shot.id === handMade.id || shot.source?.fingerprint)).toBe(true);
    expect(before.filter((shot) => shot.s3_image_key === null).map((shot) => shot.id)).toEqual([handMade.id]);
    const byId = new Map(before.map((shot) => [shot.id, shot]));
    const lineShots = first.shots
      .filter((shot) => shot.sceneNumber === 3 && shot.script_text.includes('kids from the estate'))
      .map((shot) => shot.id);
    expect(lineShots.length).toBeGreaterThan(0);

    // The rewrite, seen first as a dry run.
    await saveScript(projectId, rewrite(SCRIPT));
    events.length = 0;
    const dry = await pass(socket, projectId, { dryRun: true });
    await ask(listener, 'jobs:list', { projectId });
    expect(dry).toMatchObject({ update: 'revise', dryRun: true });
    expect(await stored(socket, projectId)).toEqual(before);
    expect(await settings(projectId)).toEqual(settingsBefore);
    expect(events.filter((e) => e.event.startsWith('shot:') || e.event === 'project:updated')).toEqual([]);

    const revised = await pass(socket, projectId);
    expect(revised).toMatchObject({ update: 'revise', dryRun: false });
    // The events went out before the reply: a round trip on the listener's socket hears them all.
    await ask(listener, 'jobs:list', { projectId });
    // Exactly: the changed line's shots changed, the deleted scene's removed, the new scene's added.
    expect(revised.changed).toEqual(lineShots);
    expect([...revised.removed].sort()).toEqual(oldScene(6).sort());
    const newSceneShots = revised.scenes?.find((scene) => scene.heading === 'EXT. CHURCHYARD - DAY');
    expect(revised.added).toEqual(newSceneShots?.shotIndexes.map((i) => revised.shots[i]?.id));
    const touched = new Set([...lineShots, ...oldScene(6)]);
    expect([...revised.kept].sort()).toEqual(
      first.shots
        .map((s) => s.id)
        .filter((id) => !touched.has(id))
        .sort(),
    );
    // The dry run said the same (its new shots had ids of their own).
    expect([dry.kept, dry.changed, dry.removed]).toEqual([revised.kept, revised.changed, revised.removed]);
    expect(dry.added).toHaveLength(revised.added.length);

    const after = await stored(socket, projectId);
    const afterById = new Map(after.map((shot) => [shot.id, shot]));
    for (const id of revised.kept)
      expect(untouched(afterById.get(id) as Shot)).toEqual(untouched(byId.get(id) as Shot));
    expect(afterById.get(renamed)?.name).toBe('Mara at the cut rope');
    for (const id of revised.changed) {
      const shot = afterById.get(id) as Shot;
      const old = byId.get(id) as Shot;
      expect(shot).toMatchObject({
        s3_image_key: old.s3_image_key,
        s3_video_key: old.s3_video_key,
        image_stale: true,
        video_stale: true,
        stale_reason: 'script changed',
      });
      expect(shot.script_text).toContain('Pryce boys');
    }
    // Nothing else went stale (the renamed shot already was: its name is in its image's inputs).
    const staleBefore = before.filter((shot) => shot.image_stale).map((shot) => shot.id);
    expect(staleBefore).toEqual([renamed]);
    expect(
      after.filter((shot) => shot.image_stale && !revised.changed.includes(shot.id)).map((s) => s.id),
    ).toEqual(staleBefore);
    for (const id of revised.removed) expect(afterById.has(id)).toBe(false);
    for (const id of revised.added)
      expect(afterById.get(id)).toMatchObject({ s3_image_key: null, image_stale: false });

    // The timeline follows the script: scene by scene in the new order, the hand-made shot still last.
    expect(after.map((shot) => shot.id)).toEqual([...revised.shots.map((shot) => shot.id), handMade.id]);
    const headings = (await settings(projectId)).scenes.map((scene) => scene.name);
    expect(headings).toEqual(revised.scenes?.map((scene) => scene.name));
    const oldFour = first.scenes?.[3]?.id;
    const oldFive = first.scenes?.[4]?.id;
    const sceneIds = (await settings(projectId)).scenes.map((scene) => scene.id);
    expect(sceneIds.indexOf(oldFive as string)).toBe(sceneIds.indexOf(oldFour as string) - 1);
    expect(sceneIds).not.toContain(first.scenes?.[5]?.id);

    // The room heard it.
    const heard = (name: string) =>
      events
        .filter((e) => e.event === name)
        .map((e) => (e.payload.shotId ?? (e.payload.shot as Shot).id) as string);
    expect(heard('shot:deleted').sort()).toEqual([...revised.removed].sort());
    expect(heard('shot:created')).toEqual(revised.added);
    expect(heard('shot:updated')).toEqual(expect.arrayContaining(revised.changed));

    // The removed shots wait in the trash for a week, media and all.
    const trash: { shot_id: string; image: string | null; days: number }[] = await server.app
      .get(DataSource)
      .query(
        `SELECT shot_id, shot->>'s3_image_key' AS image,
                round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days
           FROM shot_trash WHERE project_id = $1`,
        [projectId],
      );
    expect(trash.map((row) => row.shot_id).sort()).toEqual([...revised.removed].sort());
    for (const row of trash) {
      expect(row.image).toBe(byId.get(row.shot_id)?.s3_image_key);
      expect(row.days).toBe(7);
    }

    // A removed shot comes back from the trash as it was (a hand-made shot now, at the end).
    const back = revised.removed[0] as string;
    const restored = await ask<Shot>(socket, 'shot:restoreRemoved', { projectId, shotId: back });
    expect(restored).toMatchObject({
      id: back,
      name: byId.get(back)?.name,
      s3_image_key: byId.get(back)?.s3_image_key,
      source: null,
    });
    await expect(
      request(socket, 'shot:restoreRemoved', { projectId, shotId: back }).then((a) => a.event),
    ).resolves.toBe('shot:error');
    const withBack = await stored(socket, projectId);
    expect(withBack.map((shot) => shot.id)).toEqual([
      ...revised.shots.map((shot) => shot.id),
      handMade.id,
      back,
    ]);
    after.push(withBack.at(-1) as Shot);

    // A second revise with no script change changes nothing (the restored shot stays).
    events.length = 0;
    const settingsAfter = await settings(projectId);
    const again = await pass(socket, projectId);
    await ask(listener, 'jobs:list', { projectId });
    expect(again.kept).toHaveLength(revised.shots.length);
    expect([again.changed, again.added, again.removed]).toEqual([[], [], []]);
    expect(await stored(socket, projectId)).toEqual(after);
    expect(await settings(projectId)).toEqual(settingsAfter);
    expect(events.filter((e) => e.event.startsWith('shot:') || e.event === 'project:updated')).toEqual([]);
  }, 600_000);

  it('replaces on request, and with no sourced shots, as before', async () => {
    const project = await newProject(server, alice);
    await saveScript(project.id, SCRIPT);
    const socket = await connect(alice);
    const first = await pass(socket, project.id);
    const replaced = await pass(socket, project.id, { update: 'replace' });
    expect(replaced).toMatchObject({ update: 'replace', kept: [], changed: [] });
    expect(replaced.removed).toEqual(first.shots.map((shot) => shot.id));
    expect(replaced.added).toEqual(replaced.shots.map((shot) => shot.id));
    const revised = await pass(socket, project.id);
    expect(revised.kept).toEqual(replaced.shots.map((shot) => shot.id));
  }, 120_000);
});
