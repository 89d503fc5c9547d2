import { type ProjectSaveInput, ReelbenchError, type ShotUpsert } from '@reelbench/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SAVE_SKIPPED_WARNING,
  SaveManager,
  type SaveManagerOptions,
  saveOnPageHide,
} from '../src/state/save-manager.js';

/** A shot edit: only the fields a test looks at (the real type carries every field with its default). */
const shot = (id: string, name: string) => ({ id, name }) as ShotUpsert;

interface SaveCall {
  projectId: string;
  payload: ProjectSaveInput;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A save function the test answers by hand; it records how many requests were ever open at once. */
function controllableSave() {
  const calls: SaveCall[] = [];
  let open = 0;
  let maxOpen = 0;
  const save = vi.fn(
    (projectId: string, payload: ProjectSaveInput) =>
      new Promise<void>((resolve, reject) => {
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        const settle =
          <A extends unknown[]>(fn: (...args: A) => void) =>
          (...args: A) => {
            open -= 1;
            fn(...args);
          };
        calls.push({ projectId, payload, resolve: settle(resolve), reject: settle(reject) });
      }),
  );
  return {
    save,
    calls,
    get maxOpen() {
      return maxOpen;
    },
    last(): SaveCall {
      const call = calls.at(-1);
      if (!call) throw new Error('no save was sent');
      return call;
    },
  };
}

function setup(options: Partial<SaveManagerOptions> = {}) {
  const fake = controllableSave();
  let ids = 0;
  const onWarning = vi.fn();
  const onRefused = vi.fn();
  const onSaved = vi.fn();
  const beacon = vi.fn((_projectId: string, _save: ProjectSaveInput) => true);
  const manager = new SaveManager({
    save: fake.save,
    beacon,
    onWarning,
    onRefused,
    onSaved,
    newSaveId: () => {
      ids += 1;
      return `save-${ids}`;
    },
    ...options,
  });
  return { manager, fake, onWarning, onRefused, onSaved, beacon };
}

/** Lets promise callbacks run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const offline = () => new ReelbenchError({ code: 'NETWORK_ERROR', message: 'Network error' });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SaveManager', () => {
  it('starts saved and ignores edits while no project is open', async () => {
    const { manager, fake } = setup();
    expect(manager.state.get()).toBe('saved');
    manager.markDirty({ script: 'FADE IN:' });
    expect(manager.isDirty).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.save).not.toHaveBeenCalled();
  });

  it('debounces 1 s after the last edit and coalesces edits into one save with the latest values', async () => {
    const { manager, fake, onSaved } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'draft 1', shots: [shot('s1', 'Wide')] });
    expect(manager.state.get()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(600);
    manager.markDirty({ script: 'draft 2', shots: [shot('s1', 'Close'), shot('s2', 'Insert')] });
    manager.markDirty({ settings: { shotOrder: ['s2', 's1'] }, deletedShotIds: ['s9'] });
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.save).toHaveBeenCalledTimes(1);
    expect(manager.state.get()).toBe('saving');
    const call = fake.last();
    expect(call.projectId).toBe('p1');
    expect(call.payload).toEqual({
      saveId: 'save-1',
      shots: [shot('s1', 'Close'), shot('s2', 'Insert')],
      deletedShotIds: ['s9'],
      script: { content: 'draft 2' },
      settings: { shotOrder: ['s2', 's1'] },
    });
    call.resolve();
    await settle();
    expect(manager.state.get()).toBe('saved');
    expect(manager.isDirty).toBe(false);
    expect(manager.lastSavedAt.get()).toBeInstanceOf(Date);
    expect(onSaved).toHaveBeenCalledWith('p1');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.save).toHaveBeenCalledTimes(1);
  });

  it('a shot deleted after an edit is sent as deleted, and one edited after deletion as edited', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ shots: [shot('s1', 'A'), shot('s2', 'B')] });
    manager.markDirty({ deletedShotIds: ['s1'] });
    manager.markDirty({ deletedShotIds: ['s2'] });
    manager.markDirty({ shots: [shot('s2', 'B again')] });
    void manager.flush();
    expect(fake.last().payload).toEqual({
      saveId: 'save-1',
      shots: [shot('s2', 'B again')],
      deletedShotIds: ['s1'],
    });
  });

  it('is single flight: a flush during a save waits for it, then sends only what changed meanwhile', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'v1', shots: [shot('s1', 'A')] });
    const first = manager.flush();
    expect(fake.save).toHaveBeenCalledTimes(1);

    manager.markDirty({ settings: { shotOrder: ['s1'] } });
    const second = manager.flush();
    let secondDone = false;
    void second.then(() => {
      secondDone = true;
    });
    // The debounce of that edit passing changes nothing either: still the one request.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fake.save).toHaveBeenCalledTimes(1);

    fake.calls[0]?.resolve();
    await first;
    await settle();
    expect(fake.save).toHaveBeenCalledTimes(2);
    expect(fake.last().payload).toEqual({ saveId: 'save-2', shots: [], settings: { shotOrder: ['s1'] } });
    expect(secondDone).toBe(false);
    fake.last().resolve();
    await second;
    expect(manager.state.get()).toBe('saved');
    expect(fake.maxOpen).toBe(1);
  });

  it('never has two saves open at once, whichever way flushes arrive', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    for (let round = 0; round < 5; round++) {
      manager.markDirty({ script: `v${round}` });
      void manager.flush();
      void manager.flush();
      await vi.advanceTimersByTimeAsync(1_000);
      fake.last().resolve();
      await settle();
    }
    await settle();
    expect(fake.maxOpen).toBe(1);
    expect(manager.state.get()).toBe('saved');
    expect(fake.calls.map((call) => call.payload.script?.content)).toEqual(['v0', 'v1', 'v2', 'v3', 'v4']);
  });

  it('every flush waiting on a save resolves only once what was pending at its call is saved', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'a' });
    void manager.flush();
    manager.markDirty({ script: 'b' });
    const pageHide = manager.flush();
    const ctrlS = manager.flush();
    let ctrlSDone = false;
    void ctrlS.then(() => {
      ctrlSDone = true;
    });
    fake.last().resolve();
    await settle();
    expect(fake.save).toHaveBeenCalledTimes(2);
    expect(fake.last().payload.script).toEqual({ content: 'b' });
    // 'b' was pending when Ctrl+S was pressed: it is not done while 'b' is still being sent.
    expect(ctrlSDone).toBe(false);
    fake.last().resolve();
    await Promise.all([pageHide, ctrlS]);
    expect(manager.state.get()).toBe('saved');
    expect(fake.save).toHaveBeenCalledTimes(2);
  });

  it('flush() saves at once (the page-hide path) without waiting for the debounce', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'hidden' });
    const flushed = manager.flush();
    expect(fake.save).toHaveBeenCalledTimes(1);
    expect(fake.last().payload.script).toEqual({ content: 'hidden' });
    fake.last().resolve();
    await flushed;
    expect(manager.state.get()).toBe('saved');
    // The debounce timer was dropped: nothing is sent again.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.save).toHaveBeenCalledTimes(1);
  });

  it('a flush with nothing pending sends nothing', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    await manager.flush();
    expect(fake.save).not.toHaveBeenCalled();
    expect(manager.state.get()).toBe('saved');
  });

  it('offline: keeps the edits and re-sends them later with the same saveId when nothing changed', async () => {
    const { manager, fake, onWarning, onRefused } = setup({ retryMs: 5_000 });
    await manager.setProject('p1');
    manager.markDirty({ script: 'offline draft', shots: [shot('s1', 'A')] });
    await vi.advanceTimersByTimeAsync(1_000);
    const sent = fake.last().payload;
    fake.last().reject(offline());
    await settle();
    expect(manager.state.get()).toBe('offline');
    expect(manager.isDirty).toBe(true);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onRefused).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(4_999);
    expect(fake.save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.save).toHaveBeenCalledTimes(2);
    expect(fake.last().payload).toEqual(sent);
    expect(fake.last().payload.saveId).toBe('save-1');

    fake.last().reject(new ReelbenchError({ code: 'TIMEOUT_ERROR', message: 'Request timed out' }));
    await settle();
    expect(manager.state.get()).toBe('offline');
    // Back online: what waited is sent at once, still as the same save.
    manager.online();
    expect(fake.save).toHaveBeenCalledTimes(3);
    expect(fake.last().payload).toEqual(sent);
    fake.last().resolve();
    await settle();
    expect(manager.state.get()).toBe('saved');
    expect(manager.isDirty).toBe(false);
  });

  it('offline: edits made meanwhile go with the kept ones under a new saveId', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'one', shots: [shot('s1', 'A')] });
    void manager.flush();
    fake.last().reject(offline());
    await settle();
    manager.markDirty({ script: 'two' });
    expect(manager.state.get()).toBe('offline');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.save).toHaveBeenCalledTimes(2);
    expect(fake.last().payload).toEqual({
      saveId: 'save-2',
      shots: [shot('s1', 'A')],
      script: { content: 'two' },
    });
  });

  it.each([
    [
      "'Authentication required' (AUTH_ERROR)",
      new ReelbenchError({ code: 'AUTH_ERROR', message: 'Authentication required' }),
    ],
    ['an unknown error', new Error('boom')],
    ['a server error', new ReelbenchError({ code: 'SERVER_ERROR', message: 'Server error.' })],
  ])('skips the save with a warning on %s, keeping the edits as unsaved', async (_name, error) => {
    const { manager, fake, onWarning, onRefused } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'kept' });
    await vi.advanceTimersByTimeAsync(1_000);
    fake.last().reject(error);
    await settle();
    expect(onWarning).toHaveBeenCalledTimes(1);
    expect(onWarning).toHaveBeenCalledWith(SAVE_SKIPPED_WARNING);
    expect(onRefused).not.toHaveBeenCalled();
    expect(manager.state.get()).toBe('dirty');
    expect(manager.isDirty).toBe(true);
    // Not retried by itself…
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.save).toHaveBeenCalledTimes(1);
    // …but the next save carries the kept edits, as the same save.
    void manager.flush();
    expect(fake.save).toHaveBeenCalledTimes(2);
    expect(fake.last().payload).toEqual({ saveId: 'save-1', shots: [], script: { content: 'kept' } });
  });

  it('a 4xx VALIDATION_ERROR is a refused save: onRefused, edits kept, unsaved', async () => {
    const { manager, fake, onWarning, onRefused } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'bad' });
    void manager.flush();
    const refusal = new ReelbenchError({ code: 'VALIDATION_ERROR', message: 'Invalid shot' });
    expect(refusal.statusCode).toBe(400);
    fake.last().reject(refusal);
    await settle();
    expect(onRefused).toHaveBeenCalledWith(refusal);
    expect(onWarning).not.toHaveBeenCalled();
    expect(manager.state.get()).toBe('dirty');
    expect(manager.isDirty).toBe(true);
  });

  it('emergencySave sends one beacon with everything unsaved, the save in flight included', async () => {
    const { manager, fake, beacon } = setup();
    await manager.setProject('p1');
    manager.markDirty({ shots: [shot('s1', 'in flight')], script: 'in flight' });
    void manager.flush();
    expect(fake.save).toHaveBeenCalledTimes(1);
    manager.markDirty({ script: 'newer', settings: { shotOrder: ['s1'] } });
    expect(manager.emergencySave()).toBe(true);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon).toHaveBeenCalledWith('p1', {
      saveId: 'save-2',
      shots: [shot('s1', 'in flight')],
      script: { content: 'newer' },
      settings: { shotOrder: ['s1'] },
    });
  });

  it('emergencySave includes edits kept from a failed save, and sends nothing when all is saved', async () => {
    const { manager, fake, beacon } = setup();
    expect(manager.emergencySave()).toBe(false);
    await manager.setProject('p1');
    expect(manager.emergencySave()).toBe(false);
    expect(beacon).not.toHaveBeenCalled();
    manager.markDirty({ shots: [shot('s1', 'A')] });
    void manager.flush();
    fake.last().reject(offline());
    await settle();
    manager.markDirty({ deletedShotIds: ['s2'] });
    beacon.mockReturnValueOnce(false);
    expect(manager.emergencySave()).toBe(false);
    expect(beacon).toHaveBeenCalledWith('p1', {
      saveId: expect.any(String),
      shots: [shot('s1', 'A')],
      deletedShotIds: ['s2'],
    });
  });

  it('switching project saves the previous one at once, to the previous project', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'p1 script' });
    const switched = manager.setProject('p2');
    expect(manager.projectId).toBe('p2');
    expect(fake.save).toHaveBeenCalledTimes(1);
    expect(fake.last().projectId).toBe('p1');
    expect(fake.last().payload.script).toEqual({ content: 'p1 script' });
    fake.last().resolve();
    await switched;
    manager.markDirty({ script: 'p2 script' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.last().projectId).toBe('p2');
    expect(fake.last().payload.script).toEqual({ content: 'p2 script' });
  });

  it('edits made while a save is in flight still go to their own project when the project switches', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'p1 first' });
    void manager.flush();
    manager.markDirty({ script: 'p1 second' });
    const switched = manager.setProject('p2');
    manager.markDirty({ script: 'p2 edit' });
    fake.calls[0]?.resolve();
    await settle();
    expect(fake.save).toHaveBeenCalledTimes(2);
    expect(fake.last().projectId).toBe('p1');
    expect(fake.last().payload.script).toEqual({ content: 'p1 second' });
    fake.last().resolve();
    await switched;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.save).toHaveBeenCalledTimes(3);
    expect(fake.last().projectId).toBe('p2');
    expect(fake.last().payload.script).toEqual({ content: 'p2 edit' });
    expect(fake.maxOpen).toBe(1);
  });

  it('edits kept from a failed save are re-sent to their own project after a switch', async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ shots: [shot('s1', 'p1 shot')] });
    const switched = manager.setProject('p2');
    fake.last().reject(offline());
    await switched;
    expect(manager.state.get()).toBe('offline');
    manager.online();
    await settle();
    const toP2 = fake.calls.filter((call) => call.projectId === 'p2');
    expect(toP2).toEqual([]);
    expect(fake.last().projectId).toBe('p1');
    expect(fake.last().payload.shots).toEqual([shot('s1', 'p1 shot')]);
    expect(fake.last().payload.saveId).toBe('save-1');
  });

  it("a project whose save keeps failing does not hold up the open project's saves", async () => {
    const { manager, fake } = setup();
    await manager.setProject('p1');
    manager.markDirty({ script: 'p1 refused' });
    const switched = manager.setProject('p2');
    fake.last().reject(new ReelbenchError({ code: 'VALIDATION_ERROR', message: 'Invalid' }));
    await switched;
    manager.markDirty({ script: 'p2 edit' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fake.last().projectId).toBe('p2');
    expect(fake.last().payload.script).toEqual({ content: 'p2 edit' });
    fake.last().resolve();
    await settle();
    // p1's edits are still kept, unsaved, and go with the next save when p2 has nothing.
    expect(manager.isDirty).toBe(true);
    expect(manager.state.get()).toBe('dirty');
    void manager.flush();
    expect(fake.last().projectId).toBe('p1');
    expect(fake.last().payload).toEqual({ saveId: 'save-1', shots: [], script: { content: 'p1 refused' } });
  });
});

describe('SaveManager: shot field edits as they are typed', () => {
  /** A shot update the test answers by hand. */
  function controllableShotSave() {
    const calls: {
      shotId: string;
      fields: object;
      resolve: (shot: object) => void;
      reject: (error: unknown) => void;
    }[] = [];
    const saveShot = vi.fn(
      (_projectId: string, shotId: string, fields: object) =>
        new Promise<unknown>((resolve, reject) => calls.push({ shotId, fields, resolve, reject })),
    );
    return { saveShot, calls };
  }

