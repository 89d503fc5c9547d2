import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Cut, cutSchema } from '../../src/contract/editorial.js';
import { importEdl } from '../../src/editorial/edl.import.js';
import { parseEdl } from '../../src/editorial/edl.parser.js';
import { splitTakeSuffix } from '../../src/editorial/text.js';
import { CUT_ID, PROJECT_ID } from './cut-fixtures.js';

/** ../shared/fixtures/otio-written: an EDL the real OpenTimelineIO wrote from one of our .otio files. */
const FIXTURES = join(import.meta.dirname, '../../../../../shared/fixtures/otio-written');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

/** The 25 fps cut the fixture's .otio was exported from, read back from our own EDL of it. */
function cutOfTheFixture(): Cut {
  const ours = parseEdl(fixture('ours-25fps.edl'), { frameRate: 25 });
  return cutSchema.parse({
    id: CUT_ID,
    projectId: PROJECT_ID,
    name: 'two pages',
    version: 1,
    frameRate: 25,
    events: ours.events.map((event) => ({
      shotId: event.shotId,
      take: event.take,
      clipName: splitTakeSuffix(event.clipName ?? '').name,
      sourceIn: event.sourceIn,
      sourceOut: event.sourceOut,
      duration: event.recordOut - event.recordIn,
    })),
  });
}

describe('an EDL written by another tool', () => {
  it("imports OpenTimelineIO's cmx_3600 EDL of our own .otio into the same cut as a no-op", () => {
    const cut = cutOfTheFixture();
    expect(cut.events).toHaveLength(38);
    const result = importEdl(cut, fixture('otio-written-25fps.edl'));
    expect(result.edl.warnings).toEqual([]);
    expect(result.unmatched).toEqual([]);
    expect(result.removed).toEqual([]);
    expect(result.notes).toEqual([]);
    expect(result.cut).toEqual(cut);
  });

  it('reads reel names with spaces or longer than eight characters, and a record that starts at zero', () => {
    const edl = parseEdl(
      [
        'TITLE: from Resolve',
        '',
        '001  Harbour Wide 01 V     C        00:00:01:00 00:00:03:00 00:00:00:00 00:00:02:00',
        '* FROM CLIP NAME: Harbour at dusk',
        '002  A012C003_220101_R1AB V  C      00:00:00:12 00:00:01:12 00:00:02:00 00:00:03:00',
        '* SOURCE FILE: A012C003_220101_R1AB.mov',
      ].join('\n'),
      { frameRate: 24 },
    );
    expect(edl.warnings).toEqual([]);
    expect(edl.events.map((event) => [event.reel, event.channel, event.recordIn, event.recordOut])).toEqual([
      ['Harbour Wide 01', 'V', 0, 48],
      ['A012C003_220101_R1AB', 'V', 48, 72],
    ]);
    expect(edl.events.map((event) => [event.clipName, event.sourceFile])).toEqual([
      ['Harbour at dusk', undefined],
      [undefined, 'A012C003_220101_R1AB.mov'],
    ]);
  });
});
