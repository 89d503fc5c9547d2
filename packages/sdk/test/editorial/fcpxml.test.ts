import { describe, expect, it } from 'vitest';
import {
  type Cut,
  cutSchema,
  EDITORIAL_FRAME_RATES,
  type EditorialFrameRate,
} from '../../src/contract/editorial.js';
import { writeFcpxml } from '../../src/editorial/fcpxml.writer.js';
import { parseXml, type XmlElement } from '../../src/screenplay/xml.js';
import { randomCut, sampleCut, uuidFor, withSoundtrack } from './cut-fixtures.js';
import { checkFcpxml, fcpxmlDtdMissing, validateFcpxml } from './fcpxml-dtd.js';

function children(element: XmlElement | undefined, name?: string): XmlElement[] {
  return (element?.children ?? []).filter(
    (child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name),
  );
}

function spineOf(xml: string): XmlElement[] {
  const root = parseXml(xml);
  const sequence = children(
    children(children(children(root, 'library')[0], 'event')[0], 'project')[0],
    'sequence',
  )[0];
  return children(children(sequence, 'spine')[0]);
}

/** "1001/24000s" → 1001/24000 as a number, for arithmetic in the tests only. */
function secondsOf(value: string | undefined): number {
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(value ?? '');
  if (!match) throw new Error(`not a time: ${value}`);
  return Number(match[1]) / Number(match[2] ?? 1);
}

function plainCut(rate: EditorialFrameRate): Cut {
  const cut = sampleCut(rate);
  return cutSchema.parse({
    ...cut,
    events: cut.events.map((event) => ({ ...event, transition: { type: 'cut' }, markers: [] })),
  });
}

