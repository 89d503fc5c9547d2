import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../src/app/queries.js';
import { ShotEditor, type ShotListData } from '../src/shots/editor.js';
import { UndoStack } from '../src/shots/undo.js';
import type { ChangeInput } from '../src/state/save-manager.js';
import { id, makeProject, makeScene, makeShot, PROJECT_ID } from './shots-fixtures.js';

function setup() {
  const shots = [1, 2, 3, 4].map((n) => makeShot({ id: id(100 + n), name: `Shot ${n}`, duration: n }));
  const [a, b, c, d] = shots.map((shot) => shot.id) as [string, string, string, string];
  const scenes = [makeScene(1, 'One', [a, b]), makeScene(2, 'Two', [c, d])];
  const queryClient = new QueryClient();
  queryClient.setQueryData<ShotListData>(queryKeys.shots(PROJECT_ID), {
    shots,
    total: 4,
    limit: 2000,
    offset: 0,
  });
  queryClient.setQueryData(queryKeys.project(PROJECT_ID), makeProject(scenes, [a, b, c, d]));
  const saves: ChangeInput[] = [];
  const marked: string[] = [];
  const settingsMarked: string[] = [];
  let next = 900;
  const editor = new ShotEditor(
    {
      queryClient,
      saves: { markDirty: (change) => void saves.push(change) },
      markLocalEdit: (shotId) => void marked.push(shotId),
      markLocalSettingsEdit: (projectId) => void settingsMarked.push(projectId),
      newId: () => id(next++),
      randomColor: () => '#22c55e',
    },
    PROJECT_ID,
  );
  const names = () => editor.shots().map((shot) => shot.name);
  const order = () => editor.orderSettings().shotOrder;
  const sceneRows = () => editor.scenes().map((scene) => [scene.name, scene.color, scene.shotIds]);
  return {
    editor,
    queryClient,
    saves,
    marked,
    settingsMarked,
    ids: { a, b, c, d },
    names,
    order,
    scenes: sceneRows,
  };
}

describe('UndoStack', () => {
  it('undoes and redoes in order and forgets the redo branch on a new command', () => {
    const log: string[] = [];
    const stack = new UndoStack();
    const command = (name: string) => ({
      label: name,
      apply: () => log.push(`do ${name}`),
      revert: () => log.push(`undo ${name}`),
    });
    stack.run(command('a'));
    stack.run(command('b'));
    expect(stack.state.get()).toEqual({ undo: 'b', redo: null });
    stack.undo();
    stack.undo();
    expect(stack.undo()).toBeUndefined();
    stack.redo();
    expect(stack.state.get()).toEqual({ undo: 'a', redo: 'b' });
    stack.run(command('c'));
    expect(stack.canRedo).toBe(false);
    expect(log).toEqual(['do a', 'do b', 'undo b', 'undo a', 'do a', 'do c']);
  });
});