  function fieldSetup(options: Partial<SaveManagerOptions> = {}) {
    const shots = controllableShotSave();
    const shotBeacon = vi.fn((_projectId: string, _shotId: string, _fields: object) => true);
    const onShotSaved = vi.fn();
    const onShotRefused = vi.fn();
    const base = setup({ saveShot: shots.saveShot, shotBeacon, onShotSaved, onShotRefused, ...options });
    return { ...base, shots, shotBeacon, onShotSaved, onShotRefused };
  }

  it('says Unsaved while typing, sends one partial update 1 s after the last key, then Saved', async () => {
    const { manager, fake, shots, onShotSaved } = fieldSetup();
    await manager.setProject('p1');
    for (const name of ['P', 'Pi', 'Pie', 'Pier']) {
      manager.markDirty({ shotFields: [{ id: 's1', fields: { name } }] });
      expect(manager.state.get()).toBe('dirty');
      await vi.advanceTimersByTimeAsync(400);
    }
    manager.markDirty({ shotFields: [{ id: 's1', fields: { prompt: 'Fog' } }] });
    await vi.advanceTimersByTimeAsync(999);
    expect(shots.saveShot).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.save).not.toHaveBeenCalled();
    expect(shots.saveShot).toHaveBeenCalledExactlyOnceWith('p1', 's1', { name: 'Pier', prompt: 'Fog' });
    expect(manager.state.get()).toBe('saving');
    // Typed during the save: the answer is written, but the field typed since keeps its local value.
    manager.markDirty({ shotFields: [{ id: 's1', fields: { name: 'Pier 2' } }] });
    shots.calls[0]?.resolve({ id: 's1', name: 'Pier', image_stale: true });
    await settle();
    expect(onShotSaved).toHaveBeenCalledWith(
      'p1',
      { id: 's1', name: 'Pier', image_stale: true },
      new Set(['name']),
    );
    expect(manager.state.get()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shots.saveShot).toHaveBeenLastCalledWith('p1', 's1', { name: 'Pier 2' });
    shots.calls[1]?.resolve({ id: 's1', name: 'Pier 2' });
    await settle();
    expect(manager.state.get()).toBe('saved');
  });

  it('sends the project save first, then the field edits; a deleted shot takes its field edits with it', async () => {
    const { manager, fake, shots } = fieldSetup();
    await manager.setProject('p1');
    manager.markDirty({
      shotFields: [
        { id: 's1', fields: { name: 'A' } },
        { id: 's2', fields: { name: 'B' } },
      ],
    });
    manager.markDirty({ deletedShotIds: ['s2'] });
    void manager.flush();
    expect(fake.last().payload).toEqual({ saveId: 'save-1', shots: [], deletedShotIds: ['s2'] });
    expect(shots.saveShot).not.toHaveBeenCalled();
    fake.last().resolve();
    await settle();
    expect(shots.saveShot).toHaveBeenCalledExactlyOnceWith('p1', 's1', { name: 'A' });
  });

  it('keeps field edits offline and sends them again; drops refused ones and says so', async () => {
    const { manager, shots, onShotRefused } = fieldSetup();
    await manager.setProject('p1');
    manager.markDirty({ shotFields: [{ id: 's1', fields: { name: 'Kept' } }] });
    manager.markDirty({ shotFields: [{ id: 's2', fields: { duration: -1 } }] });
    void manager.flush();
    const refused = new ReelbenchError({ code: 'VALIDATION_ERROR', message: 'Invalid', statusCode: 400 });
    shots.calls.find((call) => call.shotId === 's1')?.reject(offline());
    shots.calls.find((call) => call.shotId === 's2')?.reject(refused);
    await settle();
    expect(onShotRefused).toHaveBeenCalledWith('p1', 's2', { duration: -1 }, refused);
    expect(manager.state.get()).toBe('offline');
    manager.online();
    await settle();
    expect(shots.saveShot).toHaveBeenLastCalledWith('p1', 's1', { name: 'Kept' });
    expect(shots.calls.filter((call) => call.shotId === 's2')).toHaveLength(1);
  });

  it("edits of a project that is not the open one go to that project's shots", async () => {
    const { manager, shots } = fieldSetup();
    manager.markDirty({ projectId: 'p9', shotFields: [{ id: 's1', fields: { name: 'Elsewhere' } }] });
    expect(manager.state.get()).toBe('dirty');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shots.saveShot).toHaveBeenCalledWith('p9', 's1', { name: 'Elsewhere' });
  });

  it('emergencySave sends each unsaved shot edit in a request that outlives the page, with the project beacon', async () => {
    const { manager, beacon, shotBeacon } = fieldSetup();
    await manager.setProject('p1');
    manager.markDirty({ shotFields: [{ id: 's1', fields: { name: 'Typed just now' } }] });
    manager.markDirty({ settings: { shotOrder: ['s1'] } });
    expect(manager.emergencySave()).toBe(true);
    expect(shotBeacon).toHaveBeenCalledExactlyOnceWith('p1', 's1', { name: 'Typed just now' });
    expect(beacon).toHaveBeenCalledWith('p1', expect.objectContaining({ settings: { shotOrder: ['s1'] } }));
  });
});

