import { describe, expect, it } from 'vitest';
import { capShotCount } from '../../src/screenplay/director.limit.js';
import type { ShotDraft } from '../../src/screenplay/director.types.js';

function draft(label: string, seconds: number, opensScene = false): ShotDraft {
  return {
    purpose: opensScene ? 'establishing' : 'action',
    from: 0,
    to: 0,
    sounds: [],
    slugs: [],
    framing: opensScene ? 'establishing' : 'medium',
    camera: 'static',
    characters: [label.toUpperCase()],
    subject: label,
    description: label,
    action: label,
    scriptText: label,
    seconds,
    props: [],
    ...(opensScene ? { opensScene } : {}),
  };
}

describe('capShotCount', () => {
  it('leaves a pass within the limit alone', () => {
    const scenes = [[draft('a', 3, true), draft('b', 2)]];
    expect(capShotCount(scenes, 2)).toBe(scenes);
  });

  it('merges the shortest neighbours of a scene, keeping every line, the running time and the opening shot', () => {
    const scenes = [
      [draft('open1', 3, true), draft('a', 5), draft('b', 1), draft('c', 1), draft('d', 6)],
      [draft('open2', 3, true), draft('e', 2)],
    ];
    const capped = capShotCount(scenes, 6);
    expect(capped.map((shots) => shots.map((shot) => shot.scriptText))).toEqual([
      ['open1', 'a', 'b\n\nc', 'd'],
      ['open2', 'e'],
    ]);
    expect(capped[0]?.[2]).toMatchObject({ seconds: 2, characters: ['B', 'C'] });
    const total = (all: ShotDraft[][]) => all.flat().reduce((sum, shot) => sum + shot.seconds, 0);
    expect(total(capped)).toBe(total(scenes));
    expect(capShotCount(scenes, 3).map((shots) => shots.length)).toEqual([2, 1]);
  });

  it('gives the catalogue error when even one shot a scene is too many', () => {
    const scenes = [[draft('open1', 3, true)], [draft('open2', 3, true)], [draft('open3', 3, true)]];
    expect(() => capShotCount(scenes, 2)).toThrow(
      expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE_ERROR', statusCode: 413 }),
    );
  });
});
