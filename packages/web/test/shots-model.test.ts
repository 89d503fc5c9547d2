import { describe, expect, it, vi } from 'vitest';
import { fetchAllShots } from '../src/shots/fetch-shots.js';
import {
  buildBoard,
  cardText,
  deriveShotStatus,
  GENERATION_FAILED_MESSAGE,
  layoutStarts,
  moveInOrder,
  orderShots,
  slateText,
  toUpsert,
  UNASSIGNED_SCENE_ID,
  withCopies,
  withOrder,
  withoutShots,
} from '../src/shots/model.js';
import { id, makeScene, makeShot } from './shots-fixtures.js';

describe('start times', () => {
  it('lays shots back to back by duration from 0', () => {
    const shots = [3, 4.5, 2, 5].map((duration, i) => makeShot({ id: id(), duration, start_time: 100 + i }));
    expect(layoutStarts(shots)).toEqual([0, 3, 7.5, 9.5]);
    const board = buildBoard(shots);
    expect(board.shots.map((entry) => entry.start)).toEqual([0, 3, 7.5, 9.5]);
    expect(board.totalDuration).toBe(14.5);
  });

  it('keeps each stored start time with preserve-timing', () => {
    const shots = [makeShot({ id: id(), start_time: 2 }), makeShot({ id: id(), start_time: 40 })];
    expect(layoutStarts(shots, true)).toEqual([2, 40]);
  });

  it('follows the project order, then lists shots the order does not name', () => {
    const [a, b, c] = [
      makeShot({ id: id(), duration: 1 }),
      makeShot({ id: id(), duration: 2 }),
      makeShot({ id: id(), duration: 3 }),
    ];
    const ordered = orderShots([a, b, c], [c.id, a.id, 'gone']);
    expect(ordered.map((shot) => shot.id)).toEqual([c.id, a.id, b.id]);
    expect(buildBoard([a, b, c], { shotOrder: [c.id, a.id] }).shots.map((entry) => entry.start)).toEqual([
      0, 3, 4,
    ]);
  });
});

describe('grouping by scene', () => {
  const shots = Array.from({ length: 6 }, () => makeShot({ id: id() }));
  const ids = shots.map((shot) => shot.id);
  const kitchen = makeScene(1, 'INT. KITCHEN', [ids[0], ids[1]] as string[], '#ef4444');
  const street = makeScene(2, 'EXT. STREET', [ids[2], ids[3]] as string[], '#22c55e');

  it('groups consecutive shots of a scene, with name, count and duration, and the rest as Unassigned', () => {
    const board = buildBoard(shots, { scenes: [kitchen, street], shotOrder: ids });
    expect(board.groups.map((g) => [g.name, g.count, g.duration, g.color, g.sceneNumber])).toEqual([
      ['INT. KITCHEN', 2, 10, '#ef4444', 1],
      ['EXT. STREET', 2, 10, '#22c55e', 2],
      ['Unassigned', 2, 10, null, null],
    ]);
    expect(board.byId.get(ids[5] as string)?.sceneId).toBe(UNASSIGNED_SCENE_ID);
  });

  it('uses a shot’s scene_id when no scene lists it', () => {
    const loose = makeShot({ id: id(), scene_id: street.id });
    const board = buildBoard([...shots.slice(0, 4), loose], { scenes: [kitchen, street] });
    expect(board.groups.map((g) => [g.name, g.count])).toEqual([
      ['INT. KITCHEN', 2],
      ['EXT. STREET', 3],
    ]);
  });

  it('shows a scene split by the order as two runs, like the timeline’s scene band', () => {
    const order = [ids[0], ids[2], ids[1]] as string[];
    const board = buildBoard(shots.slice(0, 3), { scenes: [kitchen, street], shotOrder: order });
    expect(board.groups.map((g) => [g.name, g.first, g.count])).toEqual([
      ['INT. KITCHEN', 0, 1],
      ['EXT. STREET', 1, 1],
      ['INT. KITCHEN', 2, 1],
    ]);
    expect(new Set(board.groups.map((g) => g.key)).size).toBe(3);
  });
});

