import {
  type FirstPassScene,
  type FramingType,
  LIST_LIMITS,
  type ProjectSettings,
  type Scene,
} from '@reelbench/sdk/contract';
import type { FirstPassResult, LinkedAsset } from '@reelbench/sdk/screenplay';
import { describe, expect, it } from 'vitest';
import { firstPassShot } from '../../sdk/test/support/first-pass-shot.js';
import {
  type FirstPassPlanInput,
  placementsByShot,
  planFirstPass,
  selectScenes,
} from '../src/script/first-pass.plan.js';
import { TOO_MANY_SHOTS } from '../src/shots/shot-order.js';

/** Readable ids: new shots n1…, new scenes S1…, colours from a fixed list. */
function input(overrides: Partial<FirstPassPlanInput> & { scenes: FirstPassScene[] }): FirstPassPlanInput {
  let scene = 0;
  const shotCount = overrides.scenes.reduce((n, s) => n + s.shotIndexes.length, 0);
  return {
    settings: { scenes: [], shotOrder: [] },
    previous: [],
    replaceAll: true,
    shotIds: Array.from({ length: shotCount }, (_, i) => `n${i + 1}`),
    newSceneId: () => `S${++scene}`,
    sceneColor: () => '#ef4444',
    ...overrides,
  };
}

const passScene = (number: number, shotIndexes: number[]): FirstPassScene => ({
  number,
  heading: `INT. PLACE ${number} - DAY`,
  name: `Scene ${number}: PLACE ${number}`,
  shotIndexes,
});
const stored = (id: string, shotIds: string[], color = '#22c55e'): Scene => ({
  id,
  name: id,
  color,
  shotIds,
});

describe('planFirstPass', () => {
  it('puts a first pass on an empty project: new scenes, the shots in order', () => {
    const plan = planFirstPass(input({ scenes: [passScene(1, [0, 1]), passScene(2, [2])] }));
    expect(plan).toEqual({
      removedIds: [],
      sceneIds: ['S1', 'S2'],
      settings: {
        scenes: [
          { id: 'S1', name: 'Scene 1: PLACE 1', color: '#ef4444', shotIds: ['n1', 'n2'] },
          { id: 'S2', name: 'Scene 2: PLACE 2', color: '#ef4444', shotIds: ['n3'] },
        ],
        shotOrder: ['n1', 'n2', 'n3'],
      },
    });
  });

  it('replaces a previous pass in place: scenes keep id and colour, hand-made shots keep their spot', () => {
    const settings: ProjectSettings = {
      scenes: [stored('A', ['o1', 'o2', 'hand']), stored('B', ['o3']), stored('Mine', [])],
      shotOrder: ['o1', 'o2', 'hand', 'o3', 'loose'],
      audioUrl: '/track.mp3',
    };
    const previous = [
      { id: 'o1', sceneId: 'A', sceneNumber: 1 },
      { id: 'o2', sceneId: 'A', sceneNumber: 1 },
      { id: 'o3', sceneId: 'B', sceneNumber: 2 },
    ];
    const plan = planFirstPass(
      input({ settings, previous, scenes: [passScene(1, [0]), passScene(2, [1, 2])] }),
    );
    expect(plan.removedIds).toEqual(['o1', 'o2', 'o3']);
    expect(plan.sceneIds).toEqual(['A', 'B']);
    expect(plan.settings).toEqual({
      scenes: [
        { id: 'A', name: 'Scene 1: PLACE 1', color: '#22c55e', shotIds: ['n1', 'hand'] },
        { id: 'B', name: 'Scene 2: PLACE 2', color: '#22c55e', shotIds: ['n2', 'n3'] },
        stored('Mine', []),
      ],
      shotOrder: ['n1', 'hand', 'n2', 'n3', 'loose'],
      audioUrl: '/track.mp3',
    });
  });

  it('drops the scenes a shorter script no longer has, once emptied; adds new ones at the end', () => {
    const settings: ProjectSettings = {
      scenes: [stored('A', ['o1']), stored('B', ['o2'])],
      shotOrder: ['o1', 'o2'],
    };
    const previous = [
      { id: 'o1', sceneId: 'A', sceneNumber: 1 },
      { id: 'o2', sceneId: 'B', sceneNumber: 2 },
    ];
    const shorter = planFirstPass(input({ settings, previous, scenes: [passScene(1, [0])] }));
    expect(shorter.settings.scenes.map((scene) => scene.id)).toEqual(['A']);
    expect(shorter.settings.shotOrder).toEqual(['n1']);
    const longer = planFirstPass(
      input({ settings, previous, scenes: [passScene(1, [0]), passScene(2, [1]), passScene(3, [2])] }),
    );
    expect(longer.sceneIds).toEqual(['A', 'B', 'S1']);
    expect(longer.settings.shotOrder).toEqual(['n1', 'n2', 'n3']);
  });

  it('replaces only the scenes asked for when not replacing all', () => {
    const settings: ProjectSettings = {
      scenes: [stored('A', ['o1']), stored('B', ['o2', 'o3']), stored('C', ['o4'])],
      shotOrder: ['o1', 'o2', 'o3', 'o4'],
    };
    const previous = [
      { id: 'o1', sceneId: 'A', sceneNumber: 1 },
      { id: 'o2', sceneId: 'B', sceneNumber: 2 },
      { id: 'o3', sceneId: 'B', sceneNumber: 2 },
      { id: 'o4', sceneId: 'C', sceneNumber: 3 },
    ];
    const plan = planFirstPass(input({ settings, previous, replaceAll: false, scenes: [passScene(2, [0])] }));
    expect(plan.removedIds).toEqual(['o2', 'o3']);
    expect(plan.settings).toEqual({
      scenes: [
        stored('A', ['o1']),
        { ...stored('B', ['n1']), name: 'Scene 2: PLACE 2' },
        stored('C', ['o4']),
      ],
      shotOrder: ['o1', 'n1', 'o4'],
    });
  });

  it('never gives two pass scenes the same stored scene', () => {
    const settings: ProjectSettings = { scenes: [stored('A', ['o1', 'o2'])], shotOrder: ['o1', 'o2'] };
    const previous = [
      { id: 'o1', sceneId: 'A', sceneNumber: 1 },
      { id: 'o2', sceneId: 'A', sceneNumber: 1 },
    ];
    const plan = planFirstPass(input({ settings, previous, scenes: [passScene(1, [0]), passScene(1, [1])] }));
    expect(plan.sceneIds).toEqual(['A', 'S1']);
  });

  it('refuses to grow the order past the project limit', () => {
    const hand = Array.from({ length: LIST_LIMITS.shotOrder }, (_, i) => `h${i}`);
    expect(() =>
      planFirstPass(input({ settings: { scenes: [], shotOrder: hand }, scenes: [passScene(1, [0])] })),
    ).toThrow(TOO_MANY_SHOTS);
  });
});

