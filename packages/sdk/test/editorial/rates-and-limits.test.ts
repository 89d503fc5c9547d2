import { describe, expect, it } from 'vitest';
import { type Cut, cutSchema, EDITORIAL_LIMITS } from '../../src/contract/editorial.js';
import { exportCut, importCut } from '../../src/editorial/editorial.exports.js';
import { EditorialFormatError } from '../../src/editorial/editorial-format-error.js';
import { parseEdl } from '../../src/editorial/edl.parser.js';
import { writeEdl, writeEdlParts } from '../../src/editorial/edl.writer.js';
import { writeFcpxml } from '../../src/editorial/fcpxml.writer.js';
import { writeOtio } from '../../src/editorial/otio.writer.js';
import { randomCut, sampleCut } from './cut-fixtures.js';
import { validateFcpxml } from './fcpxml-dtd.js';

function refusal(run: () => unknown): EditorialFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof EditorialFormatError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

/** A 25 fps cut of 49 shots of 3.5 s, as the findings saw it. */
function cutAt25(): Cut {
  return cutSchema.parse({
    ...randomCut(25, { frameRate: 25, events: 49 }),
    events: randomCut(25, { frameRate: 25, events: 49 }).events.map((event) => ({
      ...event,
      sourceIn: 0,
      sourceOut: 88,
      duration: 88,
      transition: { type: 'cut' },
      markers: [],
    })),
  });
}

