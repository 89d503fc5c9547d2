import type { DialogueLine } from '@reelbench/sdk/contract';
import { describe, expect, it } from 'vitest';
import { extensionBadges, groupLines, listedOrder } from '../src/audio/dialogue.js';
import { placeDialogue, visibleLines } from '../src/timeline/dialogue-placement.js';

const PROJECT = '00000000-0000-4000-8000-000000000001';
let serial = 0;
function line(overrides: Partial<DialogueLine> & Pick<DialogueLine, 'order'>): DialogueLine {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    projectId: PROJECT,
    sceneNumber: 1,
    character: 'MARA',
    assetId: null,
    text: 'We go tonight.',
    parenthetical: null,
    extension: null,
    delivery: 'on',
    manner: 'normal',
    shotId: null,
    key: `projects/${PROJECT}/dialogue/${serial}.wav`,
    url: `http://localhost/${serial}.wav`,
    durationMs: 1000,
    hash: 'a'.repeat(64),
    source: 'generated',
    peaks: [0.2, 0.8, 0.4],
    updatedAt: '2026-11-29T09:00:00.000Z',
    ...overrides,
  };
}

describe('groupLines', () => {
  it('lists lines by scene, then by character in the order each first speaks, in script order', () => {
    const lines = [
      line({ order: 3, sceneNumber: 2, character: 'JONAH' }),
      line({ order: 0, sceneNumber: 1, character: 'MARA' }),
      line({ order: 1, sceneNumber: 1, character: 'JONAH', durationMs: 2500 }),
      line({ order: 2, sceneNumber: 1, character: 'MARA', durationMs: 500 }),
    ];
    const scenes = groupLines(lines);
    expect(scenes.map((scene) => [scene.sceneNumber, scene.count, scene.totalMs])).toEqual([
      [1, 3, 4000],
      [2, 1, 1000],
    ]);
    expect(scenes[0]?.groups.map((group) => [group.character, group.lines.map((l) => l.order)])).toEqual([
      ['MARA', [0, 2]],
      ['JONAH', [1]],
    ]);
    expect(listedOrder(scenes).map((l) => l.order)).toEqual([0, 2, 1, 3]);
  });

  it('has nothing to list without lines', () => {
    expect(groupLines([])).toEqual([]);
  });
});

describe('extensionBadges', () => {
  it('reads each parenthesised extension as a badge', () => {
    expect(extensionBadges('(V.O.)')).toEqual(['V.O.']);
    expect(extensionBadges("(O.S.) (CONT'D)")).toEqual(['O.S.', "CONT'D"]);
    expect(extensionBadges(null)).toEqual([]);
  });
});

describe('placeDialogue', () => {
  const shotA = '00000000-0000-4000-8000-00000000aaaa';
  const shotB = '00000000-0000-4000-8000-00000000bbbb';
  const shots = [
    { shotId: shotA, durationSeconds: 4 },
    { shotId: shotB, durationSeconds: 3 },
  ];
  // The balanced pacing's pauses (DIALOGUE_PAUSES): 0.4 s before the first line, 0.3 s between, a 0.5 s beat.

  it('lays a shot’s lines end to end from its start with the pauses, in script order, as the rough cut does', () => {
    const first = line({ order: 0, shotId: shotA, durationMs: 1200 });
    const second = line({ order: 1, shotId: shotA, durationMs: 800, parenthetical: '(beat)' });
    const third = line({ order: 2, shotId: shotB, durationMs: 3000 });
    const placement = placeDialogue([third, second, first], shots, [0, 4]);
    expect(
      placement.placed.map((p) => [
        p.line.order,
        Number(p.start.toFixed(6)),
        p.duration,
        p.shotIndex,
        p.overruns,
      ]),
    ).toEqual([
      [0, 0.4, 1.2, 0, false],
      // 0.4 + 1.2 + 0.3 between + 0.5 beat
      [1, 2.4, 0.8, 0, false],
      // 4 + 0.4 + 3 = 7.4 > 7: runs past its shot, drawn at its whole length
      [2, 4.4, 3, 1, true],
    ]);
    expect(placement.unplaced).toBe(0);
    expect(placement.longest).toBe(3);
  });

  it('draws a line that would begin after its shot ends, and places lines from the timeline’s own starts', () => {
    const long = line({ order: 0, shotId: shotB, durationMs: 2900 });
    const late = line({ order: 1, shotId: shotB, durationMs: 500 });
    // Shot B starts at 10 on a timeline that keeps its stored times.
    const placement = placeDialogue([long, late], shots, [0, 10]);
    expect(placement.placed.map((p) => [p.line.order, Number(p.start.toFixed(6)), p.overruns])).toEqual([
      [0, 10.4, true],
      // 0.4 + 2.9 + 0.3 = 3.6 s into a 3 s shot
      [1, 13.6, true],
    ]);
  });

  it('counts the lines no shot on the timeline holds', () => {
    const placement = placeDialogue(
      [line({ order: 0, shotId: null }), line({ order: 1, shotId: '00000000-0000-4000-8000-00000000dead' })],
      shots,
      [0, 4],
    );
    expect(placement.placed).toEqual([]);
    expect(placement.unplaced).toBe(2);
  });
});

describe('visibleLines', () => {
  it('finds the clips overlapping the view, a long clip that started before it included', () => {
    const starts = [0, 10, 20, 30];
    const ids = starts.map((_, i) => `00000000-0000-4000-8000-0000000000${10 + i}`);
    const shots = ids.map((shotId) => ({ shotId, durationSeconds: 10 }));
    const lines = ids.map((shotId, i) => line({ order: i, shotId, durationMs: i === 1 ? 9000 : 1000 }));
    const placement = placeDialogue(lines, shots, starts);
    // Line 1 runs 10.4..19.4: in view at 15..21, with line 2 (20.4..21.4).
    expect(visibleLines(placement, 15, 21)).toEqual([1, 2]);
    expect(visibleLines(placement, 2, 9)).toEqual([1, 0]);
    expect(visibleLines(placement, 0, 100)).toEqual([0, 3]);
  });
});