describe('ShotEditor', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('edits a field optimistically, as a field edit for the save manager, and undoes and redoes it', () => {
    const { editor, saves, ids, marked } = t;
    expect(editor.editFields(ids.b, { name: 'Kitchen wide', duration: 6 })).toBe(true);
    expect(editor.shot(ids.b)?.name).toBe('Kitchen wide');
    expect(editor.editFields(ids.b, { name: 'Kitchen wide' })).toBe(false);
    expect(saves.at(-1)).toEqual({
      projectId: PROJECT_ID,
      shotFields: [{ id: ids.b, fields: { name: 'Kitchen wide', duration: 6 } }],
    });
    expect(marked).toContain(ids.b);

    editor.undo();
    expect(editor.shot(ids.b)?.name).toBe('Shot 2');
    expect(saves.at(-1)?.shotFields).toEqual([{ id: ids.b, fields: { name: 'Shot 2', duration: 2 } }]);

    editor.redo();
    expect(editor.shot(ids.b)?.name).toBe('Kitchen wide');
    expect(saves).toHaveLength(3);
  });

  it('undoes a duration edit: the start times follow', () => {
    const { editor, ids } = t;
    editor.editFields(ids.a, { duration: 10 });
    expect(editor.shot(ids.a)?.duration).toBe(10);
    editor.undo();
    expect(editor.shot(ids.a)?.duration).toBe(1);
  });

  it('saves what is typed 1 s after the last key, as one undo step per typing session', async () => {
    vi.useFakeTimers();
    try {
      const { SaveManager } = await import('../src/state/save-manager.js');
      const saveShot = vi.fn(async (_projectId: string, shotId: string, fields: object) => ({
        ...makeShot({ id: shotId }),
        ...fields,
      }));
      const manager = new SaveManager({ save: vi.fn(async () => ({})), saveShot });
      const editor = new ShotEditor(
        {
          queryClient: t.queryClient,
          saves: manager,
          markLocalEdit: () => {},
          markLocalSettingsEdit: () => {},
        },
        PROJECT_ID,
      );
      const { c } = t.ids;
      for (const name of ['K', 'Ki', 'Kit']) {
        editor.editFields(c, { name }, 'Rename shot', 'typing-1');
        await vi.advanceTimersByTimeAsync(300);
      }
      expect(editor.shot(c)?.name).toBe('Kit');
      expect(manager.state.get()).toBe('dirty');
      expect(saveShot).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(saveShot).toHaveBeenCalledTimes(1);
      expect(saveShot).toHaveBeenCalledWith(PROJECT_ID, c, { name: 'Kit' });
      expect(manager.state.get()).toBe('saved');
      // A new session is a new step; undo takes back one session at a time, saved at once.
      editor.editFields(c, { name: 'Kitchen' }, 'Rename shot', 'typing-2');
      editor.undo();
      expect(editor.shot(c)?.name).toBe('Kit');
      editor.undo();
      expect(editor.shot(c)?.name).toBe('Shot 3');
      await vi.advanceTimersByTimeAsync(0);
      expect(saveShot).toHaveBeenLastCalledWith(PROJECT_ID, c, { name: 'Shot 3' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reorders through the save manager and undoes and redoes the order', () => {
    const { editor, saves, ids, order } = t;
    expect(editor.moveShots([ids.a], 2)).toBe(true);
    expect(order()).toEqual([ids.b, ids.c, ids.a, ids.d]);
    // The moved shot joined the scene it now sits in.
    expect(editor.orderSettings().scenes.map((scene) => scene.shotIds)).toEqual([
      [ids.b],
      [ids.c, ids.a, ids.d],
    ]);
    expect(saves.at(-1)?.settings?.shotOrder).toEqual([ids.b, ids.c, ids.a, ids.d]);

    editor.undo();
    expect(order()).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(editor.orderSettings().scenes.map((scene) => scene.shotIds)).toEqual([
      [ids.a, ids.b],
      [ids.c, ids.d],
    ]);
    expect(saves.at(-1)?.settings?.shotOrder).toEqual([ids.a, ids.b, ids.c, ids.d]);

    editor.redo();
    expect(order()).toEqual([ids.b, ids.c, ids.a, ids.d]);
  });

  it('deletes shots and brings them back in their place and scene on undo', () => {
    const { editor, saves, ids, order, names } = t;
    editor.deleteShots([ids.b, ids.c]);
    expect(names()).toEqual(['Shot 1', 'Shot 4']);
    expect(order()).toEqual([ids.a, ids.d]);
    expect(saves.at(-1)).toMatchObject({
      deletedShotIds: [ids.b, ids.c],
      settings: { shotOrder: [ids.a, ids.d] },
    });

    editor.undo();
    expect(order()).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(editor.orderSettings().scenes.map((scene) => scene.shotIds)).toEqual([
      [ids.a, ids.b],
      [ids.c, ids.d],
    ]);
    const restore = saves.at(-1);
    expect(restore?.shots?.map((shot) => shot.id)).toEqual([ids.b, ids.c]);
    expect(restore?.settings?.shotOrder).toEqual([ids.a, ids.b, ids.c, ids.d]);

    editor.redo();
    expect(order()).toEqual([ids.a, ids.d]);
  });

  it('duplicates after the original, in its scene, and undo removes the copies', () => {
    const { editor, saves, ids, order } = t;
    const [copy] = editor.duplicateShots([ids.b]);
    expect(order()).toEqual([ids.a, ids.b, copy, ids.c, ids.d]);
    expect(editor.shot(copy as string)?.name).toBe('Shot 2');
    expect(editor.orderSettings().scenes[0]?.shotIds).toEqual([ids.a, ids.b, copy]);
    expect(saves.at(-1)?.shots?.[0]?.id).toBe(copy);

    editor.undo();
    expect(order()).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(saves.at(-1)?.deletedShotIds).toEqual([copy]);
    editor.redo();
    expect(order()).toEqual([ids.a, ids.b, copy, ids.c, ids.d]);
  });

  it('creates a scene from shots, after the scene before them, taking them out of their scene; undo and redo', () => {
    const { editor, saves, ids, scenes, settingsMarked } = t;
    expect(editor.createScene([])).toBeNull();
    const sceneId = editor.createScene([ids.b, ids.c]);
    expect(sceneId).toBe(id(900));
    expect(scenes()).toEqual([
      ['One', '#ef4444', [ids.a]],
      ['Scene', '#22c55e', [ids.b, ids.c]],
      ['Two', '#ef4444', [ids.d]],
    ]);
    expect(saves.at(-1)?.settings?.scenes?.[1]).toMatchObject({ id: sceneId, name: 'Scene' });
    expect(settingsMarked).toContain(PROJECT_ID);
    expect(editor.history.state.get().undo).toBe('New scene');
    editor.undo();
    expect(scenes().map(([name]) => name)).toEqual(['One', 'Two']);
    expect(saves.at(-1)?.settings?.scenes).toHaveLength(2);
    editor.redo();
    expect(scenes().map(([name]) => name)).toEqual(['One', 'Scene', 'Two']);
  });

  it('renames and recolours a scene as undoable edits; a blank name keeps the old one', () => {
    const { editor, saves, scenes } = t;
    const two = editor.scenes()[1]?.id as string;
    expect(editor.updateScene(two, { name: '  ' })).toBe(false);
    expect(editor.updateScene(two, { name: 'Harbour', color: '#ef4444' })).toBe(true);
    expect(editor.history.state.get().undo).toBe('Rename scene');
    expect(editor.updateScene(two, { color: '#6366f1' })).toBe(true);
    expect(editor.history.state.get().undo).toBe('Recolour scene');
    expect(scenes()[1]?.slice(0, 2)).toEqual(['Harbour', '#6366f1']);
    expect(saves.at(-1)?.settings?.scenes?.[1]).toMatchObject({ name: 'Harbour', color: '#6366f1' });
    editor.undo();
    editor.undo();
    expect(scenes()[1]?.slice(0, 2)).toEqual(['Two', '#ef4444']);
    expect(editor.updateScene('no-such-scene', { name: 'X' })).toBe(false);
  });

  it('moves a scene with its shots, by a step and to a place, and undo puts both back', () => {
    const { editor, saves, ids, order, scenes } = t;
    const [one, two] = editor.scenes().map((scene) => scene.id) as [string, string];
    expect(editor.moveScene(one, -1)).toBe(false);
    expect(editor.moveScene(two, -1)).toBe(true);
    expect(scenes().map(([name]) => name)).toEqual(['Two', 'One']);
    expect(order()).toEqual([ids.c, ids.d, ids.a, ids.b]);
    expect(saves.at(-1)?.settings?.shotOrder).toEqual([ids.c, ids.d, ids.a, ids.b]);
    editor.undo();
    expect(order()).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(editor.placeScene(one, 1)).toBe(true);
    expect(order()).toEqual([ids.c, ids.d, ids.a, ids.b]);
  });

  it('toggles preserve timing, saved with the order and kept by later order saves', () => {
    const { editor, saves, ids } = t;
    expect(editor.preserveTiming()).toBe(false);
    expect(editor.setPreserveTiming(true)).toBe(true);
    expect(editor.preserveTiming()).toBe(true);
    expect(saves.at(-1)?.settings).toMatchObject({
      preserveTiming: true,
      shotOrder: [ids.a, ids.b, ids.c, ids.d],
    });
    editor.moveShots([ids.a], 1);
    expect(saves.at(-1)?.settings?.preserveTiming).toBe(true);
    editor.undo();
    editor.undo();
    expect(editor.preserveTiming()).toBe(false);
    expect(saves.at(-1)?.settings?.preserveTiming).toBe(false);
  });

  it('marks shots dirty until the save manager has saved them: a field edit and an order change', async () => {
    const { createStore } = await import('../src/state/store.js');
    const { dirtyShots } = await import('../src/shots/dirty.js');
    dirtyShots.set(new Set());
    const state = createStore<'saved' | 'saving' | 'dirty' | 'offline'>('saved');
    const queryClient = t.queryClient;
    const editor = new ShotEditor(
      {
        queryClient,
        saves: { markDirty: () => state.set('dirty'), state },
        markLocalEdit: () => {},
        markLocalSettingsEdit: () => {},
      },
      PROJECT_ID,
    );
    const { a, b } = t.ids;
    editor.editFields(a, { name: 'Renamed' });
    expect(dirtyShots.get().has(a)).toBe(true);
    state.set('saving');
    expect(dirtyShots.get().has(a)).toBe(true);
    state.set('saved');
    expect(dirtyShots.get().has(a)).toBe(false);

    editor.moveShots([b], 1);
    expect(dirtyShots.get().has(b)).toBe(true);
    state.set('saving');
    expect(dirtyShots.get().has(b)).toBe(true);
    state.set('saved');
    expect(dirtyShots.get().has(b)).toBe(false);
  });
});

describe('ShotEditor.recordDurations (Time Shots to Dialogue)', () => {
  it('takes the server’s durations into the cache without saving them, and undoes them in one step', () => {
    const t = setup();
    const { a, c } = t.ids;
    const changed = t.editor.recordDurations(
      [
        { shotId: a, previousDuration: 1, duration: 2.7 },
        { shotId: c, previousDuration: 3, duration: 4.1 },
      ],
      'Time 2 shots to dialogue',
    );
    expect(changed).toBe(true);
    expect(t.editor.shots().map((shot) => shot.duration)).toEqual([2.7, 2, 4.1, 4]);
    expect(t.saves).toEqual([]);
    expect(t.marked).toEqual([a, c]);
    expect(t.editor.history.state.get()).toEqual({ undo: 'Time 2 shots to dialogue', redo: null });

    t.editor.undo();
    expect(t.editor.shots().map((shot) => shot.duration)).toEqual([1, 2, 3, 4]);
    expect(t.saves).toEqual([
      {
        projectId: PROJECT_ID,
        shotFields: [
          { id: a, fields: { duration: 1 } },
          { id: c, fields: { duration: 3 } },
        ],
      },
    ]);
    expect(t.editor.history.canUndo).toBe(false);

    t.editor.redo();
    expect(t.editor.shots().map((shot) => shot.duration)).toEqual([2.7, 2, 4.1, 4]);
    expect(t.saves.at(-1)?.shotFields).toEqual([
      { id: a, fields: { duration: 2.7 } },
      { id: c, fields: { duration: 4.1 } },
    ]);
  });

  it('records nothing when no shot changed', () => {
    const t = setup();
    expect(t.editor.recordDurations([], 'Time 0 shots to dialogue')).toBe(false);
    expect(t.editor.history.canUndo).toBe(false);
  });
});
