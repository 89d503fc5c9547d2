import { describe, expect, it } from 'vitest';
import {
  cutEventSchema,
  cutSchema,
  EDITORIAL_LIMITS,
  editorialFrameRateSchema,
} from '../../src/contract/editorial.js';
import {
  cutDurationFrames,
  pathToFileUrl,
  placeEvents,
  placeSoundtrack,
  retimeCut,
} from '../../src/editorial/cut.model.js';
import { writeEdl } from '../../src/editorial/edl.writer.js';
import { CUT_ID, PROJECT_ID, sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';
import { checkEdl } from './edl-checker.js';

const event = {
  shotId: uuidFor(1),
  take: 1,
  clipName: 'One',
  sourceIn: 10,
  sourceOut: 34,
  duration: 24,
};

describe('the cut contract', () => {
  it('accepts the five rates and nothing else', () => {
    for (const rate of [23.976, 24, 25, 29.97, 30]) expect(editorialFrameRateSchema.parse(rate)).toBe(rate);
    for (const rate of [23.98, 50, 60, '24'])
      expect(editorialFrameRateSchema.safeParse(rate).success).toBe(false);
  });

  it('fills defaults and holds the invariants of an event', () => {
    expect(cutEventSchema.parse(event)).toEqual({ ...event, transition: { type: 'cut' }, markers: [] });
    const bad = [
      { ...event, sourceOut: 35 },
      { ...event, take: 0 },
      { ...event, duration: 0, sourceOut: 10 },
      { ...event, transition: { type: 'dissolve', frames: 25 } },
      { ...event, transition: { type: 'dissolve', frames: 0 } },
      { ...event, transition: { type: 'wipe' } },
      { ...event, markers: [{ frame: 24, text: 'after the end' }] },
      { ...event, markers: [{ frame: 0, text: '   ' }] },
      { ...event, markers: [{ frame: 0, text: 'x', color: 'ORANGE' }] },
      { ...event, shotId: 'shot-1' },
    ];
    for (const candidate of bad)
      expect(cutEventSchema.safeParse(candidate).success, JSON.stringify(candidate)).toBe(false);
  });

  it('refuses a first event that dissolves from nothing', () => {
    const cut = { id: CUT_ID, projectId: PROJECT_ID, name: 'x', version: 1, frameRate: 24 };
    expect(cutSchema.safeParse({ ...cut, events: [event] }).success).toBe(true);
    expect(
      cutSchema.safeParse({ ...cut, events: [{ ...event, transition: { type: 'dissolve', frames: 5 } }] })
        .success,
    ).toBe(false);
  });
});

describe('cut helpers', () => {
  it('places events end to end on the record with the handle a following dissolve needs', () => {
    const placed = placeEvents(sampleCut());
    expect(placed.map(({ recordIn, recordOut, tailHandle }) => [recordIn, recordOut, tailHandle])).toEqual([
      [0, 120, 12],
      [120, 192, 0],
      [192, 288, 0],
    ]);
    expect(cutDurationFrames(sampleCut())).toBe(288);
  });

  it('places the soundtrack under the picture only', () => {
    expect(placeSoundtrack(sampleCut())).toBeUndefined();
    expect(placeSoundtrack(withSoundtrack(sampleCut(), 24, 600))).toMatchObject({
      recordIn: 24,
      recordOut: 288,
      sourceIn: 0,
      sourceOut: 264,
    });
    expect(placeSoundtrack(withSoundtrack(sampleCut(), -10, 30))).toMatchObject({
      recordIn: 0,
      recordOut: 20,
      sourceIn: 10,
      sourceOut: 30,
    });
    expect(placeSoundtrack(withSoundtrack(sampleCut(), 400, 30))).toBeUndefined();
  });

  it('retimes a cut without breaking the record or the invariants', () => {
    const cut = withSoundtrack(sampleCut(24), 24, 600);
    for (const rate of [23.976, 25, 29.97, 30] as const) {
      const retimed = retimeCut(cut, rate);
      expect(cutSchema.safeParse(retimed).success).toBe(true);
      // The record end moves to the nearest frame of the new rate.
      expect(cutDurationFrames(retimed)).toBe(
        Math.round((288 / 24) * (rate === 23.976 ? 24_000 / 1_001 : rate === 29.97 ? 30_000 / 1_001 : rate)),
      );
    }
    expect(retimeCut(cut, 24)).toBe(cut);
  });

  it('turns paths into file URLs', () => {
    expect(pathToFileUrl('/a b/c#d.mov')).toBe('file:///a%20b/c%23d.mov');
    expect(pathToFileUrl('C:\\Media\\x.mov')).toBe('file:///C:/Media/x.mov');
    expect(pathToFileUrl('https://x/y.mov')).toBe('https://x/y.mov');
  });
});

describe('the longest cut', () => {
  it('keeps every timecode below 24 hours at every rate', () => {
    for (const frameRate of [23.976, 24, 25, 29.97, 30] as const) {
      const half = EDITORIAL_LIMITS.frames / 2;
      const cut = cutSchema.parse({
        id: CUT_ID,
        projectId: PROJECT_ID,
        name: 'Long',
        version: 1,
        frameRate,
        events: [
          { ...event, sourceIn: 0, sourceOut: half, duration: half },
          {
            ...event,
            shotId: uuidFor(2),
            sourceIn: half,
            sourceOut: EDITORIAL_LIMITS.frames,
            duration: half,
          },
        ],
      });
      expect(checkEdl(writeEdl(cut), frameRate).errors).toEqual([]);
    }
  });
});