describe('SaveManager: other edits as tasks', () => {
  it('saves the latest task of a key after the debounce, sends it on unload, and drops a refused one', async () => {
    const { manager, fake } = setup();
    const saved: unknown[] = [];
    const refused: unknown[] = [];
    const task = (value: number, save: () => Promise<unknown>) => ({
      key: 'audio-offset:p1',
      save,
      beacon: vi.fn(() => true),
      onSaved: (result: unknown) => void saved.push(result),
      onRefused: (error: unknown) => void refused.push(error),
      value,
    });
    const first = task(
      1,
      vi.fn(async () => 'one'),
    );
    const second = task(
      1.5,
      vi.fn(async () => 'one and a half'),
    );
    manager.markDirty({ projectId: 'p1', tasks: [first] });
    manager.markDirty({ projectId: 'p1', tasks: [second] });
    expect(manager.state.get()).toBe('dirty');
    expect(manager.emergencySave()).toBe(true);
    expect(second.beacon).toHaveBeenCalledOnce();
    expect(first.beacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.save).not.toHaveBeenCalled();
    expect(second.save).toHaveBeenCalledOnce();
    expect(fake.save).not.toHaveBeenCalled();
    expect(saved).toEqual(['one and a half']);
    expect(manager.state.get()).toBe('saved');

    const error = new ReelbenchError({ code: 'VALIDATION_ERROR', message: 'Too far', statusCode: 400 });
    manager.markDirty({
      projectId: 'p1',
      tasks: [task(99_999, () => Promise.reject(error))],
    });
    await manager.flush();
    expect(refused).toEqual([error]);
    expect(manager.state.get()).toBe('saved');
  });
});

