import type { FirstPassResponse, FirstPassShot } from '@reelbench/sdk';
import { describe, expect, it } from 'vitest';
import { firstPassShot } from '../../sdk/test/support/first-pass-shot.js';
import { groupRevision, revisionSummary, styleGuideOf, wordDiff } from '../src/dialogs/revision.js';
import { staleCounts } from '../src/shots/shots-toolbar.js';
import { id, makeShot } from './shots-fixtures.js';

function passShot(shotId: string, sceneNumber: number, text: string): FirstPassShot & { id: string } {
  return {
    id: shotId,
    ...firstPassShot({ name: `Shot ${shotId.slice(-2)}`, script_text: text, sceneNumber, duration: 4 }),
  };
}

describe('groupRevision', () => {
  const [a, b, c, d, e, gone, moved] = [id(), id(), id(), id(), id(), id(), id()];
  const reply: FirstPassResponse = {
    shots: [
      passShot(a, 1, 'Neon hums.'),
      passShot(b, 1, 'Out. Looking for you, all night.'),
      passShot(c, 2, 'Maya slides in.'),
      passShot(d, 3, 'The car crosses the river.'),
      passShot(e, 3, 'Rain on the windscreen.'),
    ],
    scenes: [
      { number: 1, heading: 'INT. DINER - NIGHT', name: 'Diner', shotIndexes: [0, 1] },
      { number: 2, heading: "INT. LEO'S CAR - MOMENTS LATER", name: 'Car', shotIndexes: [2] },
      { number: 3, heading: 'EXT. BRIDGE - NIGHT', name: 'Bridge', shotIndexes: [3, 4] },
    ],
    kept: [a, c],
    changed: [b],
    added: [d, e],
    removed: [gone, moved],
    changes: [
      {
        id: b,
        change: 'changed',
        name: 'Leo',
        sceneNumber: 1,
        sceneHeading: 'INT. DINER - NIGHT',
        before: 'Out. Looking for you.',
        after: 'Out. Looking for you, all night.',
      },
      {
        id: d,
        change: 'added',
        name: 'Bridge',
        sceneNumber: 3,
        sceneHeading: 'EXT. BRIDGE - NIGHT',
        after: 'x',
      },
      {
        id: e,
        change: 'added',
        name: 'Rain',
        sceneNumber: 3,
        sceneHeading: 'EXT. BRIDGE - NIGHT',
        after: 'y',
      },
      {
        id: gone,
        change: 'removed',
        name: 'Lot',
        sceneNumber: null,
        sceneHeading: 'EXT. PARKING LOT - CONTINUOUS',
        before: "Leo's car idles.",
      },
      {
        id: moved,
        change: 'removed',
        name: 'Booth',
        sceneNumber: 1,
        sceneHeading: 'INT. DINER - NIGHT',
        before: 'z',
      },
    ],
  };

  it('lists each scene in script order with its kept count and changes, deleted scenes last', () => {
    const preview = groupRevision(reply);
    expect(
      preview.scenes.map((scene) => ({
        number: scene.number,
        heading: scene.heading,
        kept: scene.kept,
        changed: scene.changed.map((change) => change.id),
        added: scene.added.map((change) => change.id),
        removed: scene.removed.map((change) => change.id),
      })),
    ).toEqual([
      { number: 1, heading: 'INT. DINER - NIGHT', kept: 1, changed: [b], added: [], removed: [moved] },
      { number: 2, heading: "INT. LEO'S CAR - MOMENTS LATER", kept: 1, changed: [], added: [], removed: [] },
      { number: 3, heading: 'EXT. BRIDGE - NIGHT', kept: 0, changed: [], added: [d, e], removed: [] },
      {
        number: null,
        heading: 'EXT. PARKING LOT - CONTINUOUS',
        kept: 0,
        changed: [],
        added: [],
        removed: [gone],
      },
    ]);
    expect(preview.counts).toEqual({ changed: 1, added: 2, removed: 2, kept: 2 });
    expect(preview.unchanged).toBe(false);
  });

  it('says there is nothing to revise when every shot is kept', () => {
    const preview = groupRevision({
      ...reply,
      kept: [a, b, c, d, e],
      changed: [],
      added: [],
      removed: [],
      changes: [],
    });
    expect(preview.unchanged).toBe(true);
    expect(preview.counts.kept).toBe(5);
    expect(preview.scenes.map((scene) => scene.kept)).toEqual([2, 1, 2]);
  });
});

describe('revisionSummary', () => {
  it('names every count, zeros included', () => {
    expect(revisionSummary({ changed: 3, added: 2, removed: 1, kept: 236 })).toBe(
      '3 changed, 2 added, 1 removed, 236 kept',
    );
    expect(revisionSummary({ changed: 0, added: 0, removed: 0, kept: 12 })).toBe(
      '0 changed, 0 added, 0 removed, 12 kept',
    );
  });
});

describe('wordDiff', () => {
  it('marks the words lost and gained, the rest as is', () => {
    expect(
      wordDiff("Kids. It'll be kids from the estate.", "Kids. It'll be the Pryce boys from the estate."),
    ).toEqual([
      { kind: 'same', text: "Kids. It'll be " },
      { kind: 'removed', text: 'kids' },
      { kind: 'added', text: 'the Pryce boys' },
      { kind: 'same', text: ' from the estate.' },
    ]);
  });

  it('puts the whole text back together from either side', () => {
    const before = 'Out. Looking for you.';
    const after = 'Out. Looking for you, all night.';
    const tokens = wordDiff(before, after);
    const side = (skip: 'added' | 'removed') =>
      tokens
        .filter((token) => token.kind !== skip)
        .map((token) => token.text)
        .join('');
    expect(side('added')).toBe(before);
    expect(side('removed')).toBe(after);
  });
});

describe('styleGuideOf', () => {
  it("takes the first pass's most common style and aspect", () => {
    const source = { sceneNumber: 1, sceneHeading: 'INT. DINER - NIGHT', fingerprint: 'f', occurrence: 0 };
    const shots = [
      makeShot({
        id: id(),
        style_package_id: 'documentary',
        composition_settings: { aspect: '9:16' },
        source,
      }),
      makeShot({
        id: id(),
        style_package_id: 'documentary',
        composition_settings: { aspect: '9:16' },
        source,
      }),
      makeShot({
        id: id(),
        style_package_id: 'warm-commercial',
        composition_settings: { aspect: '16:9' },
        source,
      }),
      // A hand-made shot does not count.
      makeShot({ id: id(), style_package_id: 'warm-commercial', composition_settings: { aspect: '1:1' } }),
    ];
    expect(styleGuideOf(shots)).toEqual({ style: 'documentary', aspect: '9:16' });
  });

  it('falls back to the first pass defaults', () => {
    expect(styleGuideOf([])).toEqual({ style: 'gritty-filmic', aspect: '16:9' });
  });
});

describe('staleCounts', () => {
  it('counts only media made from other inputs, never a shot not rendered yet', () => {
    const shots = [
      makeShot({ id: id() }),
      makeShot({ id: id(), image_url: 'https://x/1.png', image_stale: false }),
      makeShot({ id: id(), image_url: 'https://x/2.png', image_stale: true }),
      makeShot({ id: id(), image_url: 'https://x/3.png', video_url: 'https://x/3.mp4', video_stale: true }),
      makeShot({ id: id(), image_stale: true, video_stale: true }),
    ];
    expect(staleCounts(shots)).toEqual({ staleImages: 1, staleVideos: 1 });
  });
});