describe('writeFcpxml', () => {
  it('validates against the FCPXML 1.10 DTD: plain, dissolves, markers and soundtrack, at 23.976, 25 and 29.97 DF', () => {
    for (const rate of [23.976, 25, 29.97] as const) {
      validateFcpxml(writeFcpxml(plainCut(rate)), `plain-${rate}`);
      validateFcpxml(writeFcpxml(sampleCut(rate)), `dissolves-markers-${rate}`);
      validateFcpxml(writeFcpxml(withSoundtrack(sampleCut(rate), 30, 500)), `soundtrack-${rate}`);
      validateFcpxml(writeFcpxml(withSoundtrack(sampleCut(rate), -30, 50)), `soundtrack-early-${rate}`);
    }
    validateFcpxml(writeFcpxml(sampleCut(24)), 'dissolves-24');
    validateFcpxml(writeFcpxml(sampleCut(30), { width: 1000, height: 1000 }), 'custom-size-30');
    validateFcpxml(writeFcpxml(cutSchema.parse({ ...sampleCut(24), events: [] })), 'empty');
  });

  it('has a validator that rejects what the DTD forbids', () => {
    if (fcpxmlDtdMissing() !== undefined) return;
    const wrongVersion = writeFcpxml(sampleCut(24)).replace('version="1.10"', 'version="1.9"');
    // A marker before a connected clip breaks the DTD's order for asset-clip children.
    const connected = writeFcpxml(withSoundtrack(sampleCut(24), 40, 50));
    const markerFirst = connected.replace(
      /(<asset-clip [^>]*lane="-1"[^>]*\/>)\n(\s*)(<marker [^>]*\/>)/,
      '$3\n$2$1',
    );
    expect(markerFirst).not.toBe(connected);
    validateFcpxml(connected, 'connected');
    for (const [name, xml] of [
      ['wrong-version', wrongVersion],
      ['marker-first', markerFirst],
      ['missing-ref', writeFcpxml(sampleCut(24)).replace('ref="r3"', 'ref="r99"')],
    ] as const) {
      expect(checkFcpxml(xml, name)?.status, name).not.toBe(0);
    }
  });

  it('validates for 60 random cuts at every rate', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const cut = randomCut(seed, { frameRate: EDITORIAL_FRAME_RATES[seed % EDITORIAL_FRAME_RATES.length] });
      validateFcpxml(writeFcpxml(cut), `random-${seed}`);
    }
    // 60 runs of xmllint: on a busy machine that takes longer than the default 5 s.
  }, 60_000);

  it('writes exact rational times: format, tcStart, offsets, starts and durations', () => {
    const xml = writeFcpxml(sampleCut(23.976));
    expect(xml).toContain('<!DOCTYPE fcpxml>\n<fcpxml version="1.10">');
    expect(xml).toContain(
      '<format id="r1" name="FFVideoFormat1080p2398" frameDuration="1001/24000s" width="1920" height="1080"/>',
    );
    // 01:00:00:00 at 23.976 is frame 86400, 3603.6 s of real time.
    expect(xml).toContain('tcStart="18018/5s" tcFormat="NDF"');
    const spine = spineOf(xml);
    expect(spine.map((element) => element.name)).toEqual([
      'asset-clip',
      'transition',
      'asset-clip',
      'asset-clip',
    ]);
    const [first, transition, second] = spine;
    expect(first?.attributes).toMatchObject({ offset: '18018/5s', start: '0s', duration: '1001/200s' });
    expect(transition?.attributes).toMatchObject({
      offset: secondAttr(second, 'offset'),
      duration: '1001/2000s',
    });
    expect(second?.attributes).toMatchObject({ start: '1001/2000s', duration: '3003/1000s' });
    expect(secondsOf(second?.attributes.offset)).toBeCloseTo(((86_400 + 120) * 1001) / 24_000, 9);

    expect(writeFcpxml(sampleCut(25))).toContain('tcStart="3600s" tcFormat="NDF"');
    expect(writeFcpxml(sampleCut(24))).toContain('frameDuration="1/24s"');
    const df = writeFcpxml(sampleCut(29.97));
    expect(df).toContain('frameDuration="1001/30000s"');
    // 01:00:00;00 drop frame is frame 107892: 107892 × 1001/30000 s.
    expect(df).toContain('tcStart="8999991/2500s" tcFormat="DF"');
    expect(writeFcpxml(sampleCut(29.97), { dropFrame: false })).toContain(
      'tcStart="18018/5s" tcFormat="NDF"',
    );
  });

  it('makes the spine gapless: each offset is the previous offset plus its duration', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const cut = randomCut(seed);
      const elements = spineOf(writeFcpxml(cut)).filter((element) => element.name !== 'transition');
      expect(elements).toHaveLength(cut.events.length);
      for (let i = 1; i < elements.length; i++) {
        const previous = elements[i - 1];
        expect(secondsOf(elements[i]?.attributes.offset)).toBeCloseTo(
          secondsOf(previous?.attributes.offset) + secondsOf(previous?.attributes.duration),
          9,
        );
      }
    }
  });

  it('puts markers inside their clips, the soundtrack in lane -1, and escapes text', () => {
    const xml = writeFcpxml(withSoundtrack(sampleCut(24), 130, 500));
    const spine = spineOf(xml);
    const [first, , second] = spine;
    expect(children(first, 'marker').map((marker) => marker.attributes)).toEqual([
      {
        start: '5/4s',
        duration: '1/24s',
        value: 'Too dark — lift the shadows',
        note: 'Ana: Too dark — lift the shadows',
      },
    ]);
    expect(children(first, 'note')[0]?.children).toEqual([`Reelbench shot ${uuidFor(1)} take 1`]);
    // The soundtrack starts at record frame 130, 10 frames into the second clip (source in 12),
    // and is heard to the end of the picture at frame 288.
    const audio = children(second, 'asset-clip')[0];
    expect(audio?.attributes).toMatchObject({
      lane: '-1',
      offset: '11/12s',
      start: '0s',
      duration: '79/12s',
      audioRole: 'music',
    });
    expect(xml).toContain('name="Night Ferry — rough cut &lt;v2&gt; &amp; &quot;notes&quot;"');
    expect(xml).toContain('src="https://cdn.example.com/videos/shot-1.mp4?sig=a&amp;b=c"');
    expect(xml).toContain('src="file:///Volumes/Media/Night%20Ferry/shot%202%20take%203.mov"');
  });

  it('writes a clip without media as a gap that keeps its name, note and markers', () => {
    const cut = sampleCut(25);
    const bare = cutSchema.parse({
      ...cut,
      events: cut.events.map(({ mediaUrl: _u, mediaPath: _p, ...event }) => event),
    });
    const xml = writeFcpxml(bare);
    validateFcpxml(xml, 'no-media');
    expect(spineOf(xml).map((element) => element.name)).toEqual(['gap', 'transition', 'gap', 'gap']);
    expect(xml).not.toContain('<asset ');
  });
});

function secondAttr(element: XmlElement | undefined, name: string): string | undefined {
  return element?.attributes[name];
}