describe('saveOnPageHide', () => {
  /** A window and a document the test fires events on. */
  function page() {
    const target = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    return { target, doc };
  }

  it('saves at once when the page is hidden, and sends the emergency save on pagehide (reload, tab close)', async () => {
    const { manager, fake, beacon } = setup();
    const shotBeacon = vi.fn((_projectId: string, _shotId: string, _fields: object) => true);
    const { manager: typed } = setup({ shotBeacon, saveShot: vi.fn(() => new Promise(() => {})) });
    await manager.setProject('p1');
    await typed.setProject('p1');
    const { target, doc } = page();
    const stop = saveOnPageHide(manager, target as never, doc as never);
    const stopTyped = saveOnPageHide(typed, target as never, doc as never);

    manager.markDirty({ script: 'FADE IN:' });
    typed.markDirty({ shotFields: [{ id: 's1', fields: { name: 'Pier at night' } }] });
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(fake.save).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    // Hidden: saved at once, no debounce.
    expect(fake.save).toHaveBeenCalledTimes(1);
    expect(fake.last().payload.script).toEqual({ content: 'FADE IN:' });

    // Unloaded right after the last key, the save still open: the edits leave with the page.
    target.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledWith('p1', expect.objectContaining({ script: { content: 'FADE IN:' } }));
    expect(shotBeacon).toHaveBeenCalledWith('p1', 's1', { name: 'Pier at night' });

    stop();
    stopTyped();
    target.dispatchEvent(new Event('pagehide'));
    expect(shotBeacon).toHaveBeenCalledTimes(1);
  });
});