describe('selectScenes and placementsByShot', () => {
  const shot = (sceneNumber: number) => firstPassShot({ sceneNumber });
  const pass: FirstPassResult = {
    shots: [shot(1), shot(2), shot(2), shot(3)],
    scenes: [passScene(1, [0]), passScene(2, [1, 2]), passScene(3, [3])],
    missingAssets: [],
    linkedAssets: [{ assetId: 'a', type: 'character', name: 'A', shotIndexes: [0, 2, 3] }],
  };

  it('keeps the asked scenes and renumbers shot indexes', () => {
    expect(selectScenes(pass, undefined)).toBe(pass);
    const picked = selectScenes(pass, [2]);
    expect(picked.shots).toHaveLength(2);
    expect(picked.scenes).toEqual([passScene(2, [0, 1])]);
    expect(picked.linkedAssets).toEqual([{ assetId: 'a', type: 'character', name: 'A', shotIndexes: [1] }]);
    expect(() => selectScenes(pass, [2, 4])).toThrow('Scene not found');
  });

  const links: LinkedAsset[] = [
    { assetId: 'c1', type: 'character', name: 'A', shotIndexes: [0] },
    { assetId: 'loc', type: 'location', name: 'L', shotIndexes: [0] },
    { assetId: 'c2', type: 'character', name: 'B', shotIndexes: [0] },
    { assetId: 'p', type: 'prop', name: 'P', shotIndexes: [0] },
  ];
  const layout = (framing: FramingType, characters = ['A', 'B']) =>
    placementsByShot([{ framing, characters }], links)[0] ?? [];

  it('puts the location behind as the backdrop, the characters by the shot’s order, props in front', () => {
    expect(layout('medium')).toEqual([
      { assetId: 'loc', position: { x: 0.5, y: 0.5 }, scale: 1, rotation: 0 },
      { assetId: 'c1', position: { x: 0.35, y: 0.6 }, scale: 0.8, rotation: 0 },
      { assetId: 'c2', position: { x: 0.65, y: 0.6 }, scale: 0.8, rotation: 0 },
      { assetId: 'p', position: { x: 0.5, y: 0.8 }, scale: 0.5, rotation: 0 },
    ]);
    // The shot names B first: B stands left.
    expect(layout('medium', ['B', 'A']).map((placement) => placement.assetId)).toEqual([
      'loc',
      'c2',
      'c1',
      'p',
    ]);
  });

  it('lays the characters out by framing', () => {
    const people = (framing: FramingType) =>
      layout(framing).filter((placement) => placement.assetId.startsWith('c'));
    // A close-up holds one figure, large.
    expect(people('close')).toEqual([
      { assetId: 'c1', position: { x: 0.5, y: 0.56 }, scale: 0.75, rotation: 0, selectedDirection: 'front' },
    ]);
    // A two-shot: two side by side, the same size.
    const two = people('two-shot');
    expect(two.map((placement) => placement.position.x)).toEqual([0.38, 0.62]);
    expect(new Set(two.map((placement) => placement.scale)).size).toBe(1);
    // Over the shoulder: the second character's back in the foreground, the first facing camera.
    const [facing, back] = people('over-shoulder');
    expect(facing).toMatchObject({ assetId: 'c1', selectedDirection: 'front' });
    expect(back).toMatchObject({ assetId: 'c2', selectedDirection: 'back' });
    expect(back?.scale).toBeGreaterThan(facing?.scale ?? 0);
    // Wide: everyone, small.
    expect(people('wide').every((placement) => placement.scale < 0.5)).toBe(true);
    expect(people('wide')).toHaveLength(2);
    // An insert shows its props, not the people.
    expect(people('insert')).toEqual([]);
    expect(layout('insert').find((placement) => placement.assetId === 'p')?.scale).toBeGreaterThan(1);
  });
});
