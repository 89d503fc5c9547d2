import type {
  Shot,
  ShotGenerationReply,
  ShotPage,
  StyleChangeReply,
  StylePackage,
} from '@reelbench/sdk/contract';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases.js';
import { newProject, request } from './support/factories.js';
import { download, UNKNOWN_ID, useTestServer } from './support/harness.js';
import { ask, expectSocketError } from './support/socket-expect.js';

const GREY = { saturation: 0, tint: [1, 1, 1], contrast: [1, 1, 1], lift: [0, 0, 0], vignette: 0 } as const;

describe.each(testDatabases())('style packages on %s', (database) => {
  const { server, alice, bob, connect } = useTestServer({ database, users: ['alice', 'bob'] });

  /** How far the frame's pixels are from grey, on average (0 for a grey image). */
  async function colourfulness(url: string): Promise<number> {
    const { data, info } = await sharp(await download(server, url))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let sum = 0;
    for (let i = 0; i < data.length; i += 3) {
      const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
      sum += Math.max(r, g, b) - Math.min(r, g, b);
    }
    return sum / (info.width * info.height);
  }

  async function shotsOf(socket: Socket, projectId: string): Promise<Map<string, Shot>> {
    const page = await ask<ShotPage>(socket, 'shot:getAll', { projectId });
    return new Map(page.shots.map((shot) => [shot.id, shot]));
  }

  it('lists the four built-ins read-only and the project’s own; create, duplicate, update, delete', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const listed = await ask<StylePackage[]>(socket, 'style:list', { projectId: project.id });
    expect(listed.map((entry) => [entry.id, entry.builtIn])).toEqual([
      ['gritty-filmic', true],
      ['stylized-sci-fi', true],
      ['documentary', true],
      ['warm-commercial', true],
    ]);
    expect(listed[0]?.look).toBe('Gritty, filmic, natural light');

    const copy = await ask<StylePackage>(socket, 'style:duplicate', {
      projectId: project.id,
      styleId: 'documentary',
    });
    expect(copy).toMatchObject({ name: 'Documentary copy', builtIn: false, basedOn: 'documentary' });
    expect(copy.grade).toEqual(listed[2]?.grade);
    const own = await ask<StylePackage>(socket, 'style:create', {
      projectId: project.id,
      name: 'Harbour noir',
      look: 'hard shadows, wet streets',
      grade: GREY,
    });
    expect(own.grade).toEqual(GREY);
    expect(
      (await ask<StylePackage[]>(socket, 'style:list', { projectId: project.id })).map((e) => e.name),
    ).toEqual([
      'Gritty filmic',
      'Stylized sci-fi',
      'Documentary',
      'Warm commercial',
      'Documentary copy',
      'Harbour noir',
    ]);
    const renamed = await ask<StyleChangeReply>(socket, 'style:update', {
      projectId: project.id,
      styleId: own.id,
      updates: { name: 'Noir' },
    });
    expect(renamed.package.name).toBe('Noir');
    expect(renamed.staleShotIds).toEqual([]);
    expect(await ask(socket, 'style:get', { projectId: project.id, styleId: own.id })).toMatchObject({
      name: 'Noir',
    });

    expectSocketError(
      await request(socket, 'style:update', {
        projectId: project.id,
        styleId: 'documentary',
        updates: { name: 'x' },
      }),
      'VALIDATION_ERROR',
      'Built-in style packages are read-only: duplicate one to make your own',
    );
    expectSocketError(
      await request(socket, 'style:delete', { projectId: project.id, styleId: 'gritty-filmic' }),
      'VALIDATION_ERROR',
    );
    expectSocketError(
      await request(socket, 'style:get', { projectId: project.id, styleId: UNKNOWN_ID }),
      'NOT_FOUND_ERROR',
      'Style package not found',
    );
    expectSocketError(
      await request(socket, 'style:update', {
        projectId: project.id,
        styleId: own.id,
        updates: { grade: { ...GREY, saturation: 9 } },
      }),
      'VALIDATION_ERROR',
    );
    await ask(socket, 'style:delete', { projectId: project.id, styleId: copy.id });
    expect(await ask<StylePackage[]>(socket, 'style:list', { projectId: project.id })).toHaveLength(5);
  });

  it('checks reference images belong to the project, and the owner', async () => {
    const project = await newProject(server, alice);
    const other = await newProject(server, alice);
    const socket = await connect(alice);
    const key = `projects/${project.id}/files/look.png`;
    const created = await ask<StylePackage>(socket, 'style:create', {
      projectId: project.id,
      name: 'With reference',
      referenceImageKeys: [key],
    });
    expect(created.referenceImages.map((image) => image.key)).toEqual([key]);
    expectSocketError(
      await request(socket, 'style:create', {
        projectId: project.id,
        name: 'Borrowed',
        referenceImageKeys: [`projects/${other.id}/files/look.png`],
      }),
      'VALIDATION_ERROR',
      'referenceImageKeys.0: The storage key does not belong to this project',
    );
    expectSocketError(
      await request(socket, 'style:update', {
        projectId: project.id,
        styleId: created.id,
        updates: { referenceImageKeys: ['../../etc/passwd'] },
      }),
      'VALIDATION_ERROR',
    );
    // Another project's package is not this one's, and shots reference only their project's.
    expectSocketError(
      await request(socket, 'style:get', { projectId: other.id, styleId: created.id }),
      'NOT_FOUND_ERROR',
    );
    expectSocketError(
      await request(socket, 'shot:create', { projectId: other.id, name: 'x', style_package_id: created.id }),
      'NOT_FOUND_ERROR',
      'Style package not found',
    );
    const bobs = await connect(bob);
    for (const [event, payload] of [
      ['style:list', { projectId: project.id }],
      ['style:get', { projectId: project.id, styleId: created.id }],
      ['style:update', { projectId: project.id, styleId: created.id, updates: { name: 'Mine' } }],
      ['style:delete', { projectId: project.id, styleId: created.id }],
      ['style:duplicate', { projectId: project.id, styleId: created.id }],
    ] as const) {
      expectSocketError(await request(bobs, event, payload), 'NOT_FOUND_ERROR', 'Project not found');
    }
    expect(await ask(socket, 'style:get', { projectId: project.id, styleId: created.id })).toMatchObject({
      name: 'With reference',
    });
  });

  it('a package’s grade reaches the renderer, and changing it makes exactly the shots using it stale', async () => {
    const project = await newProject(server, alice);
    const socket = await connect(alice);
    const projectId = project.id;
    const noir = await ask<StylePackage>(socket, 'style:create', { projectId, name: 'Noir', grade: GREY });
    const warm = await ask<StylePackage>(socket, 'style:duplicate', {
      projectId,
      styleId: 'warm-commercial',
    });
    const shots: Shot[] = [];
    for (const style of [noir.id, noir.id, warm.id, 'documentary', null]) {
      shots.push(
        await ask<Shot>(socket, 'shot:create', {
          projectId,
          name: `Shot ${shots.length + 1}`,
          action: 'Mara waits by the window.',
          style_package_id: style,
        }),
      );
    }
    for (const shot of shots)
      await ask<ShotGenerationReply>(socket, 'shot:generate', { projectId, shotId: shot.id });
    let current = await shotsOf(socket, projectId);
    for (const shot of current.values()) expect(shot.image_stale, shot.name).toBe(false);
    // The grey package rendered grey; the built-in documentary grade did not.
    expect(await colourfulness(current.get(shots[0]?.id as string)?.image_url as string)).toBeLessThan(2);
    expect(await colourfulness(current.get(shots[3]?.id as string)?.image_url as string)).toBeGreaterThan(10);

    const changed = await ask<StyleChangeReply>(socket, 'style:update', {
      projectId,
      styleId: noir.id,
      updates: { grade: { ...GREY, saturation: 0.5 } },
    });
    const usingNoir = [shots[0]?.id, shots[1]?.id];
    expect(changed.staleShotIds.sort()).toEqual([...usingNoir].sort());
    expect(changed.package.shotCount).toBe(2);
    current = await shotsOf(socket, projectId);
    expect(
      [...current.values()]
        .filter((shot) => shot.image_stale)
        .map((shot) => shot.id)
        .sort(),
    ).toEqual([...usingNoir].sort());
    // The batch of stale shots re-renders exactly those.
    const stale = await ask<{ job: { shotIds: string[] } }>(socket, 'shot:generate-batch', {
      projectId,
      staleOnly: true,
    });
    expect([...stale.job.shotIds].sort()).toEqual([...usingNoir].sort());

    // A change of words only (what remote prompts say) is a change too; deleting falls back to the default.
    await ask(socket, 'shot:generate', { projectId, shotId: shots[2]?.id });
    const reworded = await ask<StyleChangeReply>(socket, 'style:update', {
      projectId,
      styleId: warm.id,
      updates: { look: 'golden hour, soft flare' },
    });
    expect(reworded.staleShotIds).toEqual([shots[2]?.id]);
    await ask(socket, 'shot:generate', { projectId, shotId: shots[2]?.id });
    const deleted = await ask<{ staleShotIds: string[] }>(socket, 'style:delete', {
      projectId,
      styleId: warm.id,
    });
    expect(deleted.staleShotIds).toEqual([shots[2]?.id]);
    current = await shotsOf(socket, projectId);
    expect(current.get(shots[2]?.id as string)?.style_package_id).toBeNull();
    expect(current.get(shots[3]?.id as string)?.image_stale).toBe(false);
  });
});
