import { describe, expect, it } from 'vitest';
import { type Cut, cutSchema, EDITORIAL_FRAME_RATES } from '../../src/contract/editorial.js';
import { cutDurationFrames, retimeCut } from '../../src/editorial/cut.model.js';
import { applyEdlToCut, importEdl } from '../../src/editorial/edl.import.js';
import { parseEdl } from '../../src/editorial/edl.parser.js';
import { shotReel, writeEdl } from '../../src/editorial/edl.writer.js';
import { randomCut, sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';
import { checkEdl } from './edl-checker.js';

function expectValid(text: string, rate: number) {
  const check = checkEdl(text, rate);
  expect(check.errors, text).toEqual([]);
  return check;
}

/** Event lengths in the list equal the cut's durations, and the record is continuous. */
function expectMatchesCut(text: string, cut: Cut) {
  const check = expectValid(text, cut.frameRate);
  const picture = check.events.filter((event) => event.channel === 'V');
  expect(picture.map((event) => event.recordOut - event.recordIn)).toEqual(
    cut.events.map((event) => event.duration),
  );
  expect(picture.map((event) => event.shotId)).toEqual(cut.events.map((event) => event.shotId));
  expect(picture.map((event) => event.dissolve)).toEqual(
    cut.events.map((event) => (event.transition.type === 'dissolve' ? event.transition.frames : undefined)),
  );
  expect(picture.at(-1)?.recordOut ?? 0).toBe(cutDurationFrames(cut));
  return check;
}

describe('writeEdl', () => {
  it('writes the sample cut as a strict CMX3600 list', () => {
    const text = writeEdl(sampleCut());
    expect(text.split('\n').slice(0, 6)).toEqual([
      'TITLE: Night Ferry - rough cut <v2> & "notes"',
      'FCM: NON-DROP FRAME',
      '',
      // The reel names the shot: the last eight hex digits of its id.
      `001  ${shotReel(uuidFor(1))} V     C        00:00:00:00 00:00:05:00 01:00:00:00 01:00:05:00`,
      '* FROM CLIP NAME: Harbour at dusk (take 1)',
      `* REELBENCH SHOT: ${uuidFor(1)} TAKE: 1`,
    ]);
    expect(text).toContain('* LOC: 01:00:01:06 YELLOW  Ana: Too dark - lift the shadows');
    // The dissolve: the outgoing source held at its (exclusive) out point, then the D line.
    expect(shotReel(uuidFor(1))).toBe('9E3779B1');
    expect(text).toContain(
      `002  ${shotReel(uuidFor(1))} V     C        00:00:05:00 00:00:05:00 01:00:05:00 01:00:05:00\n`,
    );
    expect(text).toContain(
      `002  ${shotReel(uuidFor(2))} V     D    012 00:00:00:12 00:00:03:12 01:00:05:00 01:00:08:00\n`,
    );
    expect(text).toContain(
      '* FROM CLIP NAME: Harbour at dusk (take 1)\n* TO CLIP NAME: Deckhand <close> (take 3)',
    );
    expect(text).toContain(
      `003  ${shotReel(uuidFor(3))} V     C        00:00:00:00 00:00:04:00 01:00:08:00 01:00:12:00`,
    );
    expectMatchesCut(text, sampleCut());
  });

  it('writes every frame rate, with drop frame and ; at 29.97', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = sampleCut(rate);
      const text = writeEdl(cut);
      const check = expectMatchesCut(text, cut);
      expect(check.dropFrame).toBe(rate === 29.97);
      if (rate === 29.97) {
        expect(text).toContain('FCM: DROP FRAME');
        expect(text).toContain('01:00:00;00');
      }
    }
    const ndf = writeEdl(sampleCut(29.97), { dropFrame: false });
    expect(ndf).toContain('FCM: NON-DROP FRAME');
    expectValid(ndf, 29.97);
  });

  it('keeps event lengths across a drop-frame minute boundary', () => {
    // 1795 frames, then 10: the second event runs 01:00:59;25 → 01:01:00;07 across the skipped ;00 ;01.
    const base = sampleCut(29.97);
    const [first, second] = base.events;
    if (!first || !second) throw new Error('sample cut');
    const cut = cutSchema.parse({
      ...base,
      events: [
        { ...first, sourceIn: 0, sourceOut: 1_795, duration: 1_795, markers: [] },
        {
          ...second,
          sourceIn: 1_790,
          sourceOut: 1_800,
          duration: 10,
          transition: { type: 'cut' },
          markers: [],
        },
        { ...first, shotId: uuidFor(9), sourceIn: 17_975, sourceOut: 17_990, duration: 15, markers: [] },
      ],
    });
    const text = writeEdl(cut);
    expect(text).toContain('01:00:59;25 01:01:00;07');
    expect(text).toContain('00:00:59;20 00:01:00;02');
    expect(text).toContain('00:09:59;23 00:10:00;08');
    expectMatchesCut(text, cut);
  });

  it('adds the soundtrack as an A event when asked', () => {
    const cut = withSoundtrack(sampleCut(), 24, 600);
    expect(writeEdl(cut)).not.toContain(' A     C');
    const text = writeEdl(cut, { includeSoundtrack: true });
    const check = expectValid(text, 24);
    const audio = check.events.filter((event) => event.channel === 'A');
    expect(audio).toHaveLength(1);
    expect(audio[0]).toMatchObject({ number: 4, recordIn: 24, recordOut: 288, sourceIn: 0, sourceOut: 264 });
    expect(text).toContain('* FROM CLIP NAME: Theme (demo).mp3\n* REELBENCH SOUNDTRACK');
    // A track that starts before the picture loses its head, not its place.
    const early = expectValid(
      writeEdl(withSoundtrack(sampleCut(), -48, 100), { includeSoundtrack: true }),
      24,
    );
    expect(early.events.at(-1)).toMatchObject({
      channel: 'A',
      recordIn: 0,
      recordOut: 52,
      sourceIn: 48,
      sourceOut: 100,
    });
  });

  it('retimes the cut to the rate chosen at export', () => {
    const cut = sampleCut(24);
    for (const rate of EDITORIAL_FRAME_RATES) {
      const text = writeEdl(cut, { frameRate: rate });
      const retimed = retimeCut(cut, rate);
      expectMatchesCut(text, retimed);
    }
    expect(retimeCut(cut, 25).events.map((event) => event.duration)).toEqual([125, 75, 100]);
  });

  it('refuses bad reels and lists over 999 events', () => {
    expect(() => writeEdl(sampleCut(), { reel: 'TOOLONGREEL' })).toThrow(/8/);
    expect(() => writeEdl(sampleCut(), { reel: 'A X' })).toThrow(/reel/);
    const tape = writeEdl(sampleCut(), { reel: 'tape_01' });
    expect(tape).toContain('001  TAPE_01  V     C ');
    expectValid(tape, 24);
    const big = randomCut(5, { events: 999, maxDuration: 2 });
    expect(() => writeEdl(withSoundtrack(big, 0, 10), { includeSoundtrack: true })).toThrow(/999/);
    expectValid(writeEdl(big), big.frameRate);
  });

  it('passes the strict checker for 200 random cuts at every rate', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const cut = randomCut(seed);
      const text = writeEdl(cut, { includeSoundtrack: seed % 2 === 0 });
      const check = expectMatchesCut(text, cut);
      const locs = check.events.flatMap((event) => event.locs);
      expect(locs).toHaveLength(cut.events.reduce((n, event) => n + event.markers.length, 0));
    }
  });
});

