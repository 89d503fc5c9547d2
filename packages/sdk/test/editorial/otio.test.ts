import { describe, expect, it } from 'vitest';
import { type Cut, EDITORIAL_FRAME_RATES } from '../../src/contract/editorial.js';
import { retimeCut } from '../../src/editorial/cut.model.js';
import { EditorialFormatError } from '../../src/editorial/editorial-format-error.js';
import { frameRateValue } from '../../src/editorial/frame-rate.js';
import { applyOtioToCut, importOtio, parseOtio } from '../../src/editorial/otio.reader.js';
import { cutToOtio, writeOtio } from '../../src/editorial/otio.writer.js';
import { randomCut, sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';
import { type Json, walkOtio } from './otio-schema.js';

function videoChildren(cut: Cut): Json[] {
  const timeline = JSON.parse(writeOtio(cut)) as {
    tracks: { children: { kind: string; children: Json[] }[] };
  };
  return timeline.tracks.children.find((track) => track.kind === 'Video')?.children ?? [];
}

describe('writeOtio', () => {
  it('writes the schema names and required fields, every time at the cut rate', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = withSoundtrack(sampleCut(rate), 24, 600);
      const result = walkOtio(writeOtio(cut));
      expect(result.errors).toEqual([]);
      expect([...result.rates]).toEqual([frameRateValue(rate)]);
      expect(result.counts).toMatchObject({
        'Timeline.1': 1,
        'Stack.1': 1,
        'Track.1': 2,
        'Clip.2': 4,
        'ExternalReference.1': 4,
        'Transition.1': 1,
        'Marker.2': 2,
        'Gap.1': 1,
      });
    }
    expect(frameRateValue(23.976)).toBe(24_000 / 1_001);
  });

  it('starts the timeline at 01:00:00:00 and carries shot id and take in each clip', () => {
    const timeline = cutToOtio(sampleCut(29.97));
    expect(timeline.global_start_time).toEqual({
      OTIO_SCHEMA: 'RationalTime.1',
      rate: 30_000 / 1_001,
      value: 107_892,
    });
    expect(cutToOtio(sampleCut(29.97), { dropFrame: false }).global_start_time.value).toBe(108_000);
    expect(cutToOtio(sampleCut(25)).global_start_time.value).toBe(90_000);
    const clips = videoChildren(sampleCut()).filter((child) => child.OTIO_SCHEMA === 'Clip.2');
    expect(clips.map((clip) => clip.metadata)).toEqual([
      { reelbench: { shotId: uuidFor(1), take: 1 } },
      { reelbench: { shotId: uuidFor(2), take: 3 } },
      { reelbench: { shotId: uuidFor(3), take: 1 } },
    ]);
    const second = clips[1] as unknown as {
      media_references: {
        DEFAULT_MEDIA: { target_url: string; available_range: { duration: { value: number } } };
      };
      markers: { marked_range: { start_time: { value: number } }; color: string; name: string }[];
    };
    expect(second.media_references.DEFAULT_MEDIA.target_url).toBe(
      'file:///Volumes/Media/Night%20Ferry/shot%202%20take%203.mov',
    );
    expect(second.markers[0]).toMatchObject({
      color: 'RED',
      name: 'Start on the rope',
      marked_range: { start_time: { value: 12 } },
    });
    // The first clip is held 12 frames past its out point by the dissolve that follows it.
    const first = clips[0] as unknown as typeof second;
    expect(first.media_references.DEFAULT_MEDIA.available_range.duration.value).toBe(132);
  });

  it('puts a dissolve as a Transition.1 between the two clips it joins', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const cut = randomCut(seed);
      const children = videoChildren(cut);
      const schemas = children.map((child) => child.OTIO_SCHEMA);
      const expected = cut.events.flatMap((event) =>
        event.transition.type === 'dissolve' ? ['Transition.1', 'Clip.2'] : ['Clip.2'],
      );
      expect(schemas).toEqual(expected);
      children.forEach((child, index) => {
        if (child.OTIO_SCHEMA !== 'Transition.1') return;
        expect(children[index - 1]?.OTIO_SCHEMA).toBe('Clip.2');
        expect(children[index + 1]?.OTIO_SCHEMA).toBe('Clip.2');
        expect(child.transition_type).toBe('SMPTE_Dissolve');
      });
      const walked = walkOtio(writeOtio(cut));
      expect(walked.errors).toEqual([]);
      expect([...walked.rates]).toEqual([frameRateValue(cut.frameRate)]);
    }
  });

  it('refers to media it does not have as MissingReference.1', () => {
    const cut = sampleCut();
    const bare = { ...cut, events: cut.events.map(({ mediaUrl: _u, mediaPath: _p, ...event }) => event) };
    const result = walkOtio(writeOtio(bare));
    expect(result.errors).toEqual([]);
    expect(result.counts['MissingReference.1']).toBe(3);
  });
});

