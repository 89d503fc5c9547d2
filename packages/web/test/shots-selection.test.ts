import { describe, expect, it } from 'vitest';
import { gridRows } from '../src/pages/storyboard/storyboard-page.js';
import { buildBoard } from '../src/shots/model.js';
import {
  EMPTY_SELECTION,
  moveInRows,
  pruneSelection,
  selectByKey,
  selectOnly,
  selectRange,
  toggle,
  uniformRows,
} from '../src/shots/selection.js';
import { makeScene, makeShot } from './shots-fixtures.js';

const order = ['s0', 's1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9'];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('selection', () => {
  it('a click selects one shot and anchors a range', () => {
    expect(selectOnly('s3')).toEqual({ ids: new Set(['s3']), anchor: 's3', active: 's3' });
  });

  it('Shift-click selects from the anchor to the shot, either way', () => {
    expect(ids(selectRange(selectOnly('s3'), order, 's6'))).toEqual(['s3', 's4', 's5', 's6']);
    expect(ids(selectRange(selectOnly('s3'), order, 's1'))).toEqual(['s1', 's2', 's3']);
    // A second Shift-click re-ranges from the same anchor.
    const first = selectRange(selectOnly('s3'), order, 's6');
    expect(ids(selectRange(first, order, 's4'))).toEqual(['s3', 's4']);
  });

  it('Ctrl/Cmd-click toggles a shot and moves the anchor', () => {
    let selection = toggle(selectOnly('s1'), 's4');
    expect(ids(selection)).toEqual(['s1', 's4']);
    selection = toggle(selection, 's1');
    expect(ids(selection)).toEqual(['s4']);
    expect(selection.anchor).toBe('s1');
    // Ctrl+Shift-click adds a range to what is selected.
    expect(ids(selectRange(toggle(selectOnly('s0'), 's5'), order, 's7', true))).toEqual([
      's0',
      's5',
      's6',
      's7',
    ]);
  });

  it('drops deleted shots', () => {
    const selection = selectRange(selectOnly('s1'), order, 's3');
    const pruned = pruneSelection(selection, new Set(['s1', 's3']));
    expect(ids(pruned)).toEqual(['s1', 's3']);
    expect(pruned.anchor).toBe('s1');
    expect(pruneSelection(pruned, new Set(['s1', 's3']))).toBe(pruned);
  });
});

describe('arrow keys in a grid of N columns', () => {
  const rows = uniformRows(10, 4); // [0..3] [4..7] [8, 9]

  it('left and right step through the order across rows', () => {
    expect(moveInRows(rows, 3, 'right')).toBe(4);
    expect(moveInRows(rows, 4, 'left')).toBe(3);
    expect(moveInRows(rows, 9, 'right')).toBe(9);
    expect(moveInRows(rows, 0, 'left')).toBe(0);
  });

  it('up and down keep the column, clamped to a short row', () => {
    expect(moveInRows(rows, 1, 'down')).toBe(5);
    expect(moveInRows(rows, 7, 'down')).toBe(9);
    expect(moveInRows(rows, 9, 'up')).toBe(5);
    expect(moveInRows(rows, 2, 'up')).toBe(2);
  });

  it('Home and End go to the ends; nothing active starts at the first shot', () => {
    expect(moveInRows(rows, 6, 'home')).toBe(0);
    expect(moveInRows(rows, 6, 'end')).toBe(9);
    expect(moveInRows(rows, -1, 'down')).toBe(0);
  });

  it('Shift+arrows extend a range from the anchor', () => {
    let selection = selectByKey(EMPTY_SELECTION, order, rows, 'right', false);
    expect(ids(selection)).toEqual(['s0']);
    selection = selectByKey(selection, order, rows, 'right', false);
    selection = selectByKey(selection, order, rows, 'down', true);
    expect(ids(selection)).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(selection.active).toBe('s5');
    selection = selectByKey(selection, order, rows, 'left', true);
    expect(ids(selection)).toEqual(['s1', 's2', 's3', 's4']);
    selection = selectByKey(selection, order, rows, 'left', false);
    expect(ids(selection)).toEqual(['s3']);
  });

  it('each scene starts a new row of the storyboard, so up/down follow the visual rows', () => {
    const shots = Array.from({ length: 7 }, (_, i) =>
      makeShot({ id: `00000000-0000-4000-8000-00000000010${i}` }),
    );
    const sceneA = makeScene(
      1,
      'A',
      shots.slice(0, 5).map((s) => s.id),
    );
    const sceneB = makeScene(
      2,
      'B',
      shots.slice(5).map((s) => s.id),
    );
    const layout = gridRows(buildBoard(shots, { scenes: [sceneA, sceneB] }), 3);
    expect(layout.rows.map((row) => (row.kind === 'header' ? 'H' : row.count))).toEqual(['H', 3, 2, 'H', 2]);
    expect(layout.shotRows).toEqual([
      [0, 1, 2],
      [3, 4],
      [5, 6],
    ]);
    expect(moveInRows(layout.shotRows, 4, 'down')).toBe(6);
    expect(moveInRows(layout.shotRows, 2, 'down')).toBe(4);
  });
});