describe('parseEdl and applyEdlToCut', () => {
  it('reads our own export back as a no-op at every rate and for random cuts', () => {
    for (const rate of EDITORIAL_FRAME_RATES) {
      const cut = withSoundtrack(sampleCut(rate));
      const result = importEdl(cut, writeEdl(cut, { includeSoundtrack: true }));
      expect(result.cut).toEqual(cut);
      expect(result.unmatched).toEqual([]);
      expect(result.removed).toEqual([]);
      expect(result.notes).toEqual([]);
      expect(result.edl.warnings).toEqual([]);
    }
    for (let seed = 300; seed < 400; seed++) {
      const cut = randomCut(seed);
      const result = importEdl(cut, writeEdl(cut, { includeSoundtrack: true }));
      expect(result.cut).toEqual(cut);
      expect(result.unmatched).toEqual([]);
    }
  });

  it('parses events, comments and markers', () => {
    const parsed = parseEdl(writeEdl(sampleCut()), { frameRate: 24 });
    expect(parsed.title).toBe('Night Ferry - rough cut <v2> & "notes"');
    expect(parsed.events).toHaveLength(3);
    expect(parsed.events[1]).toMatchObject({
      eventNumber: 2,
      line: 10,
      transition: { type: 'dissolve', frames: 12 },
      clipName: 'Deckhand <close> (take 3)',
      shotId: uuidFor(2),
      take: 3,
      recordIn: 120,
      recordOut: 192,
    });
    expect(parsed.events[0]?.markers).toEqual([
      { line: 7, recordFrame: 30, color: 'YELLOW', text: 'Ana: Too dark - lift the shadows' },
    ]);
  });

  it('reorders the shots when two events are swapped in the file', () => {
    const cut = sampleCut();
    const text = writeEdl(cut);
    const blocks = text.split('\n\n');
    // Header, event 1, event 2 (dissolve), event 3: swap events 1 and 3, renumber and retime by hand.
    const swapped = [blocks[0], blocks[3], blocks[2], blocks[1]].join('\n\n');
    const result = importEdl(cut, swapped);
    expect(result.cut.events.map((event) => event.shotId)).toEqual([uuidFor(3), uuidFor(2), uuidFor(1)]);
    expect(result.cut.events.map((event) => event.duration)).toEqual([96, 72, 120]);
    expect(result.unmatched).toEqual([]);
    expect(result.cut.events[2]?.markers).toEqual(cut.events[0]?.markers);
  });

  it('takes a changed record length as the new duration', () => {
    const cut = sampleCut();
    const text = writeEdl(cut, { reel: 'AX' }).replace(
      '003  AX       V     C        00:00:00:00 00:00:04:00 01:00:08:00 01:00:12:00',
      '003  AX       V     C        00:00:00:10 00:00:02:10 01:00:08:00 01:00:10:00',
    );
    const result = importEdl(cut, text);
    expect(result.cut.events[2]).toMatchObject({ sourceIn: 10, sourceOut: 58, duration: 48 });
    expect(result.cut.events.slice(0, 2)).toEqual(cut.events.slice(0, 2));
    expect(cutSchema.safeParse(result.cut).success).toBe(true);
  });

  it('reports a clip it cannot match with its line, and events the file dropped', () => {
    const cut = sampleCut();
    const text = writeEdl(cut)
      .replace(uuidFor(3), uuidFor(77))
      .replace('Ferry leaves (take 1)', 'Unknown (take 1)');
    const result = importEdl(cut, text);
    expect(result.unmatched).toEqual([
      {
        line: 16,
        clipName: 'Unknown (take 1)',
        shotId: uuidFor(77),
        reason: `Shot ${uuidFor(77)} is not in this cut`,
      },
    ]);
    expect(result.removed.map((event) => event.shotId)).toEqual([uuidFor(3)]);
    expect(result.cut.events).toHaveLength(2);
  });

  it('reads a hand-edited list: any spacing and case, no comments, matched by clip name', () => {
    const cut = sampleCut();
    const text = [
      'title: hand edit',
      'fcm: non-drop frame',
      '1 ax v c 00:00:00:00 00:00:03:00 01:00:00:00 01:00:03:00',
      '* from clip name: FERRY LEAVES',
      '2   AX   V   C   00:00:00:00 00:00:02:00 01:00:03:00 01:00:05:00',
      '*  FROM CLIP NAME:   harbour at dusk (take 1)',
      '3 BL V C 00:00:00:00 00:00:01:00 01:00:05:00 01:00:06:00',
      'M2   AX       050.0                00:00:00:00',
    ].join('\r\n');
    const result = importEdl(cut, text);
    expect(result.cut.events.map((event) => [event.shotId, event.duration])).toEqual([
      [uuidFor(3), 72],
      [uuidFor(1), 48],
    ]);
    expect(result.unmatched).toEqual([
      { line: 7, reason: 'Black (reel BL): a cut has no black, so it is closed up' },
    ]);
    expect(result.removed.map((event) => event.shotId)).toEqual([uuidFor(2)]);
    expect(result.edl.warnings.map((warning) => warning.line)).toEqual([8]);
  });

  it('reads a dissolve whose outgoing line has a length of its own as two clips', () => {
    const cut = sampleCut(30);
    const text = [
      'TITLE: other tool',
      'FCM: NON-DROP FRAME',
      '004  001      V     C        00:00:00:00 00:00:08:00 01:00:00:00 01:00:08:00',
      '004  002      V     D    030 00:00:00:00 00:00:02:00 01:00:08:00 01:00:10:00',
      '* FROM CLIP NAME: Harbour at dusk',
      '* TO CLIP NAME: Ferry leaves',
    ].join('\n');
    const result = importEdl(cut, text);
    expect(result.cut.events.map((event) => [event.clipName, event.duration, event.transition])).toEqual([
      ['Harbour at dusk', 240, { type: 'cut' }],
      ['Ferry leaves', 60, { type: 'dissolve', frames: 30 }],
    ]);
  });

  it('reads drop-frame lists and warns about what it cannot use', () => {
    const cut = sampleCut(29.97);
    const parsed = parseEdl(writeEdl(cut), { frameRate: 29.97 });
    expect(parsed.dropFrame).toBe(true);
    expect(applyEdlToCut(cut, parsed).cut).toEqual(cut);
    const bad = parseEdl(
      'TITLE: x\nFCM: DROP FRAME\n001  AX V C 00:01:00;00 00:01:00;05 01:00:00;00 01:00:00;05\nnonsense\n',
      {
        frameRate: 29.97,
      },
    );
    expect(bad.events).toEqual([]);
    expect(bad.warnings.map((warning) => warning.line)).toEqual([3, 4]);
  });
});

