import {
  type Asset,
  type Cast,
  type CreateCastReply,
  type FirstPassResponse,
  type Shot,
  type ShotGenerationReply,
  type ShotPage,
} from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../sdk/test/screenplay/screenplay-fixtures.js';
import { CAST_SCRIPT, figuresOver, renderedWithoutFigures } from './support/cast-fixtures.js';
import { testDatabases } from './support/databases.js';
import { api, newProject, request } from './support/factories.js';
import { download, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

describe.each(testDatabases())('the cast from the script on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  async function scriptedProject(): Promise<string> {
    const project = await newProject(server, alice);
    const saved = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: CAST_SCRIPT },
    });
    expect(saved.status).toBe(200);
    return project.id;
  }

  it('creates exactly the script’s characters and locations once, described from the script, and places them', async () => {
    const projectId = await scriptedProject();
    const socket = await connect(alice);
    await ask<FirstPassResponse>(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic' });

    const before = await ask<Cast>(socket, 'project:cast', { projectId });
    expect(before.members.map((member) => [member.type, member.name])).toEqual([
      ['character', 'Mara'],
      ['character', 'Eli'],
      ['character', 'Odile'],
      ['location', 'Lighthouse'],
      ['location', 'Harbor Market'],
      ['location', 'Diner'],
      ['location', 'Pier'],
    ]);
    expect(before.missing).toBe(7);

    const first = await ask<CreateCastReply>(socket, 'project:create-cast', { projectId });
    expect(first.created).toHaveLength(7);
    expect(first.cast.missing).toBe(0);
    expect(first.job).toBeNull();
    const byName = new Map(first.created.map((asset) => [asset.name, asset]));
    // Her own introduction: the sentence that brings her on, not the paragraph (issue 25).
    expect(byName.get('Mara')?.description).toBe('Mara climbs the spiral stairs with a lantern.');
    expect(byName.get('Odile')?.description).toBe('Odile wipes the counter and watches the door.');
    expect(byName.get('Diner')?.description).toBe('Scene headings: INT. DINER - NIGHT');
    expect(byName.get('Pier')?.type).toBe('location');
    expect(first.placedShotIds.length).toBeGreaterThan(0);

    const second = await ask<CreateCastReply>(socket, 'project:create-cast', { projectId });
    expect(second.created).toEqual([]);
    expect(second.placedShotIds).toEqual([]);
    const assets = await ask<Asset[]>(socket, 'unified-asset:getByProject', { projectId });
    expect(assets.map((asset) => `${asset.type}:${asset.name}`).sort()).toEqual(
      [
        'character:Eli',
        'character:Mara',
        'character:Odile',
        'location:Diner',
        'location:Harbor Market',
        'location:Lighthouse',
        'location:Pier',
      ].sort(),
    );

    // Every shot of a scene has its location as the backdrop; characters laid out by framing.
    const { shots } = await ask<ShotPage>(socket, 'shot:getAll', { projectId });
    const locationOf = new Map(
      ['Lighthouse', 'Harbor Market', 'Diner', 'Pier'].map((name, s) => [s + 1, byName.get(name)?.id]),
    );
    const characters = new Set(['Mara', 'Eli', 'Odile'].map((name) => byName.get(name)?.id));
    for (const shot of shots) {
      const scene = Number(shot.name.split('.')[0]);
      const ids = shot.assets.map((placement) => placement.assetId);
      expect(ids[0], shot.name).toBe(locationOf.get(scene));
      const people = ids.filter((id) => characters.has(id));
      if (shot.framing === 'two-shot') expect(people, shot.name).toHaveLength(2);
      if (shot.framing === 'close') expect(people, shot.name).toHaveLength(1);
    }
    expect(shots.some((shot) => shot.framing === 'two-shot')).toBe(true);
  });

  it('places the far end of an intercut (a phone call) in its own location, not the scene’s', async () => {
    const project = await newProject(server, alice);
    const saved = await api(server, 'PUT', `/api/script/${project.id}`, {
      token: alice.token,
      body: { content: readFixture('director/phone-call.fountain') },
    });
    expect(saved.status).toBe(200);
    const socket = await connect(alice);
    await ask<FirstPassResponse>(socket, 'script:generateShotsFromScript', {
      projectId: project.id,
      mode: 'cinematic',
    });
    const cast = await ask<CreateCastReply>(socket, 'project:create-cast', { projectId: project.id });
    const id = (name: string) => cast.created.find((asset) => asset.name === name)?.id;
    const { shots } = await ask<ShotPage>(socket, 'shot:getAll', { projectId: project.id });
    const ellen = shots.find((shot) => shot.script_text?.includes('The last boat'));
    const danny = shots.find((shot) => shot.script_text?.includes('Where are you?'));
    expect(ellen?.name).toBe('2.4 Medium – ELLEN speaking (intercut with DANNY)');
    // Ellen, at the terminal, over the terminal; Danny, in the kitchen, over the house; never both.
    expect(ellen?.assets.map((placement) => placement.assetId)).toEqual([id('Ferry Terminal'), id('Ellen')]);
    expect(danny?.assets.map((placement) => placement.assetId)).toEqual([id('Park House'), id('Danny')]);
  });

  it('re-running the first pass to replace it keeps the placements of the assets that still apply', async () => {
    const projectId = await scriptedProject();
    const socket = await connect(alice);
    await ask(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic' });
    await ask<CreateCastReply>(socket, 'project:create-cast', { projectId });
    const { shots } = await ask<ShotPage>(socket, 'shot:getAll', { projectId });
    const moved = shots.find((shot) => shot.framing === 'two-shot') as Shot;
    const person = moved.assets[1]?.assetId as string;
    await ask(socket, 'shot:update-asset', {
      shotId: moved.id,
      assetId: person,
      updates: { position: { x: 0.2, y: 0.7 }, scale: 1.4 },
    });

    await ask(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic', update: 'replace' });
    const again = (await ask<ShotPage>(socket, 'shot:getAll', { projectId })).shots;
    const same = again.find((shot) => shot.script_text === moved.script_text && shot.framing === 'two-shot');
    expect(same?.id).not.toBe(moved.id);
    expect(same?.assets.find((placement) => placement.assetId === person)).toMatchObject({
      position: { x: 0.2, y: 0.7 },
      scale: 1.4,
    });
    expect(same?.assets).toHaveLength(3);
  });

  it('with generate: one job makes every default image; frames show two figures in a two-shot and one in a close-up over the shared backdrop', async () => {
    const projectId = await scriptedProject();
    const socket = await connect(alice);
    await ask(socket, 'script:generateShotsFromScript', { projectId, mode: 'cinematic' });
    await ask(socket, 'project:subscribe', { projectId });
    const progress: { jobId: string; progress: number }[] = [];
    socket.on('job:progress', (event: { jobId: string; progress: number }) => progress.push(event));
    const cast = await ask<CreateCastReply>(socket, 'project:create-cast', { projectId, generate: true });
    expect(cast.job?.status).toBe('completed');
    expect(cast.job?.type).toBe('project:create-cast');
    // One job for all seven images, its progress reported after each.
    const mine = progress.filter((event) => event.jobId === cast.job?.id).map((event) => event.progress);
    expect(mine.length).toBeGreaterThanOrEqual(7);
    expect(mine.at(-1)).toBe(100);
    const assets = await ask<Asset[]>(socket, 'unified-asset:getByProject', { projectId });
    for (const asset of assets)
      expect(asset.images[asset.config.defaultImageKey]?.url, asset.name).toBeTruthy();

    // The diner again, covered in singles: the first pass places the cast it now has by framing.
    await ask(socket, 'script:generateCinematicShots', {
      projectId,
      sceneNumbers: [3],
      styleGuide: { template: 'single-close' },
    });
    const { shots } = await ask<ShotPage>(socket, 'shot:getAll', { projectId });
    const twoShot = shots.find((shot) => shot.name.startsWith('1.') && shot.framing === 'two-shot') as Shot;
    const closeUp = shots.find((shot) => shot.name.startsWith('3.') && shot.framing === 'close') as Shot;
    expect(twoShot).toBeDefined();
    expect(closeUp).toBeDefined();

    for (const [shot, figures] of [
      [twoShot, 2],
      [closeUp, 1],
    ] as const) {
      const done = await ask<ShotGenerationReply>(socket, 'shot:generate', { projectId, shotId: shot.id });
      const frame = await download(server, done.shot.image_url as string);
      const location = assets.find((asset) => asset.id === shot.assets[0]?.assetId) as Asset;
      const backdrop = await download(
        server,
        location.images[location.config.defaultImageKey]?.url as string,
      );
      expect(await figuresOver(frame, await renderedWithoutFigures(shot, backdrop)), shot.name).toBe(figures);
    }
  });

  it('is the owner’s only', async () => {
    const projectId = await scriptedProject();
    const socket = await connect(bob);
    expectSocketError(await request(socket, 'project:create-cast', { projectId }), 'NOT_FOUND_ERROR');
    expectSocketError(await request(socket, 'project:cast', { projectId }), 'NOT_FOUND_ERROR');
    expectSocketError(
      await request(await connect(alice), 'project:create-cast', { projectId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Project not found',
    );
  });
});