describe('an import at another rate', () => {
  it('refuses a 29.97 drop-frame EDL into a 25 fps cut, naming both rates, and changes nothing', () => {
    const cut = cutAt25();
    const at2997 = writeEdl(cut, { frameRate: 29.97 });
    const error = refusal(() => importCut(cut, 'edl', at2997));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/29\.97 fps drop-frame/);
    expect(error.message).toMatch(/the cut is 25 fps/);
    expect(error.line).toBe(2);
  });

  it('converts it exactly when the file says its rate: every shot keeps its 25 fps length', () => {
    const cut = cutAt25();
    const at2997 = writeEdl(cut, { frameRate: 29.97 });
    const result = importCut(cut, 'edl', at2997, { frameRate: 29.97 });
    expect(result.cut.events.map((event) => event.duration)).toEqual(
      cut.events.map((event) => event.duration),
    );
    expect(result.cut).toEqual(cut);
    expect(result.removed).toEqual([]);
    expect(result.notes[0]?.message).toBe(
      "Converted from 29.97 fps to the cut's 25 fps: each cut point at the nearest frame",
    );
  });

  it('refuses a 30 fps non-drop list whose frame fields a 25 fps timecode cannot count', () => {
    const cut = cutAt25();
    const at30 = writeEdl(cut, { frameRate: 30 });
    const error = refusal(() => importCut(cut, 'edl', at30));
    expect(error.message).toMatch(
      /counts frame (2[5-9]), more than 25 fps timecode has, and the cut is 25 fps/,
    );
    // Said to be 24 fps, the same list is still refused: its frames do not fit.
    expect(refusal(() => importCut(cut, 'edl', at30, { frameRate: 24 })).message).toMatch(
      /which 24 fps timecode does not have: the file is not at 24 fps/,
    );
  });

  it('converts an OTIO timeline at another rate cut point by cut point, and says so', () => {
    const cut = cutAt25();
    const result = importCut(cut, 'otio', writeOtio(cut, { frameRate: 29.97 }));
    expect(result.cut).toEqual(cut);
    expect(result.notes[0]?.message).toMatch(/^Converted from 29\.97 fps to the cut's 25 fps/);
  });

  it('refuses a list whose events all fail to read, with the first reasons, instead of removing every shot', () => {
    const cut = sampleCut();
    const broken = [
      'TITLE: broken',
      '001  AX  V  C  00:00:00:00 00:00:01:00 01:00:00:00',
      '002  AX  V  C  00:00:01:00 00:00:02:00 01:00:01:00',
    ].join('\n');
    const error = refusal(() => importCut(cut, 'edl', broken));
    expect(error.message).toMatch(/no picture event could be read \(line 2: Line not understood/);
    expect(error.line).toBe(2);
  });
});

describe('a feature-length cut', () => {
  const feature = cutSchema.parse({
    ...randomCut(7, { frameRate: 24, events: 2_000, maxDuration: 120 }),
  });

  it('holds 2,000 events, up to EDITORIAL_LIMITS.events', () => {
    expect(EDITORIAL_LIMITS.events).toBe(10_000);
    expect(feature.events).toHaveLength(2_000);
  });

  it('exports OTIO and FCPXML whole', () => {
    const otio = JSON.parse(writeOtio(feature)) as { tracks: { children: { children: unknown[] }[] } };
    const clips = otio.tracks.children[0]?.children.filter((child) =>
      (child as { OTIO_SCHEMA: string }).OTIO_SCHEMA.startsWith('Clip'),
    );
    expect(clips).toHaveLength(2_000);
    const fcpxml = writeFcpxml(feature);
    // An event with media is an asset-clip; one without (no render yet) a gap of its length.
    const spine = fcpxml.slice(fcpxml.indexOf('<spine>'), fcpxml.indexOf('</spine>'));
    const spineClips = (spine.match(/^\s*<(asset-clip|gap) [^>]*>/gm) ?? []).filter(
      // A connected clip (the soundtrack) sits in a lane below the picture.
      (element) => !element.includes(' lane="'),
    );
    expect(spineClips).toHaveLength(2_000);
    validateFcpxml(fcpxml, 'feature-2000');
  });

  it('writes the EDL as numbered parts of at most 999 events that lie end to end, and refuses one list', () => {
    expect(() => writeEdl(feature)).toThrow(
      /at most 999 events, this cut needs 2000: export the EDL in parts/,
    );
    expect(() => exportCut(feature, 'edl')).toThrow(/at most 999 events/);
    const parts = writeEdlParts(feature);
    expect(
      parts.map(({ part, parts: of, firstEvent, lastEvent }) => [part, of, firstEvent, lastEvent]),
    ).toEqual([
      [1, 3, 1, 999],
      [2, 3, 1000, 1998],
      [3, 3, 1999, 2000],
    ]);
    const read = parts.map((part) => parseEdl(part.text, { frameRate: 24 }));
    expect(read.map((edl) => edl.warnings)).toEqual([[], [], []]);
    const shots = read.flatMap((edl) =>
      edl.events
        .filter((event, i, all) => all[i + 1]?.eventNumber !== event.eventNumber)
        .map((event) => event.shotId),
    );
    expect(shots).toEqual(feature.events.map((event) => event.shotId));
    // Part 2 starts on the record where part 1 ends.
    const lastOfFirst = read[0]?.events.at(-1);
    const firstOfSecond = read[1]?.events[0];
    expect(firstOfSecond?.recordIn).toBe(lastOfFirst?.recordOut);
    expect(read[1]?.title).toMatch(/\(part 2 of 3\)$/);
  });

  it('refuses an import longer than a cut can hold, naming the limit', () => {
    const long = cutSchema.parse({ ...randomCut(8, { frameRate: 24, events: 10_000, maxDuration: 12 }) });
    const bigger = { ...long, events: [...long.events, ...long.events.slice(0, 1)] };
    const otio = writeOtio(bigger as Cut);
    expect(refusal(() => importCut(long, 'otio', otio)).message).toMatch(
      /it has 10001 clips, and a cut holds at most 10000/,
    );
  });
});

describe('text that could break XML', () => {
  it('keeps the FCPXML DTD-valid with U+FFFF, a lone surrogate, tab, newline and carriage return, and keeps the line breaks', () => {
    const cut = sampleCut();
    const hostile = cutSchema.parse({
      ...cut,
      name: 'Night\tFerry\nrough cut\r2 \uffff\ufffe',
      events: cut.events.map((event, index) => ({
        ...event,
        clipName: index === 0 ? 'Harbour\tat\ndusk \ud800 end' : event.clipName,
        markers: event.markers.map((marker) => ({ ...marker, text: `Too dark\nlift it \uffff\u0007 now` })),
      })),
    });
    const xml = writeFcpxml(hostile);
    for (const forbidden of ['\uffff', '\ufffe', '\u0007']) expect(xml).not.toContain(forbidden);
    expect(xml).toContain('Harbour&#9;at&#10;dusk  end');
    expect(xml).toContain('Too dark&#10;lift it  now');
    validateFcpxml(xml, 'hostile-text');
  });
});