describe('parseOtio and applyOtioToCut', () => {
  it('reads our own export back as a no-op', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = withSoundtrack(sampleCut(rate));
      const result = importOtio(cut, writeOtio(cut));
      expect(result.cut).toEqual(cut);
      expect(result.unmatched).toEqual([]);
      expect(result.removed).toEqual([]);
      expect(result.notes).toEqual([]);
    }
    for (let seed = 500; seed < 600; seed++) {
      const cut = randomCut(seed);
      const result = importOtio(cut, writeOtio(cut));
      expect(result.cut).toEqual(cut);
      expect(result.unmatched).toEqual([]);
    }
  });

  it('reorders the shots when two clips are swapped and takes new durations', () => {
    const cut = sampleCut();
    const timeline = cutToOtio(cut);
    const children = timeline.tracks.children[0]?.children ?? [];
    // [clip1, transition, clip2, clip3] → [clip3, transition, clip2, clip1]
    const [clip1, transition, clip2, clip3] = children;
    if (!clip1 || !transition || !clip2 || !clip3 || clip3.OTIO_SCHEMA !== 'Clip.2' || !clip3.source_range) {
      throw new Error('unexpected track');
    }
    clip3.source_range.duration.value = 50;
    timeline.tracks.children[0] = {
      ...timeline.tracks.children[0],
      children: [clip3, transition, clip2, clip1],
    } as never;
    const result = applyOtioToCut(cut, parseOtio(JSON.stringify(timeline)));
    expect(result.cut.events.map((event) => event.shotId)).toEqual([uuidFor(3), uuidFor(2), uuidFor(1)]);
    expect(result.cut.events.map((event) => event.duration)).toEqual([50, 72, 120]);
    expect(result.cut.events[1]?.transition).toEqual({ type: 'dissolve', frames: 12 });
    expect(result.unmatched).toEqual([]);
  });

  it('reports clips it cannot match with their place in the file', () => {
    const cut = sampleCut();
    const text = writeOtio(cut).replace(uuidFor(3), uuidFor(88));
    const result = importOtio(cut, text);
    expect(result.unmatched).toEqual([
      {
        path: 'tracks.children[0].children[3]',
        clipName: 'Ferry leaves',
        shotId: uuidFor(88),
        reason: `Shot ${uuidFor(88)} is not in this cut`,
      },
    ]);
    expect(result.removed.map((event) => event.shotId)).toEqual([uuidFor(3)]);
  });

  it('reads a file written at another rate by converting through seconds', () => {
    const cut = sampleCut(24);
    const at25 = writeOtio(cut, { frameRate: 25 });
    const parsed = parseOtio(at25);
    expect(parsed.frameRate).toBe(25);
    const result = applyOtioToCut(cut, parsed);
    expect(result.cut.events.map((event) => event.duration)).toEqual(
      cut.events.map((event) => event.duration),
    );
    expect(retimeCut(cut, 25).events.map((event) => event.duration)).toEqual(
      parsed.clips.map((clip) => clip.duration),
    );
  });

  it('matches by name when the metadata is gone, and closes gaps with a note', () => {
    const cut = sampleCut();
    const timeline = cutToOtio(cut) as unknown as { tracks: { children: { children: Json[] }[] } };
    const track = timeline.tracks.children[0];
    if (!track) throw new Error('no track');
    for (const child of track.children) child.metadata = {};
    track.children.splice(1, 0, {
      OTIO_SCHEMA: 'Gap.1',
      name: '',
      metadata: {},
      source_range: {
        OTIO_SCHEMA: 'TimeRange.1',
        start_time: { OTIO_SCHEMA: 'RationalTime.1', rate: 24, value: 0 },
        duration: { OTIO_SCHEMA: 'RationalTime.1', rate: 24, value: 10 },
      },
      effects: [],
      markers: [],
      enabled: true,
    });
    const result = importOtio(cut, JSON.stringify(timeline));
    expect(result.cut.events.map((event) => event.shotId)).toEqual(cut.events.map((event) => event.shotId));
    expect(result.notes).toEqual([
      { path: 'tracks.children[0].children[1]', message: 'A gap of 10 frames is closed' },
    ]);
  });

  it('refuses what is not an OTIO timeline', () => {
    expect(() => parseOtio('not json')).toThrow(EditorialFormatError);
    expect(() => parseOtio('{"OTIO_SCHEMA":"Clip.2"}')).toThrow(/Timeline/);
    expect(() =>
      parseOtio('{"OTIO_SCHEMA":"Timeline.1","tracks":{"OTIO_SCHEMA":"Stack.1","children":[]}}', {
        frameRate: 24,
      }),
    ).toThrow(/video track/);
  });
});