describe('status derivation', () => {
  const base = makeShot({ id: id() });

  it('is pending by default', () => {
    expect(deriveShotStatus(base)).toEqual({ status: 'pending' });
  });

  it('is completed whenever an image url exists, whatever the stored status', () => {
    expect(deriveShotStatus({ ...base, image_url: '/x.png', generation_status: 'pending' })).toEqual({
      status: 'completed',
    });
    expect(deriveShotStatus({ ...base, image_url: '/x.png', generation_status: 'failed' }).status).toBe(
      'completed',
    );
  });

  it('is stale only when the server says the image is out of date', () => {
    expect(deriveShotStatus({ ...base, image_url: '/x.png', image_stale: true }).status).toBe('stale');
    expect(deriveShotStatus({ ...base, image_url: '/x.png', image_stale: false }).status).toBe('completed');
    expect(deriveShotStatus({ ...base, image_stale: true }).status).toBe('pending');
  });

  it('is processing with the live percentage, even over an older image', () => {
    const live = { status: 'processing' as const, progress: 42.4 };
    expect(deriveShotStatus({ ...base, image_url: '/old.png' }, live)).toEqual({
      status: 'processing',
      progress: 42,
    });
    expect(deriveShotStatus({ ...base, generation_status: 'processing' })).toEqual({ status: 'processing' });
    expect(deriveShotStatus(base, { status: 'queued', progress: 0 })).toEqual({
      status: 'processing',
      progress: 0,
    });
  });

  it('is failed with the error message', () => {
    expect(deriveShotStatus(base, { status: 'failed', progress: 0, message: 'Provider timed out' })).toEqual({
      status: 'failed',
      error: 'Provider timed out',
    });
    expect(deriveShotStatus({ ...base, generation_status: 'failed' })).toEqual({
      status: 'failed',
      error: GENERATION_FAILED_MESSAGE,
    });
    // After a reload the live message is gone; the reason the server kept says why.
    const stored = {
      ...base,
      generation_status: 'failed',
      generation_error: 'The shot image is too large',
    } as const;
    expect(deriveShotStatus(stored)).toEqual({ status: 'failed', error: 'The shot image is too large' });
  });
});

describe('order edits', () => {
  const [a, b, c, d] = [id(), id(), id(), id()] as [string, string, string, string];
  const one = makeScene(1, 'One', [a, b]);
  const two = makeScene(2, 'Two', [c, d]);

  it('removes deleted shots from the order and their scenes', () => {
    expect(withoutShots({ shotOrder: [a, b, c, d], scenes: [one, two] }, [b, c])).toEqual({
      shotOrder: [a, d],
      scenes: [
        { ...one, shotIds: [a] },
        { ...two, shotIds: [d] },
      ],
    });
  });

  it('puts a copy right after its original, in its scene', () => {
    const next = withCopies({ shotOrder: [a, b, c, d], scenes: [one, two] }, [{ sourceId: b, id: 'copy' }]);
    expect(next.shotOrder).toEqual([a, b, 'copy', c, d]);
    expect(next.scenes[0]?.shotIds).toEqual([a, b, 'copy']);
  });

  it('moves shots and lets a moved shot join the scene of its new neighbour', () => {
    const order = moveInOrder([a, b, c, d], [b], 2);
    expect(order).toEqual([a, c, d, b]);
    const next = withOrder({ shotOrder: [a, b, c, d], scenes: [one, two] }, order, [b]);
    expect(next.scenes.map((scene) => scene.shotIds)).toEqual([[a], [c, d, b]]);
    expect(moveInOrder([a, b, c, d], [a], -1)).toEqual([a, b, c, d]);
  });

  it('writes a shot for a save without projectId or server-only fields', () => {
    const shot = { ...makeShot({ id: a, name: 'Kept' }), image_stale: true };
    const upsert = toUpsert(shot) as Record<string, unknown>;
    expect(upsert.id).toBe(a);
    expect(upsert.name).toBe('Kept');
    expect('projectId' in upsert).toBe(false);
    expect('image_stale' in upsert).toBe(false);
  });
});

