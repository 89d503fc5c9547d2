import { describe, expect, it } from 'vitest';
import { mediaLayout, moveByKey } from '../src/pages/media/media-model.js';
import { buildBoard } from '../src/shots/model.js';
import { id, makeShot } from './shots-fixtures.js';

const scenes = [
  { id: 'scene-1', name: 'DINER', color: '#3b82f6', shotIds: [id(1), id(2), id(3)] },
  { id: 'scene-2', name: 'CAR', color: '#ef4444', shotIds: [id(4)] },
];
const board = buildBoard(
  [
    makeShot({ id: id(1), image_url: '/1.png', video_url: '/1.mp4' }),
    makeShot({ id: id(2), image_url: '/2.png', image_stale: true }),
    makeShot({ id: id(3) }),
    makeShot({ id: id(4), image_url: '/4.png', generation_status: 'processing' }),
  ],
  { scenes, shotOrder: [id(1), id(2), id(3), id(4)] },
);

describe('media layout', () => {
  it('lists every image and video by scene, leaving out shots with nothing rendered', () => {
    const layout = mediaLayout(board, { kind: 'all', status: 'all' }, 2);
    expect(layout.items.map((item) => `${item.entry.index}:${item.kind}:${item.status}`)).toEqual([
      '0:image:completed',
      '0:video:completed',
      '1:image:stale',
      '3:image:processing',
    ]);
    expect(layout.rows.map((row) => row.kind)).toEqual(['header', 'items', 'items', 'header', 'items']);
    expect(layout.itemRows).toEqual([[0, 1], [2], [3]]);
  });

  it('filters by kind and by status; a scene with nothing shown has no header', () => {
    const videos = mediaLayout(board, { kind: 'video', status: 'all' }, 4);
    expect(videos.items.map((item) => item.id)).toEqual([`${id(1)}:video`]);
    expect(videos.rows.filter((row) => row.kind === 'header')).toHaveLength(1);
    const stale = mediaLayout(board, { kind: 'all', status: 'stale' }, 4);
    expect(stale.items.map((item) => item.id)).toEqual([`${id(2)}:image`]);
  });

  it('moves by one with Left/Right, by a row with Up/Down (across scene headers), Home and End', () => {
    const layout = mediaLayout(board, { kind: 'all', status: 'all' }, 2);
    expect(moveByKey(layout, 0, 'ArrowRight')).toBe(1);
    expect(moveByKey(layout, 0, 'ArrowLeft')).toBe(0);
    expect(moveByKey(layout, 1, 'ArrowDown')).toBe(2);
    expect(moveByKey(layout, 2, 'ArrowDown')).toBe(3);
    expect(moveByKey(layout, 3, 'ArrowUp')).toBe(2);
    expect(moveByKey(layout, 3, 'ArrowDown')).toBe(3);
    expect(moveByKey(layout, 2, 'Home')).toBe(0);
    expect(moveByKey(layout, 0, 'End')).toBe(3);
    expect(moveByKey(layout, 0, 'x')).toBeNull();
  });
});
