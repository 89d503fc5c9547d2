import { describe, expect, it } from 'vitest';
import { holdLastPicture, repeatPictures, splitAnnexB } from '../../src/media/h264-repeat.js';
import { streamHashes as frameHashes, X264, x264Pictures } from './h264-fixtures.js';

/** Ten moving test pictures coded by x264 as raw H.264 (Annex B). */
const pictures = (params: string) => x264Pictures(params, 10);

describe('repeatPictures (H.264 skipped pictures)', () => {
  it('shows every coded picture twice, the last one as asked, decoding to the same pictures', async () => {
    const stream = await pictures(`${X264}:cabac=0`);
    const original = await frameHashes(stream);
    expect(original).toHaveLength(10);
    expect(new Set(original).size).toBe(10);

    const twice = repeatPictures(stream, 2) as Uint8Array;
    expect(await frameHashes(twice)).toEqual(original.flatMap((hash) => [hash, hash]));
    const lastOnce = repeatPictures(stream, 2, 1) as Uint8Array;
    expect(await frameHashes(lastOnce)).toEqual(original.flatMap((hash) => [hash, hash]).slice(0, 19));

    const units = splitAnnexB(twice);
    const slices = units.filter((unit) => unit.type === 1 || unit.type === 5);
    expect(slices).toHaveLength(20);
    // The repeats are non-reference pictures of a few bytes each.
    const repeats = slices.filter((unit) => unit.refIdc === 0);
    expect(repeats).toHaveLength(10);
    for (const unit of repeats) expect(unit.bytes.length).toBeLessThan(16);
    expect(await frameHashes(repeatPictures(stream, 1) as Uint8Array)).toEqual(original);
  });

  it('declines streams it cannot extend (CABAC, more than one repeat) so the caller codes every frame', async () => {
    expect(repeatPictures(await pictures(X264), 2)).toBeNull();
    expect(repeatPictures(await pictures(`${X264}:cabac=0`), 3)).toBeNull();
    expect(repeatPictures(new Uint8Array([0, 0, 1, 0x65, 0x88]), 2)).toBeNull();
  });

  it('holds the last picture for more frames as reference skipped pictures, after a coded picture or a repeat', async () => {
    const stream = await pictures(`${X264}:cabac=0`);
    const original = await frameHashes(stream);
    const last = original.at(-1) as string;

    const held = holdLastPicture(stream, 3) as Uint8Array;
    expect(await frameHashes(held)).toEqual([...original, last, last, last]);
    const added = splitAnnexB(held).slice(-3);
    for (const unit of added) {
      expect(unit.type).toBe(1);
      expect(unit.refIdc).not.toBe(0);
      expect(unit.bytes.length).toBeLessThan(16);
    }

    // On twos the stream ends with a non-reference repeat; the held frames come after it.
    const twice = repeatPictures(stream, 2) as Uint8Array;
    const twiceHashes = await frameHashes(twice);
    expect(await frameHashes(holdLastPicture(twice, 1) as Uint8Array)).toEqual([...twiceHashes, last]);
    expect(await frameHashes(holdLastPicture(twice, 2) as Uint8Array)).toEqual([...twiceHashes, last, last]);

    expect(Buffer.from(holdLastPicture(stream, 0) as Uint8Array).equals(stream)).toBe(true);
    expect(holdLastPicture(await pictures(X264), 1)).toBeNull();
    expect(() => holdLastPicture(stream, -1)).toThrow(RangeError);
  });
});