describe('parseEdl edge cases', () => {
  it('counts a line written with ; as drop frame even under a NON-DROP FCM', () => {
    const text = [
      'TITLE: mixed',
      'FCM: NON-DROP FRAME',
      '001  AX       V     C        00:00:59;28 00:01:00;04 01:00:59;28 01:01:00;04',
      '* LOC: 01:00:59;29 RED     just before the minute',
    ].join('\n');
    const parsed = parseEdl(text, { frameRate: 29.97 });
    expect(parsed.warnings).toEqual([]);
    // 59;28 → 1:00;04 skips ;00 and ;01: 4 frames, not 6; the record starts at 01:00:00;00.
    expect(parsed.events[0]).toMatchObject({
      sourceIn: 1_798,
      sourceOut: 1_802,
      recordIn: 1_798,
      recordOut: 1_802,
    });
    expect(parsed.events[0]?.markers[0]).toMatchObject({
      recordFrame: 1_799,
      color: 'RED',
      text: 'just before the minute',
    });
  });

  it('reads comments before the first event, one-digit hours and unknown statements as warnings', () => {
    const parsed = parseEdl(
      '* global note\nTITLE: x\n001 AX V C 0:00:00:00 0:00:01:00 1:00:00:00 1:00:01:00\nSPLIT: VIDEO DELAY= 00:00:00:10\nwhat\n',
      { frameRate: 25 },
    );
    expect(parsed.events[0]).toMatchObject({ recordIn: 0, recordOut: 25 });
    expect(parsed.warnings.map((warning) => warning.line)).toEqual([1, 4, 5]);
  });
});