describe('loading every shot', () => {
  it('asks for pages of 2,000 until the total, keeping the cache shape', async () => {
    const all = Array.from({ length: 4500 }, (_, i) => makeShot({ id: id(100_000 + i) }));
    const list = vi.fn(async (_projectId: string, options: { limit?: number; offset?: number }) => {
      const offset = options.offset ?? 0;
      const limit = Math.min(options.limit ?? 2000, 2000);
      return { shots: all.slice(offset, offset + limit), total: all.length, limit, offset };
    });
    const data = await fetchAllShots({ shots: { list } } as never, 'p');
    expect(list.mock.calls.map(([, options]) => options)).toEqual([
      { limit: 2000, offset: 0 },
      { limit: 2000, offset: 2000 },
      { limit: 2000, offset: 4000 },
    ]);
    expect(data.shots).toHaveLength(4500);
    expect(data.shots[4499]?.id).toBe(all[4499]?.id);
    expect(data).toMatchObject({ total: 4500, limit: 2000, offset: 0 });
  });
});

describe('cardText', () => {
  it("says a first-pass shot's number, framing and action once each", () => {
    const shot = {
      name: '1.2 Medium – JUNO (introduction): JUNO (9), barefoot, fishes a brass key out of the mud.',
      framing: 'medium' as const,
      script_text: 'JUNO (9), barefoot, fishes a brass key out of the mud.',
      action: 'JUNO (9), barefoot, fishes a brass key out of the mud.',
      description: 'Medium introducing JUNO: JUNO (9), barefoot, fishes a brass key out of the mud.',
    };
    expect(cardText(shot)).toEqual({
      title: 'JUNO (introduction)',
      text: 'JUNO (9), barefoot, fishes a brass key out of the mud.',
    });
  });

  it('keeps a framing in the name that is not the shot’s own, and the dialogue on one line', () => {
    const shot = {
      name: '2.4 Over-the-shoulder – JUNO speaking to ADA',
      framing: 'over-shoulder' as const,
      script_text: 'JUNO\nAt the river.',
      action: 'JUNO: At the river.',
      description: '',
    };
    expect(cardText(shot)).toEqual({ title: 'JUNO speaking to ADA', text: 'JUNO At the river.' });
    expect(cardText({ ...shot, framing: 'close' }).title).toBe('Over-the-shoulder – JUNO speaking to ADA');
  });

  it('leaves a hand-made name alone and does not repeat a name the text already is', () => {
    expect(
      cardText({ name: 'Mary’s room', framing: 'wide', script_text: '', action: '', description: '' }),
    ).toEqual({ title: 'Mary’s room', text: '' });
    expect(
      cardText({
        name: 'The kettle whistles',
        framing: 'insert',
        script_text: 'The kettle whistles.',
        action: '',
        description: '',
      }),
    ).toEqual({ title: 'The kettle whistles', text: '' });
    expect(
      cardText({
        name: '3.1 Insert – close detail of key',
        framing: 'insert',
        script_text: 'It is engraved.',
        action: '',
        description: '',
      }),
    ).toEqual({ title: 'Close detail of key', text: 'It is engraved.' });
  });
});

describe('slateText', () => {
  it('leaves out a description the card already says, keeps one that adds the blocking', () => {
    const intro = {
      title: 'JUNO (introduction)',
      text: 'JUNO (9), barefoot, fishes a brass key out of the mud.',
    };
    expect(
      slateText(
        {
          description: 'Medium introducing JUNO: JUNO (9), barefoot, fishes a brass key out of the mud.',
          prompt: null,
        },
        intro,
      ),
    ).toBe('');
    const talk = { title: 'ADA and JUNO talking', text: 'ADA Where were you?' };
    expect(
      slateText(
        {
          description: 'ADA and JUNO together in frame as they talk (ADA frame left, JUNO frame right).',
          prompt: null,
        },
        talk,
      ),
    ).toBe('ADA and JUNO together in frame as they talk (ADA frame left, JUNO frame right).');
    expect(
      slateText({ description: '', prompt: 'Low angle, harbour lights' }, { title: 'Quay', text: '' }),
    ).toBe('Low angle, harbour lights');
  });
});
